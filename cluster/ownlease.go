package cluster

import (
	"slices"
	"time"

	"go.etcd.io/raft/v3"
	raftracker "go.etcd.io/raft/v3/tracker"
)

// The leader's own lease: what etcd raft's ReadOnlyLeaseBased (unsafe lease-read) trusts. raft
// answers a lease-based ReadIndex at once for as long as it is leader, and a leader only steps
// down when check-quorum fires: every ElectionTick ticks of its own clock (counted in raft's
// electionElapsed) it steps down unless a majority was active since the previous check. So the
// lease is on the leader's own clock, and a slow clock stretches it in real time.

// tickQuorumCheck mirrors raft's electionElapsed on a leader before a tick: raft increments it
// on every tick and sends itself MsgCheckQuorum (resetting it) when it reaches ElectionTick.
// The check passes if a majority is active now, before raft's tick reads and clears it; one
// that fails makes it a follower, and a new leadership counts from 0 again.
func (n *node) tickQuorumCheck() {
	if n.role != RoleLeader {
		return
	}
	if n.checkTicks++; n.checkTicks >= n.w.cfg.Election {
		n.checkTicks = 0
		if n.w.cfg.CheckQuorum && n.quorumActive() {
			n.checksPassed++
		}
	}
}

// transferResetsCheck says whether raft will zero electionElapsed on this leader for a
// TransferLeader to id: it does, unless the transfer is to itself or repeats the pending one.
func (n *node) transferResetsCheck(id int) bool {
	return id != n.id && n.raft().BasicStatus().LeadTransferee != uint64(id)
}

// quorumActive is raft's QuorumActive: a majority (the leader included) of its configuration,
// both voter sets when joint, was heard from since the last quorum check.
func (n *node) quorumActive() bool {
	var active uint16
	n.raft().WithProgress(func(id uint64, typ raft.ProgressType, pr raftracker.Progress) {
		if typ == raft.ProgressTypePeer && pr.RecentActive {
			active |= 1 << id
		}
	})
	return n.conf.Quorum(func(id int) bool { return active&(1<<id) != 0 })
}

// heard is how many voters of its configuration (itself included) this leader heard from since
// its last quorum check: raft's RecentActive, counted.
func (n *node) heard() int {
	c := 0
	n.raft().WithProgress(func(id uint64, typ raft.ProgressType, pr raftracker.Progress) {
		if typ == raft.ProgressTypePeer && pr.RecentActive && slices.Contains(n.conf.Voters, int(id)) {
			c++
		}
	})
	return c
}

// ownLease is how long, on its own clock, this leader may still answer lease-based reads if it
// hears from no one again: until the first quorum check that must fail. The next check passes
// if a majority is already active in this period, so then the lease runs one period further.
// Only with unsafe lease-read: with ReadIndex the leader trusts no lease.
func (n *node) ownLease() (time.Duration, bool) {
	c := n.w.cfg
	if !c.Unsafe.LeaseRead || !n.up || n.role != RoleLeader {
		return 0, false
	}
	ticks := c.Election - n.checkTicks // the check fires on the tick that reaches ElectionTick
	if n.quorumActive() {
		ticks += c.Election
	}
	next := max(0, n.nextTick-n.clk.tickLocal(n.w.now))
	return next + time.Duration(ticks-1)*c.Tick, true
}

// quorumCheck is, on a leader with check-quorum (and without unsafe lease-read, whose own lease
// says this already), how long by its own clock until its next quorum check, and whether that
// check would pass if it came now: a majority was heard from since the last one (raft's
// RecentActive, what the check itself reads). A passing check leaves no event, so this is the
// only way to see one coming (nc20-a).
func (n *node) quorumCheck() (next time.Duration, pass, ok bool) {
	c := n.w.cfg
	if !c.CheckQuorum || c.Unsafe.LeaseRead || !n.up || n.role != RoleLeader {
		return 0, false, false
	}
	tick := max(0, n.nextTick-n.clk.tickLocal(n.w.now))
	return tick + time.Duration(c.Election-n.checkTicks-1)*c.Tick, n.quorumActive(), true
}
