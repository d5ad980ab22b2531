package ui

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/scenarios"
)

// A leader's net line spells who it heard one way, "heard 4 of 5", as ? and ?? do: under a
// partition it read "net side A heard 4/5" (no room for "of"), elsewhere "heard 4 of 5", and
// nc24-b3 paused on the two spellings. Where "net side A heard 4 of 5" does not fit, the "net "
// key gives way. Every stop of every lesson at 120x40, and a partitioned leader says it.
func TestHeardOneForm(t *testing.T) {
	slash := regexp.MustCompile(`heard \d+/\d+`)
	side := regexp.MustCompile(`side [A-Z] heard \d of \d`)
	sawSide := false
	everyStop(t, 120, 40, func(lesson string, stop int, screen string) {
		if g := slash.FindString(screen); g != "" {
			t.Errorf("%s stop %d: %q", lesson, stop, g)
		}
		sawSide = sawSide || side.MatchString(screen)
	})
	if !sawSide {
		t.Error("no partitioned leader's net line says 'side A heard N of 5': the test looks at nothing")
	}
}

// nc24-b3: the snapshots at 101 and 151 went by at 1x with no stop, so the student never saw
// n5 fall behind while the others compact. A stop at n1's snapshot at 151 shows it: n1's log
// rule says snap 151, n2-n4 (one entry behind) snap 101, n5's log still ends at 3 and it is a
// pre-candidate; at 80x24 the timeline row and n5's 3/3 say it. Every seed.
func TestSnapshotCatchUpStopsWhileN5FallsBehind(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for seed := uint64(0); seed <= 12; seed++ {
			m := seededLesson(t, "snapshot-catch-up", seed, sz[0], sz[1])
			found := false
			playThrough(t, m, func(stop int, screen string) {
				if !strings.Contains(screen, "n1 applied 151 and snapshots again") {
					return
				}
				found = true
				want := []string{"n1 snapshots at 151", "pre-cand"}
				if sz[0] == 120 {
					want = append(want, "snap 151", "snap 101", "… 1-3, none to", "commit 3 · applied 3")
				} else {
					want = append(want, " 3/3 ")
				}
				for _, w := range want {
					if !strings.Contains(screen, w) {
						t.Errorf("%dx%d seed %d stop %d: no %q on screen:\n%s", sz[0], sz[1], seed, stop, w, screen)
					}
				}
			})
			if !found {
				t.Errorf("%dx%d seed %d: no stop at n1's snapshot at 151", sz[0], sz[1], seed)
			}
		}
	}
}

// seededLesson is the lesson under seed (0: its own).
func seededLesson(t *testing.T, name string, seed uint64, w, h int) *Model {
	t.Helper()
	s, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	if seed > 0 {
		s.Header.Seed = seed
	}
	return newPlay(t, s, w, h)
}
