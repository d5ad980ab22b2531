package ui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxBinary drives the real binary in a tmux pane: start the sandbox, press keys one by
// one, read the screen, quit, and check the program exited cleanly and left the alternate
// screen. Under CI=true it must run (.ci/run installs tmux).
func TestTmuxBinary(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("tmux is not installed (apt-get install -y tmux); this test drives the real binary in it")
		}
		t.Fatal("CI=true but tmux is missing: .ci/run should install it")
	}
	if testing.Short() {
		t.Skip("-short: skipping the real-binary test")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "leaselab")
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	// Unique even across helpers whose PIDs collide (separate PID namespaces, one tmux server).
	name := fmt.Sprintf("leaselab-test-%d-%d", os.Getpid(), time.Now().UnixNano())
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	// The shell prints the exit status once the program is gone, then waits to be read.
	cmd := fmt.Sprintf("cd %s && %s --seed 7; echo \"leaselab exited $?\"; sleep 60", dir, bin)
	tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", "sh", "-c", cmd)
	defer exec.Command("tmux", "kill-session", "-t", name).Run()

	screen := func() string { return tmux("capture-pane", "-p", "-t", name) }
	waitFor := func(what string, ok func(string) bool) string {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			s := screen()
			if ok(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s; the screen:\n%s", what, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	has := func(sub string) func(string) bool { return func(s string) bool { return strings.Contains(s, sub) } }
	key := func(k string) {
		if len(k) == 1 {
			tmux("send-keys", "-t", name, "-l", k)
		} else {
			tmux("send-keys", "-t", name, k)
		}
	}

	waitFor("the sandbox with its seed", has("seed 7"))
	waitFor("a leader", has("★ n"))
	key("1")
	key("i")
	s := waitFor("n1 isolated", has("ISOLATED"))
	if !strings.Contains(s, "isolate n1") {
		t.Fatalf("the status line should name the step:\n%s", s)
	}
	key("i")
	waitFor("n1 rejoined", func(s string) bool { return !strings.Contains(s, "ISOLATED") })
	key("Tab")
	key("a")
	waitFor("c2 asking", has("c2 ● "))
	waitFor("c2 granted", has("holds orders #1"))
	key("Space")
	waitFor("paused", has("PAUSED"))
	key("?")
	waitFor("the full help", has("pre-candidate"))
	key("?")
	waitFor("the glossary", has("idempotent"))
	key("Escape")
	waitFor("the help closed", func(s string) bool { return !strings.Contains(s, "pre-candidate") && !strings.Contains(s, "Glossary") })
	key("w")
	waitFor("the session saved", has("saved leaselab-session-7-"))
	files, _ := filepath.Glob(filepath.Join(dir, "leaselab-session-7-*.scenario"))
	if len(files) != 1 {
		t.Fatalf("saved files: %v", files)
	}
	key("q")
	s = waitFor("the program to exit", has("leaselab exited"))
	if !strings.Contains(s, "leaselab exited 0") {
		t.Fatalf("exit status:\n%s", s)
	}
	if strings.Contains(s, "Replication") || strings.TrimSpace(tmux("display-message", "-p", "-t", name, "#{alternate_on}")) != "0" {
		t.Fatalf("the terminal was not restored:\n%s", s)
	}
}
