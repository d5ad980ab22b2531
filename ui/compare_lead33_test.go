package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc32-n, nc33-e: after ← compare showed a stop's narration with no word of whose it was
// (play heads it "from the stop before:" or "from the next stop:"). Rewound from late-expire's
// 4.267s stop to 3.267s, between stops, the 3.058s stop's lines are headed as the stop before's;
// at a stop they stand bare.
func TestCompareRewoundNarrationSaysWhoseStop(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "4.267s" })
		if v := ansi.Strip(m.View()); strings.Contains(v, behindLead) || strings.Contains(v, aheadLead) {
			t.Errorf("%dx%d: at a stop the narration is headed:\n%s", sz[0], sz[1], v)
		}
		m.Update(keyMsg("left"))
		if simTime(m.c.Now()) != "3.267s" || m.c.Paused() {
			t.Fatalf("%dx%d: ← from 4.267s: at %v, paused %v", sz[0], sz[1], m.c.Now(), m.c.Paused())
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, strings.TrimSpace(behindLead)) {
			t.Errorf("%dx%d: rewound to 3.267s, the stop before's lines are not headed:\n%s", sz[0], sz[1], v)
		}
	}
}
