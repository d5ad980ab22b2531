package ui

import (
	"regexp"
	"strings"
	"testing"
)

// The words the narrations name stay whole in the lock rows and the Replication panel:
// leader-crash-mid-lease-extend at 120x40 drew "invoices #1 EXPIRED H…" on the followers while
// its narration twice said "EXPIRED HERE", and entry 5's row ended "new leader's" with room
// left on it (round 12).
func TestExpiredHereAndNewLeaderWhole(t *testing.T) {
	cutNote := regexp.MustCompile(`new leader's\s*│`)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "leader-crash-mid-lease-extend", sz[0], sz[1])
		here, note := 0, 0
		playThrough(t, m, func(stop int, v string) {
			if strings.Contains(v, "EXPIRED H…") {
				t.Errorf("%dx%d stop %d: EXPIRED HERE is cut:\n%s", sz[0], sz[1], stop, v)
			}
			if cutNote.MatchString(v) {
				t.Errorf("%dx%d stop %d: the empty entry's note is cut to \"new leader's\":\n%s", sz[0], sz[1], stop, v)
			}
			here += strings.Count(v, "EXPIRED HERE")
			note += strings.Count(v, "new leader's first entry")
		})
		if sz[0] == 120 && (here == 0 || note == 0) {
			t.Errorf("120x40: EXPIRED HERE shown %d times, \"new leader's first entry\" %d times", here, note)
		}
	}
}
