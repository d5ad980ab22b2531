package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// walkDiagramUp opens the diagram and presses ↑ from the present to the oldest row: each press
// must select the next older row the diagram draws, highlight that row (the window's selection
// is it), and name its instant on the status line. A refused request drew two rows from one
// event (the drop at 4.093s, the client's 'cannot reach' mark at 4.096s): the selection, kept
// as that event, always found the second, so ↑ stuck at 4.096s while the status said 4.093s
// (nc30-e).
func walkDiagramUp(t *testing.T, m *Model, where string) {
	t.Helper()
	if !m.dg.on {
		press(m, "m")
	}
	vis, _ := m.visualRows()
	for k := len(vis) - 1; k >= 0; k-- {
		press(m, "up")
		now, s := m.visualRows()
		if len(now) != len(vis) {
			t.Fatalf("%s: the diagram's rows changed while paused: %d then %d", where, len(vis), len(now))
		}
		if s != k {
			t.Fatalf("%s: ↑ %d times selected row %d of %d (%s), not row %d (%s)", where, len(vis)-k, s, len(vis),
				rowAt(now, s), k, rowAt(now, k))
		}
		out, ws := m.visibleRows(30)
		if ws < 0 || out[ws].row != now[k].row {
			t.Fatalf("%s: the window highlights another row than the selected %s", where, rowAt(now, k))
		}
		if want := "row at " + simTime(now[k].row.At) + " selected"; !strings.Contains(ansi.Strip(m.status), want) {
			t.Fatalf("%s: selected %s, the status line says %q", where, rowAt(now, k), m.status)
		}
	}
}

func rowAt(rows []dgRow, i int) string {
	if i < 0 || i >= len(rows) || rows[i].row == nil {
		return "none"
	}
	return simTime(rows[i].row.At)
}

// ↑ walks every row of the diagram in turn, at the ask and at the end, seeds 1 to 12 in the
// lesson where it stuck.
func TestDiagramUpWalksEveryRow(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		s, err := scenarios.Load("leader-crash-mid-lease-extend")
		if err != nil {
			t.Fatal(err)
		}
		s.Header.Seed = seed
		m := newPlay(t, s, 120, 40)
		for !m.sim.ended && m.pendingAsk() == nil {
			press(m, "enter")
			runToStop(t, m)
		}
		walkDiagramUp(t, m, "seed "+itoa(int(seed))+" at the ask")
		press(m, "m")
		for !m.sim.ended {
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		walkDiagramUp(t, m, "seed "+itoa(int(seed))+" at the end")
	}
	// A few other lessons, at their end, every message shown.
	for _, name := range []string{"first-lock", "leader-crash-mid-lease", "lease-read", "late-expire"} {
		m := playLesson(t, name, 120, 40)
		for !m.sim.ended {
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		press(m, "m", "v")
		walkDiagramUp(t, m, name+" at the end")
	}
}
