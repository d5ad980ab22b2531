package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80x24 the clients' summary row keeps what the narration points at: the time a holder's
// own clock gives its lease (leader-crash-mid-lease: "c1's own clock gives it about 2s too
// (its line)"), a lost connection (ghost-lock: c1 "loses its connection") and when a paused
// client wakes (gc-pause).
func TestCompactClientsSayWhatTheStoryDoes(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease", 80, 24)
	for range 2 { // n1's election, c1's grant
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "c1 holds orders #1 2.0s") {
		t.Fatalf("leader-crash-mid-lease, one second into the lease: c1's time left is not on its row:\n%s", v)
	}
	m = playLesson(t, "ghost-lock", 80, 24)
	for range 4 { // the opening, c2 granted, c2 disconnected, c2 back
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "c1 ⊘ disconnected") {
		t.Fatalf("ghost-lock, on the wire: c1's lost connection is not on its row:\n%s", v)
	}
	// gc-pause: the wake time goes only after where each client asks, which tells less
	// ("c1 sleeps on until 5.044s"); the write it queued says what it is, with its token
	// (nc21-e: "1 queued" alone left "a write with token 1" to be taken on trust).
	m = playLesson(t, "gc-pause", 80, 24)
	runToStop(t, m) // c1 holds the key and decides to write
	press(m, "enter")
	runToStop(t, m) // then it pauses
	if v := ansi.Strip(m.View()); !strings.Contains(v, "c1 ‖ paused→5.044s · write orders #1 queued · holds #1 3.0s") {
		t.Fatalf("gc-pause, frozen: c1's wake time is not on its row:\n%s", v)
	}
}
