package ui

import (
	"os"
	"testing"
	"time"

	"leaselab/scenarios"
)

// Findings about the packages below ui, kept as tests.

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

// Runner.AdvanceTo judges a wait-until also at the instant it was asked to stop, so the same
// script advanced in different slices (TUI frames, a rewind's replay) runs differently when a
// condition turns true between events. The TUI works around it by stopping only at event
// instants and wait ends (sim.run); the fix belongs in Runner.progress: judge the condition
// when the step begins, after each event, and at its time limit, not at an arbitrary t.
// Run with LEASELAB_UPSTREAM=1 to see it fail.
func TestUpstreamRunnerSlicing(t *testing.T) {
	if os.Getenv("LEASELAB_UPSTREAM") == "" {
		t.Skip("known scenarios.Runner issue (see comment); LEASELAB_UPSTREAM=1 runs it")
	}
	s, err := scenarios.Parse("slicing", []byte(timeWaitUntil))
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := scenarios.NewRunner(s, nil, nil)
	whole.Run()
	sliced, _ := scenarios.NewRunner(s, nil, nil)
	for at := time.Duration(0); !sliced.Done(); at += 33 * time.Millisecond {
		sliced.AdvanceTo(at)
	}
	if a, b := whole.Log[len(whole.Log)-1].At, sliced.Log[len(sliced.Log)-1].At; a != b {
		t.Fatalf("crash n3 ran at %v in one slice, at %v in 33ms slices", a, b)
	}
}

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
	if m.sim.p.World().TraceHash() != whole.W.TraceHash() {
		t.Fatalf("TUI %x at %v, headless %x at %v", m.sim.p.World().TraceHash(), m.sim.p.Now(), whole.W.TraceHash(), whole.W.Now())
	}
}
