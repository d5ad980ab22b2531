package ui

import (
	"strings"
	"testing"
)

// At the end of `compare late-expire --unsafe expire-ignores-token` the unsafe half said "6 of
// the story's checks did not hold here" and showed 3, with no sign that rows were hidden and no
// way to reach them. A hidden row is announced, and ↑ (or ↓, for the rows after a kept
// violation) reaches every one of them; ↓ comes back to the newest.
func TestCompareResultsScrollToEveryFailedCheck(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, m.c.Ended)
		if h := halfText(m, 1); !strings.Contains(h, "older (↑ ↓ scroll)") && !strings.Contains(h, "hidden (↑ ↓ scroll)") && !strings.Contains(h, "hidden here: ↑ shows them") && !strings.Contains(h, " newer (4 ✗)") {
			t.Fatalf("%dx%d: no sign of the hidden rows: %s", sz[0], sz[1], h)
		}
		// ↓ first: a kept violation with no row left after it has the newer rows below it.
		seen := ""
		for k := 0; k < 10; k++ {
			m.Update(keyMsg("down"))
			seen += halfText(m, 1)
		}
		for m.back < 0 {
			m.Update(keyMsg("up"))
		}
		for k := 0; k < 80; k++ {
			seen += halfText(m, 1)
			m.Update(keyMsg("up"))
		}
		fails := m.c.StepFailures(1)
		if len(fails) < 6 {
			t.Fatalf("%d failed checks, want 6", len(fails))
		}
		for _, f := range fails {
			at, text := storyMissText(f)
			if want := at + " " + strings.Join(strings.Fields(text), " ")[:40]; !strings.Contains(seen, want) {
				t.Errorf("%dx%d: %q never shown while scrolling back", sz[0], sz[1], want)
			}
		}
		for k := 0; k < 80; k++ {
			m.Update(keyMsg("down"))
		}
		if m.back > 0 || strings.Contains(halfText(m, 1), "newer") {
			t.Errorf("%dx%d: ↓ did not come back to the newest rows (back %d)", sz[0], sz[1], m.back)
		}
	}
}
