package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// TestHeaderTimeGoesLast: the simulated time is the last field the header drops (as the README
// says), so every stop of every lesson shows it, at 120x40 and at 80x24, membership lessons
// included: joint-consensus at 120x40 (0.083s to 0.606s) and add-node-mid-lease at 80x24 (from
// stop 21/36) kept "★ n1 T1 │ v n1-n6" and dropped the time (nc37-c, nc37-e).
func TestHeaderTimeGoesLast(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, l := range scenarios.Lessons() {
			m := playLesson(t, l.Name, sz[0], sz[1])
			playThrough(t, m, func(stop int, v string) {
				h := strings.Split(v, "\n")[0]
				if !strings.Contains(h, " "+simTime(m.v.Now)) {
					t.Errorf("%dx%d %s stop %d: the header lacks the time %s: %s", sz[0], sz[1], l.Name, stop, simTime(m.v.Now), h)
				}
			})
		}
	}
}
