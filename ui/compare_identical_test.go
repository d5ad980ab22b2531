package ui

import (
	"slices"
	"testing"
)

// Identical runs show identical rows: while late-expire --unsafe expire-ignores-token has not
// parted, both stacked halves hold the same lines. At 120x40 the lower half, one row taller,
// showed tracker rows 3-6 beside the upper half's 4-6 at 4.267s (round 9).
func TestCompareIdenticalRunsShowIdenticalRows(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}, {120, 41}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		stops := 0
		compareStops(t, m, func(v string) {
			if m.c.Div != nil {
				return
			}
			stops++
			h := halfBoxes(v)
			// (Each half's first row says its rule: the switch the other run has not.)
			if len(h) == 2 && len(h[0]) > 0 && len(h[1]) > 0 && len(m.switchLines(1, 200)) > 0 {
				h[0], h[1] = h[0][len(m.withoutLines(0, sz[0]-2)):], h[1][len(m.switchLines(1, sz[0]-2)):]
			}
			if len(h) != 2 || !slices.Equal(h[0], h[1]) {
				t.Errorf("%dx%d at %s: the identical runs' halves differ:\n%s", sz[0], sz[1], simTime(m.c.Now()), v)
			}
		})
		if stops < 3 {
			t.Errorf("%dx%d: only %d stops before the runs part", sz[0], sz[1], stops)
		}
	}
}
