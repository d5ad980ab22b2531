package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// acquireHint is what the keyboard's a would acquire, for the clients' title. In a lesson it is
// the student's own action, not the story's (whose leases the script sets): said so. Its key and
// lease start at the script's first (scriptLeaseIdx).
func (m *Model) acquireHint() string {
	// Each key beside what it cycles: "(k, l)" after both read as unexplained (nc24-a).
	what := fmt.Sprintf("%s (k) %s (l)", m.curKey(), fsm.DurText(m.curLease()))
	if m.sim.sandbox {
		return "press a: acquire " + what
	}
	return "a: your own acquire, " + what
}

// clientsBox: what each client believes, then the fenced resource per key.
func (m *Model) clientsBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	// The title gives way by whole words, not cut mid-hint: focused, its "▶ " left
	// "(k, l…" at 120x40 (nc19-k). "your own" says the a key is the student's: it goes last.
	full := m.focusMark(panelClients) + "Clients · " + m.acquireHint()
	bare := strings.Replace(strings.Replace(full, " (k)", "", 1), " (l)", "", 1)
	title := firstFit(r.w-6, full, bare, strings.Replace(bare, "your own acquire", "own acquire", 1), full)
	return box(m.st, title, m.clientsBody(iw, ih), r.w, r.h, m.focus == panelClients)
}

func (m *Model) clientsBody(iw, ih int) []string {
	out := make([]string, 0, ih)
	cs := m.clients()
	// Rows the resource part does not need let a long client line go on below (the lease view
	// of a client must not be cut).
	spare := ih - len(cs) - 1 - max(1, len(m.v.Resource))
	for _, name := range cs {
		if len(out) < ih {
			rows := m.clientRows(name, iw, 1+max(0, spare))
			spare -= len(rows) - 1
			out = append(out, rows...)
		}
	}
	if len(out) < ih {
		if m.v.Config.Unsafe.NoFencing {
			// unsafe no-fencing: the token is kept but no longer compared, so the rule must
			// not read as if the resource still fenced.
			out = append(out, rule(m.st, "resource", "⚠ NOT fenced: accepts every write", iw))
		} else {
			out = append(out, rule(m.st, "resource", "fenced · highest token accepted", iw))
		}
	}
	for i := range m.v.Resource {
		if len(out) < ih {
			out = append(out, m.resourceLine(&m.v.Resource[i], iw))
		}
	}
	if len(m.v.Resource) == 0 && len(out) < ih {
		out = append(out, m.st.faint.r(fit("no writes yet (f: a write with the client's token)", iw)))
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out
}

// clientLine is a client's line cut to iw cells (the compact screen). It marks only a client
// that is not connected, as the compact row that sums up several clients does: a bare ● there,
// the node table's follower mark right above it, read as a follower (nc20-d: "c1 ● holds
// nothing").
func (m *Model) clientLine(name string, iw int) string {
	return m.clientRowsMarked(name, iw, 1, false)[0]
}

// clientRows is a client's line in up to rows rows of iw cells: it breaks between fields, the
// rows after the first indented; only the last row is cut.
func (m *Model) clientRows(name string, iw, rows int) []string {
	return m.clientRowsMarked(name, iw, rows, true)
}

// firstAsk is the node a client not used yet will send its first request to: the one the
// script's next step for it connects it to ("c1 connect n1"), else its first guess, from its
// name alone. first-lock's first stops read "c1 unused · asks n4 first" while the script then
// sent c1 straight to n1 (nc26-a).
func (m *Model) firstAsk(name string) int {
	if m.sim != nil && m.base != nil {
		for _, st := range m.base.Steps[min(max(0, m.sim.pc()), len(m.base.Steps)):] {
			if st.Client != name {
				continue
			}
			if st.Kind == scenarios.StepConnect && st.Node > 0 {
				return st.Node
			}
			break
		}
	}
	return cluster.FirstGuess(name, m.v.Config.Nodes)
}

// clientRowsMarked is clientRows, with ● for a connected client or without it.
func (m *Model) clientRowsMarked(name string, iw, rows int, connected bool) []string {
	st := m.st
	l := &wrapLine{w: iw, rows: max(1, rows), indent: 4}
	if name == m.client {
		l.add(st.sel, "▸"+name)
	} else {
		l.add(st.bold, " "+name)
	}
	c := m.clientView(name)
	if c == nil {
		// A fresh client's first guess comes from its name alone, unless the script points it
		// at a node before it sends: show where it will go.
		l.add(st.faint, fmt.Sprintf(" unused · asks n%d first · tab selects, a acquires", m.firstAsk(name)))
		return l.lines()
	}
	// Fields by importance, so a cut line keeps what the lessons point at: a pause, the lease as
	// the client sees it, the request in flight, the write verdict; connection and guess last.
	if c.Paused {
		text := " ‖ paused→" + simTime(c.WakeAt) + " "
		if c.Doing == "" && c.Queued > 0 {
			q := queuedText(c) // decided already, sent on waking
			if len(c.Holds) > 0 && l.rows == 1 {
				// In one row the lease view comes first: short of room for both, the queued
				// command says only how many.
				h := c.Holds[0]
				if width(text+"· "+q+" ")+width(fmt.Sprintf(" held %s #%d ", h.Key, h.Token)) > l.cur.room() {
					q = fmt.Sprintf("%d queued", c.Queued)
				}
			}
			text += "· " + q + " "
		}
		l.add(st.warnBlock, text)
	} else if !c.Connected {
		l.add(st.bad, " ⊘ disconnected")
	} else if connected {
		l.add(st.good, " ●")
	}
	if len(c.Holds) == 0 {
		l.add(st.faint, " holds nothing")
	}
	for i, h := range c.Holds {
		if i > 0 {
			l.add(st.faint, " ·")
		}
		label, text, ts := " holds ", fmt.Sprintf("%s #%d ", h.Key, h.Token), st.grant
		every := ""
		if h.Left > 0 {
			text += leftText(h.Left)
			if h.Every > 0 {
				every = " · keepalive every " + fsm.DurText(h.Every) // renewed in the background
			}
		} else {
			// Its own clock says the lease is over: past tense, not "holds … ran out", and when,
			// as no timeline row marks a client's own view ending: "c1's own view ran out first"
			// could be checked only by catching the moment (nc23-c).
			label, text, ts = " held ", text+"· ran out"+endedText(h)+" (own clock)", st.gone
		}
		l.need(width(label + text))
		// Short of room, what ran out says less, never cut: "· ran out 3.965s", "· ran out",
		// then the lock alone.
		if h.Left == 0 {
			bare := fmt.Sprintf("%s #%d ", h.Key, h.Token)
			text = firstFit(l.cur.room()-width(label), text, strings.TrimSuffix(text, " (own clock)"), bare+"· ran out", bare)
		}
		l.add(st.headKey, label)
		l.add(ts, text)
		if every != "" {
			l.opt(piece{ts, every})
		}
	}
	// The rest is optional: each field goes whole on a row that has room, or not at all (the
	// last row dropped "asks n1" to "· as…" and cut "got granted #1 orders" mid-word).
	if c.Doing != "" {
		q := ""
		if c.Queued > 0 {
			q = fmt.Sprintf(" +%d queued", c.Queued)
		}
		// With the lease an acquire asks for, where the row has room: lease-read's ask names
		// c2's 10s lease, and c2's row said only "⋯ acquire orders" (nc34-d).
		if c.Asks <= 0 || !l.opt(piece{st.key, " · ⋯ " + c.Doing + " " + fsm.DurText(c.Asks)}, piece{st.faint, q}) {
			l.opt(piece{st.key, " · ⋯ " + c.Doing}, piece{st.faint, q})
		}
		onWay := false
		if f, ok := m.replyOnWay(name); ok {
			// The node has answered and the answer is on the wire: late-expire's ask at 4.267s
			// spoke of "c2's lock" beside "holds nothing · ⋯ acquire orders" (nc31-b).
			onWay = l.opt(piece{st.faint, " · "}, piece{st.plain, fmt.Sprintf("n%d's answer on its way: %s", f.Node, replyWords(f))},
				piece{st.faint, " (" + simTime(f.Sent) + " → " + simTime(f.Arrive) + ")"}) // sent → arrives: the client's link is quick
		}
		if c.Wait > 0 && !onWay {
			// How long it has waited, of its timeout, on its clock: lease-read's narration says
			// the answer comes "before c2's 2s timeout", and nothing showed it (nc20-a).
			waited := " · waited " + waitedText(c.Waited) + " of " + fsm.DurText(c.Wait)
			if c.Paused && c.Waited > c.Wait {
				// Stalled, it cannot give up until it wakes: "waited 4.7s of 2s" alone read
				// as a wait past its own limit with no reason (nc37-b, etcd's keep run).
				waited += " (paused)"
			}
			l.opt(piece{st.faint, waited})
		}
	} else if c.Queued > 0 && !c.Paused {
		l.opt(piece{st.faint, fmt.Sprintf(" · %d queued", c.Queued)}) // behind a write's reply
	}
	for _, h := range c.Holds {
		if h.Renewing && h.Left > 0 {
			if renewedAgain(c, h) {
				// The last renewal was answered and the next one is already out (sent on that
				// answer when overdue): "⋯ renewing" alone read as the answer not come yet,
				// beside narration that said it was answered (nc23-c, 4.121s).
				l.opt(piece{st.headKey, " · got "}, piece{st.plain, "renewed " + h.Key}, piece{st.key, ", ⋯ renewing again"})
				continue
			}
			l.opt(piece{st.key, " · " + renewingText(h)})
		}
	}
	got := ""
	if c.LastReply != 0 && !grantOfHeld(c) && !renewalOut(c) && !askedAgain(c) {
		got = c.LastReply.String()
		if c.LastReply == cluster.ReplyGranted {
			got += " #" + strconv.FormatUint(c.LastToken, 10)
		}
		if c.LastKey != "" {
			got += " " + c.LastKey
		}
	}
	asks := " · asks " + m.guessText(c.Guess)
	if w := c.LastWrite; w != nil {
		s, v := writeVerdict(st, w)
		// With the time the resource decided (the timeline row's time), and "previous" while
		// another write waits to go out: gc-pause's c2, paused with its second write queued,
		// read "write #2 ✓ accepted" as that write already through, and the line after it
		// went through read the same as before (nc23-e).
		if c.Doing != "" && w.Decided {
			// A request in flight comes first: its verdict as a mark alone, so the line does
			// not wrap three rows with "⋯ release orders #1" and "accepted at 1.261s" run
			// together (first-lock's 1.266s, nc30-f).
			v = strings.Fields(v)[0]
		}
		label, text := " · write ", fmt.Sprintf("%s%s %s", writeTokText(w.Token), keptText(w), v)
		if w.Decided && c.Doing == "" {
			at := " at " + simTime(w.At)
			// In one row (80x24) the time gives way first, so the row still says whom the
			// client asks: first-lock's c1, done after its write, read "… accepted at 1.258s
			// · got released orders" and no 'asks n1' (nc26-f).
			rest := width(asks)
			if got != "" {
				rest += width(" · got " + got)
			}
			fits := func(t string) bool { return l.cur == nil || width(label+t)+rest <= l.cur.room() }
			short := fmt.Sprintf("%s %s", writeTokShort(w.Token), strings.Fields(v)[0])
			switch {
			case fits(text + at):
				text += at
			case fits(short + at):
				// "write #0 ✗ at 5.964s": the verdict's word gives way before the row wraps,
				// which left "asks n1" alone on a row (nc30-h).
				text = short + at
			case l.rows > 1:
				text += at
			}
		}
		if c.Queued > 0 && strings.HasPrefix(c.Next, "write ") {
			label = " · previous write "
		}
		l.opt(piece{st.headKey, label}, piece{s, text})
	}
	if got != "" {
		rs := st.plain
		if c.LastReply == cluster.ReplyTimeout || c.LastReply == cluster.ReplyOutcomeUnknown || c.LastReply == cluster.ReplyRejected {
			rs = st.bad
		}
		l.opt(piece{st.headKey, " · got "}, piece{rs, got})
	}
	if c.Rate != 1 && !c.Paused {
		l.opt(piece{st.warn, " · clock ×" + trimFloat(c.Rate)})
	}
	if c.Timeout != m.v.Config.ClientTimeout {
		// set by `cX timeout D`; "request" so it is not read as the election timeout next to it
		l.opt(piece{st.warn, " · request timeout " + c.Timeout.String()})
	}
	l.opt(piece{st.faint, asks}) // the node its next request (or retry) goes to
	return l.lines()
}

// queuedText is what a paused client has queued: its next command as it will go out, with
// the token it carries ("write orders #1 queued"), and how many more wait behind it. "1 queued"
// alone left the narration's "a write with token 1" to be taken on trust (nc21-e).
func queuedText(c *cluster.ClientView) string {
	if c.Next == "" {
		return fmt.Sprintf("%d queued", c.Queued)
	}
	s := c.Next + " queued"
	if c.Queued > 1 {
		s += fmt.Sprintf(" +%d more", c.Queued-1)
	}
	return s
}

// queuedNoKey is queuedText without the command's key: "write #2 queued".
func queuedNoKey(c *cluster.ClientView) string {
	f := strings.Fields(queuedText(c))
	if len(f) > 2 && strings.HasPrefix(f[2], "#") {
		f = append(f[:1], f[2:]...)
	}
	return strings.Join(f, " ")
}

// wrapLine lays styled pieces into up to rows lines of w cells: a piece that does not fit the
// row goes whole to the next one (indented), while there is one; the last row is cut.
type wrapLine struct {
	w, rows, indent int
	done            []string
	cur             *line
	fresh           bool // the row just started: the next piece drops its leading separator
}

func (l *wrapLine) add(s sty, text string) {
	l.need(width(text))
	if l.fresh { // a row starts with the field, not its separator
		text = strings.TrimLeft(strings.TrimPrefix(text, " · "), " ")
		l.fresh = false
	}
	l.cur.add(s, text)
}

// need starts a new row unless n cells fit on this one (while rows are left); it says whether
// it did. A field of several pieces asks for its whole width first.
func (l *wrapLine) need(n int) bool {
	if l.cur == nil {
		l.cur = newLine(l.w)
	}
	if n <= l.cur.room() || len(l.done)+1 >= l.rows || l.cur.w <= l.indent {
		return false
	}
	l.done = append(l.done, l.cur.String())
	l.cur = newLine(l.w)
	l.cur.pad(l.indent)
	l.fresh = true
	return true
}

// piece is a styled part of a field.
type piece struct {
	s sty
	t string
}

// opt adds a field that may be left out: whole, on this row or the next while there is one,
// or not at all.
func (l *wrapLine) opt(ps ...piece) bool {
	n := 0
	for _, p := range ps {
		n += width(p.t)
	}
	l.need(n)
	if l.fresh && len(ps) > 0 { // a fresh row drops the field's leading separator
		n -= width(ps[0].t) - width(strings.TrimLeft(strings.TrimPrefix(ps[0].t, " · "), " "))
	}
	if n > l.cur.room() {
		return false
	}
	for _, p := range ps {
		if p.t != "" {
			l.add(p.s, p.t)
		}
	}
	return true
}

// renewingText is a background renewal in flight as a client's row says it: "⋯ renewing
// invoices", and once a node refused it, "⋯ renewing invoices, refused 12×: retrying".
// renewedAgain says whether h's renewal in flight follows one answered renewed: nothing has
// refused it yet and the client's last answer about its key was renewed.
func renewedAgain(c *cluster.ClientView, h cluster.HoldView) bool {
	return h.Renewing && h.Refused == 0 && c.LastReply == cluster.ReplyRenewed && c.LastKey == h.Key
}

// endedText is when a lease the client held ran out on its own clock, " 3.965s" ("" if unknown).
func endedText(h cluster.HoldView) string {
	if h.Left > 0 || h.Ended <= 0 {
		return ""
	}
	return " " + simTime(h.Ended)
}

func renewingText(h cluster.HoldView) string {
	text := "⋯ renewing " + h.Key
	if h.Refused > 0 {
		text += fmt.Sprintf(", refused %d×: retrying", h.Refused)
	}
	return text
}

// renewalOut says whether the client's last answer is about a lock whose background renewal
// is in flight: the answer is the previous renewal's ("got renewed invoices"), and the row
// says the one in flight instead, so it never reads as renewed while nodes refuse it.
func renewalOut(c *cluster.ClientView) bool {
	for _, h := range c.Holds {
		if h.Renewing && h.Left > 0 && h.Key == c.LastKey {
			return true
		}
	}
	return false
}

// askedAgain says whether a request on the key of the client's last answer is in flight: that
// answer is the previous request's, and "⋯ acquire orders · got busy orders" read as the new
// request already answered (nc19-a, lease-read 5.075s: c2's busy from 0.093s). The compact
// row already shows only the request in flight.
func askedAgain(c *cluster.ClientView) bool {
	if c.Doing == "" || c.LastKey == "" {
		return false
	}
	f := strings.Fields(c.Doing) // "release orders #1": the key is the second word
	return len(f) > 1 && f[1] == c.LastKey
}

// grantOfHeld says whether a client's last reply is the grant of a lock its line already
// shows it holding (or having held): "got granted #1 orders" next to "holds orders #1".
func grantOfHeld(c *cluster.ClientView) bool {
	if c.LastReply != cluster.ReplyGranted {
		return false
	}
	for _, h := range c.Holds {
		if h.Key == c.LastKey && h.Token == c.LastToken {
			return true
		}
	}
	return false
}

func (l *wrapLine) lines() []string {
	if l.cur == nil {
		l.cur = newLine(l.w)
	}
	return append(l.done, l.cur.String())
}

// keptText is " (kept)" when the client wrote with a token it held no lock for: first-lock's
// last write, staged with the token c1 kept after its release, read "holds nothing · write #1 ✗"
// as if it had sent nothing (nc30-f).
func keptText(w *cluster.WriteView) string {
	if w.Kept {
		return " (kept)"
	}
	return ""
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
		l.add(s, fmt.Sprintf("  %s %s", strings.Fields(v)[0], writerTok(ws[i].Client, ws[i].Token)))
	}
	return l.String()
}

// timelineBox frames the bubbles viewport holding the event timeline.
func (m *Model) timelineBox(r rect) []string {
	vp := m.tl.vp // a copy: a taller box (rows lent by the narration) draws more of the timeline
	if vp.Height < r.h-2 {
		m.tl.grow(&vp, r.h-2-vp.Height)
	}
	body, below := m.tl.wholeRows(vp)
	note := scrollNote(m.tl.vp.AtBottom())
	if rows, told, ok := m.tl.shorter(vp, &m.sim.tl.rings[m.tl.filter], m.sim.tl.version, m.st); ok {
		body, note = rows, told
	} else if m.tl.anchored && below > 0 {
		note = m.tl.anchorNote(below, vp.YOffset)
	} else if a := m.tl.aboveNote(vp.YOffset); a != "" {
		note = a
	} else if a := m.storyAboveNote(vp); a != "" {
		note = a + " · " + note
	} else if m.tl.anchored {
		note = scrollNote(true)
	}
	head := fmt.Sprintf("%sTimeline · %s (v) · ", m.focusMark(panelTimeline), m.tl.filter)
	title := head + fitNote(note, r.w-width(head)-6)
	return box(m.st, title, body, r.w, r.h, m.focus == panelTimeline)
}

func scrollNote(bottom bool) string {
	if bottom {
		return "newest at the bottom"
	}
	return "scrolled: ↓/pgdn for newest"
}

// guessText is the node a client asks next, "n1", with "(down)" while that node is crashed:
// leader-crash-mid-lease's c1 read "asks n1" to the end beside n1 ✖ DOWN (nc30-i). The client
// does not know; it learns when the request times out and it tries another node.
func (m *Model) guessText(id int) string {
	for _, n := range m.v.Nodes {
		if n.ID == id && !n.Up {
			return fmt.Sprintf("n%d (down)", id)
		}
	}
	return fmt.Sprintf("n%d", id)
}

// waitedText is how long a request has waited: in milliseconds under a tenth of a second, to
// a tenth above. "waited 0.0s of 2s" at two stops 17ms apart read as a clock that had stopped
// (nc30-b, ghost-lock's c1).
func waitedText(d time.Duration) string {
	if d < 95*time.Millisecond {
		// Always in ms: a request sent this instant read "waited 0s", beside others' "17ms"
		// (nc33-d, nc33-j).
		return fmt.Sprintf("%dms", d.Round(time.Millisecond)/time.Millisecond)
	}
	return leftText(d)
}

// replyOnWay is the answer a node has sent to client name, connected, and that has not reached
// it yet, if one is on the wire (a gone client's is lost: ghost-lock's story).
func (m *Model) replyOnWay(name string) (cluster.ClientFlight, bool) {
	if c := m.clientView(name); c == nil || !c.Connected {
		return cluster.ClientFlight{}, false
	}
	for _, f := range m.v.Net.ClientFlights {
		if !f.ToNode && f.Client == name && f.Reply != 0 {
			return f, true
		}
	}
	return cluster.ClientFlight{}, false
}

// replyWords is a reply on the wire as a client's row says an answer: "granted #2".
func replyWords(f cluster.ClientFlight) string {
	if f.Reply == cluster.ReplyGranted {
		return "granted #" + strconv.FormatUint(f.Token, 10)
	}
	return f.Reply.String()
}

// writeTokText is the token a write carries as its client's row says it: "#3", or "with no
// token" for a client that held none (a script's write goes out whatever the client was
// told): "write #0 ✗" left a newcomer asking what token #0 was (nc32-a).
func writeTokText(token uint64) string {
	if token == 0 {
		return "with no token"
	}
	return "#" + strconv.FormatUint(token, 10)
}

// writeTokShort is writeTokText where a row has less room: "no token" (one name for it on
// every screen: "#none" here was a fourth, nc34-2).
func writeTokShort(token uint64) string {
	if token == 0 {
		return "no token"
	}
	return "#" + strconv.FormatUint(token, 10)
}

// writerTok is a write on the resource line: "c3#4", or "c3 (no token)".
func writerTok(client string, token uint64) string {
	if token == 0 {
		return client + " (no token)"
	}
	return client + "#" + strconv.FormatUint(token, 10)
}
