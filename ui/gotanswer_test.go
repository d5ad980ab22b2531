package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A client's row names the latest answer it got as "got <answer> <key>", the timeline's "c2
// gets renewed from n2": "last renewed invoices" read as an unfinished phrase ("last renewed
// when?", newcomer round 15 in leader-crash-mid-lease-extend, c2's row at 4.121s).
func TestClientRowSaysGotAnswer(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
	seen := false
	playThrough(t, m, func(stop int, screen string) {
		row := ansi.Strip(strings.Join(m.clientRows("c2", 53, 2), "\n"))
		if strings.Contains(row, "last ") {
			t.Errorf("stop %d: c2's row says 'last': %q", stop, row)
		}
		if strings.Contains(row, "got renewed invoices") {
			seen = true
			if !strings.Contains(screen, "got renewed invoices") {
				t.Errorf("stop %d: c2's row is not on screen:\n%s", stop, screen)
			}
		}
	})
	if !seen {
		t.Error("c2's row never said 'got renewed invoices'")
	}
}
