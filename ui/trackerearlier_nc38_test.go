package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// The Replication panel's "↑ N earlier" counts the same rows whether it has the focus or not:
// add-node-mid-lease's end at 80x24 read "↑ 3 earlier" over entry 7, and "↑ 4 earlier" once
// focused, which scrolled back through 3, 4, 5 and 6 (nc38-e). Unfocused, the view holds only
// the proposals it draws, and the entries before the first of them that lock nothing (6, conf
// add n6) went uncounted. Every lesson's every stop, both sizes.
func TestTrackerEarlierSameFocused(t *testing.T) {
	earlier := regexp.MustCompile(`(?i)replication\b.*?↑ (\d+) earlier`)
	count := func(m *Model) (string, string) {
		for _, r := range strings.Split(ansi.Strip(m.View()), "\n") {
			if s := earlier.FindStringSubmatch(r); s != nil {
				return s[1], r
			}
			if strings.Contains(strings.ToLower(r), "replication") {
				return "0", r
			}
		}
		return "", ""
	}
	playEveryLesson(t, [][2]int{{80, 24}, {120, 40}}, func(t *testing.T, s *scenarios.Scenario, m *Model) {
		playThrough(t, m, func(stop int, _ string) {
			if m.lay.mode == modeSmall || !(trackerPanel{}).Focusable(m) {
				return
			}
			got, row := count(m)
			was := m.focus
			m.focus = panelTracker
			m.takeView()
			want, frow := count(m)
			m.focus = was
			m.takeView()
			if got != want {
				t.Errorf("stop %d (%s): unfocused %q, focused %q:\n%s\n%s", stop, simTime(m.v.Now), got, want, row, frow)
			}
		})
	})
}
