package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The Replication panel takes the focus while it leaves entries out, and ↑↓ then scroll back
// through them: nc18-h, racing-acquires-unsafe at 80x24, found "↑ 4 earlier" over a one-row
// panel that shift+tab skipped, so entry 3 (Granted{token:1}) and 5 (Granted{token:3}) could
// never be seen. Both sizes: the full screen's box leaves entries out in longer runs.
func TestTrackerScrollsToEarlierEntries(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := playLesson(t, "racing-acquires-unsafe", sz[0], sz[1])
			// The end: entries 3 to 8 (c1's and c2's Grants, the two for orders, c2's Release, c3's Grant).
			playThrough(t, m, func(int, string) {})
			if m.trackerEarlier(m.trackerRoom()) == 0 {
				t.Skip("the panel shows every entry here")
			}
			for i := 0; i < 8 && m.focus != panelTracker; i++ {
				press(m, "shift+tab")
			}
			if m.focus != panelTracker {
				t.Fatalf("shift+tab never focuses the Replication panel, which leaves %d entries out", m.trackerEarlier(m.trackerRoom()))
			}
			row := func(idx int) *regexp.Regexp {
				return regexp.MustCompile(fmt.Sprintf(`(?m)^[ │┃]*%d t1 +Grant|(?m)^[ │┃]*%d t1 +Release`, idx, idx))
			}
			seen := map[int]bool{}
			for i := 0; i < 12; i++ {
				v := ansi.Strip(m.View())
				for idx := 3; idx <= 8; idx++ {
					seen[idx] = seen[idx] || row(idx).MatchString(v)
				}
				if i == 0 && !strings.Contains(v, "REPLICATION (focus)") && !strings.Contains(v, "▶ Replication") {
					t.Fatalf("the focused panel does not say so:\n%s", v)
				}
				press(m, "up")
			}
			for idx := 3; idx <= 8; idx++ {
				if !seen[idx] {
					t.Errorf("entry %d never showed while scrolling back", idx)
				}
			}
			if v := ansi.Strip(m.View()); !strings.Contains(v, "newer") {
				t.Errorf("scrolled back, the panel does not say what is below:\n%s", v)
			}
			press(m, "shift+tab") // the focus moves on: the panel shows its newest again
			if v := ansi.Strip(m.View()); !row(8).MatchString(v) || strings.Contains(v, "newer") {
				t.Errorf("with the focus gone the panel stays scrolled back:\n%s", v)
			}
		})
	}
}
