package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A non-linearizable verdict's instant is the check's: late-expire --unsafe stamps it 5.860s,
// 600ms after the Expire it judges, and nothing on screen said why (round 9). The end's verdict
// says when the history is checked: when a script step checks for violations, and at the end.
// And why no order fits, in one plain sentence (nc20-g: "I can repeat that two Expires of #1
// both said they freed it, but not why no order of the three operations fits").
func TestCompareSaysWhenNonLinearizableIsFound(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	playUntil(t, m, func() bool { return m.c.Done() })
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{"non-linearizable (?? glossary; no order fits: freeing #1 twice needs #1 held again in between, and nothing re-granted #1; found at 5.860s: the history is checked only at violation checks and the end)"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q on the end screen:\n%s", want, ansi.Strip(m.View()))
		}
	}
}
