package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"leaselab/scenarios"
)

// Every size draws exactly the terminal (no line too wide, no extra line), or the "too small"
// message; shrinking to 20x5 and growing back never panics.
func TestResize(t *testing.T) {
	m := busySandbox(t)
	press(m, "?")
	sizes := [][2]int{{160, 48}, {20, 5}, {0, 0}, {1, 1}, {79, 23}, {80, 23}, {79, 24}, {80, 24}, {81, 25},
		{119, 35}, {120, 35}, {119, 36}, {120, 36}, {200, 60}, {300, 100}, {20, 5}, {160, 48}}
	for i, sz := range sizes {
		if i == 8 || i == 13 {
			press(m, "?") // the glossary, then closed
		}
		m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		checkFrame(t, m, sz[0], sz[1])
	}
}

// TestResizeNineNodes sweeps sizes with the widest cluster and a lesson's verdict on screen.
func TestResizeNineNodes(t *testing.T) {
	m := newSandbox(t, 3, 9, 120, 36)
	playFor(m, 3*time.Second)
	press(m, "a", "tab", "a", "5", "x", "p")
	playFor(m, 2*time.Second)
	for w := 60; w <= 220; w += 13 {
		for h := 18; h <= 64; h += 7 {
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			checkFrame(t, m, w, h)
		}
	}
	s, err := scenarios.Parse("v.scenario", []byte("expect leader n1\nexpect leader n2\nexpect leader n3\nexpect leader n4\nexpect leader n5\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := newPlay(t, s, 80, 24)
	playFor(p, 100*time.Millisecond)
	if p.results == nil || len(p.results.lines) != 5 {
		t.Fatal("expected five failures")
	}
	for _, sz := range [][2]int{{80, 24}, {120, 36}, {100, 30}} {
		p.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		checkFrame(t, p, sz[0], sz[1])
	}
}

func checkFrame(t *testing.T, m *Model, w, h int) {
	t.Helper()
	out := m.View()
	lines := strings.Split(out, "\n")
	if w < minW || h < minH {
		if len(lines) > max(h, 1) {
			t.Fatalf("%dx%d: %d lines", w, h, len(lines))
		}
		for _, l := range lines {
			if lipgloss.Width(l) > max(w, 0) {
				t.Fatalf("%dx%d: line too wide: %q", w, h, l)
			}
		}
		if w >= 31 && h >= 1 && !strings.Contains(out, "terminal too small (need 80x24)") {
			t.Fatalf("%dx%d: no size message: %q", w, h, out)
		}
		return
	}
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines\n%s", w, h, len(lines), out)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, lw, l)
		}
	}
}
