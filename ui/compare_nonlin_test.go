package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A non-linearizable verdict's instant is the check's: late-expire --unsafe stamps it 5.860s,
// 600ms after the Expire it judges, and nothing on screen said why (round 9). The row and the
// end's verdict say the history is checked once its operations complete.
func TestCompareSaysWhenNonLinearizableIsFound(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	playUntil(t, m, func() bool { return m.c.Done() })
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{"non-linearizable: ? glossary; stamped when found, once its operations completed"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q on the end screen:\n%s", want, ansi.Strip(m.View()))
		}
	}
}
