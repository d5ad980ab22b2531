package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
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

// everyStop plays every lesson at w x h to its end and calls at with each stop's screen.
func everyStop(t *testing.T, w, h int, at func(lesson string, stop int, screen string)) {
	t.Helper()
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, w, h)
		playThrough(t, m, func(stop int, v string) { at(l.Name, stop, v) })
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

// TestTimelineRowsWholeEveryLesson plays every lesson at 120x40 and 80x24 and renders each of its lock
// events as the timeline does: none loses a word ("…" its words do not have). The words the
// timeline writes itself (cluster.Event.Describe) fit on one row; only a text that comes from
// elsewhere, a violation's explanation, a configuration, a client's or a fault's words, may wrap.
func TestTimelineRowsWholeEveryLesson(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		timelineRowsWhole(t, sz[0], sz[1])
	}
}

func timelineRowsWhole(t *testing.T, sw, sh int) {
	wrapped, rows := 0, 0
	for _, l := range scenarios.Lessons() {
		t.Run(l.Name+"/"+sizeName([2]int{sw, sh}), func(t *testing.T) {
			m := playLesson(t, l.Name, sw, sh)
			playThrough(t, m, func(int, string) {})
			r := &m.sim.tl.rings[filterLock]
			atW := timeColumn(r)
			w := m.tl.vp.Width
			for i := 0; i < r.len(); i++ {
				e := &r.at(i).ev
				d := e.Describe()
				line := ansi.Strip(eventLine(e, m.st, w, atW))
				rows++
				if strings.Count(line, "…") > strings.Count(d, "…") {
					t.Errorf("cut at %d cells: %q", w, line)
				}
				if !strings.Contains(line, "\n") {
					continue
				}
				wrapped++
				switch {
				case e.Kind == cluster.EvViolation, e.Kind == cluster.EvError, e.Kind == cluster.EvClient,
					e.Kind == cluster.EvFault, e.Kind == cluster.EvConfApplied, e.Kind == cluster.EvConfProposed,
					e.Cmd.Kind == 0 && e.Text != "",
					// A snapshot's locks beyond one (its one-lock row fits).
					(e.Kind == cluster.EvSnapshotTaken || e.Kind == cluster.EvSnapshotRestored) && strings.Contains(e.Detail, ","):
					continue
				}
				t.Errorf("wraps at %d cells (%d cells of words): %q", w, width(d), d)
			}
		})
	}
	t.Logf("%d of %d lock-event rows wrap at %dx%d", wrapped, rows, sw, sh)
}
