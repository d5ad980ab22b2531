package ui

import (
	"regexp"
	"strings"
	"testing"
)

// nc23-c, leader-crash-mid-lease-extend: "c1's own view ran out first" could be checked only
// by catching the moment, as c1's line said "ran out" with no time and no row marks a client's
// own view ending: the line keeps when (c1 sent its acquire at 0.965s, a 3s lease). And at the
// stop that says c2's renewal "was answered", c2's line read "⋯ renewing" alone (its next
// renewal, overdue, went out on that answer): it says both.
func TestExtendLessonClientLinesShowWhatNarrationSays(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "leader-crash-mid-lease-extend", sz[0], sz[1])
		var ranOut, renewed bool
		playThrough(t, m, func(stop int, v string) {
			switch {
			case strings.Contains(v, "runs 3s from when it sent its acquire"):
				ranOut = strings.Contains(v, "ran out 3.965s")
				if !ranOut {
					t.Errorf("%dx%d: c1's line does not say when its lease ran out:\n%s", sz[0], sz[1], v)
				}
			case strings.Contains(v, "Whom does this help?"):
				// The compact row (80x24) in fewer words.
				renewed = strings.Contains(v, "got renewed invoices, ⋯ renewing again") || sz[0] == 80 && regexp.MustCompile(`holds (invoices )?#1 1\.9s renewed, ⋯ again`).MatchString(v) // nc31-e: "c3 unused" takes the key's room
				if !renewed {
					t.Errorf("%dx%d: c2's line does not say its renewal was answered:\n%s", sz[0], sz[1], v)
				}
			}
		})
		if !ranOut || !renewed {
			t.Errorf("%dx%d: stops not met (ran out %v, renewed %v)", sz[0], sz[1], ranOut, renewed)
		}
	}
}
