package cluster

import (
	"fmt"
	"time"
)

// A frozen node is a stalled process (a GC pause, an fsync that does not return): it runs
// nothing, sends nothing, and what reaches it waits in its socket buffer, while its clock runs
// on. On waking:
//
//  1. its lease manager first: a countdown that ended during the freeze fires at once, on a view
//     the node has not updated since it froze (it may still believe it leads, and propose
//     Expires for leases whose keepalives are waiting in its buffer: etcd #15247, where the
//     lessor's expiry loop ran on while the raft loop was stuck);
//  2. then every raft message and client request that arrived, in arrival order;
//  3. then one tick, if any was missed: a stalled ticker fires once, not once per lost tick.

// frozenState is a node's freeze: set while frozen, with what it missed.
type frozenState struct {
	on       bool
	gen      uint64
	since    time.Duration
	inbox    []item // messages, requests and snapshot reports, in arrival order
	tick     bool   // a tick came due
	lease    bool   // the lease timer came due
	check    bool   // the lease-checkpoint timer came due
	checkGen uint64
}

// Freeze stalls node id's process for d (the language's `freeze nX D`).
func (w *World) Freeze(id int, d time.Duration) error {
	n, err := w.upNode(id)
	if err != nil {
		return err
	}
	if n.frz.on {
		return fmt.Errorf("n%d is already frozen", id)
	}
	if d <= 0 || !checkDuration(d) {
		return fmt.Errorf("a freeze must be positive and at most %v, got %v", MaxDuration, d)
	}
	w.disturb()
	n.frz = frozenState{on: true, gen: n.frz.gen + 1, since: w.now}
	w.emit(Event{Kind: EvFault, Node: id, Text: fmt.Sprintf("freeze n%d %v", id, d)})
	w.q.push(item{at: AddTime(w.now, d), kind: itWake, node: id, gen: n.frz.gen})
	return nil
}

// Frozen says whether node id's process is frozen.
func (w *World) Frozen(id int) bool { return w.node(id).frz.on }

// hold keeps an item for a frozen node; it reports whether it did.
func (n *node) hold(it *item) bool {
	if !n.frz.on {
		return false
	}
	switch it.kind {
	case itTick:
		if n.tickGen == it.gen {
			n.frz.tick = true // the ticker stalls: no next tick is scheduled until the wake
		}
	case itLeaseTimer:
		if n.leaseGen == it.gen {
			n.frz.lease = true
			n.leaseAt = -1
		}
	case itCheckpoint:
		if n.cpGen == it.gen {
			n.frz.check, n.frz.checkGen = true, it.gen
		}
	default:
		n.frz.inbox = append(n.frz.inbox, *it)
	}
	return true
}

// wake ends a freeze (see the top of this file for the order).
func (n *node) wake(gen uint64) {
	if !n.up || !n.frz.on || n.frz.gen != gen {
		return
	}
	f := n.frz
	n.frz = frozenState{gen: f.gen}
	n.w.disturb()
	n.w.emit(Event{Kind: EvFault, Node: n.id, Text: fmt.Sprintf("n%d wakes after %v frozen: %d queued", n.id, n.w.now-f.since, len(f.inbox))})
	if f.lease {
		n.waking = true // a countdown that ran out meanwhile says when (Event.Due)
		n.onLeaseTimer()
		n.waking = false
	} else {
		n.leaseAt = -2
		n.rearmLease()
	}
	for i := range f.inbox {
		if !n.up || n.frz.on {
			break
		}
		n.w.handle(&f.inbox[i])
	}
	if !n.up {
		return
	}
	if f.tick {
		n.nextTick = n.clk.tickLocal(n.w.now)
		n.onTick()
	}
	if f.check && n.cpGen == f.checkGen {
		n.onCheckpoint()
	}
}

// unread is how the view names an item waiting in a frozen node's buffer.
func (it *item) unread() Unread {
	switch {
	case it.kind == itRequest && it.req != nil:
		return Unread{What: it.req.cl.name + " " + it.req.op.String() + " " + it.req.key, At: it.at, Client: it.req.cl.name, Req: it.req.id}
	case it.kind == itDeliver:
		return Unread{What: fmt.Sprintf("%v n%d", it.info.Type, it.from), At: it.at, Msg: it.info.ID}
	}
	return Unread{What: "snapshot report", At: it.at}
}
