package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/fsm"
)

// The diagram view (m): a space-time diagram of the messages. One lane per node (and per
// client when there is room), time down the screen, one row per message at the instant it was
// delivered or lost: rows then read in the order receivers acted on them, which is what makes
// a late Expire visibly land after a Grant. The label says when it left (the latency, and any
// hold by a delay rule); a lost message ends in ✗.

// only is what the diagram narrows to besides the heartbeat filter.
type only int

const (
	onlyAll only = iota
	onlyKey
	onlyClient
	nOnly
)

// dgRow is one visible line: a recorder row, several equal marks merged, or a message still on
// the wire.
type dgRow struct {
	row   *diagram.Row
	nth   int           // rows before it from the same event (a refused request draws two)
	lanes []int         // merged marks: every lane that shows it
	to    time.Duration // merged marks: the newest one's time (the row shows the oldest's)
	wire  *diagram.Msg
}

// diagramFilterText says what the diagram shows.
func (m *Model) diagramFilterText() string {
	s := "lock messages"
	if m.dg.all {
		s = "all messages"
	}
	switch m.dg.only {
	case onlyKey:
		s += " of key " + m.curKey()
	case onlyClient:
		s += " of " + m.client
	}
	return s
}

// diagramToggleText is what v turns the diagram to: every message (heartbeats, votes, appends
// and their answers) or back to the lock messages alone.
func (m *Model) diagramToggleText() string {
	if m.dg.all {
		return "lock messages only"
	}
	return "all messages"
}

// dgMatch says whether a row passes the filters.
func (m *Model) dgMatch(r *diagram.Row, key, client string) bool {
	if r.Mark {
		mk := &r.M
		switch m.dg.only {
		case onlyKey:
			return mk.Key == key || structural(mk)
		case onlyClient:
			return mk.Client == client || structural(mk)
		}
		return true
	}
	return m.dgMsgMatch(&r.Msg, key, client)
}

func (m *Model) dgMsgMatch(msg *diagram.Msg, key, client string) bool {
	if !m.dg.all && !msg.Lock {
		return false
	}
	switch m.dg.only {
	case onlyKey:
		return msg.HasKey(key)
	case onlyClient:
		return msg.HasClient(client)
	}
	return true
}

// structural marks (roles, crashes, isolation, faults, violations) show under every filter.
func structural(mk *diagram.Mark) bool {
	switch mk.Kind {
	case diagram.MarkApply, diagram.MarkZero, diagram.MarkClient, diagram.MarkLocalExpiry, diagram.MarkWrite:
		return false
	}
	return true
}

// sameMark says whether two marks are the same happening on different lanes.
func sameMark(a, b *diagram.Mark) bool {
	return a.Kind == b.Kind && a.Text == b.Text && a.Node != b.Node && a.Node > 0 && b.Node > 0
}

// leaderApart says whether two apply marks are a leader's and a follower's: a leader applies
// when a majority has the entry, a follower when the leader's next message tells it, so one
// row for both read as one instant (first-lock's "n1 n3 n4 ✓ Grant …", nc21-d).
func leaderApart(a, b *diagram.Row) bool {
	if a.M.Kind != diagram.MarkApply || a.M.Node < 1 || b.M.Node < 1 || a.M.Node >= len(a.Lanes) || b.M.Node >= len(b.Lanes) {
		return false
	}
	return (a.Lanes[a.M.Node].Role() == diagram.LaneLeader) != (b.Lanes[b.M.Node].Role() == diagram.LaneLeader)
}

// visualRows is every kept row that passes the filters, oldest first, with equal marks on
// several lanes merged into one row (at the oldest one's Seq and time), and the index of the
// row holding the selected one (or -1). Merging does not depend on the selection, so ↑/↓ step
// through the rows the window draws.
func (m *Model) visualRows() (out []dgRow, sel int) {
	rec := m.sim.dg
	rows := rec.Rows()
	key, client := m.curKey(), m.client
	lanes := &rec.Lanes
	sel = -1
	nth := 0
	for i := range rows {
		r := &rows[i]
		// Rows are in Seq order: one event's rows are neighbours.
		if i > 0 && rows[i-1].Seq == r.Seq {
			nth++
		} else {
			nth = 0
		}
		if !m.dgMatch(r, key, client) {
			continue
		}
		if k := len(out) - 1; k >= 0 && r.Mark && out[k].row.Mark && sameMark(&out[k].row.M, &r.M) && !leaderApart(out[k].row, r) {
			out[k].lanes = append(out[k].lanes, lanes.Index(r.M.Node, r.M.Client))
			out[k].to = r.At
		} else {
			out = append(out, dgRow{row: r, nth: nth})
		}
		if m.dg.sel != 0 && r.Seq == m.dg.sel && nth == m.dg.selN {
			sel = len(out) - 1
		}
	}
	return out, sel
}

// visibleRows is up to n visible rows, oldest first, and sel, the selected row's index in them
// or -1. Following the present, they end at the newest (and the messages still on the wire);
// with a row selected, the window is full whenever history has n rows: it holds the selection
// a third of the way up from its bottom, and at either end of history the selection moves
// instead, so ↑/↓ move it one row and the window follows it the same way every time.
func (m *Model) visibleRows(n int) (out []dgRow, sel int) {
	out, sel, _, _ = m.diagramWindow(n)
	return out, sel
}

// diagramWindow is visibleRows with the kept rows that pass the filters left out of the window:
// above it (older) and below it (newer, only while a row is selected).
func (m *Model) diagramWindow(n int) (out []dgRow, sel, above, below int) {
	if n <= 0 {
		return nil, -1, 0, 0
	}
	vis, s := m.visualRows()
	if m.dg.sel != 0 {
		top := max(0, len(vis)-n)
		if s >= 0 {
			top = min(top, max(0, s-(n-1-n/3)))
		}
		end := min(len(vis), top+n)
		out = vis[top:end]
		if s >= 0 {
			s -= top
		}
		return out, s, top, len(vis) - end
	}
	rec := m.sim.dg
	key, client := m.curKey(), m.client
	// The newest messages on the wire, as many as one leader's broadcast (first-lock's commit at
	// 0.848s sends four 'MsgApp after idx 3': three showed, and n5's was nowhere, nc19-d).
	// Replies to clients on their way too, beside them: the recorder learns of a reply only as
	// it arrives, and first-lock's 'granted' from n1 to c1 was in the Network panel alone.
	replies := m.repliesOnWire(key, client)
	most := max(3, m.sim.dg.Lanes.Nodes-1) + len(replies)
	var wire []dgRow
	for i := len(rec.Pending()) - 1; i >= 0 && len(wire) < most-len(replies); i-- {
		if p := &rec.Pending()[i]; m.dgMsgMatch(p, key, client) {
			wire = append(wire, dgRow{wire: p})
		}
	}
	for i := range replies {
		wire = append(wire, dgRow{wire: &replies[i]})
	}
	slices.Reverse(wire[:len(wire)-len(replies)])
	slices.SortStableFunc(wire, func(a, b dgRow) int { return cmp.Compare(a.wire.Sent, b.wire.Sent) })
	out = vis[max(0, len(vis)-n):]
	out = append(out[:len(out):len(out)], wire...)
	if len(out) > n {
		out = out[len(out)-n:]
	}
	shown := 0
	for i := range out {
		if out[i].row != nil {
			shown++
		}
	}
	return out, -1, len(vis) - shown, 0
}

// wireLeftOut is how many messages on the wire that the filters pass rows do not draw.
func (m *Model) wireLeftOut(rows []dgRow) int {
	key, client := m.curKey(), m.client
	n := 0
	for i := range m.sim.dg.Pending() {
		if m.dgMsgMatch(&m.sim.dg.Pending()[i], key, client) {
			n++
		}
	}
	for i := range rows {
		if w := rows[i].wire; w != nil && w.Kind != diagram.Reply {
			n--
		}
	}
	return max(0, n)
}

// repliesOnWire are the nodes' replies to clients still on their way that the filters pass, as
// the diagram's messages, oldest sent first. A node that is down sends nothing.
func (m *Model) repliesOnWire(key, client string) []diagram.Msg {
	var out []diagram.Msg
	for _, f := range m.v.Net.ClientFlights {
		if f.ToNode || f.Reply == cluster.ReplyUnavailable {
			continue
		}
		msg := diagram.Msg{Kind: diagram.Reply, From: f.Node, Client: f.Client, Sent: f.Sent, At: f.Sent,
			Op: f.Reply.String(), Key: f.Key, Token: f.Token, Hint: f.Hint, Req: f.Req, State: diagram.InFlight, Lock: true}
		if m.dgMsgMatch(&msg, key, client) {
			out = append(out, msg)
		}
	}
	slices.SortStableFunc(out, func(a, b diagram.Msg) int { return cmp.Compare(a.Sent, b.Sent) })
	return out
}

// diagramMark is " · ↑ N earlier" when older rows are left out above the diagram's window (and
// " · ↓ N newer" for newer ones while a row is selected), as last drawn: at first-lock's 0.848s
// the top row was one MsgPreVote under four answers, the appends that MsgAppResp idx 2 answered
// gone above with nothing to say so (nc27-a).
func (m *Model) diagramMark() string {
	s := ""
	if m.dg.above > 0 {
		s = fmt.Sprintf(" · ↑ %d earlier", m.dg.above)
	}
	if m.dg.below > 0 {
		s += fmt.Sprintf(" · ↓ %d newer", m.dg.below)
	}
	return s
}

// diagramGeom is where the lanes are on a line of width w.
type diagramGeom struct {
	timeW, sp, lanes, labelX int
	clients                  bool
}

// need is the widest label of the rows to draw: lanes narrow, down to 3 cells apart (4 with
// longer lane names), so it fits ("not-found: the loc…" was cut beside lanes 6 cells apart).
func (m *Model) diagramGeom(w, need int) diagramGeom {
	l := &m.sim.dg.Lanes
	g := diagramGeom{timeW: 9, clients: true}
	n := l.Len()
	const minLabel = 30
	g.sp = min(8, (w-g.timeW-minLabel)/max(n, 1))
	if g.sp < 4 {
		g.clients, n = false, l.Nodes
		g.sp = min(8, max(3, (w-g.timeW-minLabel)/max(n, 1)))
	}
	closest := 3 // lane names of 2 cells still stand apart 3 cells apart
	for i := 0; i < n; i++ {
		if width(l.Name(i)) > 2 {
			closest = 4
		}
	}
	if g.sp > closest {
		g.sp = max(closest, min(g.sp, (w-g.timeW-need)/max(n, 1)))
	}
	g.lanes = n
	g.labelX = g.timeW + n*g.sp
	return g
}

// laneX is the column of lane i's line inside the lane area, or -1 when it is not drawn.
func (g diagramGeom) laneX(i int) int {
	if i < 0 || i >= g.lanes {
		return -1
	}
	return i*g.sp + g.sp/2
}

// diagramLines draws the diagram in w x h: a lane header, the rows, and, when a row is
// selected, its details.
func (m *Model) diagramLines(w, h int) []string {
	st := m.st
	detailH := 0
	if m.dg.sel != 0 && h >= 10 {
		detailH = min(5, h/4)
	}
	body := h - 1 - detailH
	rows, sel, above, below := m.diagramWindow(body)
	var ls []string
	if detailH > 0 {
		// The details take the rows they need, up to half the diagram; past that they scroll.
		ls = m.detailLines(rows, sel, w)
		if want := min(1+len(ls), max(detailH, h/2)); want > detailH {
			detailH = want
			body = h - 1 - detailH
			rows, sel, above, below = m.diagramWindow(body)
			ls = m.detailLines(rows, sel, w)
		}
		m.dg.detMax = max(0, len(ls)-(detailH-1))
		m.dg.detTop = min(m.dg.detTop, m.dg.detMax)
	}
	left, noteH := 0, 0
	if m.dg.sel == 0 {
		// The window draws the newest sends on the wire only; a line says how many more there
		// are (first-lock's 0.848s: the Network panel counted 39, the diagram drew 5, nc30-f).
		if left = m.wireLeftOut(rows); left > 0 && body > 1 {
			body, noteH = body-1, 1
			rows, sel, above, below = m.diagramWindow(body)
			left = m.wireLeftOut(rows)
		}
	}
	m.dg.above, m.dg.below = above, below // the title, drawn after, says so
	need := 0
	for i := range rows {
		need = max(need, 1+width(m.rowLabel(&rows[i])))
	}
	g := m.diagramGeom(w, need)
	lanes := &m.sim.dg.Lanes
	out := make([]string, 0, h)
	// Header: lane names over their lines.
	hdr := []rune(strings.Repeat(" ", g.lanes*g.sp))
	for i := 0; i < g.lanes; i++ {
		name := []rune(lanes.Name(i))
		x := g.laneX(i) - len(name)/2
		for j, r := range name {
			if x+j >= 0 && x+j < len(hdr) {
				hdr[x+j] = r
			}
		}
	}
	hl := newLine(w)
	hl.add(st.headKey, fit(" time", g.timeW))
	hl.add(st.headName, string(hdr))
	note := "at delivery · latency"
	held := false
	for i := range rows {
		r := rows[i].row
		held = held || (r != nil && !r.Mark && r.Msg.Info.Held > 0)
	}
	if held {
		// A row's "held 400ms" said nothing of itself (nc20-d): the header says it where it fits.
		room := w - g.timeW - g.lanes*g.sp - 1
		note = firstFit(room, "at delivery · +latency · held: of that, by a delay on its link",
			"at delivery · +latency · held: by a delay", "delivered · +latency · held: by a delay", note)
	}
	if !g.clients && len(lanes.Clients) > 0 {
		note = "clients ◂▸ at the edge"
	}
	hl.add(st.headKey, " "+note)
	out = append(out, hl.String())

	for i := range rows {
		out = append(out, m.diagramRow(&rows[i], g, w, i == sel))
	}
	if noteH > 0 {
		// Where the count is depends on the layout: the small one has no Network panel, its
		// net line counts them (nc32-e looked for the panel at 80x24).
		where, short := "the Network panel counts them", "Network panel"
		if m.lay.mode != modeFull {
			where, short = "the net line counts them", "m: net line"
		}
		note := fmt.Sprintf("… %d more on the wire, sent earlier, not drawn (m: %s)", left, where)
		out = append(out, st.faint.r(fit(" "+firstFit(w-1, note, fmt.Sprintf("… %d more on the wire, sent earlier (%s)", left, short)), w)))
	}
	for len(out) < 1+body+noteH {
		out = append(out, m.emptyLanes(g, w))
	}
	if detailH > 0 {
		out = append(out, m.detailRule(w, len(ls), detailH-1))
		top := m.dg.detTop
		for i := 0; i < detailH-1; i++ {
			s := ""
			if top+i < len(ls) {
				s = ls[top+i]
			}
			out = append(out, st.plain.r(fit(" "+s, w)))
		}
	}
	return out
}

// detailLines are the selected row's details wrapped to w: not cut, the details are where a
// row's label is read whole.
func (m *Model) detailLines(rows []dgRow, sel, w int) []string {
	var detail []string
	switch {
	case sel >= 0 && len(rows[sel].lanes) > 0:
		// A merged mark names its lanes and both instants.
		detail = []string{fmt.Sprintf("%s at %s ‥ %s", m.markLabel(&rows[sel]), simTime(rows[sel].row.At), simTime(rows[sel].to))}
	case sel >= 0 && rows[sel].row != nil:
		detail = rowDetails(rows[sel].row)
	default:
		detail = []string{"(the selected row is not in the kept history)"}
	}
	var ls []string
	for _, d := range detail {
		ls = append(ls, wrap(d, w-1, "  ")...)
	}
	return ls
}

// detailRule is the rule over the details; when they are longer than their shown lines it says
// which lines show and how to scroll (a MsgApp's entries under a cut box read as missing: nc20-k).
func (m *Model) detailRule(w, lines, shown int) string {
	st := m.st
	if lines <= shown {
		return st.border.r(strings.Repeat("─", w))
	}
	top := m.dg.detTop
	var marks []string
	if top > 0 {
		marks = append(marks, fmt.Sprintf("▲ %d above", top))
	}
	if below := lines - top - shown; below > 0 {
		marks = append(marks, fmt.Sprintf("▼ %d more", below))
	}
	note := fmt.Sprintf("─ details %d-%d of %d · %s · shift+↑/↓ scroll ", top+1, top+shown, lines, strings.Join(marks, " "))
	note = cut(note, w)
	return st.warn.r(note + strings.Repeat("─", max(0, w-width(note))))
}

// rowDetails is a row's full description.
func rowDetails(r *diagram.Row) []string {
	if r.Mark {
		mk := &r.M
		return []string{fmt.Sprintf("%s %s at %s: %s", mk.Lane(), mk.Symbol(), simTime(r.At), plainSeqModel(mk.Text))}
	}
	return r.Msg.Details()
}

// plainSeqModel says the history checker's "no valid order against the lock's sequential
// model" in plain words: the diagram's details left "sequential model" unexplained (nc32-a),
// where the timeline and the narration say it as one order in which one correct lock gives
// every answer seen.
func plainSeqModel(s string) string {
	return strings.Replace(s, "has no valid order against the lock's sequential model",
		"fits no one order in which a single correct lock, taking the requests one at a time, gives every answer seen", 1)
}

func (m *Model) emptyLanes(g diagramGeom, w int) string {
	l := newLine(w)
	l.pad(g.timeW)
	now := m.sim.dg.State()
	l.add(m.st.faint, string(m.laneBase(g, &now, m.sim.dg.Paused())))
	return l.String()
}

// laneBase is the lane area with only the lane lines, each drawn as its node was: ┃ leading,
// ╎ down, ┊ isolated, │ otherwise; a client's ‖ while paused (bit i of paused: client i), else │.
func (m *Model) laneBase(g diagramGeom, st *diagram.LaneStates, paused uint64) []rune {
	b := []rune(strings.Repeat(" ", g.lanes*g.sp))
	nodes := m.sim.dg.Lanes.Nodes
	for i := 0; i < g.lanes; i++ {
		c := '│'
		if i < nodes && i+1 < len(st) {
			switch s := st[i+1]; {
			case s.Role() == diagram.LaneDown:
				c = '╎'
			case s.Isolated():
				c = '┊'
			case s.Role() == diagram.LaneLeader:
				c = '┃'
			}
		}
		if k := i - nodes; k >= 0 && k < 64 && paused&(1<<k) != 0 {
			c = '‖'
		}
		b[g.laneX(i)] = c
	}
	return b
}

// diagramRow draws one row: time, the lanes with the arrow or mark, then the label.
func (m *Model) diagramRow(dr *dgRow, g diagramGeom, w int, selected bool) string {
	st := m.st
	lanes := &m.sim.dg.Lanes
	l := newLine(w)
	now := m.sim.dg.State()
	lanesAt, paused := &now, m.sim.dg.Paused()
	if dr.row != nil {
		lanesAt, paused = &dr.row.Lanes, dr.row.Paused
	}
	area := m.laneBase(g, lanesAt, paused)
	var at string
	var style sty
	var label, outcome string
	lo, hi := -1, -1 // the styled span of the lane area
	switch {
	case dr.row != nil && dr.row.Mark:
		mk := &dr.row.M
		at = simTime(dr.row.At)
		style = m.markStyle(mk)
		for _, li := range append([]int{lanes.Index(mk.Node, mk.Client)}, dr.lanes...) {
			if x := g.laneX(li); x >= 0 {
				area[x] = []rune(mk.Symbol())[0]
				lo, hi = minPos(lo, x), max(hi, x)
			}
		}
		label = m.markLabel(dr)
		spans := dr.to > dr.row.At && simTime(dr.to) != at // not n3 n4 at 1.307s, µs apart
		if span := " ‥" + simTime(dr.to); spans && width(label+span) <= w-g.labelX-1 {
			label += span // merged marks sit at the first node's time: the last one's, where room is
		} else if spans {
			// No room: the time says it does not stand for every lane ("1.305s ✓ │ ✓ ✓ n1 n3
			// n4 ✓" read as one instant, nc21-d); the selected row's details name the last.
			at += "‥"
		}
	default:
		label, outcome = m.msgText(dr)
		msg := dr.wire
		if dr.row != nil {
			msg = &dr.row.Msg
			at = simTime(dr.row.At)
		} else {
			at = "→" + simTime(msg.Sent)
		}
		style = m.msgStyle(msg)
		from, to := lanes.Index(msg.From, msg.Client), lanes.Index(msg.To, msg.Client)
		if msg.Kind == diagram.Reply {
			to = lanes.Index(0, msg.Client)
		}
		lo, hi = drawArrow(area, g, from, to, msg.State, msg.At == msg.Sent)
		if m.unreadAt(msg) > 0 {
			// It reached a frozen node, which has not read it: off the wire, as the net line
			// counts it, so drawn up to the node, waiting there (◌), not dashed.
			lo, hi = drawArrow(area, g, from, to, diagram.Delivered, false)
			if x := g.laneX(to); x >= 0 {
				area[x] = '◌'
			}
		}
		if dr.wire != nil {
			style = st.faint
		}
	}
	if selected {
		l.add(st.sel, fit(at, g.timeW))
	} else {
		l.add(st.faint, fit(at, g.timeW))
	}
	if lo >= 0 {
		l.add(st.faint, string(area[:lo]))
		l.add(style, string(area[lo:hi+1]))
		l.add(st.faint, string(area[hi+1:]))
	} else {
		l.add(st.faint, string(area))
	}
	l.add(style, " "+label)
	if outcome != "" {
		os := st.faint
		if strings.HasPrefix(outcome, "✗") {
			os = st.dropSt
		} else if strings.Contains(outcome, "held") {
			os = st.warn
		}
		l.add(os, " "+outcome)
	}
	return l.String()
}

// msgText is a message row's label and how it ended (or where it waits).
func (m *Model) msgText(dr *dgRow) (label, outcome string) {
	msg := dr.wire
	if dr.row != nil {
		msg = &dr.row.Msg
	}
	label, outcome = msg.Label(), msg.Outcome()
	if msg.State == diagram.Dropped && msg.At == msg.Sent {
		// Lost as it left, its arrow is a stub that stops short of every lane: the label
		// names where it was going ("MsgHeartbeat commit 4 ✗ partition" ×4 read alike).
		lanes := &m.sim.dg.Lanes
		to := lanes.Index(msg.To, msg.Client)
		if msg.Kind == diagram.Reply {
			to = lanes.Index(0, msg.Client)
		}
		if to >= 0 {
			label += " →" + lanes.Name(to)
		}
	}
	if n := m.unreadAt(msg); n > 0 {
		outcome = fmt.Sprintf("◌ unread at n%d (frozen)", n)
	}
	if e := msg.Entries; msg.Info.Type == pb.MessageType_MsgApp && len(e) > 0 && e[0].Cmd.Kind == fsm.Expire && m.lateIndex(e[0].Index) {
		label += " (late)"
	}
	return label, outcome
}

// markLabel is a mark row's label: its lanes' names, the symbol, the text. Three or more
// neighbouring nodes read as a run, "n2-n5", so the text has the room ("n2 n3 n4 n5 ✓ Expire
// orders #1 → Expired{…" was cut at 80x24).
func (m *Model) markLabel(dr *dgRow) string {
	mk := &dr.row.M
	lanes := &m.sim.dg.Lanes
	ls := append([]int{lanes.Index(mk.Node, mk.Client)}, dr.lanes...)
	slices.Sort(ls)
	var names []string
	for i := 0; i < len(ls); {
		j := i
		for j+1 < len(ls) && ls[j+1] == ls[j]+1 && ls[j+1] < lanes.Nodes && ls[i] >= 0 {
			j++
		}
		switch {
		case ls[i] < 0:
			names = append(names, "all")
		case j-i >= 2:
			names = append(names, lanes.Name(ls[i])+"-"+lanes.Name(ls[j]))
		default:
			j = i
			names = append(names, lanes.Name(ls[i]))
		}
		i = j + 1
	}
	return strings.Join(names, " ") + " " + mk.Symbol() + " " + mk.Text
}

// rowLabel is the text a row draws right of the lanes (merged marks name every lane, and the
// last one's time: the lanes narrow for it, as for any label).
func (m *Model) rowLabel(dr *dgRow) string {
	if dr.row != nil && dr.row.Mark {
		if dr.to > dr.row.At && simTime(dr.to) != simTime(dr.row.At) {
			return m.markLabel(dr) + " ‥" + simTime(dr.to)
		}
		return m.markLabel(dr)
	}
	label, outcome := m.msgText(dr)
	if outcome != "" {
		label += " " + outcome
	}
	return label
}

func minPos(a, b int) int {
	if a < 0 {
		return b
	}
	return min(a, b)
}

// drawArrow draws a message from lane `from` to lane `to` into the lane area and returns the
// span it covers. A lane that is not drawn (a client in the compact layout) is the edge of the
// area on its side. A message lost as it left is a stub ending in ✗.
func drawArrow(area []rune, g diagramGeom, from, to int, state diagram.State, atSend bool) (int, int) {
	edge := len(area) - 1
	x1, x2 := g.laneX(from), g.laneX(to)
	if x1 < 0 {
		x1 = edge
	}
	if x2 < 0 {
		x2 = edge
	}
	if x1 == x2 {
		area[x1] = '◆'
		return x1, x1
	}
	dir := 1
	if x2 < x1 {
		dir = -1
	}
	end := x2
	if state == diagram.Dropped && atSend {
		// A stub within the sender's own gap, short of the next lane: 2/5 of the way to a far
		// receiver put n5's lost MsgPreVote →n1 under n3 and n4 (nc20-l read it as sent to n3).
		end = x1 + dir*max(1, min(max(2, g.sp/2), g.sp-1, abs(x2-x1)-1))
	}
	fill := '─'
	if state == diagram.InFlight {
		fill = '┄'
	}
	for x := x1 + dir; x != end; x += dir {
		area[x] = fill
	}
	area[x1] = '•'
	switch {
	case state == diagram.Dropped:
		area[end] = '✗'
	case state == diagram.InFlight:
		area[end] = '⋯'
	case dir > 0:
		area[end] = '▶'
	default:
		area[end] = '◀'
	}
	return min(x1, end), max(x1, end)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// msgStyle colours a message as the timeline colours its command; symbols and labels repeat it.
func (m *Model) msgStyle(msg *diagram.Msg) sty {
	st := m.st
	if msg.State == diagram.Dropped {
		return st.dropSt
	}
	switch msg.Kind {
	case diagram.Request:
		return st.key
	case diagram.Reply:
		if msg.Op == "granted" || msg.Op == "released" {
			return st.good
		}
		return st.msg
	}
	switch msg.Info.Type {
	case pb.MessageType_MsgApp:
		if len(msg.Entries) > 0 {
			e := msg.Entries[0]
			switch {
			case e.Cmd.Kind == fsm.Expire && m.lateIndex(e.Index):
				return st.late
			case e.Cmd.Kind == fsm.Expire:
				return st.expire
			case e.Cmd.Kind == fsm.Grant:
				return st.grant
			case e.Cmd.Kind == fsm.Release:
				return st.release
			}
		}
	case pb.MessageType_MsgVote, pb.MessageType_MsgVoteResp, pb.MessageType_MsgPreVote, pb.MessageType_MsgPreVoteResp:
		return st.candidate
	case pb.MessageType_MsgSnap:
		return st.key
	}
	if msg.Lock {
		return st.plain
	}
	return st.msg
}

// lateIndex says whether the entry at idx is an Expire some node applied with nothing to
// delete (known once it applied: the rows before it are coloured when it does).
func (m *Model) lateIndex(idx uint64) bool {
	return m.sim.dg.Late(idx)
}

func (m *Model) markStyle(mk *diagram.Mark) sty {
	st := m.st
	switch mk.Kind {
	case diagram.MarkRole:
		_, s := st.role(mk.Role)
		return s
	case diagram.MarkCrash, diagram.MarkViolation, diagram.MarkLocalExpiry:
		return st.bad
	case diagram.MarkRestart, diagram.MarkIsolated, diagram.MarkRejoined, diagram.MarkFault:
		return st.key
	case diagram.MarkZero:
		return st.warn
	case diagram.MarkWrite:
		if mk.Accepted {
			return st.good
		}
		return st.bad
	case diagram.MarkApply:
		switch {
		case mk.Late:
			return st.late
		case mk.Cmd.Kind == fsm.Expire:
			return st.expire
		case mk.Cmd.Kind == fsm.Grant:
			return st.grant
		}
		return st.release
	}
	return st.plain
}
