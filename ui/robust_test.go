package ui

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// A panic in Update is caught: the program quits (restoring the terminal) and run returns the
// error. A panic in View draws a message instead.
func TestPanicIsCaught(t *testing.T) {
	m := started(t)
	m.sim = nil
	_, cmd := m.Update(keyMsg("space"))
	if m.err == nil || cmd == nil || cmd() != (tea.QuitMsg{}) {
		t.Fatalf("err %v, cmd %v", m.err, cmd)
	}
	m.err = nil
	if out := m.View(); !strings.Contains(out, "internal error") {
		t.Fatalf("View: %q", out)
	}
}

// NO_COLOR: no colour codes at all, but bold and reverse still mark roles, selection and state.
func TestNoColorStyles(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI)
	m := started(t)
	m.st = newStyles(r, true)
	m.tl.set = false
	press(m, "1", "i")
	out := m.View()
	if regexp.MustCompile(`\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7]|38;|48;)[0-9;]*m`).MatchString(out) {
		t.Fatal("NO_COLOR output has colour codes")
	}
	if !strings.Contains(out, "\x1b[1") || !strings.Contains(out, ";7m") && !strings.Contains(out, "\x1b[7m") {
		t.Fatal("NO_COLOR output should still use bold and reverse")
	}
	for _, sym := range []string{"★", "●", "ISOLATED", "✓"} {
		if !strings.Contains(out, sym) {
			t.Errorf("NO_COLOR output lacks %q", sym)
		}
	}
}

// Nothing ticks when nothing can move: every node down, no client, no script left.
func TestIdleStopsFrames(t *testing.T) {
	m := newSandbox(t, 7, 3, 120, 36)
	press(m, "1", "x", "2", "x", "3", "x")
	at := wall0
	m.wall = func() time.Time { return at }
	_, cmd := m.Update(keyMsg("space"))
	if cmd == nil {
		t.Fatal("resuming should start frames")
	}
	for i := 0; cmd != nil; i++ {
		if i == 30 {
			t.Fatalf("with nothing queued, frames should stop (next at %v)", m.v.Now)
		}
		at = at.Add(frameEvery)
		_, cmd = m.Update(frameMsg{gen: m.gen, at: at})
	}
	if !m.sim.p.Idle() {
		t.Fatal("should be idle")
	}
	if _, cmd = m.Update(keyMsg("x")); cmd == nil {
		t.Fatal("restarting a node should start frames again")
	}
}
