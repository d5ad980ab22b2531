package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// nc26-a, nc26-f: first-lock named the token's use (fencing) only as a pointer to gc-pause, and the
// resource read 'no writes yet' throughout. Now c1 writes with token 1 while it holds the lock and
// c2 with token 2 after its Grant; for seeds 1 to 12 at both sizes each write's stop shows the
// resource's highest token (high #1, then high #2) and the timeline row the narration quotes.
// The countdown stop says a follower would end the lock no sooner than n1: every follower's
// countdown on screen reads at least n1's.
func TestFirstLockShowsWhatTheTokenIsFor(t *testing.T) {
	bar := regexp.MustCompile(`orders #1 [█ ]+(\d+\.\d)s`)
	eachSeed(t, "first-lock", 0, func(m *Model, w int, at string) {
		var c1w, c2w, counts bool
		playThrough(t, m, func(stop int, v string) {
			said := strings.Join(strings.Fields(v), " ")
			switch {
			case strings.Contains(said, "What the token is for: c1 uses its lock"):
				c1w = true
				if !strings.Contains(v, "resource accepted c1's write to orders with token 1") || !regexp.MustCompile(`orders +high #1`).MatchString(v) || !strings.Contains(v, "c1 holds orders #1") && !strings.Contains(v, "c1 ● holds orders #1") {
					t.Errorf("%s: c1's write stop: want the accepted row, 'high #1' and c1 holding #1 on screen:\n%s", at, v)
				}
			case strings.Contains(said, "c2 writes with token 2: accepted"):
				c2w = true
				if !strings.Contains(v, "resource accepted c2's write to orders with token 2") || !regexp.MustCompile(`orders +high #2`).MatchString(v) {
					t.Errorf("%s: c2's write stop: want the accepted row and 'high #2' on screen:\n%s", at, v)
				}
			case strings.Contains(said, "each node counts from when it applied the Grant, n1 about 400ms before the others"):
				counts = true
				ms := bar.FindAllStringSubmatch(v, -1)
				if len(ms) != 5 {
					t.Errorf("%s: the countdown stop shows %d countdowns of #1, want 5:\n%s", at, len(ms), v)
					return
				}
				n1, _ := strconv.ParseFloat(ms[0][1], 64)
				for _, f := range ms[1:] {
					if x, _ := strconv.ParseFloat(f[1], 64); x < n1 {
						t.Errorf("%s: a follower's countdown %.1fs reads less than n1's %.1fs:\n%s", at, x, n1, v)
					}
				}
			}
		})
		if !c1w || !c2w || !counts {
			t.Errorf("%s: c1's write stop %v, c2's %v, the countdown stop %v: want all", at, c1w, c2w, counts)
		}
	})
}
