package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A mark · right after the separator · read as a typo: the ? page's "t3 = term 3 · · none"
// and the Replication title's "Replication · ·none ✓applied" (nc31-g, nc31-i). Neither the
// ? page nor any stop's replication title, at 120x40 and 80x24, shows "· ·".
func TestNoDoubledDot(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "crash-restart", sz[0], sz[1])
		body := ansi.Strip(strings.Join(m.helpBody(sz[0], sz[1]), "\n"))
		if strings.Contains(body, "· ·") {
			t.Errorf("%dx%d: the ? page shows a doubled dot:\n%s", sz[0], sz[1], body)
		}
		everyStop(t, sz[0], sz[1], func(lesson string, stop int, v string) {
			if _, legend, ok := trackerOnScreen(v); ok && strings.Contains(legend, "· ·") {
				t.Errorf("%s %dx%d stop %d: the replication title shows a doubled dot: %q", lesson, sz[0], sz[1], stop, legend)
			}
		})
	}
}
