package ui

import (
	"regexp"
	"strings"
	"testing"
)

// TestAsksQuotedShows: where a stop's narration quotes a client's 'asks nY', the clients row
// shows it at 80x24 too. ghost-lock's timeout stop said "c1's line says 'asks n2'", and the
// compact row, short of room, had dropped every client's 'asks' (nc20-j).
func TestAsksQuotedShows(t *testing.T) {
	quote := regexp.MustCompile(`'asks (n[0-9]+)'`)
	for _, name := range []string{"ghost-lock", "racing-acquires-unsafe"} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, name, sz[0], sz[1])
			seen := 0
			playThrough(t, m, func(stop int, screen string) {
				if i := strings.Index(screen, "❝"); i >= 0 {
					screen = screen[:i] // the narration quotes it itself
				}
				for _, s := range m.says() {
					for _, q := range quote.FindAllStringSubmatch(s, -1) {
						seen++
						if !strings.Contains(screen, "asks "+q[1]) {
							t.Errorf("%s %dx%d stop %d: the narration quotes %s, the screen lacks it:\n%s", name, sz[0], sz[1], stop, q[0], screen)
						}
					}
				}
			})
			if seen == 0 {
				t.Errorf("%s: no narration quotes 'asks nY' any more; the test has nothing to look at", name)
			}
		}
	}
}
