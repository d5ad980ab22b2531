package ui

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/scenarios"
)

// crash-restart's catch-up stop tells it from the main screen (nc21-k: its four quoted
// messages showed only under m then v): the lock events hold n3's reject, as the leader hears
// it, right before the entries the leader resent arrive. Under every seed the lessons are
// checked with, at 120x40, and at 80x24 under the lesson's own seed.
func TestCrashRestartRejectOnMainScreen(t *testing.T) {
	reject := regexp.MustCompile(`\d\.\d{3}s +n1 hears n3 reject after 5 \(ends 3\): resends 4[^\n]*\n[^\n]*\d\.\d{3}s +n3 appends 4 t1 Grant invoices`)
	for seed := uint64(1); seed <= 12; seed++ {
		sizes := [][2]int{{120, 40}}
		if seed == 10 {
			sizes = append(sizes, [2]int{80, 24})
		}
		for _, size := range sizes {
			s, err := scenarios.Load("crash-restart")
			if err != nil {
				t.Fatal(err)
			}
			s.Header.Seed = seed
			m := newPlay(t, s, size[0], size[1])
			told := false
			playThrough(t, m, func(stop int, v string) {
				if !strings.Contains(strings.Join(m.says(), " "), "'n1 hears n3 reject after 5 (ends 3): resends 4'") {
					return
				}
				told = true
				if !reject.MatchString(v) || !strings.Contains(v, "n3 appends 5 t1 Release invoices") {
					t.Errorf("seed %d %dx%d stop %d: the narration tells of n3's reject and the resent 4 and 5, the screen does not show them:\n%s", seed, size[0], size[1], stop, v)
				}
			})
			if !told {
				t.Fatalf("seed %d %dx%d: no stop tells of n3's reject", seed, size[0], size[1])
			}
		}
	}
}
