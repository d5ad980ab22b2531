package ui

import (
	"regexp"
	"strings"
	"testing"
)

// TestAsksDownSaysDown: a client whose next guess is a crashed node says so ("asks n1 (down)").
// leader-crash-mid-lease's c1 read "asks n1" to the end beside n1 ✖ DOWN (nc30-i); before the
// crash no line says down.
func TestAsksDownSaysDown(t *testing.T) {
	bare := regexp.MustCompile(`asks n1( [^(]|$|\n)`)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "leader-crash-mid-lease", sz[0], sz[1])
		crashed, seen := false, 0
		playThrough(t, m, func(stop int, screen string) {
			if i := strings.Index(screen, "❝"); i >= 0 {
				screen = screen[:i] // the narration, not the client line
			}
			for _, n := range m.v.Nodes {
				if n.ID == 1 && !n.Up {
					crashed = true
				}
			}
			if !crashed {
				if strings.Contains(screen, "(down)") {
					t.Errorf("%dx%d stop %d: (down) before the crash:\n%s", sz[0], sz[1], stop, screen)
				}
				return
			}
			if strings.Contains(screen, "asks n1 (down)") || strings.Contains(screen, "ask n1 (down)") {
				seen++
			}
			if bare.MatchString(screen) {
				t.Errorf("%dx%d stop %d: a client asks n1 with n1 down, and its line does not say so:\n%s", sz[0], sz[1], stop, screen)
			}
		})
		if seen == 0 {
			t.Errorf("%dx%d: no stop after the crash shows 'asks n1 (down)'", sz[0], sz[1])
		}
	}
}
