package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// late-expire-unsafe's ask is what the late Expire does to c2. Its first stop said the Expire
// "now deletes WHATEVER holds the key" and that c2's Grant "lands between the two copies", and
// the ? page said "an Expire naming token 1 deleted the lock another token held": only "is c2
// told?" was left to reason (nc32-c). What comes before the ask says what the switch turns off
// (the token compare), not what that does.
func TestLateExpireUnsafeTellsNoAnswerBeforeItsAsk(t *testing.T) {
	s, err := scenarios.Load("late-expire-unsafe")
	if err != nil {
		t.Fatal(err)
	}
	var before []string
	for _, st := range s.Steps {
		if st.Kind == scenarios.StepAsk {
			break
		}
		if st.Kind == scenarios.StepSay {
			before = append(before, st.Text)
		}
	}
	m := playLesson(t, "late-expire-unsafe", 120, 40)
	lines, _ := m.helpItems(120, 40)
	page := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " ")
	for _, text := range append(before, page) {
		low := strings.ToLower(text)
		for _, p := range []string{"whatever holds", "lands between", "another token held", "deletes c2", "c2's lock is deleted"} {
			if strings.Contains(low, p) {
				t.Errorf("before the ask, %q tells the answer: %s", p, text)
			}
		}
	}
}
