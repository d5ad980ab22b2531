package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxBinary drives the real binary in a tmux pane: start the sandbox, press keys one by
// one, read the screen, quit, and check the program exited cleanly and left the alternate
// screen. Under CI=true it must run (.ci/run installs tmux).
func TestTmuxBinary(t *testing.T) {
	bin, dir := realBinary(t)
	p := newPane(t, 120, 40, fmt.Sprintf("cd %s && %s --seed 7; echo \"leaselab exited $?\"; sleep 60", dir, bin))
	waitFor := func(what string, ok func(string) bool) string { t.Helper(); return p.waitFor(what, 15*time.Second, ok) }

	waitFor("the sandbox with its seed", has("seed 7"))
	waitFor("a leader", has("★ n"))
	p.key("1")
	p.key("i")
	s := waitFor("n1 isolated", has("ISOLATED"))
	if !strings.Contains(s, "isolate n1") {
		t.Fatalf("the status line should name the step:\n%s", s)
	}
	p.key("i")
	waitFor("n1 rejoined", func(s string) bool { return !strings.Contains(s, "ISOLATED") })
	p.key("Tab")
	p.key("a")
	waitFor("c2 asking", has("c2 ● "))
	waitFor("c2 granted", has("holds orders #1"))
	p.key("Space")
	waitFor("paused", has("PAUSED"))
	p.key("?")
	waitFor("the full help", has("pre-candidate"))
	p.key("?")
	waitFor("the glossary", has("on this screen (")) // the page starts at the screen's own words
	p.key("Escape")
	waitFor("the help closed", func(s string) bool { return !strings.Contains(s, "pre-candidate") && !strings.Contains(s, "Glossary") })
	p.key("w")
	waitFor("the session saved", has("saved leaselab-session-7-"))
	files, _ := filepath.Glob(filepath.Join(dir, "leaselab-session-7-*.scenario"))
	if len(files) != 1 {
		t.Fatalf("saved files: %v", files)
	}
	if s := p.quit(); strings.Contains(s, "Replication") {
		t.Fatalf("the TUI is still on screen after q:\n%s", s)
	}
}
