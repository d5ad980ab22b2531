package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80x24 the clients' summary row keeps what the narration points at: the time a holder's
// own clock gives its lease (leader-crash-mid-lease: "c1's own clock gives it about 2s too
// (its line)") and a lost connection (ghost-lock: c1 "loses its connection").
func TestCompactClientsSayWhatTheStoryDoes(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease", 80, 24)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "c1 holds orders #1 2.0s") {
		t.Fatalf("leader-crash-mid-lease, one second into the lease: c1's time left is not on its row:\n%s", v)
	}
	m = playLesson(t, "ghost-lock", 80, 24)
	for range 3 { // the opening, c2 disconnected, c2 back
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "c1 ⊘ disconnected") {
		t.Fatalf("ghost-lock, on the wire: c1's lost connection is not on its row:\n%s", v)
	}
}
