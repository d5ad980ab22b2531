package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// Spare rows go to the timeline: at every stop of every lesson, at 80x24 and 120x40, while the
// timeline has more rows than it shows, no row of the foot (the narration's area, the status
// and help lines) is blank. The end of first-lock and gc-pause left the status row blank at
// 80x24 with the timeline cut to one row.
func TestNoBlankRowWhileTheTimelineIsCut(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		for _, l := range scenarios.Lessons() {
			m := playLesson(t, l.Name, sz[0], sz[1])
			for stop := 0; stop < 60; stop++ {
				runToStop(t, m)
				if m.tl.vp.TotalLineCount() > m.tl.vp.Height+m.narrationLent() {
					rows := strings.Split(ansi.Strip(m.View()), "\n")
					// The timeline's own foot, following the newest row, may be blank: the rows it
					// dropped at its top were the tail of an event wrapped from above, which shows
					// whole or not at all (wholeRows), and nothing is below to move up.
					tlEnd := m.lay.timeline.y + len(timelinePanel{}.Render(m, m.lay.timeline))
					for y := m.lay.narration.y; y < len(rows); y++ {
						if y < tlEnd && m.lay.mode == modeCompact && m.tl.vp.AtBottom() {
							continue
						}
						if strings.TrimSpace(rows[y]) == "" {
							t.Errorf("%s %dx%d, stop %d at %v: row %d is blank while the timeline is cut:\n%s",
								l.Name, sz[0], sz[1], stop, m.sim.p.Now(), y, strings.Join(rows, "\n"))
							break
						}
					}
				}
				if m.sim.ended {
					break
				}
				answerAsk(m)
				press(m, "enter")
			}
		}
	}
}
