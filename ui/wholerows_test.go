package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTimelineTopRowIsWhole: at every stop of frozen-leader at both sizes, the timeline's top
// row is an event's first row (its time) or blank, never the tail of a row wrapped from above
// (round 8's end screen at 120x40 began "         no longer its own").
func TestTimelineTopRowIsWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "frozen-leader", sz[0], sz[1])
		wrapped := false
		for stop := 0; stop < 20; stop++ {
			runToStop(t, m)
			checkTimelineTop(t, m, fmt.Sprintf("%dx%d stop %d", sz[0], sz[1], stop))
			all := ansi.Strip(m.sim.tl.content(m.tl.filter, tlRows, m.tl.vp.Width, m.st))
			if strings.Contains(all, "\n"+strings.Repeat(" ", m.tl.atW+1)) {
				wrapped = true
			}
			if m.sim.ended {
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
		if !wrapped && sz[0] == 120 {
			t.Errorf("%dx%d: no stop showed a wrapped row: the test proves nothing", sz[0], sz[1])
		}
	}
}

// TestTimelineScrolledTopRowIsWhole: scrolled up by hand one row at a time from every stop of
// racing-acquires-unsafe, the timeline still starts with an event's first row, never with the
// empty rows that blanking a wrapped row's tail left (round 9: one or two at the top, over the
// 'non-linearizable' row at 0.090s).
func TestTimelineScrolledTopRowIsWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires-unsafe", sz[0], sz[1])
		for stop := 0; stop < 20; stop++ {
			runToStop(t, m)
			checkTimelineTop(t, m, fmt.Sprintf("%dx%d stop %d", sz[0], sz[1], stop))
			vp := m.tl.vp
			for up := 1; up <= 4; up++ {
				m.tl.vp.ScrollUp(1)
				m.tl.anchored = false
				checkTimelineTop(t, m, fmt.Sprintf("%dx%d stop %d scrolled up %d", sz[0], sz[1], stop, up))
			}
			m.tl.vp = vp
			if m.sim.ended {
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
	}
}

// checkTimelineTop fails when the timeline, holding events, starts with the tail of a row wrapped
// from above or with an empty row.
func checkTimelineTop(t *testing.T, m *Model, at string) {
	t.Helper()
	top := timelineTop(t, m)
	if m.tl.vp.TotalLineCount() == 0 {
		return
	}
	if lead := strings.Repeat(" ", m.tl.atW+1); strings.HasPrefix(top, lead) || strings.TrimSpace(top) == "" {
		t.Errorf("%s: the timeline starts mid-row or empty: %q\n%s", at, top, ansi.Strip(m.View()))
	}
}

// timelineTop is the timeline's first row as drawn (with the rows the narration lends it),
// stripped of its frame.
func timelineTop(t *testing.T, m *Model) string {
	t.Helper()
	rows := timelinePanel{}.Render(m, m.lay.timeline)
	if len(rows) < 2 {
		t.Fatalf("a timeline of %d rows", len(rows))
	}
	return strings.Trim(ansi.Strip(rows[1]), "│┃")
}
