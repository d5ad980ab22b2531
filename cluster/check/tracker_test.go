package check

import (
	"testing"

	"leaselab/cluster"
	"leaselab/fsm"
)

// The tracker keeps the latest proposals with where each landed and what each node's apply
// gave, forgets older ones, and allocates nothing per proposal.
func TestTrackerKeepsTheLatest(t *testing.T) {
	tr := newTracker()
	for id := uint64(1); id <= 100; id++ {
		tr.observe(&cluster.Note{Kind: cluster.EntryProposed, Origin: cluster.Origin{ID: id, Node: 1}, At: 5})
		tr.observe(&cluster.Note{Kind: cluster.EntryAppended, Node: 2, Index: id + 10, Cmd: fsm.Command{Origin: id}}) // not the proposer
		tr.observe(&cluster.Note{Kind: cluster.EntryAppended, Node: 1, Index: id + 1, Term: 3, Cmd: fsm.Command{Origin: id}})
		tr.observe(&cluster.Note{Kind: cluster.EntryApplied, Node: 3, Index: id + 1, Cmd: fsm.Command{Origin: id},
			Result: fsm.Result{Kind: fsm.Granted, Token: id}})
	}
	// A late apply of an entry the tracker forgot, and one of an entry no one proposed.
	tr.observe(&cluster.Note{Kind: cluster.EntryApplied, Node: 4, Index: 2, Cmd: fsm.Command{Origin: 1}})
	tr.observe(&cluster.Note{Kind: cluster.EntryApplied, Node: 4, Index: 101, Result: fsm.Result{Kind: fsm.Granted}})
	got := tr.latest(12)
	if len(got) != 12 {
		t.Fatalf("latest(12) gave %d proposals", len(got))
	}
	for i, p := range got {
		id := uint64(89 + i)
		res, applied := p.Result(3)
		if p.Origin.ID != id || p.Index != id+1 || p.Term != 3 || !applied || res.Token != id || p.Applied != 1<<3 {
			t.Errorf("proposal %d: %+v, want origin %d at index %d term 3, applied by n3 only with token %d", i, *p, id, id+1, id)
		}
	}
	if n := len(tr.latest(1000)); n != trackerSize {
		t.Errorf("latest(1000) gave %d proposals, want the %d kept", n, trackerSize)
	}
	if tr.find(1) != nil || tr.find(100) == nil {
		t.Error("find: proposal 1 should be forgotten and 100 kept")
	}
	if a := testing.AllocsPerRun(100, func() {
		tr.observe(&cluster.Note{Kind: cluster.EntryProposed, Origin: cluster.Origin{ID: uint64(tr.n + 1)}})
	}); a != 0 {
		t.Errorf("tracking a proposal allocates %v objects, want 0", a)
	}
}
