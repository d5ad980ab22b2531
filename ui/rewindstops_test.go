package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// ← is a second of simulated time, and first-lock's first stops are all within it: from the
// stop after its first question, ← lands at 0.000s, eight stops back, and a newcomer took it for
// a snap back to a stop (fl29). The status line says what ← is and how many stops it passed,
// whole at 120x40 (at 80x24 its last words may give way).
func TestRewindSaysStopsPassed(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		runToStop(t, m)
		for m.pendingAsk() == nil {
			press(m, "enter")
			runToStop(t, m)
		}
		answerAsk(m)
		press(m, "enter")
		runToStop(t, m)
		want := m.stopsAfter(max(0, m.sim.p.Now()-1e9))
		press(m, "left")
		finishJob(m)
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		status := lines[len(lines)-2]
		if want < 2 || !strings.Contains(status, "← is 1s of simulated time: back past "+itoa(want)+" script stops") {
			t.Errorf("%dx%d: a rewind past %d stops does not say so: %q", sz[0], sz[1], want, status)
		}
		if sz[0] == 120 && !strings.Contains(status, "enter plays on") {
			t.Errorf("120x40: the status is cut: %q", status)
		}
	}
}
