package check

import (
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// tracker remembers the latest proposals so the view can show each one travelling: per node,
// not received / appended / committed / applied with its result.
type tracker struct {
	list []*cluster.Proposal // oldest first, at most trackerSize
	byID map[uint64]*cluster.Proposal
}

const trackerSize = 64

func newTracker() *tracker { return &tracker{byID: map[uint64]*cluster.Proposal{}} }

func (t *tracker) observe(e *cluster.Note) {
	switch e.Kind {
	case cluster.EntryProposed:
		t.proposed(e.Origin, e.Cmd, e.At)
	case cluster.EntryAppended:
		t.placed(e.Cmd.Origin, e.Node, e.Index, e.Term)
	case cluster.EntryApplied:
		t.applied(e.Cmd.Origin, e.Node, e.Index, e.Result)
	}
}

// latest is the last n proposals, oldest first.
func (t *tracker) latest(n int) []*cluster.Proposal {
	return t.list[max(0, len(t.list)-n):]
}

func (t *tracker) proposed(o cluster.Origin, cmd fsm.Command, at time.Duration) {
	p := &cluster.Proposal{Origin: o, Cmd: cmd, At: at}
	t.list = append(t.list, p)
	t.byID[o.ID] = p
	if len(t.list) > trackerSize {
		delete(t.byID, t.list[0].Origin.ID)
		t.list[0] = nil
		t.list = t.list[1:]
	}
}

// placed records where the proposer's own log put the entry.
func (t *tracker) placed(id uint64, node int, index, term uint64) {
	if p := t.byID[id]; p != nil && node == p.Origin.Node && p.Index == 0 {
		p.Index, p.Term = index, term
	}
}

func (t *tracker) applied(id uint64, node int, index uint64, res fsm.Result) {
	if p := t.byID[id]; p != nil && p.Index == index {
		p.Results[node] = res
		p.Applied |= 1 << node
	}
}
