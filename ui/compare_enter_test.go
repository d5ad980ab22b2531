package ui

import "testing"

// After a rewind (d) and a step (.) onto a script pause, enter continued the scripts yet left
// the view ‖ PAUSED ("not at a script pause" on the next enter): enter goes on, as in play.
func TestCompareEnterAfterARewindGoesOn(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Div != nil && !m.atPause })
	playUntil(t, m, func() bool { return m.atPause && m.c.Now() > m.div.At })
	m.Update(keyMsg("d"))
	for m.job != nil {
		m.Update(jobMsg{gen: m.job.gen})
	}
	for k := 0; k < 200 && !m.atPause; k++ {
		m.Update(keyMsg("."))
	}
	if !m.atPause {
		t.Fatalf("no script pause stepped onto after d, at %v", m.c.Now())
	}
	m.Update(keyMsg("enter"))
	if !m.moving() {
		t.Fatalf("enter at a script pause after a rewind: paused %v, atPause %v (%s)", m.paused, m.atPause, m.status)
	}
}
