package cluster

import (
	"fmt"
	"testing"
	"time"
)

func newWorld(t testing.TB, mod func(*Config)) *World {
	t.Helper()
	cfg := DefaultConfig()
	if mod != nil {
		mod(&cfg)
	}
	w, err := New(cfg, TestAttach)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// waitFor steps the world until cond holds, failing after limit of simulated time.
func waitFor(t testing.TB, w *World, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	end := w.Now() + limit
	for !cond() {
		if at, ok := w.NextAt(); !ok || at > end {
			t.Fatalf("at %v: %s did not happen within %v", w.Now(), what, limit)
		}
		w.Step()
	}
}

func electN1(t testing.TB, w *World) {
	t.Helper()
	must(t, w.Campaign(1))
	waitFor(t, w, 5*time.Second, "n1 leads", func() bool { return w.Leader() == 1 })
}

// busyRun drives a workload through a partition, a crash and restart, snapshots and skew.
func busyRun(t testing.TB, seed uint64) *World {
	w := newBusyWorld(t, seed)
	busySteps(t, w, 0, busyLen)
	return w
}

const busyLen = 301 // the last step only lets the world run on

func newBusyWorld(t testing.TB, seed uint64) *World {
	return newWorld(t, func(c *Config) { c.Seed = seed; c.SnapshotEvery = 20 })
}

// busySteps plays busyRun's steps from (inclusive) to to (exclusive) on w.
func busySteps(t testing.TB, w *World, from, to int) {
	keys := []string{"orders", "billing", "cache"}
	clients := []string{"c1", "c2", "c3"}
	for step := from; step < to; step++ {
		if step == busyLen-1 {
			w.Advance(5 * time.Second)
			continue
		}
		c := clients[step%3]
		k := keys[(step/3)%3]
		switch step % 4 {
		case 0, 1:
			must(t, w.Acquire(c, k, time.Duration(500+step%7*100)*time.Millisecond))
		case 2:
			w.Release(c, k)
		case 3:
			w.Write(c, k, fmt.Sprint(step))
		}
		switch step {
		case 40:
			must(t, w.Partition([]int{1, 2}, []int{3, 4, 5}))
		case 80:
			w.Heal()
			must(t, w.Crash(2))
		case 100:
			must(t, w.SkewRate(3, 1.3))
			must(t, w.SkewOffset(4, 700*time.Millisecond))
		case 130:
			must(t, w.Restart(2))
		case 160:
			must(t, w.DropAll(10))
		case 200:
			w.Heal()
			must(t, w.Snapshot(5))
		}
		w.Advance(73 * time.Millisecond)
	}
}

func TestDeterminism(t *testing.T) {
	a, b, c := busyRun(t, 7), busyRun(t, 7), busyRun(t, 8)
	if a.TraceHash() != b.TraceHash() || a.Events() != b.Events() {
		t.Fatalf("same seed, different runs: %x (%d events) vs %x (%d events)", a.TraceHash(), a.Events(), b.TraceHash(), b.Events())
	}
	if a.TraceHash() == c.TraceHash() {
		t.Fatalf("seeds 7 and 8 gave the same trace hash %x", a.TraceHash())
	}
	if a.Events() < 5000 {
		t.Fatalf("busy run too quiet: %d events", a.Events())
	}
	for _, w := range []*World{a, c} {
		if v := w.Violations(); len(v) != 0 {
			t.Fatalf("violations in a safe busy run: %v", v)
		}
	}
}

// appendWatch counts the appends its world notes, and those not on the proposer's log.
type appendWatch struct {
	Watchers
	appends, others int
}

func (a *appendWatch) Observe(n *Note) {
	if n.Kind == EntryAppended {
		a.appends++
		if n.Node != n.Origin.Node {
			a.others++
		}
	}
	a.Watchers.Observe(n)
}

// Only the proposer's append of an entry is noted: a follower's told nobody anything (the
// tracker reads the proposer's), and was a fifth of all notes.
func TestAppendNotedOnTheProposerOnly(t *testing.T) {
	var a *appendWatch
	w, err := New(DefaultConfig(), func(s Sink) Watchers { a = &appendWatch{Watchers: TestAttach(s)}; return a })
	must(t, err)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(3 * time.Second)
	if a.appends == 0 || a.others != 0 {
		t.Fatalf("%d appends noted, %d of them not on the proposer's log", a.appends, a.others)
	}
}
