package ui

import (
	"fmt"

	"leaselab/cluster"
	"leaselab/fsm"
)

// stageMark is one node's progress on a proposal; symbols tell stages apart without colour.
func (m *Model) stageMark(s cluster.Stage) (string, sty) {
	st := m.st
	switch s {
	case cluster.StageAppended:
		return "○", st.plain
	case cluster.StageCommitted:
		return "◆", st.bold
	case cluster.StageApplied:
		return "✓", st.good
	case cluster.StageReplaced:
		return "↺", st.bad
	case cluster.StageDown:
		return "✖", st.down
	}
	return "·", st.faint
}

// trackerBox is the replication tracker: the latest proposals, each with its stage on every
// node and the result it applied with. This is where an Expire is seen travelling.
func (m *Model) trackerBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	return box(m.st, "Replication · ·none ○appended ◆committed ✓applied ↺replaced", m.trackerBody(iw, ih, true), r.w, r.h, false)
}

func (m *Model) trackerBody(iw, ih int, head bool) []string {
	st := m.st
	n := len(m.v.Nodes)
	out := make([]string, 0, ih)
	cmdW := min(20, max(12, iw/4))
	if head && ih > 0 {
		l := newLine(iw)
		l.add(st.headKey, fmt.Sprintf("%5s %-4s %-*s ", "index", "term", cmdW, "command"))
		for id := 1; id <= n; id++ {
			l.add(st.headKey, fmt.Sprintf("n%-2d", id))
		}
		l.add(st.headKey, " result · proposed by")
		out = append(out, l.String())
	}
	props := m.v.Proposals
	if room := ih - len(out); len(props) > room {
		props = props[len(props)-max(0, room):]
	}
	if len(props) == 0 && len(out) < ih {
		out = append(out, st.faint.r(fit("no proposals yet: a client's acquire is proposed by the leader", iw)))
	}
	for i := range props {
		out = append(out, m.proposalRow(&props[i], iw, cmdW))
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out[:ih]
}

func (m *Model) proposalRow(p *cluster.ProposalView, iw, cmdW int) string {
	st := m.st
	l := newLine(iw)
	idx, term := "    -", "-   "
	if p.Index > 0 {
		idx, term = fmt.Sprintf("%5d", p.Index), fmt.Sprintf("t%-3d", p.Term)
	}
	l.add(st.faint, idx+" ")
	l.add(st.term(p.Term), term+" ")
	res, agree := appliedResult(p)
	var applied fsm.Result
	if res != nil {
		applied = *res
	}
	cs := cmdStyle(st, p.Cmd, p.Origin, applied, agree && res != nil)
	l.add(cs, fit(cmdText(p.Cmd, false), cmdW)+" ")
	for _, s := range p.Stages {
		mark, ms := m.stageMark(s)
		l.add(ms, mark+"  ")
	}
	switch {
	case res == nil:
		l.add(st.faint, " …")
	case !agree:
		l.add(st.badBlock, " ≠ results differ ")
	default:
		rs := st.plain
		text := res.String()
		if p.Cmd.Kind == fsm.Expire && res.Kind == fsm.Expired && !res.Existed {
			rs, text = st.late, "LATE no-op "+text // the tag first: a narrow panel cuts the result, not the lesson
		}
		l.add(rs, " "+text)
	}
	l.add(st.faint, " · "+originText(p.Origin))
	return l.String()
}

// appliedResult is the result the nodes applied the proposal with, and whether they agree.
func appliedResult(p *cluster.ProposalView) (*fsm.Result, bool) {
	var first *fsm.Result
	for i, s := range p.Stages {
		if s != cluster.StageApplied || p.Results[i] == (fsm.Result{}) {
			continue
		}
		if first == nil {
			first = &p.Results[i]
		} else if *first != p.Results[i] {
			return first, false
		}
	}
	return first, true
}

// originText says who proposed: "c1 acquire", "n1 lease expiry #1", "n2 ghost release #3".
func originText(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease:
		return o.Client + " " + o.Kind.String()
	case cluster.OriginExpire:
		return fmt.Sprintf("n%d lease expiry #%d", o.Node, o.Token)
	case cluster.OriginGhost:
		return fmt.Sprintf("n%d ghost release #%d", o.Node, o.Token)
	case cluster.OriginHeld:
		return fmt.Sprintf("n%d held keys", o.Node)
	}
	return "-"
}
