package cluster

import (
	"slices"
	"strings"
	"time"

	"leaselab/fsm"
)

// lease is one node's countdown for an applied lock, on that node's own clock. Every node keeps
// them (that is what the TUI shows); only the leader acts on them.
type lease struct {
	key      string        // token and lease length are in the state machine (n.lockOf)
	deadline time.Duration // local reading at which the countdown reaches zero
	nextTry  time.Duration // local reading at which the leader may (re)propose Expire
	idx      int32         // position in its heap: n.expiring when zero, else n.counting
	zero     bool          // the countdown reached zero (event sent)
	live     bool          // the key is held here (the lease is in a heap)
	tries    uint8         // Expires this node proposed for this lock: the origin's Req (1, 2, …)
}

// heapOf is the heap a lease lives in: counting down, or at zero awaiting an Expire.
func (n *node) heapOf(l *lease) *leaseHeap {
	if l.zero {
		return &n.expiring
	}
	return &n.counting
}

func (n *node) startLease(key string, leaseMS uint64) {
	l := &n.rec(key).lease
	if l.live {
		n.dropLease(l)
	}
	d := AddTime(n.clk.local(n.w.now), durOf(float64(leaseMS)*float64(time.Millisecond)))
	l.deadline, l.nextTry, l.zero, l.live, l.tries = d, d, false, true, 0
	if n.resetPending {
		l.nextTry = Never // lease-on-promote reset: nothing expires before the reset
	}
	n.live++
	n.counting.push(l)
}

// dropLease forgets a countdown (its lock was released, expired or restored away).
func (n *node) dropLease(l *lease) {
	n.heapOf(l).remove(l)
	l.live = false
	n.live--
}

// clearLeases forgets every countdown: only the live ones are visited.
func (n *node) clearLeases() {
	for _, h := range []*leaseHeap{&n.counting, &n.expiring} {
		for _, l := range h.items {
			l.live, l.idx = false, -1
		}
		clear(h.items)
		h.items = h.items[:0]
	}
	n.live = 0
}

// lockOf is the applied lock a live countdown times: a countdown exists exactly while its key
// is held in the state machine, so the lease does not keep a second copy.
func (n *node) lockOf(l *lease) fsm.Lock {
	lk, _ := n.sm.Get(l.key)
	return lk
}

// remaining is what the countdown shows now, never below zero.
func (l *lease) remaining(local time.Duration) time.Duration {
	return max(0, AddTime(l.deadline, -local))
}

func byKey(a, b *lease) int { return strings.Compare(a.key, b.key) }

// sortedLeases is every countdown by key: O(n log n), for tests and small views only.
func (n *node) sortedLeases() []*lease {
	out := make([]*lease, 0, n.live)
	out = append(out, n.counting.items...)
	out = append(out, n.expiring.items...)
	slices.SortFunc(out, byKey)
	return out
}

// acts says whether the lease manager proposes Expires on this node.
func (n *node) acts() bool { return n.role == RoleLeader && !n.w.cfg.Unsafe.LocalExpiry }

// rearmLease schedules the lease timer for the earliest countdown end or Expire retry: the top
// of two heaps, converted to simulated time on the node's clock as it is now.
func (n *node) rearmLease() {
	if !n.up {
		return
	}
	next, any := time.Duration(0), false
	if l := n.counting.top(); l != nil {
		next, any = l.deadline, true
	}
	if l := n.expiring.top(); l != nil && n.acts() && (!any || l.nextTry < next) {
		next, any = l.nextTry, true
	}
	at := time.Duration(-1)
	if r := n.clk.realAtLocal(next); any && r >= 0 {
		at = max(r, n.w.now)
	}
	if at == n.leaseAt {
		return
	}
	n.leaseGen++
	n.leaseAt = at
	if at >= 0 {
		n.w.q.push(item{at: at, kind: itLeaseTimer, node: n.id, gen: n.leaseGen})
	}
}

// dueLeases takes out of the heaps every countdown that ends now and, on a node that acts, every
// Expire retry that is due; they come back in key order, so what a firing does never depends on
// heap layout. Only the due ones are visited.
func (n *node) dueLeases(now time.Duration) []*lease {
	var due []*lease
	for l := n.counting.top(); l != nil && l.deadline <= now; l = n.counting.top() {
		n.counting.remove(l)
		due = append(due, l)
	}
	if n.acts() {
		for l := n.expiring.top(); l != nil && l.nextTry <= now; l = n.expiring.top() {
			n.expiring.remove(l)
			due = append(due, l)
		}
	}
	slices.SortFunc(due, byKey)
	return due
}

// onLeaseTimer ends countdowns that reached zero and, on the leader, proposes their Expires:
// again one election timeout later while the lock is still in its applied state. Countdowns
// that end at the same instant are proposed together, so their Expires share one Ready, one
// append and one commit.
func (n *node) onLeaseTimer() {
	n.leaseAt = -1
	now := n.clk.local(n.w.now)
	for _, l := range n.dueLeases(now) {
		token := n.lockOf(l).Token
		if !l.zero && now >= l.deadline {
			l.zero = true
			ev := Event{Kind: EvCountdownZero, Node: n.id, Key: l.key, Token: token}
			if due := n.clk.realAtLocal(l.deadline); n.waking && due >= 0 && due < n.w.now {
				ev.Due = due
			}
			n.w.emit(ev)
			if n.w.cfg.Unsafe.LocalExpiry {
				n.localExpire(l)
				continue
			}
		}
		if l.zero && n.acts() && now >= l.nextTry && l.nextTry != Never {
			l.nextTry = AddTime(now, n.w.cfg.ElectionTimeout())
			if l.tries < 255 {
				l.tries++
			}
			// Its try tells a retry from the first proposal: both name the same token, and
			// the timeline's two "[n1 lease expiry #1]" could not be told apart (nc20-i).
			n.propose(fsm.Command{Kind: fsm.Expire, Key: l.key, Token: token},
				Origin{Kind: OriginExpire, Token: token, Node: n.id, Req: uint64(l.tries)})
		}
		n.heapOf(l).push(l)
	}
	n.rearmLease()
	n.process()
}

// localExpire is the unsafe local-expiry mode: the node deletes the lock on its own clock,
// outside the log. l is in no heap.
func (n *node) localExpire(l *lease) {
	token := n.lockOf(l).Token
	n.sm.Delete(l.key)
	l.live = false
	n.live--
	n.w.emit(Event{Kind: EvLocalExpiry, Node: n.id, Key: l.key, Token: token})
}

// onPromote: a new leader expires on its own countdowns at once (lease-on-promote keep). With
// extend it first pushes every deadline to at least one election timeout from now (leaselab's
// grace rule). With reset (etcd's) it expires nothing until it applies its term's first entry,
// where resetLeases restarts every lease. It visits every countdown (a promotion is rare), then
// rebuilds both heaps.
func (n *node) onPromote() {
	rule := n.w.cfg.LeaseOnPromote
	n.resetPending = rule == PromoteReset
	n.eachLease(func(l *lease, now time.Duration) {
		switch rule {
		case PromoteExtend:
			if d := AddTime(now, n.w.cfg.ElectionTimeout()); d > l.deadline {
				l.deadline, l.zero = d, false
				// The only sign of it would be the leader's bar: the timeline says it.
				n.w.emit(Event{Kind: EvLeaseExtended, Node: n.id, Key: l.key, Token: n.lockOf(l).Token, Term: n.term, Text: n.w.cfg.ElectionTimeout().String()})
			}
		case PromoteReset:
			l.nextTry = Never
			return
		}
		l.nextTry = max(l.deadline, now)
	})
	n.armCheckpoint()
}

// eachLease calls f on every countdown, taken out of its heap, then rebuilds both heaps and
// rearms the lease timer.
func (n *node) eachLease(f func(l *lease, now time.Duration)) {
	now := n.clk.local(n.w.now)
	all := append(append([]*lease(nil), n.counting.items...), n.expiring.items...)
	n.counting.items = n.counting.items[:0]
	n.expiring.items = n.expiring.items[:0]
	for _, l := range all {
		f(l, now)
		n.heapOf(l).push(l)
	}
	n.rearmLease()
}

// resetLeases is etcd's Promote (refresh in etcd's lessor.go), run when the new leader applies
// its term's first entry: every lease runs again for one election timeout plus its checkpointed
// remaining time, or its full lease when it has none. Keepalives reach only the leader and are
// not replicated, so a new leader cannot know the true deadlines: it errs long.
func (n *node) resetLeases(idx uint64) {
	n.resetPending = false
	et := n.w.cfg.ElectionTimeout()
	n.eachLease(func(l *lease, now time.Duration) {
		lk := n.lockOf(l)
		rem := lk.LeaseMS
		if lk.RemainingMS > 0 {
			rem = lk.RemainingMS
		}
		l.deadline = AddTime(AddTime(now, et), durOf(float64(rem)*float64(time.Millisecond)))
		l.nextTry, l.zero = l.deadline, false
	})
	n.w.emit(Event{Kind: EvLeasesReset, Node: n.id, Index: idx, Term: n.term})
}

// armCheckpoint schedules the leader's next lease checkpoint (option lease-checkpoint), one
// interval from now on its own clock.
func (n *node) armCheckpoint() {
	every := n.w.cfg.LeaseCheckpoint
	if every <= 0 || !n.up || n.role != RoleLeader {
		return
	}
	n.cpGen++
	if at := n.clk.realAtLocal(AddTime(n.clk.local(n.w.now), every)); at >= 0 {
		n.w.q.push(item{at: max(at, n.w.now), kind: itCheckpoint, node: n.id, gen: n.cpGen})
	}
}

// onCheckpoint proposes, in key order, a Checkpoint with each running lease's remaining time on
// the leader's countdown (etcd's checkpoint scheduler runs on the leader only, and only once its
// lessor is promoted: not before a reset).
func (n *node) onCheckpoint() {
	if n.role != RoleLeader {
		return
	}
	if !n.resetPending {
		now := n.clk.local(n.w.now)
		for _, l := range n.sortedLeases() {
			if rem := l.remaining(now); !l.zero && rem >= time.Millisecond {
				lk := n.lockOf(l)
				n.propose(fsm.Command{Kind: fsm.Checkpoint, Key: l.key, Token: lk.Token, RemainingMS: uint64(rem.Milliseconds())},
					Origin{Kind: OriginCheckpoint, Token: lk.Token, Node: n.id})
			}
		}
	}
	n.armCheckpoint()
	n.process()
}
