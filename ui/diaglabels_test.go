package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The message diagram's labels are whole where the lanes can make room (issue 21: lock-delay
// at 80x24 cut "Expired{existed:t…" and "Expired{…" beside lanes 4 cells apart): lanes close
// to 3 cells, and a run of neighbouring nodes' marks reads "n2-n5".
func TestDiagramLabelsWholeLockDelay(t *testing.T) {
	m := playLesson(t, "lock-delay", 80, 24)
	for stop := 0; stop < 30 && !m.sim.ended; stop++ {
		runToStop(t, m)
		if m.pendingAsk() != nil {
			press(m, "m")
			v := ansi.Strip(m.View())
			for _, want := range []string{"n1 ✓ Expire orders #1 → Expired{existed:true}", "n2-n5 ✓ Expire orders #1 → Expired{existed:true}"} {
				if !strings.Contains(v, want) {
					t.Errorf("%q not whole in the diagram:\n%s", want, v)
				}
			}
			return
		}
		press(m, "enter")
	}
	t.Fatal("no ask in lock-delay")
}
