package check

import (
	"fmt"

	"leaselab/cluster"
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

// checkConfAt compares a node's configuration after an applied or restored index with the
// first node's there. Configurations are only recorded once one has changed (before that
// every node holds the one it booted with: ConfHash is 0), from the first index seen after that.
func (c *confChecker) checkConfAt(chk *checker, e *cluster.Note) {
	id, idx, h := e.Node, e.Index, e.ConfHash
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
		chk.report(cluster.ConfigDivergence, id, idx, "", fmt.Sprintf("n%d and n%d hold different configurations after index %d (n%d: %s)",
			c.confBy[i], id, idx, id, e.Conf))
	}
}

// onElected checks that the new leader won with its own configuration's quorum.
func (c *checker) onElected(e *cluster.Note) {
	if e.Conf.Quorum(func(id int) bool { return e.Votes&(1<<id) != 0 }) {
		return
	}
	c.report(cluster.ForeignVote, e.Node, 0, "", fmt.Sprintf("n%d became leader in term %d with the votes of %s, which are no majority of its configuration (%s)",
		e.Node, e.Term, cluster.NodeNames(ids(e.Votes)), e.Conf))
}

// onLeaderCommit checks that the leader's new commit index is held by a quorum of its
// configuration.
func (c *checker) onLeaderCommit(e *cluster.Note) {
	if e.Conf.Quorum(func(id int) bool { return e.Holders&(1<<id) != 0 }) {
		return
	}
	c.report(cluster.QuorumlessCommit, e.Node, e.Index, "", fmt.Sprintf("n%d committed index %d held only by %s, no quorum of its configuration (%s)",
		e.Node, e.Index, cluster.NodeNames(ids(e.Holders)), e.Conf))
}

// ids lists a set of node ids (bit id), ascending.
func ids(set uint16) []int {
	var out []int
	for id := 1; id <= cluster.MaxNodes; id++ {
		if set&(1<<id) != 0 {
			out = append(out, id)
		}
	}
	return out
}
