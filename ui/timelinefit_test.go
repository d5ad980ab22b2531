package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// playThrough plays a lesson to its end, answering every ask right, and calls at with the
// screen at every stop and at the end.
func playThrough(t *testing.T, m *Model, at func(stop int, screen string)) {
	t.Helper()
	for stop := 0; ; stop++ {
		if stop > 200 {
			t.Fatal("the lesson did not end")
		}
		runToStop(t, m)
		at(stop, ansi.Strip(m.View()))
		if m.sim.ended {
			return
		}
		answerAsk(m)
		press(m, "enter")
	}
}

// TestLessonScreensOneArrow plays every lesson at 120x40 and finds no ASCII arrow on any stop's
// screen, nor in its whole timeline under every filter at the end: an apply's result, a
// message, a cut link read with one arrow, →, as the Network panel draws them.
func TestLessonScreensOneArrow(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			m := playLesson(t, l.Name, 120, 40)
			playThrough(t, m, func(stop int, v string) {
				if strings.Contains(v, "->") {
					t.Errorf("stop %d shows ->:\n%s", stop, v)
				}
			})
			for f := filter(0); f < nFilters; f++ {
				if c := ansi.Strip(m.sim.tl.content(f, ringSize, 200, m.st)); strings.Contains(c, "->") {
					t.Errorf("the %s timeline shows ->:\n%s", f, c)
				}
			}
		})
	}
}
