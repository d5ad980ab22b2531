package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// What waits in a frozen node's buffer is on screen: round 7 saw c1's keepalive and c2's
// acquire leave "on the wire" in frozen-leader and could not tell where they went. The node
// says how many wait unread; the full screen's Network panel names them.
func TestFrozenNodesBufferOnScreen(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "frozen-leader", sz[0], sz[1])
		found := false
		for stop := 0; stop < 10 && !m.sim.ended && !found; stop++ {
			runToStop(t, m)
			n1 := &m.v.Nodes[0]
			if n1.Frozen && len(n1.Unread) == 2 {
				found = true
				if n1.Unread[0].What != "c1 keepalive orders" || n1.Unread[1].What != "c2 acquire orders" {
					t.Errorf("n1's buffer %+v, want c1's keepalive, then c2's acquire", n1.Unread)
				}
				screen := ansi.Strip(m.View())
				want := []string{"2 unread"}
				if sz[0] == 120 {
					want = append(want, "n1 frozen, unread in its buffer: c1 keepalive", "orders, c2 acquire orders")
				}
				for _, w := range want {
					if !strings.Contains(screen, w) {
						t.Errorf("%dx%d: %q not on screen:\n%s", sz[0], sz[1], w, screen)
					}
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if !found {
			t.Fatalf("%dx%d: no stop with n1 frozen and two requests unread", sz[0], sz[1])
		}
	}
}
