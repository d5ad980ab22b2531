package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// frozenStops plays frozen-leader at w x h and calls at with the model at every stop (the
// screen as drawn), answering each ask right.
func frozenStops(t *testing.T, w, h int, at func(m *Model, says, screen string)) {
	t.Helper()
	m := playLesson(t, "frozen-leader", w, h)
	for stop := 0; stop < 40; stop++ {
		runToStop(t, m)
		at(m, strings.Join(m.says(), " "), ansi.Strip(m.View()))
		if m.sim.ended {
			return
		}
		answerAsk(m)
		press(m, "enter")
	}
	t.Fatal("frozen-leader did not end")
}

// A message that reached a frozen node and waits unread in its buffer is counted one way on
// every screen (issue 21, frozen-leader at 80x24: the net line said "0 on the wire" while the
// message diagram drew the buffered keepalive on the wire): off the wire, N unread at the node.
func TestFrozenBufferedCountedOneWay(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		seen := false
		frozenStops(t, sz[0], sz[1], func(m *Model, says, screen string) {
			n1 := &m.v.Nodes[0]
			if !n1.Frozen || len(n1.Unread) != 1 || m.onWire() != 0 {
				return
			}
			seen = true
			want := "0 message(s) on the wire · 1 unread at n1" // the compact net line
			if sz[0] == 120 {
				want = "on the wire: 0 · 1 unread at n1" // the Network panel
			}
			if !strings.Contains(screen, want) {
				t.Errorf("%dx%d: %q not on screen:\n%s", sz[0], sz[1], want, screen)
			}
			press(m, "m")
			dg := ansi.Strip(m.View())
			press(m, "m")
			if !strings.Contains(dg, "keepalive orders #1 ◌ unread at n1 (frozen)") || strings.Contains(dg, "⋯ on the wire") {
				t.Errorf("%dx%d: the diagram does not draw the keepalive waiting unread at n1:\n%s", sz[0], sz[1], dg)
			}
		})
		if !seen {
			t.Fatalf("%dx%d: no stop with n1 frozen, one message unread and none on the wire", sz[0], sz[1])
		}
	}
}

// A frozen leader's countdown that ran out during the freeze fires when it wakes: its row
// says when it ran out, so "ended about 3.06s" (the ask) and the row's 4.04s agree.
func TestFrozenCountdownSaysWhenItRanOut(t *testing.T) {
	seen := false
	frozenStops(t, 80, 24, func(m *Model, says, screen string) {
		if !strings.Contains(says, "before it reads its buffer") {
			return
		}
		seen = true
		r := &m.sim.tl.rings[filterLock]
		for i := 0; i < r.len(); i++ {
			e := &r.at(i).ev
			if e.Kind == cluster.EvCountdownZero && e.Node == 1 {
				if e.Due < 3000e6 || e.Due > 3100e6 || e.At < 4000e6 {
					t.Errorf("n1's countdown reached zero at %v, due %v: want due about 3.06s, seen at the wake", e.At, e.Due)
				}
			}
		}
		if !strings.Contains(screen, "n1 countdown orders #1 at zero since 3.0") {
			t.Errorf("the wake's stop does not say when n1's countdown ran out:\n%s", screen)
		}
	})
	if !seen {
		t.Fatal("no stop at n1's wake")
	}
}

// Everything a stop's narration names is on screen at that stop, at 80x24 and 120x40 (issue
// 21: at 4.044s and 4.068s entry 4, the receives and c1's not-found were cut or below
// "↓ N more" at 80x24; the compact client row read "got not-found" where the narration
// quoted "got not-found orders").
func TestFrozenLeaderNamedRowsOnScreen(t *testing.T) {
	named := []struct {
		say  string
		want []string
	}{
		{"before it reads its buffer", []string{"n1 countdown orders #1 at zero since", "n1 proposes Expire orders #1", "n1 appends 4 t1 Expire orders #1", "5 t1   Grant orders"}}, // "Entry 5, already on screen"
		{"Then n1 reads its buffer, oldest first: c1's keepalive", []string{"n1 receives c1's keepalive orders", "n1 receives c2's acquire orders",
			"n1 proposes Grant orders 5s", "4 t1   Expire orders #1"}},
		{"c1's row: got not-found orders", []string{"c1 got not-found orders", "holds orders #2"}},
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		found := make([]bool, len(named))
		frozenStops(t, sz[0], sz[1], func(m *Model, says, screen string) {
			for i, n := range named {
				if !strings.Contains(says, n.say) {
					continue
				}
				found[i] = true
				for _, w := range n.want {
					if sz[0] == 120 && strings.HasPrefix(w, "c1 got") {
						w = "got not-found orders" // the full-size client row
					}
					if !strings.Contains(screen, w) {
						t.Errorf("%dx%d: the narration names %q, not on screen:\n%s", sz[0], sz[1], w, screen)
					}
				}
			}
		})
		for i, f := range found {
			if !f {
				t.Errorf("%dx%d: no stop says %q", sz[0], sz[1], named[i].say)
			}
		}
	}
}

// The message diagram's selected row is read whole in its details, and a MsgApp's "+1" says
// what it counts (issue 21, frozen-leader at 80x24: "not-found: the loc…" was cut, and
// "MsgApp [Expire orders #1 +1]" never said what +1 meant).
func TestFrozenDiagramDetailsWhole(t *testing.T) {
	seen := false
	frozenStops(t, 80, 24, func(m *Model, says, screen string) {
		if seen || !strings.Contains(says, "c1's row: got not-found orders") {
			return
		}
		seen = true
		press(m, "m")
		defer press(m, "m")
		var mark, app uint64
		for _, r := range m.sim.dg.Rows() {
			if r.Mark && r.M.Client == "c1" && strings.Contains(r.M.Text, "no longer its own") {
				mark = r.Seq
			}
			if !r.Mark && strings.HasSuffix(r.Msg.Label(), " +1]") {
				app = r.Seq
			}
		}
		if mark == 0 || app == 0 {
			t.Fatalf("no c1 not-found mark (%d) or MsgApp with +1 (%d) in the diagram", mark, app)
		}
		m.dg.sel = mark
		v := ansi.Strip(m.View())
		joined := strings.Join(strings.Fields(v), " ")
		if !strings.Contains(joined, "stops keeping orders alive: not-found: the lock is no longer its own") {
			t.Errorf("the selected mark's text is not on screen whole:\n%s", v)
		}
		m.dg.sel = app
		v = ansi.Strip(m.View())
		if !strings.Contains(v, "+1: 1 more entry than the one its label names") {
			t.Errorf("the selected MsgApp's details do not say what +1 counts:\n%s", v)
		}
	})
	if !seen {
		t.Fatal("no stop names c1's not-found")
	}
}
