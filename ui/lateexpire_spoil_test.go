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

// The ? page's entry for "— deleted by Expire #1" said an Expire naming token 1 deleted the
// key's lock and that its Replication row says whose: before the ask, that is its answer (the
// late Expire deletes c2's lock; nc34-x). The entry shows once a lock table shows the words.
func TestLateExpireUnsafeKeysPageWaitsForDeletedBy(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "late-expire-unsafe", sz[0], sz[1])
		shown := false
		for stop := 1; !m.sim.ended; stop++ {
			runToStop(t, m)
			lines, _ := m.helpItems(sz[0], sz[1])
			page := strings.Join(strings.Fields(ansi.Strip(strings.Join(lines, " "))), " ")
			onScreen := strings.Contains(ansi.Strip(m.View()), "— deleted")
			if inPage := strings.Contains(page, "deleted by Expire"); inPage != onScreen {
				t.Errorf("%dx%d stop %d: the ? page names '— deleted by Expire' %v, a lock table shows it %v", sz[0], sz[1], stop, inPage, onScreen)
			}
			if m.pendingAsk() != nil && strings.Contains(page, "deleted by Expire") {
				t.Errorf("%dx%d stop %d: at the ask the ? page tells what the late Expire deletes", sz[0], sz[1], stop)
			}
			shown = shown || onScreen
			answerAsk(m)
			press(m, "enter")
		}
		if !shown {
			t.Errorf("%dx%d: no lock table ever read '— deleted': this test checks nothing", sz[0], sz[1])
		}
	}
}
