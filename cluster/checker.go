package cluster

import (
	"fmt"
	"strconv"
	"time"

	"leaselab/fsm"
)

// Violation is one broken invariant.
type Violation struct {
	Kind  ViolationKind
	At    time.Duration
	Node  int
	Index uint64
	Key   string
	Text  string
	// Detail is a longer account, when there is one (non-linearizable: the operations that
	// cannot be ordered, see ExplainHistory); like Event.Detail, not part of the trace hash.
	Detail string
}

func (v Violation) String() string {
	return fmt.Sprintf("%s at %v: %s", v.Kind, v.At, v.Text)
}

// checker watches every apply and every resource write, through the world's observer hook,
// and reports what breaks through its sink. It runs in every world.
type checker struct {
	out      sink
	hashAt   []uint64          // state hash after applying index i, from the first node to apply it (+1 so 0 = unset)
	firstBy  []uint8           // which node set hashAt[i]
	maxToken []uint64          // per node, in its current incarnation
	high     map[string]uint64 // per key, the highest token the resource accepted
	seen     map[string]bool
	list     []Violation
}

func newChecker(out sink, nodes int) *checker {
	return &checker{out: out, maxToken: make([]uint64, nodes+1), high: map[string]uint64{}, seen: map[string]bool{}}
}

// observe watches applies and writes; a restart or snapshot restore starts a node's token
// watch afresh.
func (c *checker) observe(e *entryNote) {
	switch e.kind {
	case entryApplied:
		c.onApply(e)
	case stateRestored:
		c.maxToken[e.node] = e.nextToken - 1
	case resourceWrite:
		c.onWrite(e)
	}
}

// onWrite: the resource accepting a token below one it accepted before is a stale write (it
// does so only without fencing).
func (c *checker) onWrite(e *entryNote) {
	if !e.accepted {
		return
	}
	high, seen := c.high[e.key]
	if seen && e.token < high {
		c.report(StaleWrite, 0, 0, e.key, "resource accepted "+e.client+"'s write with token "+u64s(e.token)+" after token "+u64s(high))
	}
	if e.token > high {
		c.high[e.key] = e.token
	}
}

func (c *checker) report(kind ViolationKind, node int, index uint64, key, text string) {
	c.reportDetail(kind, node, index, key, text, "")
}

func (c *checker) reportDetail(kind ViolationKind, node int, index uint64, key, text, detail string) {
	id := kind.String() + "/" + strconv.FormatUint(index, 10) + "/" + key
	if index == 0 {
		id += "/" + strconv.Itoa(len(c.list))
	}
	if c.seen[id] {
		return
	}
	c.seen[id] = true
	c.list = append(c.list, c.out.report(Violation{Kind: kind, Node: node, Index: index, Key: key, Text: text, Detail: detail}))
}

func (c *checker) onApply(e *entryNote) {
	id, idx, cmd, o, prev, held, res := e.node, e.index, e.cmd, e.origin, e.prev, e.held, e.result
	for uint64(len(c.hashAt)) <= idx {
		c.hashAt = append(c.hashAt, 0)
		c.firstBy = append(c.firstBy, 0)
	}
	h := e.stateHash + 1
	switch c.hashAt[idx] {
	case 0:
		c.hashAt[idx], c.firstBy[idx] = h, uint8(id)
	case h:
	default:
		text := fmt.Sprintf("n%d and n%d hold different lock tables after applying index %d (%s -> %v on n%d)",
			c.firstBy[idx], id, idx, cmd, res, id)
		if int(c.firstBy[idx]) == id { // the node itself, before a restart, applied it differently
			text = fmt.Sprintf("n%d holds a different lock table after applying index %d than it did before it restarted (%s -> %v)",
				id, idx, cmd, res)
		}
		c.report(Divergence, id, idx, cmd.Key, text)
	}
	if res.Kind == fsm.Granted {
		if held {
			c.report(DoubleGrant, id, idx, cmd.Key, fmt.Sprintf("n%d granted %s token %d while token %d held it", id, cmd.Key, res.Token, prev.Token))
		}
		if res.Token <= c.maxToken[id] {
			c.report(TokenRegression, id, idx, cmd.Key, fmt.Sprintf("n%d issued token %d after token %d", id, res.Token, c.maxToken[id]))
		}
		c.maxToken[id] = max(c.maxToken[id], res.Token)
	}
	removed := held && (res.Kind == fsm.Released || res.Kind == fsm.Expired && res.Existed)
	if !removed {
		return
	}
	rightful := false
	switch res.Kind {
	case fsm.Released:
		rightful = (o.Kind == OriginRelease || o.Kind == OriginGhost) && o.Token == prev.Token
	case fsm.Expired:
		rightful = cmd.Token == prev.Token
	}
	if !rightful {
		c.report(LostGrant, id, idx, cmd.Key, fmt.Sprintf("%s (from %s) ended %s token %d at index %d, which was neither its holder's release nor its expiry",
			cmd, o, cmd.Key, prev.Token, idx))
	}
}

func u64s(v uint64) string { return strconv.FormatUint(v, 10) }
