package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The Replication panel named the same proposer two ways: "n1 expiry" on the applied Expires
// beside "n1 lease expiry #1" on the pending one (compare late-expire --unsafe at 160x48,
// nc16-d). In a panel every Expire row names its proposer one way (or, short of room, not at
// all), in play and in compare.
func TestReplicationNamesTheLeadersExpiryOneWay(t *testing.T) {
	name := regexp.MustCompile(`Expire orders #\d.*· (n\d (?:lease )?expiry(?: #\d)?)`)
	check := func(where string, rows []string) {
		seen := map[string]bool{}
		for _, r := range rows {
			if mm := name.FindStringSubmatch(ansi.Strip(r)); mm != nil {
				seen[strings.TrimSpace(mm[1])] = true
			}
		}
		if len(seen) > 1 {
			t.Errorf("%s: the leader's Expires are named %d ways: %v\n%s", where, len(seen), seen, strings.Join(rows, "\n"))
		}
	}
	for _, sz := range [][2]int{{160, 48}, {200, 50}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		compareStops(t, m, func(string) {
			for i, box := range m.halves(m.layout()) {
				check(fmt.Sprintf("compare %dx%d at %s half %d", sz[0], sz[1], simTime(m.c.Now()), i), box)
			}
		})
	}
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		pm := playLesson(t, "late-expire", sz[0], sz[1])
		stops(t, pm, func(stop int, v string) {
			check(fmt.Sprintf("play %dx%d stop %d", sz[0], sz[1], stop), strings.Split(v, "\n"))
		})
	}
}
