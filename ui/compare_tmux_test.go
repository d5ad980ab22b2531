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

// TestTmuxCompare drives `leaselab compare` in real tmux panes at 200x50, 160x48 and 120x40:
// enter through the script pauses until the first divergence, check both halves and their
// arrangement, then q exits 0 and leaves the alternate screen.
func TestTmuxCompare(t *testing.T) {
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
	for _, sz := range compareSizes {
		t.Run(sizeName(sz), func(t *testing.T) {
			name := fmt.Sprintf("leaselab-compare-%d-%d", os.Getpid(), sz[0])
			tmux := func(args ...string) string {
				t.Helper()
				out, err := exec.Command("tmux", args...).CombinedOutput()
				if err != nil {
					t.Fatalf("tmux %v: %v\n%s", args, err, out)
				}
				return string(out)
			}
			cmd := fmt.Sprintf("%s compare late-expire --unsafe expire-ignores-token --speed 20; echo \"leaselab exited $?\"; sleep 60", bin)
			tmux("new-session", "-d", "-s", name, "-x", itoa(sz[0]), "-y", itoa(sz[1]), "sh", "-c", cmd)
			defer exec.Command("tmux", "kill-session", "-t", name).Run()
			screen := func() string { return tmux("capture-pane", "-p", "-t", name) }
			var s string
			for deadline := time.Now().Add(30 * time.Second); ; {
				s = screen()
				if strings.Contains(s, "≠ diverged at") {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no divergence on screen:\n%s", s)
				}
				if strings.Contains(s, "SCRIPT PAUSE") {
					tmux("send-keys", "-t", name, "Enter")
				}
				time.Sleep(100 * time.Millisecond)
			}
			lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
			for _, want := range []string{"≠ diverged at 5.253s", "-> Expired{existed:false}", "-> Expired{existed:true} (deletes c2's"} {
				if !strings.Contains(s, want) {
					t.Fatalf("missing %q:\n%s", want, s)
				}
			}
			both := strings.Contains(lines[1], "safe · late-expire") && strings.Contains(lines[1], "unsafe: expire-ignores-token")
			if both != (sz[0] >= sideBySideW) || len(lines) > sz[1] {
				t.Fatalf("%d lines; halves side by side %v:\n%s", len(lines), both, s)
			}
			tmux("send-keys", "-t", name, "q")
			for deadline := time.Now().Add(10 * time.Second); !strings.Contains(s, "leaselab exited"); s = screen() {
				if time.Now().After(deadline) {
					t.Fatalf("still running after q:\n%s", s)
				}
				time.Sleep(50 * time.Millisecond)
			}
			if !strings.Contains(s, "leaselab exited 0") || strings.TrimSpace(tmux("display-message", "-p", "-t", name, "#{alternate_on}")) != "0" {
				t.Fatalf("exit status or terminal not restored:\n%s", s)
			}
		})
	}
}
