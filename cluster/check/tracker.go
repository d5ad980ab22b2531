package check

import (
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// tracker remembers the latest proposals so the view can show each one travelling: per node,
// not received / appended / committed / applied with its result. They live in a ring of
// values: a proposal is tracked for every entry, and allocating each one (half a kilobyte
// with its per-node results) was a twentieth of a loaded run's allocation, for 64 kept.
type tracker struct {
	ring [trackerSize]cluster.Proposal // proposal i is ring[i%trackerSize]
	n    int                           // proposals ever tracked
}

const trackerSize = 64

func newTracker() *tracker { return &tracker{} }

func (t *tracker) observe(e *cluster.Note) {
	switch e.Kind {
	case cluster.EntryProposed:
		t.proposed(e.Origin, e.Cmd, e.At)
	case cluster.EntryAppended:
		t.placed(e.Cmd.Origin, e.Node, e.Index, e.Term)
	case cluster.EntryApplied:
		t.applied(e)
	}
}

// latest is the last n proposals, oldest first. They point into the ring: read them before
// the world moves on.
func (t *tracker) latest(n int) []*cluster.Proposal {
	n = min(n, t.n, trackerSize)
	out := make([]*cluster.Proposal, 0, n)
	for i := t.n - n; i < t.n; i++ {
		out = append(out, &t.ring[i%trackerSize])
	}
	return out
}

func (t *tracker) proposed(o cluster.Origin, cmd fsm.Command, at time.Duration) {
	t.ring[t.n%trackerSize] = cluster.Proposal{Origin: o, Cmd: cmd, At: at}
	t.n++
}

// find is the tracked proposal of origin id, nil if none. Every proposal has a new origin, so
// ids grow along the ring: the search from the newest stops at the first older id.
func (t *tracker) find(id uint64) *cluster.Proposal {
	if id == 0 {
		return nil // an entry no one proposed (a new leader's Noop)
	}
	for i := t.n - 1; i >= max(0, t.n-trackerSize); i-- {
		p := &t.ring[i%trackerSize]
		if p.Origin.ID == id {
			return p
		}
		if p.Origin.ID < id {
			return nil
		}
	}
	return nil
}

// placed records where the proposer's own log put the entry.
func (t *tracker) placed(id uint64, node int, index, term uint64) {
	if p := t.find(id); p != nil && node == p.Origin.Node && p.Index == 0 {
		p.Index, p.Term = index, term
	}
}

// applied records a node's result; an Expire that deleted another token's lock records that
// token too (the first apply's: every node applies the same entries to the same table).
func (t *tracker) applied(e *cluster.Note) {
	if p := t.find(e.Cmd.Origin); p != nil && p.Index == e.Index {
		p.Results[e.Node] = e.Result
		p.Applied |= 1 << e.Node
		if r := e.Result; p.Ended == 0 && r.Kind == fsm.Expired && r.Existed && e.Held && e.Prev.Token != e.Cmd.Token {
			p.Ended = e.Prev.Token
		}
	}
}
