package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// xRow is a ✗ row of a half's results as drawn: "┃ 0.070s ✗ the story has …".
var xRow = regexp.MustCompile(`(?m)^[┃│] \d+\.\d+s ✗ `)

// xRule is a half's results rule that counts ✗ rows out of view ("↓ 2 after it (2 ✗)") with
// a row under it, where ↑ ↓ bring them.
var xRule = regexp.MustCompile(`(?m)^[┃│]─ (applied )?results.*\(\d+ ✗\).*\n[┃│][ ▸]`)

// pointsAtHiddenXRows is what v says of ✗ rows in a half's results that no row of v shows and
// no key brings on screen.
func pointsAtHiddenXRows(v string) string {
	if xRow.MatchString(v) || xRule.MatchString(v) {
		return ""
	}
	f := flat(v)
	for _, w := range []string{"the ✗ rows in the results", "results' ✗ rows at"} {
		if strings.Contains(f, w) {
			return w
		}
	}
	return ""
}

// TestCompareNeverPointsAtXRowsItCannotShow (r34 3): racing-acquires-unsafe's C at 0.070s
// (120x40) said "3 checks failed here so far: the ✗ rows in the results" over a safe half
// whose results had their rule alone (its three ✗ rows take six lines), and lease-read's and
// local-expiry-unsafe's ends at 120x34 "its results' ✗ rows at …, ↑ ↓" beside "applied
// results & replies: no room". Every twin lesson's comparison, at each pause and at its end,
// points at ✗ rows only where one is on screen.
func TestCompareNeverPointsAtXRowsItCannotShow(t *testing.T) {
	fs, err := os.ReadDir("../scenarios/lessons")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		name := strings.TrimSuffix(f.Name(), ".scenario")
		s := loadScenario(t, name)
		a, _ := scenarios.Twin(s)
		if a == nil {
			continue
		}
		for _, sz := range [][2]int{{120, 40}, {120, 34}} {
			m := newCompareModel(t, s, a, sz[0], sz[1])
			seen := map[string]bool{}
			playUntil(t, m, func() bool {
				if _, w := m.waitingAsk(); w {
					m.Update(keyMsg("1"))
				}
				if m.atPause || m.c.Done() {
					v := ansi.Strip(m.View())
					if w := pointsAtHiddenXRows(v); w != "" && !seen[w] {
						seen[w] = true
						t.Errorf("%s C %dx%d at %s: says %q with no ✗ row on screen:\n%s", name, sz[0], sz[1], simTime(m.c.Now()), w, v)
					}
				}
				return m.c.Done()
			})
		}
	}
}

// TestRacingUnsafeCompareSaysNoRoomForXRows (r34 3): where the ✗ rows have no room, the safe
// half's note says so, and the count stays.
func TestRacingUnsafeCompareSaysNoRoomForXRows(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 120, 40)
	toStopSaying(t, m, "Both Grants went into the log")
	press(m, "C")
	if m.twin == nil {
		t.Fatal("C opened nothing")
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(flat(v), "(3 of the unsafe story's checks don't hold here so far; no room for their ✗ rows)") {
		t.Errorf("the safe half's note does not say its ✗ rows have no room:\n%s", v)
	}
}
