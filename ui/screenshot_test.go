package ui

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios"
)

var screenshots = flag.Bool("screenshots", false, "regenerate assets/*.png with freeze (go test ./ui -run TestScreenshots -screenshots)")

// TestScreenshots renders three moments in 256 colours on a dark background and turns them into
// PNGs with freeze (go install github.com/charmbracelet/freeze@v0.2.2; PNG output needs
// rsvg-convert from librsvg2-bin).
func TestScreenshots(t *testing.T) {
	if !*screenshots {
		t.Skip("run with -screenshots to regenerate assets/*.png")
	}
	freeze, err := exec.LookPath("freeze")
	if err != nil {
		t.Fatal("freeze is not installed: go install github.com/charmbracelet/freeze@v0.2.2")
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	r.SetHasDarkBackground(true)
	st := newStyles(r, false)
	shots := []struct {
		name string
		make func(*testing.T, *styles) interface{ View() string }
	}{
		{"sandbox", func(t *testing.T, st *styles) interface{ View() string } { return shotSandbox(t, st) }},
		{"late-expire", func(t *testing.T, st *styles) interface{ View() string } { return shotLateExpire(t, st) }},
		{"fast-leader-clock", func(t *testing.T, st *styles) interface{ View() string } { return shotFastLeader(t, st) }},
		{"compare", func(t *testing.T, st *styles) interface{ View() string } { return shotCompare(t, st) }},
	}
	dir := t.TempDir()
	for _, s := range shots {
		m := s.make(t, st)
		frame := filepath.Join(dir, s.name+".ansi")
		if err := os.WriteFile(frame, []byte(m.View()+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		svg := filepath.Join(dir, s.name+".svg")
		cmd := exec.Command(freeze, frame, "--language", "ansi", "-o", svg,
			"--font.family", "DejaVu Sans Mono", "--font.size", "14", "--window", "--padding", "20",
			"--background", "#1c1c1c", "--border.radius", "8", "--margin", "0")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("freeze %s: %v\n%s", s.name, err, b)
		}
		// freeze's own PNGs are 4x; rsvg-convert at 1.5x keeps them legible and small.
		out := filepath.Join("..", "assets", s.name+".png")
		if b, err := exec.Command("rsvg-convert", "--zoom", "1.5", "-o", out, svg).CombinedOutput(); err != nil {
			t.Fatalf("rsvg-convert %s: %v\n%s", s.name, err, b)
		}
		t.Logf("wrote %s", out)
	}
}

func shotModel(t *testing.T, base *scenarios.Scenario, st *styles, sandbox bool) *Model {
	o := Options{Seed: base.Header.Seed, StartPaused: true, SaveDir: t.TempDir()}
	m, err := newModel(base, o, st, sandbox)
	if err != nil {
		t.Fatal(err)
	}
	return setup(m, 160, 48)
}

// shotSandbox: two clients holding keys, a third waiting, n2's clock fast, n4's 2s ahead.
func shotSandbox(t *testing.T, st *styles) *Model {
	m := shotModel(t, SandboxScenario(Options{Seed: 7}), st, true)
	playFor(m, 2*time.Second)
	press(m, "2", "+", "+", "+", "4", "]", "]", "]", "]", "a")
	playFor(m, 300*time.Millisecond)
	press(m, "f", "tab", "k", "l", "a", "tab", "k", "k", "a")
	playFor(m, 2400*time.Millisecond)
	press(m, "1")
	// Stop while the leader's Expire for orders is half way through the cluster.
	stepUntil(t, m, time.Minute, func() bool {
		m.refresh()
		for _, p := range m.v.Proposals {
			if p.Cmd.Kind == fsm.Expire && hasStage(p.Stages, cluster.StageApplied) && hasStage(p.Stages, cluster.StageAppended) {
				return true
			}
		}
		return false
	})
	m.say("paused at %s · . one event · ← → travel in time", simTime(m.sim.p.Now()))
	return m
}

func hasStage(ss []cluster.Stage, s cluster.Stage) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func shotLateExpire(t *testing.T, st *styles) *Model {
	s, err := scenarios.Load("late-expire")
	if err != nil {
		t.Fatal(err)
	}
	m := shotModel(t, s, st, false)
	stepUntil(t, m, time.Minute, func() bool {
		r, ok := m.sim.p.World().LastResult(1, "orders")
		return ok && r.String() == "Expired{existed:false}"
	})
	return m
}

// shotFastLeader: the moment the resource rejects c1's write with token 1.
func shotFastLeader(t *testing.T, st *styles) *Model {
	s, err := scenarios.Load("fast-leader-clock")
	if err != nil {
		t.Fatal(err)
	}
	m := shotModel(t, s, st, false)
	stepUntil(t, m, time.Minute, func() bool {
		c := m.clientView("c1")
		m.refresh()
		c = m.clientView("c1")
		return c != nil && c.LastWrite != nil && c.LastWrite.Decided && !c.LastWrite.Accepted
	})
	return m
}

// shotCompare: late-expire with and without the token check in Expire, side by side, stopped
// at the first divergence.
func shotCompare(t *testing.T, st *styles) *CompareModel {
	a, b := lateExpirePair(t, true)
	c, err := scenarios.NewComparison(a, b, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := newCompare(c, Options{StartPaused: true, Speed: 5}, st)
	m.wall = func() time.Time { return wall0 }
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	playUntil(t, m, func() bool { return m.c.Div != nil })
	return m
}
