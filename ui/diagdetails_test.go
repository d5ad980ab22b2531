package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A selected row's details longer than their box: the box grows (up to half the diagram), and
// when they still do not fit its rule says so and shift+↓/↑ scroll them. At 80x24 the catch-up
// MsgApp's details (7 lines: its two entries last) showed 4, with no mark (nc20-k).
func TestDiagramDetailsScroll(t *testing.T) {
	m := playLesson(t, "crash-restart", 80, 24)
	playUntilOnScreen(t, m, "The leader catches n3 up")
	press(m, "m", "v")
	for i := 0; i < 10 && !strings.Contains(m.View(), "n1→n3 MsgApp [Grant invoices 10s +1]"); i++ {
		press(m, "up")
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "n1→n3 MsgApp [Grant invoices 10s +1]") {
		t.Fatalf("the catch-up MsgApp is not selected:\n%s", screen)
	}
	if !strings.Contains(screen, "entry 4: Grant invoices 10s (for c2)") {
		t.Fatalf("the box did not grow to its first entry:\n%s", screen)
	}
	last := "entry 5: Release invoices (for c2)"
	if strings.Contains(screen, last) {
		t.Skip("the details fit whole at 80x24: nothing to scroll")
	}
	if !strings.Contains(screen, "─ details 1-6 of 7 · ▼ 1 more · shift+↑/↓ scroll ") {
		t.Fatalf("cut details without a mark:\n%s", screen)
	}
	press(m, "shift+down", "shift+down") // the second is past the end: it stays
	screen = ansi.Strip(m.View())
	if !strings.Contains(screen, last) || !strings.Contains(screen, "─ details 2-7 of 7 · ▲ 1 above · shift+↑/↓ scroll ") {
		t.Fatalf("shift+↓ did not scroll to the last line:\n%s", screen)
	}
	press(m, "shift+up")
	if screen = ansi.Strip(m.View()); !strings.Contains(screen, "─ details 1-6 of 7 ·") {
		t.Fatalf("shift+↑ did not scroll back:\n%s", screen)
	}
	// Another row reads from its first line.
	press(m, "shift+down", "up")
	if screen = ansi.Strip(m.View()); !strings.Contains(screen, "\n n3→n1 MsgAppResp reject idx 5 · log ends at 3") {
		t.Fatalf("the row above's details do not start at its label:\n%s", screen)
	}
}
