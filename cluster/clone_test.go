package cluster

import (
	"testing"
	"time"
)

// TestCloneRunsOnIdentically clones the busy run at several points (before the partition,
// during it, with a node down, with skewed clocks and lossy links, after a snapshot) and plays
// the rest of the run on both the original and the clone: each ends exactly as a run that was
// never cloned (same trace hash, event count, violations), so the clone is the same world and
// cloning did not disturb the original.
func TestCloneRunsOnIdentically(t *testing.T) {
	for _, seed := range []uint64{3, 7} {
		want := busyRun(t, seed)
		for _, at := range []int{0, 1, 45, 90, 120, 170, 230, busyLen - 1} {
			w := newBusyWorld(t, seed)
			busySteps(t, w, 0, at)
			c, _, err := w.Clone()
			if err != nil {
				t.Fatal(err)
			}
			busySteps(t, w, at, busyLen)
			busySteps(t, c, at, busyLen)
			for name, got := range map[string]*World{"original": w, "clone": c} {
				if got.TraceHash() != want.TraceHash() || got.Events() != want.Events() ||
					len(got.Violations()) != len(want.Violations()) {
					t.Errorf("seed %d, cloned at step %d: the %s ends with %x (%d events), want %x (%d events)",
						seed, at, name, got.TraceHash(), got.Events(), want.TraceHash(), want.Events())
				}
			}
		}
	}
}

// BenchmarkClone copies the busy run's world (5 nodes after 300 client steps, a snapshot every
// 20 entries): the cost of one checkpoint, and of every rewind that starts from one.
func BenchmarkClone(b *testing.B) { benchClone(b, busyRun(b, 7)) }

// BenchmarkCloneHeld copies a world holding 1,000 leases (option held-keys) on every node.
func BenchmarkCloneHeld(b *testing.B) {
	w := newWorld(b, func(c *Config) { c.Seed = 3; c.HeldKeys = 1000 })
	w.Advance(20 * time.Second)
	benchClone(b, w)
}

func benchClone(b *testing.B, w *World) {
	b.ReportAllocs()
	var bytes int64
	for b.Loop() {
		_, n, err := w.Clone()
		if err != nil {
			b.Fatal(err)
		}
		bytes = n
	}
	b.ReportMetric(float64(bytes)/1024, "KB")
}

// CloneSize, worked out without copying, is within a factor of two of what a copy holds, for
// a small busy world, one holding a thousand leases, one whose log is never compacted and one
// with a long history of results.
func TestCloneSizeEstimates(t *testing.T) {
	held := newWorld(t, func(c *Config) { c.Seed = 3; c.HeldKeys = 1000 })
	held.Advance(20 * time.Second)
	long := newBusyWorld(t, 5)
	long.cfg.SnapshotEvery = 0
	busySteps(t, long, 0, busyLen)
	// A long run: every result a key ever had stays in its history, every request in origins.
	hist := newWorld(t, func(c *Config) { c.Seed = 4; c.SnapshotEvery = 100 })
	for i := range 3000 {
		k := []string{"a", "b", "c"}[i%3]
		must(t, hist.Acquire("c1", k, time.Second))
		hist.Advance(40 * time.Millisecond)
		hist.Release("c1", k)
		hist.Advance(40 * time.Millisecond)
	}
	for name, w := range map[string]*World{"busy": busyRun(t, 7), "held": held, "uncompacted": long, "history": hist} {
		_, got, err := w.Clone()
		if err != nil {
			t.Fatal(err)
		}
		if est := w.CloneSize(); est > 2*got || got > 2*est {
			t.Errorf("%s: CloneSize says %d KB, the copy holds %d KB", name, est>>10, got>>10)
		}
	}
}
