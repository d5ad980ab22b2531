package ui

import (
	"errors"
	"fmt"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"leaselab/scenarios"
)

// Options are the TUI's settings.
type Options struct {
	Seed  uint64
	Nodes int     // sandbox cluster size (3 to 9; 0 means 5)
	Keys  int     // sandbox keys held from the start (option held-keys), 0 for none
	Speed float64 // simulated seconds per wall second (0 means 1)

	StartPaused bool   // start with the clock stopped (tests, screenshots)
	SaveDir     string // where `w` writes sessions (default: the working directory)
}

// SandboxScenario is the sandbox's base: no steps, just the header (seed, nodes).
func SandboxScenario(o Options) *scenarios.Scenario {
	h := scenarios.DefaultHeader()
	h.Seed = o.Seed
	h.Set["seed"] = true
	if o.Nodes != 0 && o.Nodes != h.Nodes {
		h.Nodes = o.Nodes
		h.Set["nodes"] = true
	}
	if o.Keys > 0 {
		h.HeldKeys = o.Keys
		h.Set["option held-keys"] = true
	}
	h.Title = "sandbox" // the header adds "leaselab"; a saved session is "sandbox (saved session)"
	return &scenarios.Scenario{Name: "sandbox", Header: h}
}

// RunSandbox runs the interactive sandbox.
func RunSandbox(o Options) error {
	return run(func(st *styles) (*Model, error) { return newModel(SandboxScenario(o), o, st, true) }, nil)
}

// RunPlay plays a scenario with its narration, stopping at each `pause`; when the student asks
// for the next lesson at the end (n), that one follows, at its own seed.
func RunPlay(s *scenarios.Scenario, o Options) error {
	for {
		var next string
		err := run(func(st *styles) (*Model, error) { return newModel(s, o, st, false) }, &next)
		if err != nil || next == "" {
			return err
		}
		if s, err = scenarios.Load(next); err != nil {
			return err
		}
		o.Seed = s.Header.Seed
	}
}

// run builds the styles before the program owns the terminal (adaptive colours may query it),
// runs the program, and reports a caught panic after the terminal is restored.
// next, if given, receives the lesson the student asked to play next.
func run(build func(*styles) (*Model, error), next *string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	m, err := build(terminalStyles())
	if err != nil {
		return err
	}
	// bubbletea v1's renderer wakes at its frame rate even when nothing changed (its API cannot
	// stop that ticker); our frames come at most 30 times a second, so it need not wake more.
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(int(time.Second/frameEvery)))
	final, err := p.Run()
	if fm, ok := final.(*Model); ok && fm.err != nil {
		return fm.err
	} else if ok && next != nil {
		*next = fm.next
	}
	if errors.Is(err, tea.ErrProgramKilled) {
		return nil
	}
	return err
}

// terminalStyles honours NO_COLOR: no colours, but bold, faint and reverse still mark roles,
// focus and state (the symbols carry the meaning on their own too).
func terminalStyles() *styles {
	if os.Getenv("NO_COLOR") != "" {
		r := lipgloss.NewRenderer(os.Stdout)
		if r.ColorProfile() == termenv.Ascii && isTerminal() {
			r.SetColorProfile(termenv.ANSI)
		}
		return newStyles(r, true)
	}
	return newStyles(lipgloss.DefaultRenderer(), false)
}

func isTerminal() bool {
	fi, err := os.Stdout.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
