package ui

import (
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var tlRowOnScreen = regexp.MustCompile(`(?m)[│┃]\d+\.\d{3}s `)

// A timeline scrolled up keeps the rows the narration lends it: at ghost-lock's first stop
// (120x40) scrolling up lost three rows to blank lines under the narration (rounds 10, 11).
func TestScrolledTimelineKeepsLentRows(t *testing.T) {
	m := playLesson(t, "ghost-lock", 120, 40)
	runToStop(t, m)
	press(m, "enter") // the second stop, 0.041s: c2 has just lost its connection
	runToStop(t, m)
	before := len(tlRowOnScreen.FindAllString(ansi.Strip(m.View()), -1))
	top := m.tl.vp.YOffset
	press(m, "shift+tab")
	for m.focus != panelTimeline {
		press(m, "shift+tab")
	}
	press(m, "up", "up", "up")
	after := len(tlRowOnScreen.FindAllString(ansi.Strip(m.View()), -1))
	if m.tl.vp.YOffset >= top {
		t.Fatalf("the timeline did not scroll:\n%s", ansi.Strip(m.View()))
	}
	if after < before {
		t.Fatalf("scrolled, the timeline shows %d rows, %d before:\n%s", after, before, ansi.Strip(m.View()))
	}
}
