package ui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The prompt's history keeps the last maxHist lines: a client entering lines without end
// (each refused line is kept too) cannot grow it without end; ↑ still recalls the newest.
func TestHistoryBounded(t *testing.T) {
	e := newLineEdit()
	for i := range 3 * maxHist {
		e.remember(fmt.Sprint("line ", i))
	}
	if len(e.hist) != maxHist {
		t.Fatalf("history holds %d lines, want %d", len(e.hist), maxHist)
	}
	e.update(tea.KeyMsg{Type: tea.KeyUp})
	if got, want := e.value(), fmt.Sprint("line ", 3*maxHist-1); got != want {
		t.Fatalf("↑ recalls %q, want %q", got, want)
	}
	for range maxHist {
		e.update(tea.KeyMsg{Type: tea.KeyUp})
	}
	if got, want := e.value(), fmt.Sprint("line ", 2*maxHist); got != want {
		t.Fatalf("the oldest kept line is %q, want %q", got, want)
	}
}
