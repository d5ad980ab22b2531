package ui

import (
	"regexp"
	"testing"
)

// A lease is written one way on every screen: the one-minute locks of snapshot-catch-up and
// lease-read read "1m" at every stop at 120x40 and 80x24 (they read 1m in the script, 1m0s in
// the Grant and 60s on the countdown).
var otherMinute = regexp.MustCompile(`\b1m0s\b|\b60s\b|\b60\.0s\b`)

func TestOneMinuteReadsOneWay(t *testing.T) {
	for _, c := range []struct {
		name string
		sz   [2]int
	}{{"snapshot-catch-up", [2]int{120, 40}}, {"snapshot-catch-up", [2]int{80, 24}}, {"lease-read", [2]int{120, 40}}, {"lease-read-unsafe", [2]int{80, 24}}} {
		sz := c.sz
		m := playLesson(t, c.name, sz[0], sz[1])
		saw := false
		playThrough(t, m, func(stop int, v string) {
			if s := otherMinute.FindString(v); s != "" {
				t.Errorf("%s %dx%d stop %d: a minute written %q:\n%s", c.name, sz[0], sz[1], stop, s, v)
			}
			saw = saw || regexp.MustCompile(`\b1m\b`).MatchString(v)
		})
		if !saw {
			t.Errorf("%s %dx%d: no stop shows a one-minute lease as 1m", c.name, sz[0], sz[1])
		}
	}
}
