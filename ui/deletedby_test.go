package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Newcomer round 19 (late-expire-unsafe at 120x40): n1's column read the bare "orders —
// deleted", a form neither the glossary nor the README names; they promise "— deleted by Expire
// #1". Where the words do not fit on the key's row, "by Expire #1" takes a second row (as
// EXPIRED HERE's ·awaiting Expire does). At 80x24 the node table's row has room for it whole.
func TestDeletedByExpireWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "late-expire-unsafe", sz[0], sz[1])
		playUntilOnScreen(t, m, "lost-grant")
		v := ansi.Strip(m.View())
		rows := strings.Split(v, "\n")
		found := false
		for i, r := range rows {
			if strings.Contains(r, "orders — deleted by Expire #1") {
				found = true
			}
			if i+1 < len(rows) && strings.Contains(r, "orders — deleted ") && strings.Contains(rows[i+1], "  by Expire #1") {
				found = true
			}
			if strings.Contains(r, "orders — deleted") && !strings.Contains(r, "by Expire #1") &&
				(i+1 == len(rows) || !strings.Contains(rows[i+1], "by Expire #1")) {
				t.Errorf("%dx%d: row %d reads the bare '— deleted':\n%s", sz[0], sz[1], i, v)
			}
		}
		if !found {
			t.Errorf("%dx%d: no lock reads deleted by Expire #1:\n%s", sz[0], sz[1], v)
		}
	}
}
