package cluster

import (
	"fmt"
	"time"

	"leaselab/fsm"
)

// Option held-keys: a run that starts with many live leases, to show that expiry is per key and
// still only happens through committed Expires (many of them sharing one commit). The leader
// proposes the Grants itself, heldBatch per tick, as ordinary log entries; the locks belong to
// no client.

// MaxHeldKeys bounds option held-keys.
const MaxHeldKeys = 1_000_000

// heldBatch is how many pre-held Grants a leader proposes per tick.
const heldBatch = 1000

// DefaultHeldLease is the lease of a pre-held key when the option names none.
const DefaultHeldLease = time.Minute

// HeldKey is the name of pre-held key i (0-based) of n: "held0042" (zero-padded to n's width).
func HeldKey(i, n int) string {
	return fmt.Sprintf("held%0*d", len(fmt.Sprint(max(n-1, 0))), i)
}

// proposeHeld proposes the next batch of pre-held Grants on the leader.
func (n *node) proposeHeld() {
	w := n.w
	lease := w.cfg.HeldLease
	if lease <= 0 {
		lease = DefaultHeldLease
	}
	for end := min(w.heldNext+heldBatch, w.cfg.HeldKeys); w.heldNext < end; w.heldNext++ {
		cmd := fsm.Command{Kind: fsm.Grant, Key: HeldKey(w.heldNext, w.cfg.HeldKeys), LeaseMS: uint64(lease.Milliseconds())}
		if _, ok := n.propose(cmd, Origin{Kind: OriginHeld, Node: n.id}); !ok {
			return
		}
	}
}
