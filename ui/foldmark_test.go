package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// TestFoldedRunKeepsNamedRow: a folded run's rows can reach past a row the narration names
// (ghost-lock at 80x24, seed 5: n4's append came after 'n1 checks c2's connection: up'). The
// fold of the appends, standing where n1's was, was taken for the named row, and the named row
// stayed below "↓ 2 more"; the title's "↑ N above" counted the fold's rows twice.
func TestFoldedRunKeepsNamedRow(t *testing.T) {
	s, err := scenarios.Load("ghost-lock")
	if err != nil {
		t.Fatal(err)
	}
	s.Header.Seed = 5
	m := newPlay(t, s, 80, 24)
	playUntilOnScreen(t, m, "found it up ('n1 checks c2's connection: up')")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "n1 checks c2's connection: up → c2 keeps jobs #1") {
		t.Fatalf("the row the narration names is not on screen:\n%s", v)
	}
	// The story's rows above the top one, unfolded: scrolling up shows that many.
	top := -1
	for i := m.tl.storyAt; i < len(m.tl.lines) && top < 0; i++ {
		if strings.Contains(ansi.Strip(m.tl.lines[i]), "n4 becomes follower") {
			top = i
		}
	}
	if !strings.Contains(v, "n4 becomes follower") || !strings.Contains(v, "story ↑ "+itoa(top-m.tl.storyAt)+" above") {
		t.Errorf("want the story's first %d rows said above the top one:\n%s", top-m.tl.storyAt, v)
	}
}
