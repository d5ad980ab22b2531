package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// A follower's reject of the leader's append says why and what the leader did, on the main
// screen (nc22-j: ghost-lock's "n1 hears n2 reject its append after entry 7" sat for three stops
// unexplained, n2's log showing ✓ 7 like everyone's), and ?? tells the row.
func TestRejectRowExplainsItself(t *testing.T) {
	const row = "n1 hears n2 reject after 7 (ends 6): resends 7"
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "ghost-lock", size[0], size[1])
		shown := false
		playThrough(t, m, func(stop int, v string) {
			if regexp.MustCompile(`\d\.\d{3}s +` + regexp.QuoteMeta(row)).MatchString(v) { // one row, whole
				shown = true
			}
		})
		if !shown {
			t.Errorf("%dx%d: no stop shows %q whole", size[0], size[1], row)
		}
	}
	// A term mismatch says so (figure-8's new leader n5 probing its followers' old entries).
	s, err := scenarios.Load("figure-8")
	if err != nil {
		t.Fatal(err)
	}
	s.Header.Seed = 1
	m := newPlay(t, s, 120, 40)
	playThrough(t, m, func(int, string) {})
	c := ansi.Strip(m.sim.tl.content(filterLock, ringSize, 300, m.st))
	if !regexp.MustCompile(`n5 hears n\d reject after 3 \(other term\): resends 3`).MatchString(c) {
		t.Errorf("figure-8 seed 1: no reject says its term differed:\n%s", c)
	}
	if g := glossaryEntry(t, "reject after 7 (n1 hears n2 reject after 7 (ends 6): resends 7)"); !strings.Contains(g, "resends 7") || !strings.Contains(g, "stale, ignored") {
		t.Errorf("?? reject does not tell the row's ends: %s", g)
	}
}
