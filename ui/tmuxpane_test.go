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

// realBinary builds leaselab for the tests that drive it in tmux, and returns it with its folder.
// Without tmux they are skipped, except under CI=true, where .ci/run installs it.
func realBinary(t *testing.T) (bin, dir string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("tmux is not installed (apt-get install -y tmux); this test drives the real binary in it")
		}
		t.Fatal("CI=true but tmux is missing: .ci/run should install it")
	}
	if testing.Short() {
		t.Skip("-short: skipping the real-binary test")
	}
	dir = t.TempDir()
	bin = filepath.Join(dir, "leaselab")
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin, dir
}

// pane is one detached tmux session running a shell command, which is expected to print
// "leaselab exited $?" when the program is gone and then wait to be read.
type pane struct {
	t    *testing.T
	name string
}

// newPane starts cmd in a w x h pane; the session is killed when the test ends. The name is
// unique even across processes whose PIDs collide (separate PID namespaces, one tmux server).
func newPane(t *testing.T, w, h int, cmd string) *pane {
	t.Helper()
	p := &pane{t: t, name: fmt.Sprintf("leaselab-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	args := []string{"new-session", "-d", "-s", p.name, "-x", itoa(w), "-y", itoa(h), "sh", "-c", cmd}
	// When another test kills the last session, the tmux server exits, and a new session asked
	// for in that moment meets the dying server ("server exited unexpectedly"): ask again.
	for try := 0; ; try++ {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err == nil {
			break
		}
		if try == 10 || !strings.Contains(string(out), "server exited") && !strings.Contains(string(out), "lost server") {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", p.name).Run() })
	return p
}

func (p *pane) tmux(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", args...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (p *pane) screen() string { return p.tmux("capture-pane", "-p", "-t", p.name) }

// key sends one key: a single character literally, anything else by tmux's key name.
func (p *pane) key(k string) {
	if len(k) == 1 {
		p.tmux("send-keys", "-t", p.name, "-l", k)
	} else {
		p.tmux("send-keys", "-t", p.name, k)
	}
}

// waitFor polls the screen until ok holds, failing after limit.
func (p *pane) waitFor(what string, limit time.Duration, ok func(string) bool) string {
	p.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		s := p.screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waiting for %s; the screen:\n%s", what, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// quit presses q and checks the program exited 0 and left the alternate screen.
func (p *pane) quit() string {
	p.t.Helper()
	p.key("q")
	s := p.waitFor("the program to exit", 15*time.Second, has("leaselab exited"))
	if !strings.Contains(s, "leaselab exited 0") {
		p.t.Fatalf("exit status:\n%s", s)
	}
	if strings.TrimSpace(p.tmux("display-message", "-p", "-t", p.name, "#{alternate_on}")) != "0" {
		p.t.Fatalf("the terminal was not restored:\n%s", s)
	}
	return s
}

func has(sub string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, sub) }
}
