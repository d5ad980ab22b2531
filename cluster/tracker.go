package cluster

import (
	"time"

	"leaselab/fsm"
)

// tracker remembers the latest proposals so the view can show each one travelling: per node,
// not received / appended / committed / applied with its result.
type tracker struct {
	list []*proposal // oldest first, at most trackerSize
	byID map[uint64]*proposal
}

const trackerSize = 64

type proposal struct {
	origin  Origin
	cmd     fsm.Command
	at      time.Duration
	index   uint64 // where the proposer's log put it (0 if never appended)
	term    uint64
	results [maxNodes + 1]fsm.Result // by node id, meaningful where applied has its bit
	applied uint16                   // bit id: node id applied it
}

// maxNodes is the largest cluster (Config.Validate).
const maxNodes = 9

// result is what node id's apply gave, if it applied the entry.
func (p *proposal) result(id int) (fsm.Result, bool) {
	return p.results[id], p.applied&(1<<id) != 0
}

func newTracker() *tracker { return &tracker{byID: map[uint64]*proposal{}} }

func (t *tracker) observe(e *entryNote) {
	switch e.kind {
	case entryProposed:
		t.proposed(e.origin, e.cmd, e.at)
	case entryAppended:
		t.placed(e.cmd.Origin, e.node, e.index, e.term)
	case entryApplied:
		t.applied(e.cmd.Origin, e.node, e.index, e.result)
	}
}

func (t *tracker) proposed(o Origin, cmd fsm.Command, at time.Duration) {
	p := &proposal{origin: o, cmd: cmd, at: at}
	t.list = append(t.list, p)
	t.byID[o.ID] = p
	if len(t.list) > trackerSize {
		delete(t.byID, t.list[0].origin.ID)
		t.list[0] = nil
		t.list = t.list[1:]
	}
}

// placed records where the proposer's own log put the entry.
func (t *tracker) placed(id uint64, node int, index, term uint64) {
	if p := t.byID[id]; p != nil && node == p.origin.Node && p.index == 0 {
		p.index, p.term = index, term
	}
}

func (t *tracker) applied(id uint64, node int, index uint64, res fsm.Result) {
	if p := t.byID[id]; p != nil && p.index == index {
		p.results[node] = res
		p.applied |= 1 << node
	}
}
