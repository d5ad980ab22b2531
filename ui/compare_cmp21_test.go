package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// At late-expire's 4.150s stop (compare --unsafe expire-ignores-token, 120x40) the narration
// is about entry 4, "the uncommitted Expire" c2's Grant sits behind, but both halves'
// Replication read "↑ 2 earlier" over entries 5 and 6, and compare's ↑ ↓ scroll the results:
// entry 4 could not be brought back (nc20-g). An entry the stop names stays in the window.
func TestCompareNamedEntryStaysInReplication(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	// (Since nc23-g the Grant has a stop of its own, 3.058s, before the second Expire's.)
	for _, say := range []string{"entry 4's Expire, not yet committed", "AGAIN: entry 6"} {
		playUntil(t, m, func() bool {
			says, _, _ := m.c.Narration(0)
			return m.atPause && strings.Contains(strings.Join(says, " "), say)
		})
		entry4 := regexp.MustCompile(`(^| )4 t1 Expire orders #1 `)
		for i := range 2 {
			if h := halfText(m, i); !entry4.MatchString(h) {
				t.Errorf("at %s half %d does not show entry 4, which the narration names: %s", simTime(m.c.Now()), i, h)
			}
			// Its results keep their newest row (↑ ↓ still scroll them).
			if h := halfText(m, i); !strings.Contains(h, "3.052s c2 gets not-leader from n5") {
				t.Errorf("half %d's results are gone: %s", i, h)
			}
		}
		m.Update(keyMsg("up"))
		if !strings.Contains(m.status, "results up to") {
			t.Errorf("↑ at %s: %q", simTime(m.c.Now()), m.status)
		}
		m.Update(keyMsg("down"))
	}
}

// At the divergence the unsafe half says "✗ 2 of the story's checks did not hold" and showed
// one ✗ row, the other among "1 between hidden" (nc19-g, nc20-g): both show with the violation,
// the tracker keeping its newest entry, the one that made it.
func TestCompareDivergenceShowsBothMisses(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToDivergence(t, m)
	h := halfText(m, 1)
	for _, want := range []string{
		"✗ 2 of the story's checks did not hold",
		"✗ the story has n1 result orders Expired{existed:false}",
		"✗ the story has n1 lock orders token 2",
		"6 t1 Expire orders #1",
		"VIOLATION lost-grant",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("the unsafe half at the divergence lacks %q: %s", want, h)
		}
	}
	if strings.Contains(h, "between hidden") {
		t.Errorf("a ✗ row is still hidden: %s", h)
	}
}

// After n at the end the unsafe half's rule said "replication: no room (a taller terminal)"
// over a blank row under the violation (nc19-g, nc20-g): the row is the tracker's. Since c3's
// stop is the story's last, its say was read there: n is not offered (its line, "said after
// its last stop", was untrue and took the row the Replication needed at 120x40).
func TestCompareLastWordsKeepReplicationRow(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, m.c.Ended)
		if v := ansi.Strip(m.View()); strings.Contains(v, "the story's last narration") || strings.Contains(v, "story's last words") {
			t.Errorf("%v: n is offered for says read at the last stop:\n%s", sz, v)
		}
		rows := m.halves(m.layout())[1]
		for j, l := range rows[1 : len(rows)-1] {
			if strings.Trim(ansi.Strip(l), "┃│ ") == "" {
				t.Errorf("%v: the unsafe half's row %d is blank:\n%s", sz, j+1, ansi.Strip(strings.Join(rows, "\n")))
			}
		}
		if sz[0] == 120 {
			if h := halfText(m, 1); strings.Contains(h, "replication: no room") || !strings.Contains(h, "7 Grant orders 5s → Granted{token:3}") {
				t.Errorf("%v: the unsafe half lost its Replication: %s", sz, h)
			}
		}
	}
}

// `×1` in the node table's clock column was defined nowhere on the compare screens (nc20-g).
func TestGlossaryDefinesClockColumn(t *testing.T) {
	for _, g := range scenarios.Glossary {
		if strings.Contains(g.Term, "×1") && strings.Contains(g.Text, "×1 a true clock") {
			return
		}
	}
	t.Error("no glossary entry says what ×1 in the clock column means")
}
