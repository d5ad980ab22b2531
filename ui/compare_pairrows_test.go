package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// trackerRowRe is a replication row: index, term, command, then the stage marks and the rest.
var trackerRowRe = regexp.MustCompile(`^\s*(\d+) t\d+\s+((?:Grant|Expire|Release|Renew|Checkpoint|empty)\b.*?)\s{1,}((?:[✓○◆s✗·⊘-]\s+)+)(.*)$`)

// pairTrackerRows is each half's replication rows by index: the command and what follows the
// stage marks (result · proposer).
func pairTrackerRows(m *CompareModel) [2]map[string][2]string {
	var out [2]map[string][2]string
	for i, h := range m.halves(m.layout()) {
		out[i] = map[string][2]string{}
		for _, l := range h {
			l = strings.Trim(ansi.Strip(l), "┃┏┓┗┛━│╭╮╰╯─ ")
			if r := trackerRowRe.FindStringSubmatch(l); r != nil {
				out[i][r[1]] = [2]string{strings.TrimSpace(r[2]), strings.TrimSpace(r[4])}
			}
		}
	}
	return out
}

// In `compare late-expire --unsafe expire-ignores-token` the replication row of an entry both
// runs hold reads alike in both halves but for what differs in the runs: entry 6, the retried
// Expire, read "LATE no-op Expired{existed:false}" in the safe half and "deletes c2's lock #2 ·
// n1 retry #1" in the other (a proposer on one side only, a result on one side only, the LATE
// tag on one side only), at every size.
func TestComparePairedRowsReadAlike(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		saw6 := false
		compareStops(t, m, func(string) {
			rows := pairTrackerRows(m)
			for idx, s := range rows[0] {
				u, ok := rows[1][idx]
				if !ok || s[0] != u[0] {
					continue
				}
				if idx == "6" && strings.Contains(s[1], "existed:false") {
					saw6 = true
				}
				sp, up := "", ""
				if i := strings.LastIndex(s[1], " · "); i >= 0 {
					sp = s[1][i:]
				}
				if i := strings.LastIndex(u[1], " · "); i >= 0 {
					up = u[1][i:]
				}
				for _, w := range []string{"LATE", "existed:", "Expired{"} {
					if strings.Contains(s[1], w) != strings.Contains(u[1], w) {
						t.Errorf("%dx%d %s entry %s: one half says %q, the other not: %q | %q", sz[0], sz[1], simTime(m.c.Now()), idx, w, s[1], u[1])
					}
				}
				if sp != up {
					t.Errorf("%dx%d %s entry %s names its proposer differently: %q | %q", sz[0], sz[1], simTime(m.c.Now()), idx, s[1], u[1])
				}
			}
		})
		if !saw6 && sz[0] > 80 { // 80x24's halves have no room for entry 6's row in both

			t.Errorf("%dx%d: entry 6's late Expire never showed in both halves", sz[0], sz[1])
		}
	}
}
