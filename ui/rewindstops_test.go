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
		if sz[0] == 120 && !strings.Contains(status, "space plays on") {
			t.Errorf("120x40: the status is cut: %q", status)
		}
	}
}

// After ← the status names the key that plays on, and that key does: it said "enter plays
// on" where enter answered "not at a script pause" and only space played on (nc31-i, from
// racing-acquires' end).
func TestRewindNamesTheKeyThatPlaysOn(t *testing.T) {
	for _, lesson := range []string{"racing-acquires", "first-lock"} {
		m := playLesson(t, lesson, 120, 40)
		for !m.sim.ended {
			runToStop(t, m)
			answerAsk(m)
			press(m, "enter")
		}
		press(m, "left")
		finishJob(m)
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		status := lines[len(lines)-2]
		i := strings.Index(status, " plays on")
		if i < 0 {
			t.Fatalf("%s: after ← the status names no key that plays on: %q", lesson, status)
		}
		k := status[strings.LastIndex(status[:i], " ")+1 : i]
		press(m, k)
		if !m.sim.moving() && !strings.Contains(m.status, "continuing") {
			t.Errorf("%s: after ← the status says %q plays on, but %s does not: %q", lesson, k, k, m.status)
		}
	}
}
