package cluster

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"leaselab/fsm"
)

// fillLeases has fillClients clients acquire n keys ("h0", "h1", ...) with an hour-long lease,
// and runs the world until every node applied them all.
func fillLeases(tb testing.TB, w *World, n int) {
	tb.Helper()
	const fillClients = 64
	for i := 0; i < n; i++ {
		if err := w.Acquire(fmt.Sprintf("f%d", i%fillClients), fmt.Sprintf("h%d", i), time.Hour); err != nil {
			tb.Fatal(err)
		}
	}
	for limit := w.Now() + time.Duration(n/10+60)*time.Second; ; {
		w.Advance(100 * time.Millisecond)
		done := true
		for _, nd := range w.nodes {
			if !nd.up || nd.sm.Len() < n {
				done = false
			}
		}
		if done {
			return
		}
		if w.Now() > limit {
			tb.Fatalf("filling %d leases did not finish in simulated %v", n, w.Now())
		}
	}
}

// steadyLoad runs d of the steady load: 100 client commands per simulated second on 16 keys,
// each key acquired and released by its own client, so every command ends as a log entry.
func steadyLoad(w *World, d time.Duration, step *int) {
	end := w.Now() + d
	for w.Now() < end {
		k := *step / 2 % 16
		c, key := fmt.Sprintf("s%d", k), fmt.Sprintf("k%d", k)
		if *step%2 == 0 {
			_ = w.Acquire(c, key, 500*time.Millisecond)
		} else {
			w.Release(c, key)
		}
		*step++
		w.Advance(10 * time.Millisecond)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkLeases: the steady load with n live leases held for an hour. One op is one
// simulated second of load; µs/entry is wall time per entry the leader committed, which must
// not grow with n. fill-s is the wall time of filling the n leases; B/lease is the heap the
// filled world holds per lease, and B/lease-compacted the same once every node has snapshotted
// and compacted its log. B/lease-nodes and B/lease-nodes-compacted are the five nodes' share
// alone (raft storage and log, state machine, per-key records and countdowns): measured at the
// end by dropping the nodes' state and seeing what the heap gives back, after the compacted
// run; the uncompacted figure adds back what compaction freed, which was all in the nodes. Both
// only from 10,000 leases up, where the per-lease share is not noise.
func BenchmarkLeases(b *testing.B) {
	for _, n := range []int{10, 1000, 10000, 100000} {
		b.Run(fmtCount(n), func(b *testing.B) {
			base := heapInUse()
			w := newWorld(b, nil)
			electN1(b, w)
			t0 := time.Now()
			fillLeases(b, w, n)
			fill := time.Since(t0)
			step := 0
			steadyLoad(w, 2*time.Second, &step) // warm up: every load client exists
			mem := heapInUse() - base
			for id := 1; id <= w.Nodes(); id++ {
				must(b, w.Snapshot(id)) // compact every log, as a long-running cluster would
			}
			compacted := heapInUse() - base
			from := w.Commit(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				steadyLoad(w, time.Second, &step)
			}
			b.StopTimer()
			entries := w.Commit(w.Leader()) - from
			nodes := float64(heapInUse()-base) - float64(dropNodeState(w))
			if entries < uint64(b.N)*80 {
				b.Fatalf("%d entries in %d simulated seconds: the load is not committing", entries, b.N)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(entries), "µs/entry")
			b.ReportMetric(fill.Seconds(), "fill-s")
			b.ReportMetric(float64(mem)/float64(n), "B/lease")
			b.ReportMetric(float64(compacted)/float64(n), "B/lease-compacted")
			if n >= 10000 { // below that the nodes' fixed costs and the heap's noise dominate
				b.ReportMetric(nodes/float64(n), "B/lease-nodes-compacted")
				b.ReportMetric((nodes+float64(mem)-float64(compacted))/float64(n), "B/lease-nodes")
			}
			runtime.KeepAlive(w)
		})
	}
}

// dropNodeState forgets every node's storage, raft log, state machine, per-key records and
// countdowns (the world is unusable afterwards) and returns the heap still in use, so the
// difference is what the nodes held.
func dropNodeState(w *World) uint64 {
	for _, nd := range w.nodes {
		nd.st, nd.rn, nd.sm, nd.keys, nd.recs, nd.older = nil, nil, nil, nil, nil, nil
		nd.counting.items, nd.expiring.items = nil, nil
	}
	return heapInUse()
}

func fmtCount(n int) string {
	switch {
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// BenchmarkExpiryWave: 10,000 leases end at the same instant (the leader's clock jumps past
// them all) and the leader expires them. One op is the whole wave, from the jump until every
// node has applied every Expire. It reports the simulated time the wave took, and how many
// Expires each of the leader's commits carried on average (they are proposed together, so they
// share commits).
func BenchmarkExpiryWave(b *testing.B) {
	const n = 10000
	var sim time.Duration
	var commits, expires int
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		w := newWorld(b, nil)
		electN1(b, w)
		fillLeases(b, w, n)
		lead := w.Leader()
		w.Subscribe(func(e *Event) {
			switch {
			case e.Kind == EvCommitted && e.Node == lead:
				commits++
			case e.Kind == EvApplied && e.Node == lead && e.Cmd.Kind == fsm.Expire:
				expires++
			}
		})
		start := w.Now()
		b.StartTimer()
		must(b, w.SkewOffset(lead, 2*time.Hour))
		waitFor(b, w, time.Minute, "every lease expired everywhere", func() bool {
			for _, nd := range w.nodes {
				if nd.sm.Len() > 0 {
					return false
				}
			}
			return true
		})
		sim += w.Now() - start
	}
	if expires < n*b.N {
		b.Fatalf("%d Expires applied on the leader, want %d", expires, n*b.N)
	}
	b.ReportMetric((sim / time.Duration(b.N)).Seconds(), "sim-s/wave")
	b.ReportMetric(float64(expires)/float64(commits), "expires/commit")
}

// BenchmarkLeasesFlat is the 10 and 100k cases of BenchmarkLeases side by side: one simulated
// second of the steady load on each in turn, so both see the same machine. x is the median over
// the pairs of the ratio of µs per committed entry, 100,000 live leases over 10 (target: at
// most 1.5).
func BenchmarkLeasesFlat(b *testing.B) {
	var worlds [2]*World
	var steps [2]int
	for i, n := range []int{10, 100000} {
		w := newWorld(b, nil)
		electN1(b, w)
		fillLeases(b, w, n)
		steadyLoad(w, 2*time.Second, &steps[i])
		worlds[i] = w
	}
	var ratios []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var per [2]float64
		for j, w := range worlds {
			from := w.Commit(w.Leader())
			t0 := time.Now()
			steadyLoad(w, time.Second, &steps[j])
			per[j] = float64(time.Since(t0).Microseconds()) / float64(max(1, w.Commit(w.Leader())-from))
		}
		ratios = append(ratios, per[1]/per[0])
	}
	b.ReportMetric(median(ratios), "x")
}
