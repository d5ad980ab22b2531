package cluster

// What a leader's election and commits tell the membership checks (package check): the votes
// it counted and which members hold what it commits. raft enforces both rules itself; the
// world only reports what it sees, so a broken raft (or a test that breaks one) is caught.

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

// noteElected tells the watchers n became leader, with the votes of its term it counted.
func (n *node) noteElected() {
	votes := uint16(1) << n.id // its own
	if n.voteTerm == n.term {
		votes |= n.votes
	}
	n.w.note(&Note{Kind: LeaderElected, Node: n.id, Term: n.term, Votes: votes, Conf: n.conf})
}

// noteLeaderCommit tells the watchers leader n's commit index moved, and which members' logs
// hold its entry there (the leader's own, the same term, or a snapshot past it).
func (n *node) noteLeaderCommit() {
	idx := n.commit
	term, err := n.st.Term(idx)
	if err != nil {
		return // compacted on the leader: it was committed before
	}
	var holders uint16
	for _, set := range [...][]int{n.conf.Voters, n.conf.Outgoing, n.conf.Learners, n.conf.LearnersNext} {
		for _, id := range set {
			if n.holds(id, idx, term) {
				holders |= 1 << id
			}
		}
	}
	n.w.note(&Note{Kind: LeaderCommitted, Node: n.id, Index: idx, Term: term, Holders: holders, Conf: n.conf})
}

// holds says whether node id's log has leader n's entry (idx, term), or a snapshot past it.
func (n *node) holds(id int, idx, term uint64) bool {
	if id < 1 || id > len(n.w.nodes) {
		return false
	}
	if id == n.id {
		return true
	}
	o := n.w.node(id)
	if o.firstIndex() > idx {
		return o.lastIndex() >= idx // its snapshot covers idx
	}
	t, err := o.st.Term(idx)
	return err == nil && t == term
}
