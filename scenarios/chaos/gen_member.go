package chaos

import (
	"slices"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// members is what the generator believes the configuration is: it cannot know whether a change
// took (the world refuses one while another is unapplied, or with no leader, as an event), so it
// only keeps its steps sensible. Other faults never name a node a membership step added: such a
// node may never have started, and a step on it would be an error.
type members struct {
	voters, learners []int
	next             int  // the next new node's id
	held             bool // a reconfigure ... hold not yet left
}

func newMembers(n int) *members {
	m := &members{next: n + 1}
	for id := 1; id <= n; id++ {
		m.voters = append(m.voters, id)
	}
	return m
}

// memberFault is safe mode's share of membership changes (one fault in eight): add-node,
// add-learner then promote, remove-node (the likely leader too), and reconfigure through joint
// consensus, sometimes held and left later (a run may end still joint: commits then need both
// majorities, which the ending's heal gives). It returns false to leave the fault to the mix.
func (g *gen) memberFault() bool {
	if g.r.IntN(8) != 0 {
		return false
	}
	if g.mem == nil {
		g.mem = newMembers(g.p.Nodes)
	}
	m := g.mem
	if m.held {
		g.add(scenarios.Step{Kind: scenarios.StepLeaveJoint})
		m.held = false
		return true
	}
	switch g.r.IntN(5) {
	case 0: // a new voter
		if m.next > cluster.MaxNodes {
			return false
		}
		g.add(scenarios.Step{Kind: scenarios.StepAddNode, Node: m.next})
		m.voters = append(m.voters, m.next)
		m.next++
	case 1: // a learner, or the promotion of one
		if len(m.learners) > 0 {
			id := m.learners[0]
			g.add(scenarios.Step{Kind: scenarios.StepPromote, Node: id})
			m.learners = m.learners[1:]
			m.voters = sorted(append(m.voters, id))
			return true
		}
		if m.next > cluster.MaxNodes {
			return false
		}
		g.add(scenarios.Step{Kind: scenarios.StepAddLearner, Node: m.next})
		m.learners = append(m.learners, m.next)
		m.next++
	case 2: // a voter leaves, often the likely leader
		if len(m.voters) <= 3 {
			return false
		}
		id := m.voters[g.r.IntN(len(m.voters))]
		if g.lead != 0 && slices.Contains(m.voters, g.lead) && g.r.IntN(2) == 0 {
			id = g.lead
		}
		g.add(scenarios.Step{Kind: scenarios.StepRemoveNode, Node: id})
		m.voters = slices.DeleteFunc(m.voters, func(v int) bool { return v == id })
	default: // reconfigure: keep three or more, maybe with a new node, sometimes held
		keep := slices.Clone(m.voters)
		g.r.Shuffle(len(keep), func(i, j int) { keep[i], keep[j] = keep[j], keep[i] })
		keep = keep[:max(3, len(keep)-1-g.r.IntN(2))]
		if m.next <= cluster.MaxNodes && g.r.IntN(2) == 0 {
			keep = append(keep, m.next)
			m.next++
		}
		keep = sorted(keep)
		if slices.Equal(keep, m.voters) {
			return false
		}
		hold := g.r.IntN(3) == 0
		// The step keeps its own copy: m.voters changes in place (DeleteFunc) later.
		g.add(scenarios.Step{Kind: scenarios.StepReconfigure, Nodes: slices.Clone(keep), Hold: hold})
		m.voters, m.held = keep, hold
		m.learners = slices.DeleteFunc(m.learners, func(v int) bool { return slices.Contains(keep, v) })
	}
	return true
}

// dropMember removes membership step i together with the steps that need it: after an
// add-node or add-learner nX, every later step naming nX (without its add the file names an
// unknown node); after reconfigure ... hold, the leave-joint that ends it. It says whether the
// shrinker kept the result.
func (sh *shrinker) dropMember(i int) bool {
	st := sh.steps[i]
	drop := map[int]bool{i: true}
	switch st.Kind {
	case scenarios.StepReconfigure:
		if !st.Hold {
			return false // alone: dropChunks and dropKinds try it
		}
		for j := i + 1; j < len(sh.steps); j++ {
			if sh.steps[j].Kind == scenarios.StepLeaveJoint {
				drop[j] = true
				break
			}
		}
	default:
		for j := i + 1; j < len(sh.steps); j++ {
			if namesNode(&sh.steps[j], st.Node) {
				drop[j] = true
			}
		}
	}
	return sh.test(sh.hdr, without(sh.steps, func(k int, _ *scenarios.Step) bool { return drop[k] }))
}

// namesNode says whether a step names node id.
func namesNode(st *scenarios.Step, id int) bool {
	if st.Node == id || st.Node2 == id || slices.Contains(st.Nodes, id) {
		return true
	}
	for _, g := range st.Groups {
		if slices.Contains(g, id) {
			return true
		}
	}
	return st.Cond != nil && (st.Cond.Node == id || slices.Contains(st.Cond.Nodes, id))
}
