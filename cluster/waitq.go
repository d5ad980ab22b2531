package cluster

import (
	"fmt"
	"time"
)

// Blocking acquires and lock-delay: two rules of real lock services that live on the leader,
// beside the session layer (session.go), not in the replicated state machine.
//
// `cX acquire KEY LEASE wait` is etcd's Mutex.Lock: the client waits until the key is free
// instead of hearing busy. leaselab keeps the wait queue on the leader, in memory, first come
// first served: when its projected state (session.go's project) shows the key free, the oldest
// waiter for it is proposed, before any newer request can take it. etcd keeps the queue in the
// replicated store (each waiter is a key under the lock's prefix, ordered by revision), so it
// survives a leader change; here a leader that steps down answers its waiters not-leader and
// they retry by the client contract, at the back of the new leader's queue. The client's
// timeout bounds the wait; the leader does not know when a client gave up, so a waiter it
// grants after that is a late grant, released at once by the client.
//
// Option lock-delay D is Consul's lock-delay: after a lock ends by expiry or by a ghost
// release (Consul: the session holding it is invalidated), its key is granted to nobody for D,
// so a holder that stalled has time to notice before someone else writes. Every node records
// the end of the delay on its own clock when it applies that Expire or Release (Consul's
// servers, each at its own apply, on its own clock), and the leader also when it proposes one;
// the leader checks its own record, and answers an acquire in that time delayed (a waiting
// acquire waits on). leaselab simplifies: one delay per key (Consul's is per key too, from the
// session's lock-delay setting), the record is in memory and lost in a crash (as Consul's), and
// a waiting acquire is looked at again at the leader's next tick after the delay ends.

// waiter is a blocking acquire queued on the leader.
type waiter struct {
	req     *request
	attempt int
}

// enqueueWaiter queues a blocking acquire whose key is held.
func (n *node) enqueueWaiter(req *request, attempt int) {
	ahead := 0
	for _, wt := range n.waiters {
		if wt.req.key == req.key {
			ahead++
		}
	}
	n.waiters = append(n.waiters, waiter{req: req, attempt: attempt})
	req.queued = true
	n.w.emit(Event{Kind: EvClient, Client: req.cl.name, Node: n.id, Req: req.id, Key: req.key, Op: req.op,
		Text: waitText(n.id, req.key, ahead)})
}

func waitText(node int, key string, ahead int) string {
	s := fmt.Sprintf("waits in n%d's queue for %s", node, key)
	if ahead == 0 {
		return s + " (first in line)"
	}
	return fmt.Sprintf("%s (%d ahead of it)", s, ahead)
}

// settleWaiters proposes, oldest first, every waiter whose key is free and not delayed; a
// proposed Grant makes the key held in the projection, so the next waiter for it waits on.
func (n *node) settleWaiters() {
	if len(n.waiters) == 0 || n.role != RoleLeader || n.frz.on {
		return
	}
	keep := n.waiters[:0]
	for _, wt := range n.waiters {
		if held, _ := n.project(wt.req.key); held || n.delayed(wt.req.key) {
			keep = append(keep, wt)
			continue
		}
		n.proposeFor(wt.req, wt.attempt)
	}
	clear(n.waiters[len(keep):])
	n.waiters = keep
}

// dropWaiters answers every waiter not-leader: the queue was this leader's.
func (n *node) dropWaiters() {
	ws := n.waiters
	n.waiters = nil
	for _, wt := range ws {
		n.reply(wt.req, wt.attempt, ReplyNotLeader, 0)
	}
}

// startDelay starts key's lock-delay on this node's clock (option lock-delay; 0: nothing).
func (n *node) startDelay(key string) {
	d := n.w.cfg.LockDelay
	if d <= 0 {
		return
	}
	if n.delays == nil {
		n.delays = map[string]time.Duration{}
	}
	n.delays[key] = max(n.delays[key], AddTime(n.clk.local(n.w.now), d))
}

// delayed says whether key's lock-delay still runs on this node's clock.
func (n *node) delayed(key string) bool {
	end, ok := n.delays[key]
	if !ok {
		return false
	}
	if n.clk.local(n.w.now) >= end {
		delete(n.delays, key)
		return false
	}
	return true
}
