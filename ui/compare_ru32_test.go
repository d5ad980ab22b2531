package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// C at racing-acquires-unsafe's end said "12 of 11 don't hold here": the failed wait-untils
// were counted against the expects (nc32-a). The safe half was titled by the unsafe lesson's
// name alone, its c3 wrote "#0", and "why none:" needed a second reading.
func TestCompareTwinCountsChecksAndWaits(t *testing.T) {
	s := loadScenario(t, "racing-acquires-unsafe")
	tw, _ := scenarios.Twin(s)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := newCompareModel(t, s, tw, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.c.Done() })
		vd := m.c.Sides[1].Verdict
		got := m.verdictWords(1)
		if vd.Failed > vd.Expects() || !strings.Contains(got, "12 of the unsafe: unchecked-proposals run's 21 checks and waits don't hold here") {
			t.Errorf("%dx%d: the safe run's count: %q (%d of %d expects failed, %d failures)", sz[0], sz[1], got, vd.Failed, vd.Expects(), len(vd.Failures))
		}
		v := ansi.Strip(m.View())
		if sz[0] == 120 {
			for _, want := range []string{"safe · racing-acquires-unsafe's script, switch off", "write with no token ✗ rejected", "✗ c3 (no token)"} {
				if !strings.Contains(v, want) {
					t.Errorf("%dx%d: no %q:\n%s", sz[0], sz[1], want, v)
				}
			}
			// Beside the unsafe run's violations the safe half's none needs no why (nc32-l),
			// and the bare "why none:" is gone everywhere.
			if strings.Contains(v, "why none:") {
				t.Errorf("a bare 'why none:' left:\n%s", v)
			}
		}
		if strings.Contains(v, "#0") || strings.Contains(v, "12 of 11") {
			t.Errorf("%dx%d: '#0' or '12 of 11' left:\n%s", sz[0], sz[1], v)
		}
	}
}

// racing-acquires-unsafe's diagram details for the non-linearizable mark said "no valid order
// against the lock's sequential model", words nothing on screen explained (nc32-a).
func TestDiagramNonLinDetailsPlain(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 120, 40)
	playUntilOnScreen(t, m, "One fault, two witnesses")
	found := false
	for _, r := range m.sim.dg.Rows() {
		if r.Mark && strings.Contains(r.M.Text, "non-linearizable") || r.Mark && strings.Contains(r.M.Text, "sequential model") {
			found = true
			d := strings.Join(rowDetails(&r), " ")
			if strings.Contains(d, "sequential model") || !strings.Contains(d, "a single correct lock") {
				t.Errorf("details: %q", d)
			}
		}
	}
	if !found {
		t.Fatal("no non-linearizable mark in the diagram")
	}
}
