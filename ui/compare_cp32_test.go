package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// nc32-h: stacked at 120x40, from the divergence at 5.253s the unsafe half lost its node
// table's column head (the ✖ line took its row) and then its tracker rows, while the safe half
// kept both: the halves no longer lined up where they are compared. Past the divergence both
// halves show the same sections: the column head in both or neither, and as many tracker rows
// (or both the tracker's one-row form).
func TestCompareStackedHalvesAlign(t *testing.T) {
	entry := regexp.MustCompile(`^\s*\d+ t\d+ `)
	shape := func(box []string) string {
		head, entries, oneRow := false, 0, false
		for _, l := range box {
			head = head || strings.HasPrefix(l, " node ")
			if entry.MatchString(l) {
				entries++
			}
			oneRow = oneRow || strings.HasPrefix(l, "─ replication · ") && strings.Contains(l, "newest:")
		}
		return fmt.Sprintf("head %v, %d tracker rows, one-row tracker %v", head, entries, oneRow)
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		parted := 0
		compareStops(t, m, func(v string) {
			if m.c.Div == nil {
				return
			}
			parted++
			h := halfBoxes(v)
			if len(h) != 2 {
				t.Fatalf("%dx%d at %s: %d halves", sz[0], sz[1], simTime(m.c.Now()), len(h))
			}
			if s0, s1 := shape(h[0]), shape(h[1]); s0 != s1 {
				t.Errorf("%dx%d at %s: the halves differ: safe %s, unsafe %s:\n%s", sz[0], sz[1], simTime(m.c.Now()), s0, s1, v)
			}
		})
		if parted < 4 {
			t.Errorf("%dx%d: %d stops past the divergence", sz[0], sz[1], parted)
		}
	}
}
