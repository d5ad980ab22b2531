package ui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"testing"

	"leaselab/cluster"
)

// d rebuilds both worlds from their seeds and replays them to the divergence; the results list
// then held only what the replayed world's ring still had (nc16-e: `↑ 11 older` where playing
// there showed `↑ 24 older`, the rows 0.026s-3.052s gone). After d it is what playing showed.
func TestCompareJumpKeepsEarlyResults(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	m.Update(keyMsg("2"))
	playUntil(t, m, func() bool { return m.c.Div != nil && m.c.Now() == m.c.Div.At })
	var played [2][]uint64
	for i := range played {
		played[i] = seqs(m.kept[i].evs)
	}
	m.Update(keyMsg("e"))
	m.Update(keyMsg("d"))
	for m.job != nil {
		m.Update(jobMsg{gen: m.job.gen})
	}
	if m.c.Now() != m.c.Div.At {
		t.Fatalf("after d at %v, not %v", m.c.Now(), m.c.Div.At)
	}
	for i := range played {
		if got := seqs(m.kept[i].evs); !slices.Equal(got, played[i]) {
			t.Errorf("side %d's results after d: %d rows %v\nplayed there: %d rows %v", i, len(got), got, len(played[i]), played[i])
		}
	}
}

func seqs(evs []cluster.Event) []uint64 {
	var out []uint64
	for _, e := range evs {
		out = append(out, e.Seq)
	}
	return out
}

// The results' rule and two rows come before the tracker's own rule and its oldest entries
// (nc16-e at 120x40: at 4.267s the 4.250s Expire the narration tells of was hidden under
// "↑ 14 older"; after the ask both halves read "applied results & replies: no room").
func TestCompareResultsBeforeTrackerRule(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "4.267s" })
	if v := ansi.Strip(m.View()); strings.Count(v, "4.250s n1 applies 4 Expire orders #1") != 2 {
		t.Errorf("at 4.267s the first Expire's apply is not in both halves' results:\n%s", v)
	}
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	m.Update(keyMsg("2"))
	if v := ansi.Strip(m.View()); strings.Contains(v, "no room") || strings.Count(v, "4.267s n1 applies 5 Grant") != 2 {
		t.Errorf("after the answer the results are gone:\n%s", v)
	}
}
