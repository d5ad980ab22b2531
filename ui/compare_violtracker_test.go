package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A half with a violation keeps its tracker's newest row beside the explanation: the entry that
// made the violation is the one to look at. late-expire --unsafe expire-ignores-token at 120x40,
// at its 5.253s stop, gave the unsafe half's tracker rows all to the explanation (round 9).
func TestCompareViolationKeepsTheTrackersNewestRow(t *testing.T) {
	row := regexp.MustCompile(`^ *6 t1 +Expire orders #1`)
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
	v := ansi.Strip(m.View())
	h := halfBoxes(v)
	if len(h) != 2 {
		t.Fatalf("halves: %d\n%s", len(h), v)
	}
	found := false
	for _, l := range h[1] {
		found = found || row.MatchString(l)
	}
	unsafe := strings.Join(strings.Fields(strings.Join(h[1], " ")), " ")
	if !found || !strings.Contains(unsafe, "VIOLATION lost-grant") || !strings.Contains(unsafe, "neither its holder's release nor an Expire naming token 2") {
		t.Errorf("at %s: the unsafe half lacks its tracker's Expire row or the whole violation:\n%s", simTime(m.c.Now()), v)
	}
}
