package ui

import (
	"slices"
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
