package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	"github.com/charmbracelet/x/ansi"
	raftpb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/fsm"
)

// filter is what the event timeline shows.
type filter int

const (
	filterLock filter = iota
	filterAll
	filterRaft
	nFilters
)

func (f filter) String() string {
	return [...]string{"lock events", "all events", "raft messages"}[f]
}

// match says whether the filter shows an event. "lock events" leaves out the plumbing that
// buried them: every node's "commits up to N" (its apply follows at the same instant and says
// more; a leader's commit of a lock entry comes back as addLeaderCommit's row) and a new
// leader's empty entry being appended and applied (it locks nothing; the log and the
// Replication panel show it), and a crashed node's "is down" (its crash says it).
func (f filter) match(e *cluster.Event) bool {
	if f == filterLock {
		switch {
		case e.Kind == cluster.EvMsgDelivered && e.Msg.Read && e.Msg.Type == raftpb.MsgHeartbeatResp:
			// The round a busy, not-found or renewal waits for: the narration speaks of it.
			// Each follower's first answer only: a repeat (the next heartbeat carried the same
			// read) doubled every row and said nothing new.
			return !e.Msg.Again
		case e.Kind == cluster.EvCommitted:
			return false
		case e.Kind == cluster.EvRole && e.Role == cluster.RoleDown:
			// Only a crash makes a node down, at the same instant: "n3 crashes" said it, and
			// "n3 is down" under it read as a second event (nc20-k).
			return false
		case (e.Kind == cluster.EvAppended || e.Kind == cluster.EvApplied) && e.Cmd.Kind == 0 && e.Text == "":
			return false
		}
	}
	return f.matchKind(e.Kind)
}

func (f filter) matchKind(k cluster.EventKind) bool {
	switch f {
	case filterAll:
		return true
	case filterRaft:
		return k.IsMessage()
	}
	switch k {
	case cluster.EvProposed, cluster.EvAppended, cluster.EvCommitted, cluster.EvApplied,
		cluster.EvCountdownZero, cluster.EvLocalExpiry, cluster.EvClientSend, cluster.EvClientReply,
		cluster.EvReplyLost, cluster.EvRequestAtNode, cluster.EvWrite, cluster.EvViolation,
		cluster.EvSnapshotTaken, cluster.EvSnapshotSent, cluster.EvSnapshotRestored,
		cluster.EvCrash, cluster.EvRestart, cluster.EvFault, cluster.EvClient, cluster.EvRole,
		cluster.EvError, cluster.EvLeasesReset, cluster.EvLeaseRenewed, cluster.EvLeaseExtended, cluster.EvJoin, cluster.EvConfProposed, cluster.EvConfApplied, cluster.EvConfRefused:
		return true
	}
	return false
}

// ringSize is how many events the timeline keeps per filter.
const ringSize = 3000

// tlEvent is one event kept for the timeline; its line is rendered once, when first shown.
type tlEvent struct {
	ev    cluster.Event
	line  string
	lineW int // the width line was cut to
}

// timeline keeps the latest events per filter, fed by a subscription on the world. A rewind
// replays the same events (the world is deterministic), so the history up to the rewind point
// stays valid: only what came after is dropped.
type timeline struct {
	rings   [nFilters]tlRing
	version uint64
	// unchecked: the world's leader proposes without checking (unsafe unchecked-proposals),
	// so no release gets a token check row (addTokenCheck).
	unchecked bool
	// conns: the run drops a client's connection (its script does, or a client disconnected),
	// so a leader's check that found a connection up gets its row too (addConnCheck).
	conns bool
}

// tlRing is a fixed ring of the latest events: adding one overwrites the oldest in place, so
// a frame that brings thousands of events copies each once and never moves the others.
type tlRing struct {
	buf  []tlEvent
	head int // position of the oldest
	n    int
}

func (r *tlRing) len() int { return r.n }

// at is the i-th oldest event kept.
func (r *tlRing) at(i int) *tlEvent { return &r.buf[(r.head+i)%len(r.buf)] }

func (r *tlRing) push(e *cluster.Event) {
	if r.buf == nil {
		r.buf = make([]tlEvent, ringSize)
	}
	if r.n < len(r.buf) {
		r.buf[(r.head+r.n)%len(r.buf)] = tlEvent{ev: *e}
		r.n++
		return
	}
	r.buf[r.head] = tlEvent{ev: *e}
	r.head = (r.head + 1) % len(r.buf)
}

// truncate keeps the n oldest events.
func (r *tlRing) truncate(n int) {
	for i := n; i < r.n; i++ {
		*r.at(i) = tlEvent{}
	}
	r.n = min(r.n, n)
}

func (t *timeline) add(e *cluster.Event) {
	if e.Kind == cluster.EvSnapshotSent || (e.Kind == cluster.EvMsgSent && e.Msg.Type == raftpb.MsgApp && e.Msg.Entries > 0) {
		t.addReject(e)
	}
	if e.Kind == cluster.EvMsgSent && e.Msg.Read && e.Msg.Type == raftpb.MsgHeartbeat {
		t.addHeldForRead(e)
	}
	if e.Kind == cluster.EvProposed && e.Origin.Kind == cluster.OriginRelease && e.Text == "" && !t.unchecked {
		t.addTokenCheck(e)
	}
	for f := filter(0); f < nFilters; f++ {
		if f.match(e) {
			t.rings[f].push(e)
		}
	}
	if e.Kind == cluster.EvCommitted {
		t.addLeaderCommit(e)
	}
	if e.Kind == cluster.EvApplied && e.Detail != "" {
		t.addConnCheck(e)
	}
	if e.Kind == cluster.EvClient && e.Text == "disconnects" {
		t.conns = true
	}
	t.version++
}

// addConnCheck puts in the lock events, after a leader's apply of a client's Grant, what the
// leader found when it looked at the client's connection (cluster.ConnChecked): gone, and the
// ghost release that follows has its reason on screen (nc30-b: ghost-lock told the check and
// showed only its consequence). A check that found it up is shown only in a run that drops a
// connection (t.conns): elsewhere every grant would carry a row about something nobody touched.
func (t *timeline) addConnCheck(apply *cluster.Event) {
	note, ok := cluster.ConnChecked(apply)
	if !ok || apply.Detail == cluster.ConnUp && !t.conns {
		return
	}
	t.rings[filterLock].push(&note)
}

// addLeaderCommit puts in the lock events a leader's commit of a lock entry, with the nodes it
// knows have it: itself and the followers whose answers (MsgAppResp) said so, as they arrived. A follower's
// commit is told by its apply at the same instant; the leader's was told only under m (nc23-d,
// first-lock at 0.848s: "two replies and n1's own copy, three of five" with nothing on screen
// between the followers' appends and n1's apply). A leader commits when an answer arrives: a
// commit with no answer to that node at the same instant is a follower's.
func (t *timeline) addLeaderCommit(e *cluster.Event) {
	raft := &t.rings[filterRaft]
	trigger := false
	for i := raft.len() - 1; i >= 0 && raft.at(i).ev.At == e.At; i-- {
		if p := &raft.at(i).ev; isAck(p, e.Node, e.Index) {
			trigger = true
			break
		}
	}
	if !trigger {
		return
	}
	// Only a lock entry's commit (or a configuration change's): the lock events leave a new
	// leader's empty entry out, and its commit with it.
	l := &t.rings[filterLock]
	lock := false
	for i := l.len() - 1; i >= 0; i-- {
		if p := &l.at(i).ev; p.Kind == cluster.EvAppended && p.Node == e.Node && p.Index <= e.Index {
			lock = p.Index == e.Index
			break
		}
	}
	if !lock {
		return
	}
	// The followers in the order their answers arrived: the majority is whose answers reached
	// the leader first, not who appended first ("(n1 n2 n4)" beside n2 appending last read as
	// a mistake, nc31-a).
	var acks []int
	for i := raft.len() - 1; i >= 0; i-- {
		if p := &raft.at(i).ev; isAck(p, e.Node, e.Index) && p.Node != e.Node {
			acks = append(acks, p.Node)
		}
	}
	var who []string
	seen := map[int]bool{}
	for i := len(acks) - 1; i >= 0; i-- {
		if id := acks[i]; !seen[id] {
			seen[id] = true
			who = append(who, fmt.Sprintf("n%d", id))
		}
	}
	c := *e
	c.Text = fmt.Sprintf("n%d + answers from %s, a majority", e.Node, strings.Join(who, " "))
	if len(who) == 0 {
		c.Text = fmt.Sprintf("n%d alone, a majority", e.Node)
	}
	l.push(&c)
}

// isAck: p is an answer to leader's append that says the sender's log holds index idx.
func isAck(p *cluster.Event, leader int, idx uint64) bool {
	return p.Kind == cluster.EvMsgDelivered && p.Msg.Type == raftpb.MsgAppResp && !p.Msg.Reject &&
		p.Peer == leader && p.Msg.Index >= idx
}

// addReject puts in the lock events a follower's reject after which the leader, at the same
// instant, backs up and resends entries (a MsgApp with entries) or sends a snapshot: the
// follower's rows that follow came from it. Told only under m then v before (nc20-l, nc21-k).
// A reject the leader answers with nothing (a stale one) stays under v.
func (t *timeline) addReject(e *cluster.Event) {
	r := &t.rings[filterRaft]
	for i := r.len() - 1; i >= 0 && r.at(i).ev.At == e.At; i-- {
		if p := &r.at(i).ev; p.Kind == cluster.EvMsgDelivered && p.Msg.Type == raftpb.MsgAppResp && p.Msg.Reject &&
			p.Node == e.Peer && p.Peer == e.Node {
			if l := &t.rings[filterLock]; l.len() == 0 || l.at(l.len()-1).ev.Seq != p.Seq { // once, if two sends follow it
				l.push(p)
			}
			return
		}
	}
}

// addHeldForRead puts in the lock events, after an acquire or release that reached the leader
// at this instant and got no proposal, the note that the leader holds it for a ReadIndex round
// (cluster.HeldForRead): hb, the round's first heartbeat, follows the request's arrival at
// once (the leader decides, then sends), and the followers' confirmations later are the lock
// events' "nX confirms n1 still leads" rows. Once per round: the round's other heartbeats find
// the note newest.
func (t *timeline) addHeldForRead(hb *cluster.Event) {
	l := &t.rings[filterLock]
	if l.len() == 0 {
		return
	}
	req := &l.at(l.len() - 1).ev
	if req.At != hb.At || req.Kind != cluster.EvRequestAtNode || req.Node != hb.Node || req.Text != "" ||
		req.Op != cluster.OpAcquire && req.Op != cluster.OpRelease {
		return
	}
	note := cluster.HeldForRead(req, hb)
	l.push(&note)
}

// addTokenCheck puts in the lock events, before a client's Release that the leader proposes,
// the check it made first (cluster.TokenChecked): the key held with the request's token in its
// projected state. first-lock's "n1 checks the token first" had no row to point at (nc24-a).
func (t *timeline) addTokenCheck(prop *cluster.Event) {
	note := cluster.TokenChecked(prop)
	t.rings[filterLock].push(&note)
}

// attach follows a (new) world: drops events it has not had yet, checks the rest against it,
// and subscribes.
func (t *timeline) attach(w *cluster.World) {
	n := w.Events()
	recent := w.RecentEvents(512)
	t.unchecked = w.Config().Unsafe.UncheckedProposals
	for f := range t.rings {
		r := &t.rings[f]
		i := r.len()
		for i > 0 && r.at(i-1).ev.Seq > n {
			i--
		}
		r.truncate(i)
	}
	if !t.agrees(recent) {
		t.rings = [nFilters]tlRing{}
		for i := range recent {
			t.add(&recent[i])
		}
	}
	t.version++
	w.Subscribe(t.add)
}

// agrees says whether the kept history matches the world's latest events.
func (t *timeline) agrees(recent []cluster.Event) bool {
	all := &t.rings[filterAll]
	if len(recent) == 0 {
		return all.len() == 0
	}
	last := recent[len(recent)-1]
	if all.len() == 0 || all.at(all.len()-1).ev.Seq != last.Seq {
		return false
	}
	e := all.at(all.len() - 1).ev
	return e.At == last.At && e.Kind == last.Kind && e.Node == last.Node && e.Peer == last.Peer
}

// instantAtOrBefore is the latest event instant at or before t that the timeline knows, or t.
func (t *timeline) instantAtOrBefore(at time.Duration) time.Duration {
	all := &t.rings[filterAll]
	if all.len() == 0 || all.at(0).ev.At > at {
		return at
	}
	for i := all.len() - 1; i >= 0; i-- {
		if e := &all.at(i).ev; e.At <= at {
			return e.At
		}
	}
	return at
}

// since returns the events after seq (for describing what one step did).
func (t *timeline) since(seq uint64) []cluster.Event {
	all := &t.rings[filterAll]
	i := all.len()
	for i > 0 && all.at(i-1).ev.Seq > seq {
		i--
	}
	out := make([]cluster.Event, 0, all.len()-i)
	for ; i < all.len(); i++ {
		out = append(out, all.at(i).ev)
	}
	return out
}

// lastSeq is the newest event's number.
func (t *timeline) lastSeq() uint64 {
	all := &t.rings[filterAll]
	if all.len() == 0 {
		return 0
	}
	return all.at(all.len() - 1).ev.Seq
}

// content renders the last n events of a filter, oldest first, one per line of w cells; an
// event whose words do not fit wraps whole under its time (a cut row hid the words a lesson
// points at, and a student never thinks to focus the panel to read it).
func (t *timeline) content(f filter, n, w int, st *styles) string {
	r := &t.rings[f]
	from := max(0, r.len()-n)
	// The time column is as wide as the newest instant needs (times only grow), with no margin
	// before it, so a short run's rows keep four more cells for what happened.
	atW := timeColumn(r)
	key := w*32 + atW
	var b strings.Builder
	for i := from; i < r.len(); i++ {
		e := r.at(i)
		if e.line == "" || e.lineW != key {
			e.line, e.lineW = eventLine(&e.ev, st, w, atW), key
		}
		if i > from {
			b.WriteByte('\n')
		}
		b.WriteString(e.line)
	}
	return b.String()
}

// wholeRows is a timeline view's rows, starting at an event's first row: the rows at the top
// that go on an event wrapped from above are dropped and the rows below move up, blank at the
// foot when there are none. A wrapped event shows whole or not at all (round 8: frozen-leader's
// end topped the timeline with "         no longer its own", the tail of an earlier row), and the
// view never opens on empty rows (round 9: blanking those tails left one or two at the top).
// below is how many rows stay below the view. atW is the time column the content was drawn
// with; a continuation row is blank across it.
// keep: the rows at the top stay, tail or not (scrolled by hand into an event taller than the
// view: see scrollRows).
func wholeRows(vp viewport.Model, atW int, keep bool) (rows []string, below int) {
	rows = strings.Split(vp.View(), "\n")
	lead := strings.Repeat(" ", atW+1)
	k := 0
	for _, r := range rows {
		if keep {
			break
		}
		s := ansi.Strip(r)
		if strings.TrimSpace(s) == "" || !strings.HasPrefix(s, lead) {
			break
		}
		k++
	}
	if k > 0 {
		vp.YOffset += k // a copy, and past SetYOffset's clamp on purpose: the foot may go blank
		rows = strings.Split(vp.View(), "\n")
	}
	return rows, max(0, vp.TotalLineCount()-vp.YOffset-vp.Height)
}

// rowSpan is the rows [from, to) of the event drawn at row i of lines: an event that wraps goes
// on in rows blank across the time column (atW, see content).
func rowSpan(lines []string, i, atW int) (from, to int) {
	lead := strings.Repeat(" ", atW+1)
	tail := func(j int) bool { return strings.HasPrefix(ansi.Strip(lines[j]), lead) }
	from, to = i, i+1
	for from > 0 && tail(from) {
		from--
	}
	for to < len(lines) && tail(to) {
		to++
	}
	return from, to
}

// timeColumn is the width of the time column: the newest instant's (times only grow).
func timeColumn(r *tlRing) int {
	if r.len() == 0 {
		return 6
	}
	return max(6, width(simTime(r.at(r.len()-1).ev.At)))
}

// story is where the events after seq are in what content(f, n, ...) last drew (content
// renders the lines): the row of the first, and the rows [from, to) of each violation or error
// among them (viol) and of each event the stop's says name. ok: there is one, and the first of
// them is the story's start (the rows kept begin before it).
func (t *timeline) story(f filter, n int, seq uint64, named *rowNames, viol bool) (first int, marks [][2]int, ok bool) {
	r := &t.rings[f]
	row := 0
	start := max(0, r.len()-n)
	if r.len() > 0 && r.at(start).ev.Seq > seq && (start > 0 || r.len() == len(r.buf)) {
		return 0, nil, false // the story began before the rows kept (a long loop): no start to show
	}
	for i := start; i < r.len(); i++ {
		e := r.at(i)
		h := 1 + strings.Count(e.line, "\n")
		if e.ev.Seq > seq {
			if !ok {
				first, ok = row, true
			}
			if viol && (e.ev.Kind == cluster.EvViolation || e.ev.Kind == cluster.EvError) || named.names(&e.ev) {
				marks = append(marks, [2]int{row, row + h})
			}
		}
		row += h
	}
	return first, marks, ok
}

// eventLine is one timeline line: simulated time, then the event, coloured by what it is
// (lines, when it is wrapped whole: see content).
func eventLine(e *cluster.Event, st *styles, w, atW int) string {
	s := st.plain
	switch e.Kind {
	case cluster.EvViolation, cluster.EvError, cluster.EvLocalExpiry:
		s = st.bad
	case cluster.EvMsgDropped:
		s = st.dropSt
	case cluster.EvMsgSent, cluster.EvMsgDelivered:
		s = st.msg
	case cluster.EvCountdownZero:
		s = st.warn
	case cluster.EvCrash, cluster.EvRestart, cluster.EvFault, cluster.EvJoin, cluster.EvConfProposed, cluster.EvConfApplied:
		s = st.key
	case cluster.EvConfRefused:
		s = st.bad
	case cluster.EvRole:
		_, s = st.role(e.Role)
	case cluster.EvProposed, cluster.EvAppended, cluster.EvCommitted, cluster.EvApplied:
		s = cmdStyle(st, e.Cmd, e.Origin, e.Result, e.Kind == cluster.EvApplied)
	}
	mark := " "
	switch e.Kind {
	case cluster.EvMsgDropped:
		mark = "✗"
	case cluster.EvViolation, cluster.EvConfRefused:
		mark = "!"
	case cluster.EvApplied:
		mark = "✓"
	case cluster.EvProposed:
		mark = "+"
	}
	at := fmt.Sprintf("%*s ", atW, simTime(e.At))
	text := mark + " " + e.Describe()
	if rest := w - width(at); width(text) > rest && rest > 12 {
		// The words wrap apart from the mark, which keeps its column: wrapped with them, a
		// blank mark was trimmed and the row's words moved two cells left of every other row's.
		ls := wrap(e.Describe(), rest-2, "")
		for i := range ls {
			ls[i] = s.r(pick(i == 0, mark+" ", "  ") + ls[i])
		}
		return st.faint.r(cut(at, w)) + strings.Join(ls, "\n"+blank(width(at)))
	}
	return st.faint.r(cut(at, w)) + s.r(cut(text, w-width(at)))
}

// cmdStyle colours a log entry or proposal by what it does; a late Expire (applied with
// nothing to delete) stands out most.
func cmdStyle(st *styles, c fsm.Command, o cluster.Origin, res fsm.Result, applied bool) sty {
	switch {
	case applied && c.Kind == fsm.Expire && res.Kind == fsm.Expired && !res.Existed:
		return st.late
	case o.Kind == cluster.OriginGhost:
		return st.ghost
	case c.Kind == fsm.Expire:
		return st.expire
	case c.Kind == fsm.Grant:
		return st.grant
	case c.Kind == fsm.Release:
		return st.release
	}
	return st.plain
}

// simTime prints simulated time with millisecond precision: "12.345s".
func simTime(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}

// wholeRows is the rows of vp, a copy of the viewport as drawn: whole events (the package's
// wholeRows), except in an event taller than the view that a student scrolled into by hand,
// whose rows past its first are what they scrolled to read.
func (t *tlView) wholeRows(vp viewport.Model) (rows []string, below int) {
	keep := false
	if t.hand && vp.YOffset < len(t.lines) {
		from, to := rowSpan(t.lines, vp.YOffset, t.atW)
		keep = to-from > vp.Height
	}
	return wholeRows(vp, t.atW, keep)
}

// scrollRows scrolls the timeline by hand one event (d: +1 down, -1 up), h rows drawn: to the
// next or the previous event's first row, and through an event taller than the view one row at
// a time, so that each of its rows is read (up, it is entered at its last rows). nc15-c at 80x24:
// a one-row timeline went from a VIOLATION row's first line to its last, its middle never shown
// (the view skips an event's tail at its top, see wholeRows), and then showed one row for two
// presses.
func (t *tlView) scrollRows(d, h int) {
	n := len(t.lines)
	if n == 0 {
		return
	}
	h = max(1, h)
	bottom := max(0, n-h) // the top row of the view drawn at the bottom
	top := min(t.vp.YOffset, bottom)
	from, to := rowSpan(t.lines, top, t.atW)
	tall := to-from > h
	if top > from && !(t.hand && tall) {
		top = to // the view drew this event's tail away: it starts at the next one
		if top >= n {
			t.vp.GotoBottom()
			return
		}
		from, to = rowSpan(t.lines, top, t.atW)
		tall = to-from > h
	}
	next := top
	switch {
	case d > 0 && tall && top+h < to:
		next = top + 1
	case d > 0:
		next = to
	case top > from: // inside a tall event
		next = top - 1
	case top > 0:
		pf, pt := rowSpan(t.lines, top-1, t.atW)
		next = pf
		if pt-pf > h {
			next = pt - h
		}
	}
	if next >= bottom {
		t.vp.GotoBottom()
		return
	}
	t.vp.SetYOffset(next)
}
