// Package ui is the bubbletea TUI. (Placeholder until the TUI lands.)
package ui

import (
	"errors"

	"leaselab/scenarios"
)

// Options are the TUI's settings.
type Options struct {
	Seed  uint64
	Nodes int
	Speed float64
}

// RunSandbox is replaced by the TUI.
func RunSandbox(o Options) error { return errors.New("the TUI is not built yet") }

// RunPlay is replaced by the TUI.
func RunPlay(s *scenarios.Scenario, o Options) error { return errors.New("the TUI is not built yet") }
