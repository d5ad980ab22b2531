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

// A follower's lock at zero reads alike in leader-crash-mid-lease and its extend lesson at
// 120x40: "EXPIRED HERE" on the key's row and "awaiting Expire" under it, for every such lock.
// In the extend lesson 'invoices' is two cells longer than 'orders', and the followers' locks
// read "invoices #1" / "EXPIRED HERE" with no word of the Expire they wait for (newcomer round
// 15): the token now goes to the second row instead.
func TestExpiredHereAwaitsExpireAlike(t *testing.T) {
	onKeyRow := regexp.MustCompile(`(invoices|orders)\s+(#\d+ )?EXPIRED HERE`)
	for _, lesson := range []string{"leader-crash-mid-lease", "leader-crash-mid-lease-extend"} {
		m := playLesson(t, lesson, 120, 40)
		here := 0
		playThrough(t, m, func(stop int, v string) {
			h, a := 0, 0
			for _, row := range strings.Split(v, "\n") {
				if !strings.ContainsAny(row, "│┃") {
					continue // the narration names it too
				}
				h += strings.Count(row, "EXPIRED HERE")
				a += strings.Count(row, "awaiting Expire")
				if strings.Contains(row, "EXPIRED HERE") && !onKeyRow.MatchString(row) {
					t.Errorf("%s stop %d: EXPIRED HERE is not on its key's row: %q", lesson, stop, row)
				}
			}
			if a != h {
				t.Errorf("%s stop %d: %d locks EXPIRED HERE, %d awaiting Expire:\n%s", lesson, stop, h, a, v)
			}
			here += h
		})
		if here == 0 {
			t.Errorf("%s: no lock EXPIRED HERE at any stop", lesson)
		}
	}
}
