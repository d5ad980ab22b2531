package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// panelCites are names a narration gives a part of the screen, each with the text that shows
// that part: racing-acquires-unsafe cited "the Clients box" and the Replication panel's
// "'proposed by'" at 80x24, where neither is drawn (round 11). A narration must be true at
// both sizes.
var panelCites = [][2]string{
	{"Clients box", "╭─ Clients"},
	{"proposed by", "proposed by"},
	{"log column", "─ log "},
}

// checkPanelCites finds on screen each part of it the stop's narration names.
func checkPanelCites(t *testing.T, m *Model, says []string, where string) {
	t.Helper()
	text := strings.Join(says, " ")
	v := ansi.Strip(m.View())
	for _, c := range panelCites {
		if strings.Contains(text, c[0]) && !strings.Contains(v, c[1]) {
			t.Errorf("%s: the narration names %q, not on screen:\n%s", where, c[0], v)
		}
	}
}

// first-lock's first stop speaks of each node's log. At 80x24 no node has a log column, so
// the narration names the panel that shows every node's copy: the Replication panel, with a
// mark per node for each entry (round 11 looked for "its own log" and found none).
func TestFirstLockSaysWhereTheLogsAre(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "─ log ") {
		t.Skip("the compact layout draws a log column now: this test has nothing to check")
	}
	flat := strings.Join(strings.Fields(v), " ") // the narration wraps
	if !strings.Contains(flat, "own log") && strings.Contains(flat, "log that raft keeps in agreement (the Replication panel: a row per entry, a mark per node)") && strings.Contains(v, "─ replication ") {
		return
	}
	t.Fatalf("the first stop's narration speaks of each node's log without saying where it shows:\n%s", v)
}
