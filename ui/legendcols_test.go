package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80x24 the ? legend says what the node table's c/a and clock (×1) columns mean: nc17-a read
// all of it in first-lock and learned c/a only from the narration three stops later.
func TestCompactLegendNamesTheNodeColumns(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	runToStop(t, m)
	var b strings.Builder
	for _, l := range m.helpBody(80, 22) {
		b.WriteString(strings.TrimSpace(ansi.Strip(l)) + " ")
	}
	legend := b.String()
	for _, want := range []string{"c/a = commit/applied", "×1 true speed", "net: ok, +400ms (its links delayed",
		// nc19-d: the message diagram's dashed rows, still on the wire, had no word.
		"dashed: still on the wire"} {
		if !strings.Contains(legend, want) {
			t.Errorf("the 80x24 legend does not say %q:\n%s", want, legend)
		}
	}
}
