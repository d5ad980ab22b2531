package scenarios

import (
	"fmt"
	"slices"
	"strconv"

	"leaselab/cluster"
)

// The membership steps and conditions (LANGUAGE.md, "Membership change"): a node word of a
// membership step may name any of n1..n9, and from that line on the file may name that node in
// every other step.

// newNode reads a node a membership step may add: any of n1..n9.
func (l *line) newNode(what string) int {
	w := l.next(what)
	id := 0
	if isNodeWord(w.text) {
		if v, err := strconv.Atoi(w.text[1:]); err == nil && w.text == "n"+strconv.Itoa(v) {
			id = v
		}
	}
	switch {
	case id >= 1 && id <= cluster.MaxNodes:
		l.p.grown = max(l.p.grown, id)
		return id
	case isNodeWord(w.text):
		l.fail(w.col, "no node %s: node names run n1 to n%d", w.text, cluster.MaxNodes)
	default:
		l.fail(w.col, "expected a node n1..n%d, found %q", cluster.MaxNodes, w.text)
	}
	return 0
}

// voterSet reads `nA nB ... [hold]`: at least one node, none twice.
func (l *line) voterSet(word string) ([]int, bool) {
	var ids []int
	for l.i < len(l.ws) && !l.peekIs("hold") {
		w := l.ws[l.i]
		id := l.newNode("voter after " + word)
		if slices.Contains(ids, id) {
			l.fail(w.col, "%s names n%d twice", word, id)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		w := l.next("voter after " + word)
		l.fail(w.col, "expected a voter n1..n%d after %s, found %q", cluster.MaxNodes, word, w.text)
	}
	hold := false
	if l.peekIs("hold") {
		l.i++
		hold = true
	}
	return ids, hold
}

// nodeList reads the nodes after voters or learners (`none` for learners).
func (l *line) nodeList(c *Cond, verb word) {
	if verb.text == "learners" && l.peekIs("none") {
		l.i++
		c.None = true
		return
	}
	for l.i < len(l.ws) && !l.peekIs("within") {
		w := l.ws[l.i]
		id := l.node(verb.text)
		if slices.Contains(c.Nodes, id) {
			l.fail(w.col, "%s names n%d twice", verb.text, id)
		}
		c.Nodes = append(c.Nodes, id)
	}
	if len(c.Nodes) == 0 {
		want := "a node"
		if verb.text == "learners" {
			want = "a node or none"
		}
		w := l.next(want + " after " + verb.text)
		l.fail(w.col, "expected %s after %s, found %q", want, verb.text, w.text)
	}
}

// memberCond parses `SUBJECT voters|learners|config ...` and `nX removed`.
func (l *line) memberCond(c *Cond, subj, verb word) {
	switch verb.text {
	case "voters":
		c.Kind = CondVoters
		l.nodeList(c, verb)
	case "learners":
		c.Kind = CondLearners
		l.nodeList(c, verb)
	case "config":
		c.Kind = CondConfig
		c.Joint = l.oneOf("config form", "joint", "simple") == "joint"
	case "removed":
		if c.Subject != SubjectNode {
			l.fail(subj.col, "removed needs one node, like n1, before it; found %q", subj.text)
		}
		c.Kind = CondRemoved
	}
}

func formatMemberCond(subj string, c *Cond) string {
	switch c.Kind {
	case CondVoters:
		return subj + " voters " + cluster.NodeNames(c.Nodes)
	case CondLearners:
		if c.None {
			return subj + " learners none"
		}
		return subj + " learners " + cluster.NodeNames(c.Nodes)
	case CondConfig:
		if c.Joint {
			return subj + " config joint"
		}
		return subj + " config simple"
	}
	return nodeName(c.Node) + " removed"
}

// evalMember judges a membership condition on node id's applied configuration.
func evalMember(w *cluster.World, c *Cond, id int) (bool, string) {
	name := nodeName(id)
	if c.Kind == CondRemoved {
		if w.Removed(id) {
			return true, name + " removed"
		}
		return false, name + " is a member (" + w.Membership(id).String() + ")"
	}
	if !w.Up(id) {
		return false, name + " is down"
	}
	m := w.Membership(id)
	found := name + " " + m.String()
	switch c.Kind {
	case CondVoters:
		return slices.Equal(m.Voters, slices.Sorted(slices.Values(c.Nodes))), found
	case CondLearners:
		ls := slices.Concat(m.Learners, m.LearnersNext)
		slices.Sort(ls)
		return slices.Equal(slices.Compact(ls), slices.Sorted(slices.Values(c.Nodes))), found
	case CondConfig:
		return m.Joint() == c.Joint, found
	}
	return false, fmt.Sprintf("unknown condition kind %d", c.Kind)
}

// notStarted is what a condition finds on a node a membership step names but the world never
// started (its step was refused, or has not run yet).
func notStarted(id int) string {
	return fmt.Sprintf("n%d was never started (its membership step was refused or has not run)", id)
}
