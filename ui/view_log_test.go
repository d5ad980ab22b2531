package ui

import (
	"regexp"
	"strings"
	"testing"
)

// TestLogColumnNeverShowsUnknownRows: a log row reads "?" when the column draws an index the
// screen's snapshot does not hold. etcd-failover-reset's end screen (the verdict resizes the
// panels) drew "2 ?" on every live node at 120x40; every row of every column must be an entry,
// "(bootstrap)", "(in snapshot)" or "·".
func TestLogColumnNeverShowsUnknownRows(t *testing.T) {
	unknown := regexp.MustCompile(`[┃│] +\d+ \? `)
	m := playLesson(t, "etcd-failover-reset", 120, 40)
	for stops := 0; stops < 50 && !m.sim.ended; stops++ {
		runToStop(t, m)
		if v := m.View(); unknown.MatchString(v) {
			t.Fatalf("a log row reads '?' at %v:\n%s", m.v.Now, v)
		}
		if a := m.curAsk(); a != nil {
			press(m, itoa(a.Right+1))
		}
		press(m, "enter")
	}
	if !m.sim.ended || !strings.Contains(m.View(), "PASS") {
		t.Fatalf("the lesson did not end:\n%s", m.View())
	}
}
