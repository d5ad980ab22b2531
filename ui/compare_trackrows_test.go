package ui

import (
	"strings"
	"testing"
)

// At 120x40 the ask of `compare late-expire --unsafe expire-ignores-token` tells of three
// entries: the first Expire (committed at last, deleting token 1), c2's Grant and the retried
// Expire behind it. The tracker had room for two under its rule and column head: the first
// Expire's row had given way. With fewer rows than entries, the rule is the column head.
func TestCompareAskShowsTheEntriesItTellsOf(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w && m.atPause })
	for i := range m.c.Sides {
		h := halfText(m, i)
		rows := []string{"4 t1 Expire orders #1", "5 t1 Grant orders 5s", "6 t1 Expire orders #1"}
		if !strings.Contains(h, "earlier") {
			// (Every entry shown: the rule has room for the legend. Since each half says its
			// switch's rule under its title, entry 3, of no concern to the ask, gives way.)
			rows = append(rows, "○appended ◆committed ✓applied")
		}
		for _, row := range rows {
			if !strings.Contains(h, row) {
				t.Errorf("half %d at the ask lacks %q: %s", i, row, h)
			}
		}
	}
}
