package cluster

import (
	"fmt"
	"slices"
)

// The membership invariants. raft enforces each of them itself; the checker watches from
// outside, the way it watches the lock table, so a broken raft (or a test that breaks one on
// purpose) is seen:
//   - every node that applied index i holds the same configuration after it (config-divergence);
//   - a leader won its election with a majority of its own configuration's voters, both sets
//     when joint, not counting votes from outside it (foreign-vote);
//   - a leader's commit index moves only over entries a quorum of its configuration holds,
//     both majorities when joint (quorumless-commit).

// confChecker holds what these checks remember; what they find goes through the checker's
// report (deduplicated, in World.Violations).
type confChecker struct {
	confAt   []uint64 // configuration hash after index confBase+i
	confBy   []uint8
	confBase uint64
}

// growChecker makes room for node n in the checker's per-node state.
func (w *World) growChecker(n int) {
	for len(w.chk.maxToken) < n+1 {
		w.chk.maxToken = append(w.chk.maxToken, 0)
	}
}

// checkConfAt compares node id's configuration after index idx with the first node's there.
// Configurations are only recorded once one has changed (before that every node holds the
// one it booted with), from the first index seen after that.
func (c *confChecker) checkConfAt(n *node, idx, h uint64) {
	id := n.id
	if h == 0 {
		return
	}
	if c.confBase == 0 {
		c.confBase = idx
	}
	if idx < c.confBase {
		return
	}
	i := idx - c.confBase
	for uint64(len(c.confAt)) <= i {
		c.confAt = append(c.confAt, 0)
		c.confBy = append(c.confBy, 0)
	}
	switch c.confAt[i] {
	case 0:
		c.confAt[i], c.confBy[i] = h, uint8(id)
	case h:
	default:
		n.w.chk.report(ConfigDivergence, id, idx, "", fmt.Sprintf("n%d and n%d hold different configurations after index %d (n%d: %s)",
			c.confBy[i], id, idx, id, n.conf))
	}
}

// countVote records a granted vote for n in term.
// A late vote from an older term counts for nothing (raft ignores it too).
func (n *node) countVote(from int, term uint64) {
	switch {
	case term < n.voteTerm:
		return
	case term > n.voteTerm:
		n.voteTerm, n.votes = term, 0
	}
	n.votes |= 1 << from
}

// onElected checks that n won with its own configuration's quorum.
func (c *confChecker) onElected(n *node) {
	votes := uint16(1) << n.id // its own
	if n.voteTerm == n.term {
		votes |= n.votes
	}
	if n.conf.Quorum(func(id int) bool { return votes&(1<<id) != 0 }) {
		return
	}
	var from []int
	for id := 1; id <= MaxNodes; id++ {
		if votes&(1<<id) != 0 {
			from = append(from, id)
		}
	}
	n.w.chk.report(ForeignVote, n.id, 0, "", fmt.Sprintf("n%d became leader in term %d with the votes of %s, which are no majority of its configuration (%s)",
		n.id, n.term, NodeNames(from), n.conf))
}

// onLeaderCommit checks that leader n's new commit index is held by a quorum of n's
// configuration: a voter holds it if its log has the leader's entry there (or a snapshot past it).
func (c *confChecker) onLeaderCommit(n *node) {
	idx := n.commit
	term, err := n.st.Term(idx)
	if err != nil {
		return // compacted on the leader: it was committed before
	}
	holds := func(id int) bool {
		if id < 1 || id > len(n.w.nodes) {
			return false
		}
		o := n.w.node(id)
		if id == n.id {
			return true
		}
		if o.firstIndex() > idx {
			return o.lastIndex() >= idx // its snapshot covers idx
		}
		t, err := o.st.Term(idx)
		return err == nil && t == term
	}
	if n.conf.Quorum(holds) {
		return
	}
	var have []int
	for _, id := range n.conf.Members() {
		if holds(id) {
			have = append(have, id)
		}
	}
	slices.Sort(have)
	n.w.chk.report(QuorumlessCommit, n.id, idx, "", fmt.Sprintf("n%d committed index %d held only by %s, no quorum of its configuration (%s)",
		n.id, idx, NodeNames(have), n.conf))
}
