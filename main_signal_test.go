package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// asMainEnv makes the test binary run main() with its arguments (see TestMain).
const asMainEnv = "LEASELAB_TEST_AS_MAIN"

// leaselab starts this test binary as `leaselab args...`.
func leaselab(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	return cmd
}

// Issue 22.7: a headless run stopped by a signal exits with 128+n (SIGINT 130, SIGTERM 143,
// SIGHUP 129), not 0.
func TestHeadlessSignalsExitConventionally(t *testing.T) {
	p := writeScenario(t, "long.scenario", "wait 1000h\n")
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143, syscall.SIGHUP: 129} {
		cmd := leaselab(t, "run", "--verbose", "--budget", "0", "--timeout", "0", p)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Its first line of output says it is running (its handler is set before the command).
		br := bufio.NewReader(out)
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		go io.Copy(io.Discard, br)
		cmd.Process.Signal(sig)
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != want {
			t.Errorf("%v: %v, want exit status %d", sig, err, want)
		}
	}
}

// The TUI stopped by a signal restores the terminal (tmux's alternate_on goes back to 0) and
// exits 128+n; SIGHUP included, which bubbletea does not catch itself.
func TestTUISignalsRestoreTheTerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143, syscall.SIGHUP: 129} {
		sock := fmt.Sprintf("leaselab-sig-%d-%d", os.Getpid(), sig)
		tmux := func(args ...string) string {
			out, _ := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
			return strings.TrimSpace(string(out))
		}
		shell := fmt.Sprintf("%s=1 %s play first-lock; echo EXIT=$?; sleep 30", asMainEnv, exe)
		if out, err := exec.Command("tmux", "-L", sock, "new-session", "-d", "-s", "sig", "-x", "120", "-y", "40", shell).CombinedOutput(); err != nil {
			t.Skipf("tmux: %v %s", err, out)
		}
		defer tmux("kill-server")
		var pid int
		// Generous deadlines: on a loaded machine a start can take seconds, and a signal sent
		// before the TUI is up tests nothing.
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) && (pid == 0 || tmux("display", "-p", "-t", "sig", "#{alternate_on}") != "1") {
			time.Sleep(50 * time.Millisecond)
			out, _ := exec.Command("pgrep", "-P", tmux("display", "-p", "-t", "sig", "#{pane_pid}")).Output()
			fmt.Sscan(string(out), &pid)
		}
		if pid == 0 {
			t.Fatalf("%v: leaselab did not start in tmux: %s", sig, tmux("capture-pane", "-p", "-t", "sig"))
		}
		syscall.Kill(pid, sig)
		screen := ""
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline) && !strings.Contains(screen, "EXIT="); {
			time.Sleep(50 * time.Millisecond)
			screen = tmux("capture-pane", "-p", "-t", "sig")
		}
		if !strings.Contains(screen, fmt.Sprintf("EXIT=%d", want)) {
			t.Errorf("%v: want EXIT=%d on the pane:\n%s", sig, want, screen)
		}
		if alt := tmux("display", "-p", "-t", "sig", "#{alternate_on}"); alt != "0" {
			t.Errorf("%v: the alternate screen is still on (%q)", sig, alt)
		}
		tmux("kill-server")
	}
}
