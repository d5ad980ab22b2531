package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

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
			rs, text = st.late, text+" LATE no-op"
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
	}
	return "-"
}

// netBox shows partitions, link rules, messages on the wire and recent drops.
func (m *Model) netBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	return box(m.st, "Network", m.netBody(iw, ih), r.w, r.h, false)
}

func (m *Model) netBody(iw, ih int) []string {
	st := m.st
	nv := &m.v.Net
	out := make([]string, 0, ih)
	add := func(s sty, text string) {
		if len(out) < ih {
			out = append(out, s.r(fit(text, iw)))
		}
	}
	if len(nv.Groups) == 0 {
		add(st.good, "no partition")
	} else {
		var sides []string
		for i, g := range nv.Groups {
			sides = append(sides, sideName(i)+groupText(g))
		}
		add(st.warn, "partition "+strings.Join(sides, " | "))
	}
	rules := m.ruleTexts()
	if len(rules) == 0 {
		add(st.faint, "no cuts, drops or delays")
	}
	for _, t := range rules {
		add(st.warn, t)
	}
	if len(out) < ih {
		add(st.headKey, fmt.Sprintf("on the wire: %d · recent: → sent, ✗ dropped", len(nv.InFlight)))
	}
	limit := max(1, (ih-len(out))/2)
	for i := range nv.InFlight {
		if i == limit-1 && len(nv.InFlight) > limit {
			add(st.faint, fmt.Sprintf("  ⇢ … %d more on the wire", len(nv.InFlight)-i))
			break
		}
		f := &nv.InFlight[i]
		add(msgStyle(st, f.Msg), "  ⇢ "+flightText(f, m.v.Now))
	}
	recent := m.recentMsgs(ih - len(out))
	for _, r := range recent {
		add(r.s, r.text)
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out
}

// ruleTexts lists the link rules: cuts (paired when both ways), drops, delays.
func (m *Model) ruleTexts() []string {
	nv := &m.v.Net
	var out []string
	var cuts []string
	for _, c := range nv.Cuts {
		back := false
		for _, d := range nv.Cuts {
			back = back || (d[0] == c[1] && d[1] == c[0])
		}
		switch {
		case back && c[0] < c[1]:
			cuts = append(cuts, fmt.Sprintf("n%d↔n%d", c[0], c[1]))
		case !back:
			cuts = append(cuts, fmt.Sprintf("n%d→n%d", c[0], c[1]))
		}
	}
	if len(cuts) > 0 {
		out = append(out, "cut "+strings.Join(cuts, " "))
	}
	if nv.DropAll > 0 {
		out = append(out, "drop all "+trimFloat(nv.DropAll)+"%")
	}
	var drops, delays []string
	for _, d := range nv.Drops {
		drops = append(drops, fmt.Sprintf("n%d-n%d %s%%", d.A, d.B, trimFloat(d.Pct)))
	}
	for _, d := range nv.Delays {
		delays = append(delays, fmt.Sprintf("n%d-n%d +%v", d.A, d.B, d.Delay))
	}
	if len(drops) > 0 {
		out = append(out, "drop "+strings.Join(drops, " "))
	}
	if len(delays) > 0 {
		out = append(out, "delay "+strings.Join(delays, " "))
	}
	return out
}

func msgStyle(st *styles, mi cluster.MsgInfo) sty {
	t := mi.Type.String()
	switch {
	case mi.Reject:
		return st.bad
	case strings.HasPrefix(t, "MsgHeartbeat"):
		return st.msg
	case t == "MsgApp" && mi.Entries > 0, t == "MsgSnap":
		return st.bold
	case strings.Contains(t, "Vote"):
		return st.candidate
	}
	return st.plain
}

func flightText(f *cluster.Flight, now time.Duration) string {
	return msgText(f.Msg, f.From, f.To) + " · lands in " + (f.Arrive - now).Round(100*time.Microsecond).String()
}

type styled struct {
	s    sty
	text string
}

// recentMsgs is up to n of the latest raft messages sent or dropped, newest last: the wire is
// empty most of the time at low speeds, so this strip shows what just went over it.
func (m *Model) recentMsgs(n int) []styled {
	if n <= 0 {
		return nil
	}
	st := m.st
	r := m.sim.tl.rings[filterRaft]
	out := make([]styled, 0, n)
	for i := len(r) - 1; i >= 0 && len(out) < n; i-- {
		e := &r[i].ev
		switch e.Kind {
		case cluster.EvMsgSent:
			out = append(out, styled{msgStyle(st, e.Msg), fmt.Sprintf("%9s → %s", simTime(e.At), msgText(e.Msg, e.Node, e.Peer))})
		case cluster.EvMsgDropped:
			out = append(out, styled{st.dropSt, fmt.Sprintf("%9s ✗ %s (%s)", simTime(e.At), msgText(e.Msg, e.Node, e.Peer), e.Text)})
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func msgText(mi cluster.MsgInfo, from, to int) string {
	s := fmt.Sprintf("%-13s n%d→n%d t%d", mi.Type.String(), from, to, mi.Term)
	if mi.Entries > 0 {
		s += fmt.Sprintf(" +%d", mi.Entries)
	}
	if mi.Reject {
		s += " reject"
	}
	return s
}

// clientsBox: what each client believes, then the fenced resource per key.
func (m *Model) clientsBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	title := fmt.Sprintf("Clients & resource · key %s (k) · lease %v (l)", m.curKey(), m.curLease())
	return box(m.st, title, m.clientsBody(iw, ih), r.w, r.h, m.focus == panelClients)
}

func (m *Model) clientsBody(iw, ih int) []string {
	out := make([]string, 0, ih)
	for _, name := range m.clients() {
		if len(out) < ih {
			out = append(out, m.clientLine(name, iw))
		}
	}
	if len(out) < ih {
		out = append(out, rule(m.st, "resource", "highest token accepted", iw))
	}
	for i := range m.v.Resource {
		if len(out) < ih {
			out = append(out, m.resourceLine(&m.v.Resource[i], iw))
		}
	}
	if len(m.v.Resource) == 0 && len(out) < ih {
		out = append(out, m.st.faint.r(fit("no writes yet (f: the selected client writes with its token)", iw)))
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out
}

func (m *Model) clientLine(name string, iw int) string {
	st := m.st
	l := newLine(iw)
	if name == m.client {
		l.add(st.sel, "▸"+name)
	} else {
		l.add(st.bold, " "+name)
	}
	c := m.clientView(name)
	if c == nil {
		l.add(st.faint, " · not used yet (tab to select, a to acquire)")
		return l.String()
	}
	switch {
	case c.Paused:
		l.add(st.warnBlock, " ‖ paused until "+simTime(c.WakeAt)+" ")
	case !c.Connected:
		l.add(st.bad, " ⊘ disconnected")
	default:
		l.add(st.good, " ● connected")
	}
	if c.Rate != 1 && !c.Paused {
		l.add(st.warn, " ×"+trimFloat(c.Rate))
	}
	l.add(st.faint, fmt.Sprintf(" →n%d", c.Guess))
	if len(c.Holds) == 0 {
		l.add(st.faint, " · holds nothing")
	}
	for _, h := range c.Holds {
		l.add(st.headKey, " · holds ")
		text := fmt.Sprintf("%s #%d ", h.Key, h.Token)
		if h.Left > 0 {
			l.add(st.grant, text+leftText(h.Left))
		} else {
			l.add(st.gone, text+"ran out (own clock)")
		}
	}
	if c.LastReply != "" {
		l.add(st.headKey, " · last ")
		text := c.LastReply
		if c.LastReply == "granted" {
			text += " #" + strconv.FormatUint(c.LastToken, 10)
		}
		if c.LastKey != "" {
			text += " " + c.LastKey
		}
		rs := st.plain
		if c.LastReply == "timeout" || c.LastReply == "rejected" {
			rs = st.bad
		}
		l.add(rs, text)
	}
	if c.Doing != "" {
		l.add(st.key, " · ⋯ "+c.Doing)
		if c.Queued > 0 {
			l.add(st.faint, fmt.Sprintf(" +%d queued", c.Queued))
		}
	}
	if w := c.LastWrite; w != nil {
		l.add(st.headKey, " · write ")
		s, v := writeVerdict(st, w)
		l.add(s, fmt.Sprintf("#%d %s", w.Token, v))
	}
	return l.String()
}

func writeVerdict(st *styles, w *cluster.WriteView) (sty, string) {
	switch {
	case !w.Decided:
		return st.faint, "…"
	case w.Accepted:
		return st.good, "✓ accepted"
	}
	return st.bad, "✗ rejected"
}

func (m *Model) resourceLine(r *cluster.ResourceView, iw int) string {
	st := m.st
	l := newLine(iw)
	l.add(st.plain, fmt.Sprintf(" %-8s", r.Key))
	l.add(st.headKey, " high ")
	l.add(st.bold, "#"+strconv.FormatUint(r.High, 10))
	ws := r.Writes
	if len(ws) > 4 {
		ws = ws[len(ws)-4:]
	}
	for i := range ws {
		s, v := writeVerdict(st, &ws[i])
		l.add(s, fmt.Sprintf("  %s %s#%d", strings.Fields(v)[0], ws[i].Client, ws[i].Token))
	}
	return l.String()
}

// timelineBox frames the bubbles viewport holding the event timeline.
func (m *Model) timelineBox(r rect) []string {
	title := fmt.Sprintf("Timeline · %s (v) · %s", m.filter, scrollNote(m.vp.AtBottom()))
	body := strings.Split(m.vp.View(), "\n")
	return box(m.st, title, body, r.w, r.h, m.focus == panelTimeline)
}

func scrollNote(bottom bool) string {
	if bottom {
		return "newest at the bottom"
	}
	return "scrolled: ↓/pgdn for newest"
}
