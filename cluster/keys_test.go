package cluster

import (
	"slices"
	"testing"
	"time"

	"leaselab/fsm"
)

// A node keeps its state machine's locks in its per-key records (lockTable). Through grants,
// a release, a snapshot, a crash and a restart from that snapshot, every node's table must
// hold exactly what a plain map-backed machine restored from the same state holds, released
// keys keep their records (history) without a lock, and the count of held keys stays true.
func TestLockTableInRecords(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	for _, k := range []string{"a", "b", "c"} {
		must(t, w.Acquire("c-"+k, k, time.Hour))
	}
	waitFor(t, w, 5*time.Second, "three keys held everywhere", func() bool {
		for _, nd := range w.nodes {
			if nd.sm.Len() != 3 {
				return false
			}
		}
		return true
	})
	w.Release("c-b", "b")
	waitFor(t, w, 5*time.Second, "b released everywhere", func() bool {
		for _, nd := range w.nodes {
			if nd.sm.Len() != 2 {
				return false
			}
		}
		return true
	})
	must(t, w.Snapshot(3))
	must(t, w.Crash(3))
	must(t, w.Restart(3))
	w.Advance(2 * time.Second)
	for _, nd := range w.nodes {
		if got := nd.sm.Keys(); !slices.Equal(got, []string{"a", "c"}) {
			t.Fatalf("n%d holds %v, want [a c]", nd.id, got)
		}
		ref := fsm.New(fsm.Options{})
		must(t, ref.Restore(nd.sm.Snapshot()))
		if ref.Hash() != nd.sm.Hash() || ref.Len() != nd.held {
			t.Fatalf("n%d: table hash %x, held %d; a map-backed machine from its snapshot: %x, %d",
				nd.id, nd.sm.Hash(), nd.held, ref.Hash(), ref.Len())
		}
		if r := nd.keys["b"]; r == nil || r.lock.Token != 0 || !r.known() {
			t.Fatalf("n%d: b's record %+v, want its history and no lock", nd.id, r)
		}
	}
}

// find keeps the record it found last: whatever order keys are asked in, it answers what the
// node's map holds, and nil for a key the node never saw (which it must not answer from the
// kept record).
func TestFindIsTheMap(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	for _, k := range []string{"a", "b", "c"} {
		must(t, w.Acquire("c-"+k, k, time.Hour))
	}
	w.Advance(time.Second)
	n := w.node(2)
	for _, k := range []string{"a", "a", "b", "zz", "b", "c", "a", "zz", "c", "c"} {
		if got, want := n.find(k), n.keys[k]; got != want {
			t.Fatalf("find(%q) = %p, the map holds %p", k, got, want)
		}
	}
	if n.find("b") == nil || n.find("zz") != nil {
		t.Fatal("find answers a key the node never saw, or misses one it has")
	}
}
