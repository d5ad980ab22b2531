package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// While c2's second acquire of orders is in flight (lease-read, 5.075s and 5.924s), its row
// says that request, not the busy its first one got at 0.093s: "⋯ acquire orders · got busy
// orders" read as the new request already answered (nc19-a).
func TestClientRowHidesOldAnswerWhileAskingAgain(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	inFlight, before := false, false
	playThrough(t, m, func(stop int, screen string) {
		row := ansi.Strip(strings.Join(m.clientRows("c2", 53, 2), "\n"))
		switch {
		case strings.Contains(row, "⋯ acquire orders"):
			inFlight = true
			if strings.Contains(row, "got busy") {
				t.Errorf("stop %d: c2's row shows the old busy beside the request in flight: %q", stop, row)
			}
		case strings.Contains(row, "got busy orders"):
			before = true // idle after its first busy: the answer stays
		}
	})
	if !inFlight || !before {
		t.Errorf("c2's row never showed its request in flight (%v) or its first busy (%v)", inFlight, before)
	}
}
