package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A down node applies nothing: its log column marks no entry ✓ while its row reads "applied
// —". Its log and commit index are on disk, so what it knew committed is ◆. Round 11 read
// "✓ 3 t1 G orders 30s" in crash-restart's DOWN n3 column.
func TestDownLogAppliesNothing(t *testing.T) {
	m := playLesson(t, "crash-restart", 120, 40)
	downStops := 0
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		n := &m.v.Nodes[2]
		if !n.Up {
			downStops++
			col := ansi.Strip(strings.Join(m.logRows(n, 1, max(n.LastIndex, 3), 6, 20), "\n"))
			if strings.Contains(col, "✓") || !strings.Contains(col, "◆ 3 t1") || !strings.Contains(col, "◆ 1 (bootstrap") {
				t.Errorf("stop %d: the down n3's log column:\n%s", stop, col)
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	if downStops < 2 {
		t.Fatalf("n3 was down at %d stops", downStops)
	}
	// Up again, the same column marks what it applied.
	if n := &m.v.Nodes[2]; !n.Up || !strings.Contains(ansi.Strip(strings.Join(m.logRows(n, 1, 3, 6, 20), "\n")), "✓ 3 t1") {
		t.Fatalf("the restarted n3's log column: up=%v", n.Up)
	}
}
