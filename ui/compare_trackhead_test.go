package ui

import (
	"regexp"
	"strings"
	"testing"
)

// A half that shows a replication row names its columns, as the other half does: with room
// for one row only, its rule is the column head. etcd-failover-reset at 120x40 lost the head in
// the lower half (its story check's line took the row) at 4.073s, 4.120s and 4.620s, while the
// upper half had it.
func TestCompareTrackerRowsHaveTheirColumnHead(t *testing.T) {
	row := regexp.MustCompile(`^ *\d+ t\d+ +\S`) // a tracker row: "  5 t2   Expire orders #1 ..."
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
		m := newCompareModel(t, a, b, sz[0], sz[1])
		compareStops(t, m, func(v string) {
			for h, half := range halfBoxes(v) {
				head := false
				for _, l := range half {
					if strings.Contains(l, "idx") && strings.Contains(l, "term") && strings.Contains(l, "command") {
						head = true
					}
					if row.MatchString(l) && !head {
						t.Fatalf("%dx%d at %s: half %d shows a replication row with no column head above it:\n%s", sz[0], sz[1], simTime(m.c.Now()), h, v)
					}
				}
			}
		})
	}
}
