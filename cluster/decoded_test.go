package cluster

import (
	"testing"

	"leaselab/fsm"
)

// Through a busy run (a partition that leaves entries to be overwritten, a crash and restart,
// snapshots), whatever a node's decoded tail holds is the entry its storage holds there, and it
// holds every unapplied entry of a node that never restarted: the apply and the projection
// decode nothing again.
func TestDecodedTailMirrorsTheLog(t *testing.T) {
	w := newBusyWorld(t, 3)
	hits := 0
	for step := 0; step < busyLen; step++ {
		busySteps(t, w, step, step+1)
		for _, n := range w.nodes {
			if !n.up {
				continue
			}
			for _, e := range n.entries(n.applied+1, n.lastIndex()) {
				if len(e.GetData()) == 0 {
					continue
				}
				want, _ := fsm.Decode(e.GetData())
				idx := e.GetIndex()
				d, ok := n.tail.at(idx)
				if !ok {
					if n.id != 2 { // n2 restarted: what it applied before may come again from storage
						t.Fatalf("step %d: n%d's decoded tail (from %d, %d entries) lacks unapplied index %d", step, n.id, n.tail.base, n.tail.len(), idx)
					}
					continue
				}
				if d.term != e.GetTerm() || d.cmd != want {
					t.Fatalf("step %d: n%d index %d: tail holds term %d %v, the log term %d %v", step, n.id, idx, d.term, d.cmd, e.GetTerm(), want)
				}
				if got, _ := n.command(e); got != want {
					t.Fatalf("step %d: n%d index %d: command %v, want %v", step, n.id, idx, got, want)
				}
				hits++
			}
		}
	}
	if hits < 100 {
		t.Fatalf("only %d unapplied entries seen: the test proves little", hits)
	}
}

// A leader's projection reads its unapplied entries' commands from the decoded tail: what it
// allocates does not grow with the tail (each decoding allocates the key).
func TestProjectionDecodesNothing(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	n := w.node(1)
	must(t, w.Isolate(1)) // nothing commits: every proposal stays in its unapplied tail
	allocs := func(more int) float64 {
		for range more {
			if _, ok := n.propose(fsm.Command{Kind: fsm.Release, Key: "other"}, Origin{Kind: OriginRelease, Node: 1}); !ok {
				t.Fatal("n1 no longer leads")
			}
		}
		n.process()
		return testing.AllocsPerRun(20, func() { n.project("k") })
	}
	short := allocs(1)
	long := allocs(40)
	if got := n.lastIndex() - n.applied; got < 41 {
		t.Fatalf("%d unapplied entries, want at least 41", got)
	}
	if long != short {
		t.Errorf("projecting over 41 unapplied entries allocates %v times, over 1 %v: it decodes them", long, short)
	}
}
