package check

import (
	"fmt"
	"strconv"

	"leaselab/cluster"
	"leaselab/fsm"
)

// checker watches every apply and every resource write, through the world's hook, and reports
// what breaks through its sink. It runs in every world.
type checker struct {
	out      cluster.Sink
	hashAt   []uint64          // state hash after applying index i, from the first node to apply it (+1 so 0 = unset)
	firstBy  []uint8           // which node set hashAt[i]
	maxToken []uint64          // per node, in its current incarnation
	high     map[string]uint64 // per key, the highest token the resource accepted
	seen     map[string]bool
	reported int // how many violations it reported
	conf     confChecker
}

func newChecker(out cluster.Sink) *checker {
	return &checker{out: out, high: map[string]uint64{}, seen: map[string]bool{}}
}

// observe watches applies and writes; a restart or snapshot restore starts a node's token
// watch afresh. The membership checks (checker_conf.go) follow what the lock checks found.
func (c *checker) observe(e *cluster.Note) {
	switch e.Kind {
	case cluster.EntryApplied:
		c.onApply(e)
		c.conf.checkConfAt(c, e)
	case cluster.StateRestored:
		*c.tokenOf(e.Node) = e.NextToken - 1
		c.conf.checkConfAt(c, e)
	case cluster.LeaderElected:
		c.onElected(e)
	case cluster.LeaderCommitted:
		c.onLeaderCommit(e)
	case cluster.ResourceWrite:
		c.onWrite(e)
	}
}

// tokenOf is node id's highest token, room made for a node a membership change added.
func (c *checker) tokenOf(id int) *uint64 {
	for len(c.maxToken) <= id {
		c.maxToken = append(c.maxToken, 0)
	}
	return &c.maxToken[id]
}

// onWrite: the resource accepting a token below one it accepted before is a stale write (it
// does so only without fencing).
func (c *checker) onWrite(e *cluster.Note) {
	if !e.Accepted {
		return
	}
	high, seen := c.high[e.Key]
	if seen && e.Token < high {
		c.report(cluster.StaleWrite, 0, 0, e.Key, "resource accepted "+e.Client+"'s write with token "+u64s(e.Token)+" after token "+u64s(high))
	}
	if e.Token > high {
		c.high[e.Key] = e.Token
	}
}

func (c *checker) report(kind cluster.ViolationKind, node int, index uint64, key, text string) {
	c.reportDetail(kind, node, index, key, text, "")
}

func (c *checker) reportDetail(kind cluster.ViolationKind, node int, index uint64, key, text, detail string) {
	id := kind.String() + "/" + strconv.FormatUint(index, 10) + "/" + key
	if index == 0 {
		id += "/" + strconv.Itoa(c.reported)
	}
	if c.seen[id] {
		return
	}
	c.seen[id] = true
	c.reported++
	c.out.Report(cluster.Violation{Kind: kind, Node: node, Index: index, Key: key, Text: text, Detail: detail})
}

func (c *checker) onApply(e *cluster.Note) {
	// Read through pointers: an apply on every node comes here, and copying the command,
	// origin, result and lock into locals cost more than the checks that read them.
	id, idx, held := e.Node, e.Index, e.Held
	cmd, o, prev, res := &e.Cmd, &e.Origin, &e.Prev, &e.Result
	for uint64(len(c.hashAt)) <= idx {
		c.hashAt = append(c.hashAt, 0)
		c.firstBy = append(c.firstBy, 0)
	}
	h := e.StateHash + 1
	switch c.hashAt[idx] {
	case 0:
		c.hashAt[idx], c.firstBy[idx] = h, uint8(id)
	case h:
	default:
		c.diverged(e)
	}
	if res.Kind == fsm.Granted {
		maxToken := c.tokenOf(id)
		if held {
			c.doubleGrant(e)
		}
		if res.Token <= *maxToken {
			c.tokenRegression(e, *maxToken)
		}
		*maxToken = max(*maxToken, res.Token)
	}
	removed := held && (res.Kind == fsm.Released || res.Kind == fsm.Expired && res.Existed)
	if !removed {
		return
	}
	rightful := false
	switch res.Kind {
	case fsm.Released:
		rightful = (o.Kind == cluster.OriginRelease || o.Kind == cluster.OriginGhost) && o.Token == prev.Token
	case fsm.Expired:
		rightful = cmd.Token == prev.Token
	}
	if !rightful {
		c.lostGrant(e)
	}
}

// onApply's reports, apart (go:noinline): their formatting, inlined, sat in the middle of the
// code every apply on every node runs, which the instruction cache then held in more lines.

//go:noinline
func (c *checker) diverged(e *cluster.Note) {
	id, idx := e.Node, e.Index
	text := fmt.Sprintf("n%d and n%d hold different lock tables after applying index %d (%s -> %v on n%d)",
		c.firstBy[idx], id, idx, e.Cmd, e.Result, id)
	if int(c.firstBy[idx]) == id { // the node itself, before a restart, applied it differently
		text = fmt.Sprintf("n%d holds a different lock table after applying index %d than it did before it restarted (%s -> %v)",
			id, idx, e.Cmd, e.Result)
	}
	c.report(cluster.Divergence, id, idx, e.Cmd.Key, text)
}

//go:noinline
func (c *checker) doubleGrant(e *cluster.Note) {
	c.report(cluster.DoubleGrant, e.Node, e.Index, e.Cmd.Key, fmt.Sprintf("n%d granted %s token %d while token %d held it", e.Node, e.Cmd.Key, e.Result.Token, e.Prev.Token))
}

//go:noinline
func (c *checker) tokenRegression(e *cluster.Note, maxToken uint64) {
	c.report(cluster.TokenRegression, e.Node, e.Index, e.Cmd.Key, fmt.Sprintf("n%d issued token %d after token %d", e.Node, e.Result.Token, maxToken))
}

//go:noinline
func (c *checker) lostGrant(e *cluster.Note) {
	c.report(cluster.LostGrant, e.Node, e.Index, e.Cmd.Key, fmt.Sprintf("%s (from %s) ended %s token %d at index %d, which was neither its holder's release nor its expiry",
		e.Cmd, e.Origin.Label(), e.Cmd.Key, e.Prev.Token, e.Index))
}

func u64s(v uint64) string { return strconv.FormatUint(v, 10) }
