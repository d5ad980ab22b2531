package check

import (
	"testing"
	"time"

	"leaselab/cluster"
)

// The tracker and the history are told notes a batch at a time, but every note before anyone
// reads them: a read right after a single note sees it, through the world (of, which every
// exported check reads through) as through the view's Proposals.
func TestWatchersAreToldEveryNoteBeforeARead(t *testing.T) {
	w, err := cluster.New(cluster.DefaultConfig(), Attach)
	if err != nil {
		t.Fatal(err)
	}
	w.Advance(3 * time.Second) // a leader, and some notes told and waiting
	s := w.Watchers().(*Set)
	before := len(of(w).history.ops)
	s.Observe(cluster.Note{Kind: cluster.ClientCall, Client: "c9", Req: 99, Op: cluster.OpAcquire, Key: "k9"})
	if len(s.later) == 0 {
		t.Fatal("the note was told at once: nothing waits, so the test tests nothing")
	}
	if got := len(of(w).history.ops); got != before+1 {
		t.Errorf("the history holds %d operations right after a client's call, want %d", got, before+1)
	}
	if len(s.later) != 0 {
		t.Errorf("%d notes still wait after a read", len(s.later))
	}
	o := cluster.Origin{ID: 1 << 40, Kind: cluster.OriginAcquire, Client: "c9", Req: 99, Node: 1}
	s.Observe(cluster.Note{Kind: cluster.EntryProposed, Node: 1, Origin: o})
	if p := s.Proposals(1); len(p) != 1 || p[0].Origin.ID != o.ID {
		t.Errorf("Proposals(1) right after a proposal: %v, want origin %d", p, o.ID)
	}
	// A long run: never more than a batch waits, and every note is told in order.
	for i := range 3 * laterBatch {
		s.Observe(cluster.Note{Kind: cluster.EntryProposed, Node: 1, Origin: cluster.Origin{ID: o.ID + 1 + uint64(i), Kind: cluster.OriginExpire, Node: 1}})
		if len(s.later) >= laterBatch {
			t.Fatalf("%d notes wait after note %d; at most %d may", len(s.later), i, laterBatch-1)
		}
	}
	if p := s.Proposals(2); len(p) != 2 || p[1].Origin.ID != o.ID+3*laterBatch || p[0].Origin.ID != o.ID+3*laterBatch-1 {
		t.Errorf("the latest two proposals are not the last two told")
	}
}
