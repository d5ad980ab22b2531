package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// With unsafe lease-read the leader's column shows its own lease, the value the world computes
// (how long it may still answer reads if it hears from no one), at both layouts; the old and
// the new leader each show theirs. Without the switch no column shows one.
func TestOwnLeaseOnTheLeadersColumn(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, name := range []string{"lease-read-unsafe", "lease-read"} {
			s, err := scenarios.Load(name)
			if err != nil {
				t.Fatal(err)
			}
			m := newPlay(t, s, sz[0], sz[1])
			for range 4 { // the fourth pause: n1 cut off and still leading, a new leader elected
				runToStop(t, m)
				answerAsk(m)
				press(m, "enter")
			}
			runToStop(t, m)
			w := m.sim.p.World()
			screen := m.View()
			unsafe := name == "lease-read-unsafe"
			if got := strings.Contains(screen, "own lease"); got != (unsafe && sz[0] == 80) {
				t.Errorf("%s %dx%d: the \"own lease\" column header shown: %v", name, sz[0], sz[1], got)
			}
			leaders := 0
			for id := 1; id <= w.Nodes(); id++ {
				lease, ok := w.OwnLease(id)
				if ok != (unsafe && m.v.Nodes[id-1].Role == "leader") {
					t.Errorf("%s: n%d own lease %v %v as %s", name, id, lease, ok, m.v.Nodes[id-1].Role)
				}
				if !ok {
					continue
				}
				leaders++
				want := "lease " + leftText(lease)
				if sz[0] == 80 {
					want = nodeRowOf(t, screen, id) // the compact row: its own lease in its column
					if !strings.Contains(want, " "+leftText(lease)+" ") {
						t.Errorf("%s 80x24: n%d's row %q lacks its own lease %s", name, id, want, leftText(lease))
					}
					continue
				}
				if !strings.Contains(screen, want) {
					t.Errorf("%s 120x40: no %q for n%d on screen:\n%s", name, want, id, screen)
				}
			}
			if unsafe && leaders != 2 {
				t.Errorf("%s: %d nodes with an own lease, want the old and the new leader", name, leaders)
			}
		}
	}
}

// nodeRowOf is node id's row of the compact table.
func nodeRowOf(t *testing.T, screen string, id int) string {
	t.Helper()
	for _, row := range strings.Split(screen, "\n")[1:] { // below the header line
		if strings.Contains(row, " n"+itoa(id)+" ") && strings.Contains(row, " T") {
			return row
		}
	}
	t.Fatalf("no row for n%d:\n%s", id, screen)
	return ""
}
