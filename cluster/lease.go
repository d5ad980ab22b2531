package cluster

import (
	"slices"
	"time"

	"leaselab/fsm"
)

// lease is one node's countdown for an applied lock, on that node's own clock. Every node keeps
// them (that is what the TUI shows); only the leader acts on them.
type lease struct {
	key      string
	token    uint64
	leaseMS  uint64
	start    time.Duration // local reading when the Grant applied (or the snapshot restored)
	deadline time.Duration // local reading at which the countdown reaches zero
	zero     bool          // the countdown reached zero (event sent)
	nextTry  time.Duration // local reading at which the leader may (re)propose Expire
}

func (n *node) startLease(key string, token, leaseMS uint64) {
	now := n.clk.local(n.w.now)
	d := now + time.Duration(leaseMS)*time.Millisecond
	n.leases[key] = &lease{key: key, token: token, leaseMS: leaseMS, start: now, deadline: d, nextTry: d}
}

// remaining is what the countdown shows now, never below zero.
func (l *lease) remaining(local time.Duration) time.Duration { return max(0, l.deadline-local) }

func (n *node) sortedLeases() []*lease {
	out := make([]*lease, 0, len(n.leases))
	for _, l := range n.leases {
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b *lease) int {
		if a.key < b.key {
			return -1
		}
		if a.key > b.key {
			return 1
		}
		return 0
	})
	return out
}

// acts says whether the lease manager proposes Expires on this node.
func (n *node) acts() bool { return n.role == RoleLeader && !n.w.cfg.Unsafe.LocalExpiry }

// rearmLease schedules the lease timer for the earliest countdown end or Expire retry.
func (n *node) rearmLease() {
	if !n.up {
		return
	}
	next, any := time.Duration(0), false
	for _, l := range n.leases {
		due := l.deadline
		if l.zero {
			if !n.acts() {
				continue
			}
			due = l.nextTry
		}
		if !any || due < next {
			next, any = due, true
		}
	}
	at := time.Duration(-1)
	if any {
		at = max(n.clk.realAtLocal(next), n.w.now)
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

// onLeaseTimer ends countdowns that reached zero and, on the leader, proposes their Expires:
// again one election timeout later while the lock is still in its applied state.
func (n *node) onLeaseTimer() {
	n.leaseAt = -1
	now := n.clk.local(n.w.now)
	for _, l := range n.sortedLeases() {
		if !l.zero && now >= l.deadline {
			l.zero = true
			n.w.emit(Event{Kind: EvCountdownZero, Node: n.id, Key: l.key, Token: l.token})
			if n.w.cfg.Unsafe.LocalExpiry {
				n.localExpire(l)
				continue
			}
		}
		if l.zero && n.acts() && now >= l.nextTry {
			l.nextTry = now + n.w.cfg.ElectionTimeout()
			n.propose(fsm.Command{Kind: fsm.Expire, Key: l.key, Token: l.token},
				Origin{Kind: OriginExpire, Token: l.token, Node: n.id})
		}
	}
	n.rearmLease()
	n.process()
}

// localExpire is the unsafe local-expiry mode: the node deletes the lock on its own clock,
// outside the log.
func (n *node) localExpire(l *lease) {
	n.sm.Delete(l.key)
	delete(n.leases, l.key)
	n.w.emit(Event{Kind: EvLocalExpiry, Node: n.id, Key: l.key, Token: l.token})
}

// onPromote: a new leader expires on its own countdowns at once; with lease-extend-on-promote
// it first pushes every deadline to at least one election timeout from now, as etcd's lessor does.
func (n *node) onPromote() {
	now := n.clk.local(n.w.now)
	for _, l := range n.sortedLeases() {
		if n.w.cfg.LeaseExtend {
			if d := now + n.w.cfg.ElectionTimeout(); d > l.deadline {
				l.deadline, l.zero = d, false
			}
		}
		l.nextTry = max(l.deadline, now)
	}
	n.rearmLease()
}
