package ui

import (
	"testing"
	"time"

	"leaselab/scenarios"
)

// The TUI plays a script in frames; it must run exactly as a headless run does.

// timeWaitUntil waits for a condition that turns true between events (a countdown passing a
// value), then acts.
const timeWaitUntil = `seed 3
campaign n1
wait-until leader n1
c1 acquire orders 3s
wait-until c1 holds orders
wait-until n2 countdown orders < 1500ms
crash n3
wait 2s
`

// The TUI's own stepping gives the headless run for the same script.
func TestTUISlicingMatchesHeadless(t *testing.T) {
	s, err := scenarios.Parse("slicing", []byte(timeWaitUntil))
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := scenarios.NewRunner(s, nil, nil)
	whole.Run()
	m := newPlay(t, s, 120, 36)
	for !m.sim.ended {
		playFor(m, 33*time.Millisecond)
	}
	if m.sim.p.World().TraceHash() != whole.World().TraceHash() {
		t.Fatalf("TUI %x at %v, headless %x at %v", m.sim.p.World().TraceHash(), m.sim.p.Now(), whole.World().TraceHash(), whole.World().Now())
	}
}
