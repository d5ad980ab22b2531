package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A frozen node reads FROZEN at both sizes: round 8 met only "leader FRZ" at 120x40, where the
// column's title had no room for "leader FROZEN", while frozen-leader's narration says FROZEN.
func TestFrozenNodeSaysFrozenAtBothSizes(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "frozen-leader", sz[0], sz[1])
		found := false
		for stop := 0; stop < 10 && !m.sim.ended && !found; stop++ {
			runToStop(t, m)
			if m.v.Nodes[0].Frozen {
				found = true
				screen := ansi.Strip(m.View())
				if !strings.Contains(screen, "n1 FROZEN") || strings.Contains(screen, "FRZ") {
					t.Errorf("%dx%d: n1 frozen but not shown as FROZEN:\n%s", sz[0], sz[1], screen)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if !found {
			t.Fatalf("%dx%d: no stop with n1 frozen", sz[0], sz[1])
		}
	}
}

// A client's own timeout is named a request timeout on its row: round 8 read "timeout 3s" as
// the election timeout the narration beside it gives (3s in frozen-leader).
func TestClientRowNamesRequestTimeout(t *testing.T) {
	m := playLesson(t, "frozen-leader", 120, 40)
	runToStop(t, m)
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "request timeout 3s") {
		t.Fatalf("c1's row does not say request timeout 3s:\n%s", screen)
	}
}
