package ui

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/scenarios"

	"github.com/charmbracelet/x/ansi"
)

// nc25-m, racing-acquires' C at 120x40: the node table's head read "clock check" at 0.070s
// (three keys: no room for the word in the row) and "clock" at 0.055s with "check 0.9s ✓" in
// the leader's row; the unsafe half's leader row said "check" at one stop and not at the next.
// The check now stands under "clock check" at every stop, in both halves alike. Its ✗ row
// said "history orders …", script language, and "(2 checks failed here so far)" beside one ✗
// row; and "↓ 6 newer" at a paused instant read as rows from after it.
func TestRacingAcquiresCompareLayoutStaysAndSaysWhere(t *testing.T) {
	a := loadScenario(t, "racing-acquires")
	b, err := scenarios.WithUnsafe(a, "unchecked-proposals")
	if err != nil {
		t.Fatal(err)
	}
	m := newCompareModel(t, a, b, 120, 40)
	inRow := regexp.MustCompile(`leader +T1 +\d+/\d+ ×1 check `)
	for _, at := range []string{"0.055s", "0.070s", "0.090s"} {
		playToStopAt(t, m, at)
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "node              term c/a clock check net") || inRow.MatchString(v) {
			t.Errorf("%s: the leader's check is not under the head's 'clock check' in both halves:\n%s", at, v)
		}
		if at != "0.070s" {
			continue
		}
		flat := strings.Join(strings.Fields(strings.NewReplacer("┃", " ").Replace(lowerHalf(t, v))), " ")
		if strings.Contains(flat, "history orders") || !strings.Contains(flat, "here, on every node: Granted{token:3}, then GrantRejected") {
			t.Errorf("0.070s: the ✗ row speaks script language:\n%s", v)
		}
		// (Since nc26-m the ✗ rows themselves show, in place of the note that pointed at them.)
		if strings.Contains(flat, "the ✗ rows in the results") || strings.Contains(flat, "↓ 2 more") || !strings.Contains(flat, "✗ the story has c2 reply busy; here: c2 reply rejected") {
			t.Errorf("0.070s: the failed checks are not where the half says:\n%s", v)
		}
	}
	// Back at the divergence, the layout is the one the later stops had.
	m.Update(keyMsg("d"))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "clock check net") || inRow.MatchString(v) {
		t.Errorf("d: the table's layout changed:\n%s", v)
	}
}
