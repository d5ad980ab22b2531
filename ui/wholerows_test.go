package ui

import (
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
			top := timelineTop(t, m)
			if lead := strings.Repeat(" ", m.tl.atW+1); strings.HasPrefix(top, lead) && strings.TrimSpace(top) != "" {
				t.Errorf("%dx%d stop %d: the timeline starts mid-row: %q\n%s", sz[0], sz[1], stop, top, ansi.Strip(m.View()))
			}
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
