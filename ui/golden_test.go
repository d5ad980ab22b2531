package ui

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"leaselab/fsm"
	"leaselab/scenarios"
)

// The goldens: fixed seeds, simulated time only, Ascii profile, at 80x24 and 160x48. The final
// model's View is compared with testdata/TestGolden/NAME/SIZE.golden (go test ./ui -update
// rewrites them).

var goldenSizes = [][2]int{{80, 24}, {160, 48}}

// prepare drives a model to a moment worth checking.
type prepare func(t *testing.T, w, h int) *Model

func TestGolden(t *testing.T) {
	for _, g := range []struct {
		name string
		make prepare
	}{
		{"sandbox-start", sandboxStart},
		{"late-expire", lateExpireMoment},
		{"partitioned", partitioned},
		{"skewed-clocks", skewedClocks},
	} {
		for _, sz := range goldenSizes {
			t.Run(g.name+"/"+sizeName(sz), func(t *testing.T) {
				m := g.make(t, sz[0], sz[1])
				tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(sz[0], sz[1]))
				if err := tm.Quit(); err != nil {
					t.Fatal(err)
				}
				fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
				teatest.RequireEqualOutput(t, []byte(fm.View()))
			})
		}
	}
}

func sizeName(sz [2]int) string { return itoa(sz[0]) + "x" + itoa(sz[1]) }

func itoa(i int) string { return trimFloat(float64(i)) }

func sandboxStart(t *testing.T, w, h int) *Model { return newSandbox(t, 7, 5, w, h) }

// lateExpireMoment stops the late-expire lesson when the leader applies the late Expire.
func lateExpireMoment(t *testing.T, w, h int) *Model {
	s, err := scenarios.Load("late-expire")
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, w, h)
	late := fsm.Result{Kind: fsm.Expired, Existed: false}
	stepUntil(t, m, 60*time.Second, func() bool {
		r, ok := m.sim.p.World().LastResult(1, "orders")
		return ok && r == late
	})
	return m
}

// stepUntil plays event by event (passing script pauses, answering asks right) until cond holds.
func stepUntil(t *testing.T, m *Model, limit time.Duration, cond func() bool) {
	t.Helper()
	for !cond() {
		if m.sim.p.Now() > limit {
			t.Fatalf("condition not reached by %v", limit)
		}
		if m.sim.atPause() {
			if a := m.pendingAsk(); a != nil {
				m.answer(a, a.Right) // a student who predicted right, as the end screen will say
			}
			m.sim.p.Continue()
		}
		if !m.sim.stepEvent() && !m.sim.atPause() {
			t.Fatal("nothing queued")
		}
	}
	m.refresh()
}

// partitioned: c1 holds orders, then the leader and one follower are cut off from the other
// three, who elect a new leader.
func partitioned(t *testing.T, w, h int) *Model {
	m := newSandbox(t, 7, 5, w, h)
	playFor(m, 2*time.Second)
	press(m, "a")
	playFor(m, time.Second)
	press(m, "p")
	playFor(m, 2500*time.Millisecond)
	press(m, "tab", "a")
	playFor(m, 800*time.Millisecond)
	return m
}

// skewedClocks: while c1 holds a 3s lease, n2's clock runs at 1.3x, n3's at 0.7x, and n4's
// jumps 1s ahead: four countdowns for one lock.
func skewedClocks(t *testing.T, w, h int) *Model {
	m := newSandbox(t, 7, 5, w, h)
	playFor(m, 2*time.Second)
	press(m, "a")
	playFor(m, 300*time.Millisecond)
	press(m, "2", "+", "+", "+", "3", "-", "-", "-", "4", "]", "]", "1")
	playFor(m, 1500*time.Millisecond)
	return m
}
