package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
)

// The compact screen (80x24 up to 120x36): a table with a row per node (role, term,
// commit/applied, clock, network, lock countdowns), then short clients, replication and
// timeline sections under one-line rules.

// focusName is a compact section's name in its rule, marked when the section has the focus
// (tab moves it; the full screen draws a heavy border instead).
func (m *Model) focusName(p panel, name string) string {
	if m.focus == p {
		return "▶ " + strings.ToUpper(name) + " (focus)"
	}
	return name
}

// focusMark starts a full-size panel's title when the panel has the focus: the heavy border
// alone left a student unable to find which panel ↑ ↓ scroll (the compact layout's rules say
// "▶ TIMELINE (focus)").
func (m *Model) focusMark(p panel) string {
	if m.focus == p {
		return "▶ "
	}
	return ""
}

// clientsShort is several clients on one row, a few words each: what it holds or does. When
// that is too wide the words give way, least needed first (where it asks, the key of a lock
// that ran out, when it ran out, the key of a lock held, a paused client's queued command, the
// time left, then all but a mark), so every client's name stays whole ("c3 unus…" named no one).
// A paused client's wake time never goes: gc-pause's second ask turns on when c2 wakes, and
// its row at 80x24 read "c2 ‖ paused #2" (nc29-a). A client the stop's narration or ask names
// keeps its queued command's token and when its lease ran out while the others give way
// (stopNamed). The clients not used yet share one "c2 c3 unused" at the row's end: in place,
// "c2 unused │ c3 unused" turned "│ c2 │ c3" one keypress later, one state in two words (nc31-e).
// Only a row with no room even for every name and mark leaves them out.
func (m *Model) clientsShort(cs []string, w int) string {
	var used []string
	for _, c := range cs {
		if c == m.client || m.clientView(c) != nil {
			used = append(used, c)
		}
	}
	named := m.frozenNamed(cs)
	if named == nil {
		named = m.stopNamed()
	}
	last := briefMarks + namedLag + 1
	for k := 0; ; k++ {
		// The clients the stop names give way namedLag levels behind the others; the others'
		// locks that ran out go last of all.
		bo, bn := min(k, briefMarks), min(max(0, k-namedLag), briefMarks)
		if k == last {
			bo = briefGone
		}
		l, fits := m.clientsShortAt(cs, w, bo, bn, named)
		if !fits && k == last && len(used) < len(cs) && len(used) > 1 {
			l, fits = m.clientsShortAt(used, w, bo, bn, named)
		}
		if fits || k == last {
			return l.String()
		}
	}
}

// namedLag is how many detail levels a client the stop names keeps over the others, beside
// what it never gives way (its queued command's token, its lease's time left or when it ran
// out): more, and at gc-pause's 3.079s c2's "holds orders #2" took c1's "1 queued".
const namedLag = 1

// stopNamed is the clients the stop's narration or ask names ("c2 wakes, its write queued with
// token 2"): gc-pause's 6.112s ask said that of c2 while its compact row, short of room, showed
// no queued write at all (nc31-e).
func (m *Model) stopNamed() map[string]bool {
	if m.sim == nil {
		return nil // a half of compare: no story of its own
	}
	text := strings.Join(m.says(), " ")
	if a := m.curAsk(); a != nil {
		text += " " + a.Text
	}
	named := map[string]bool{}
	for _, name := range m.clients() {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(text) {
			named[name] = true
		}
	}
	return named
}

// frozenNamed is the clients frozen with a command decided (paused, queued), or nil if none:
// while one is, the story turns on it whatever the stop's words name, and the row gives way
// the same at every stop of one instant. gc-pause's 6.712s read "ran out 3.017s" at one stop
// and "ran out" at the next, and its 3.079s turned c1's "write #1 queued" into "1 queued" at
// the stop that named c2 (nc32-j).
func (m *Model) frozenNamed(cs []string) map[string]bool {
	var named map[string]bool
	for _, name := range cs {
		if c := m.clientView(name); c != nil && c.Paused && c.Queued > 0 && c.Doing == "" {
			if named == nil {
				named = map[string]bool{}
			}
			named[name] = true
		}
	}
	return named
}

// The detail levels of clientsShortAt, from all (0) to names and marks. No level leaves a bare
// token ("c1 #1" read as c1 holding token 1 after its lease ran out, "1 queued" as token 1:
// nc32-j), and a refused write goes before when a lock ran out, so a stop that names no client
// says what one that names them does at the same instant (gc-pause's end, nc32-j).
const (
	briefClock     = 1  // a lock that ran out without "(own clock)" (in compare's halves, which say it where the row has room: nc31-b)
	briefAsks      = 2  // without where each asks (but for a client whose 'asks nY' the narration quotes), and an accepted write (the resource line has it)
	briefWriteTime = 3  // a refused write without its time (at late-expire --unsafe's end c2's "write #2 ✗" lost "at 6.017s" with room for it once the asks had gone: nc31-b)
	briefRanKey    = 4  // a lock that ran out without its key (held #1 · ran out 3.965s: the wake time of a client paused through its lease tells more, gc-pause at 3.079s); a paused client's queued command without its key ("write #1 queued")
	briefRenewal   = 5  // a refused renewal as "refused 12×"
	briefHoldKey   = 6  // a lock held without its key ("holds #2 1.0s": gc-pause's c2, paused, at 80x24)
	briefWrite     = 7  // without a refused write (the resource line keeps it)
	briefRanTime   = 8  // without when a lock ran out (kept over a renewal's word, nc23-c)
	briefNoQueue   = 9  // without a paused client's queued command (but for one the stop names): its wake time and lock say more
	briefLeft      = 10 // without the time left
	briefMarks     = 11 // names and marks: "holds #2", "held #1" (a paused client's wake time stays)
	briefGone      = 12 // a lock that ran out, but for a client the stop names, without a word: gc-pause's 6.112s ask needs c3's "holds #3" more than c1's "held #1"
)

// clientsShortAt is clientsShort's row with detail level briefOther (briefAsks and on), and
// briefNamed for a client in named, which keeps its queued command's token, its lease's time
// left and when it ran out at every level.
func (m *Model) clientsShortAt(cs []string, w, briefOther, briefNamed int, named map[string]bool) (*line, bool) {
	st := m.st
	l := newLine(w)
	fits := true
	add := func(s sty, text string) { fits = l.add(s, text) && fits }
	var unsaid []string // the clients whose 'asks nY' gave way
	// The clients not used yet after the last one used (or selected): said once, at the end,
	// "c2 c3 unused" (the others in their place keep the row in name order).
	var idle []string
	n, lastUsed := 0, -1
	for i, name := range cs {
		if name == m.client || m.clientView(name) != nil {
			lastUsed = i
		}
	}
	for i, name := range cs {
		c := m.clientView(name)
		if i > lastUsed {
			idle = append(idle, name)
			continue
		}
		if n > 0 {
			add(st.faint, " │")
		}
		n++
		keep, brief := named[name], briefOther
		if keep {
			brief = briefNamed
		}
		// After a paused client's queued command the lock's words need a "·": "write #2
		// queued holds #2 1.0s" read as one phrase (nc32-j).
		queued := false
		sep := func() string {
			if queued {
				return " ·"
			}
			return ""
		}
		if name == m.client {
			add(st.sel, "▸"+name)
		} else {
			add(st.bold, " "+name)
		}
		switch {
		case c != nil && c.Paused:
			// gc-pause's story turns on it: frozen, with its write already decided.
			text := " ‖ paused"
			if c.WakeAt > 0 {
				text += "→" + simTime(c.WakeAt)
			}
			if c.Doing == "" && c.Queued > 0 && (brief < briefNoQueue || keep) {
				// What it decided, with its token ("write orders #1 queued"); short of room, as
				// a lock that ran out goes to "held #1", the command without its key ("write #2
				// queued": gc-pause's c2 freezes with a write decided), then nothing: "1
				// queued" read as token 1 (nc32-j). A client the stop names keeps the command,
				// its key until briefRanTime (gc-pause's 0.044s quotes 'write orders #1
				// queued').
				if brief < briefRanKey || keep && brief < briefRanTime {
					text += " · " + queuedText(c)
				} else {
					text += " · " + queuedNoKey(c)
				}
				queued = true
			}
			add(st.warnBlock, text)
		case c != nil && !c.Connected:
			add(st.bad, " ⊘ disconnected") // ghost-lock's story turns on it
		}
		switch {
		case c == nil:
			add(st.faint, " unused") // the selected one, in its place
		case len(c.Holds) > 0:
			h := c.Holds[0]
			if len(c.Holds) > 1 {
				story := m.storyKey()
				for _, o := range c.Holds[1:] {
					if o.Key == story {
						h = o // one lock shows: the one the story is about
					}
				}
			}
			switch {
			case brief >= briefMarks && keep && h.Left == 0 && queued:
				// When it ran out (the stop's words turn on it: "c1 counts from when it first
				// sent", 3.017s), after "write #1 queued", which has the token.
				add(st.gone, " · ran out"+endedText(h))
			case brief >= briefMarks && keep && h.Left == 0:
				add(st.gone, fmt.Sprintf(" held #%d · ran out%s", h.Token, endedText(h)))
			case brief >= briefGone && h.Left == 0:
			case brief >= briefMarks && h.Left == 0:
				// Never a bare "#1": "c1 #1" read as c1 holding token 1 after its lease ran out
				// and its write was refused (gc-pause's 5.051s, nc32-j).
				add(st.gone, fmt.Sprintf("%s held #%d", sep(), h.Token))
			case brief >= briefMarks && keep:
				add(st.grant, fmt.Sprintf("%s holds #%d %s", sep(), h.Token, leftText(h.Left)))
			case brief >= briefMarks:
				add(st.grant, fmt.Sprintf("%s holds #%d", sep(), h.Token))
			case h.Left > 0:
				// The time left on the client's own clock: lessons compare it with the nodes'.
				text := fmt.Sprintf("%s holds %s #%d", sep(), h.Key, h.Token)
				if brief >= briefHoldKey {
					text = fmt.Sprintf("%s holds #%d", sep(), h.Token)
				}
				if brief < briefLeft || keep {
					text += " " + leftText(h.Left)
				}
				add(st.grant, text)
				// A client the stop names keeps its renewal's words (leader-crash-mid-lease-extend:
				// "its renewal … was answered", c2's "renewed, ⋯ again").
				switch {
				case h.Renewing && h.Refused > 0 && (brief < briefRenewal || keep):
					// The renewal in flight is being refused: "renewal refused 12×".
					add(st.key, fmt.Sprintf(" renewal refused %d×", h.Refused))
				case h.Renewing && h.Refused > 0 && brief < briefLeft:
					add(st.key, fmt.Sprintf(" refused %d×", h.Refused))
				case h.Renewing && (brief < briefRenewal || keep) && renewedAgain(c, h):
					// The one before was answered renewed, the next already out: as the full row's
					// "got renewed invoices, ⋯ renewing again" (nc23-c).
					add(st.key, " renewed, ⋯ again")
				case h.Renewing && (brief < briefRenewal || keep):
					// In flight and not refused yet, as the full row says it ("⋯ renewing
					// invoices"): "keepalive 1s" there read as a renewal not yet due.
					add(st.key, " ⋯ renewing")
				case h.Every > 0 && brief < briefLeft:
					add(st.faint, " keepalive "+h.Every.String()) // renewed in the background
				}
			case brief >= briefRanTime && !keep:
				add(st.gone, fmt.Sprintf("%s held #%d · ran out", sep(), h.Token))
			case brief >= briefRanKey:
				// Without its key, still with when (nc23-c: c1's own view ran out first).
				add(st.gone, fmt.Sprintf("%s held #%d · ran out%s", sep(), h.Token, endedText(h)))
			default:
				// The full-size row's words, short of its "(own clock)" (nc17-a met three forms),
				// with when it ran out (nc23-c).
				add(st.gone, fmt.Sprintf("%s held %s #%d · ran out%s", sep(), h.Key, h.Token, endedText(h)))
				if m.ownClock && brief < briefClock && endedText(h) != "" {
					// Compare's halves, where it fits: c1's "(own clock)" went at late-expire's
					// 6.060s when c1 shared its row (nc31-b).
					add(st.gone, " (own clock)")
				}
			}
			if c.Doing != "" && brief < briefLeft {
				// A request in flight beside the lock it holds, as the full row says it: c1
				// releasing read "holds orders #1 3.8s" alone, as if nothing were under way
				// (first-lock at 80x24, nc22-d).
				doing := c.Doing
				if brief >= briefRanKey {
					doing, _, _ = strings.Cut(doing, " ")
				}
				add(st.key, " ⋯ "+doing)
			}
			if len(c.Holds) > 1 {
				// The locks it does not show, counted as the node rows count theirs: nc18-h
				// read "c1 holds orders #3" alone as c1 having let invoices go.
				add(st.faint, " +"+count(len(c.Holds)-1))
			}
		case brief >= briefMarks:
		case c.Doing != "":
			if f, ok := m.replyOnWay(name); ok && brief < briefLeft {
				// Answered, the answer on the wire, as the full row says it.
				add(st.key, " ⋯ "+replyWords(f)+" on its way")
				break
			}
			add(st.key, " ⋯ "+c.Doing)
		case c.LastReply != 0:
			// With its key, as the full-size row says it ("got not-found orders"): lessons
			// quote it.
			text := " got " + c.LastReply.String()
			// Not beside a kept token's write: "write #1 (kept) ✗" says more, and both left no
			// room for c3 at first-lock's end (nc30-f).
			kept := c.LastWrite != nil && c.LastWrite.Kept && c.LastWrite.Decided
			if brief < briefLeft && c.LastKey != "" && !kept {
				text += " " + c.LastKey
			}
			add(st.plain, text)
		default:
			add(st.faint, " holds nothing")
		}
		if wr := writeMarkShort(c, brief, m.writeTimes); wr != "" {
			// A decided write, as the full-size row says it, with when where there is room: the
			// compare's shared row dropped an accepted one (late-expire's safe c2 at 6.060s) and
			// gave a refused one no time, unlike every other mark (cp29).
			s := st.good
			if !c.LastWrite.Accepted {
				s = st.bad
			}
			add(s, wr)
		}
		// By the others' level: one client keeping its 'asks n1' left none for "· c1 asks n1".
		if c != nil && (briefOther < briefAsks || brief < briefLeft && m.asksQuoted(name, c.Guess)) {
			// Also while a request is out: where it went is what the lessons point at. Where
			// the narration quotes this client's 'asks nY', it stays while other words go
			// (ghost-lock's timeout stop hid it at 80x24, nc20-j).
			add(st.faint, " · asks "+m.guessText(c.Guess))
		} else if c != nil {
			unsaid = append(unsaid, name)
		}
	}
	if len(idle) > 0 {
		if n > 0 {
			add(st.faint, " │")
		}
		add(st.bold, " "+strings.Join(idle, " "))
		add(st.faint, " unused")
	}
	if note := m.asksNote(unsaid); fits && note != "" && width(note) <= l.room() {
		// Where each asks, once for all at the row's end where it fits ("· c1 c2 ask n1"):
		// first-lock's end at 80x24 lost "asks n1" from both clients while the stop before
		// had it (nc26-f). It is not needed to fit.
		l.add(st.faint, note)
	}
	return l, fits
}

// asksNote is " · c1 c2 ask n1" (", c3 asks n2" for another node): the node each client in
// names sends its next request to, or "".
func (m *Model) asksNote(names []string) string {
	var nodes []int
	who := map[int][]string{}
	for _, name := range names {
		c := m.clientView(name)
		if c == nil {
			continue
		}
		if _, ok := who[c.Guess]; !ok {
			nodes = append(nodes, c.Guess)
		}
		who[c.Guess] = append(who[c.Guess], name)
	}
	var parts []string
	for _, n := range nodes {
		verb := "asks"
		if len(who[n]) > 1 {
			verb = "ask"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", strings.Join(who[n], " "), verb, m.guessText(n)))
	}
	if len(parts) == 0 {
		return ""
	}
	return " · " + strings.Join(parts, ", ")
}

// asksQuoted says whether the newest narration names client name and quotes the 'asks nY' its
// line would show.
func (m *Model) asksQuoted(name string, guess int) bool {
	if m.sim == nil {
		return false
	}
	quote := fmt.Sprintf("'asks n%d'", guess)
	for _, s := range m.says() {
		if strings.Contains(s, quote) && strings.Contains(s, name) {
			return true
		}
	}
	return false
}

// replRule is the compact replication section's rule: the node names sit in it above their
// columns (the section has no room for a header row), then the symbols.
func (m *Model) replRule(w, rows int) string {
	st := m.st
	l := newLine(w)
	l.add(st.border, "─ ")
	l.add(st.headKey, m.focusName(panelTracker, "replication")+" ")
	col := m.trackerIdxW() + 1 + 4 + 1 + m.trackerCmdW(w, rows) + 1 // where proposalRow puts n1's mark
	// The rows it leaves out say so: before the node columns where it fits, else in the legend's place.
	mark := strings.TrimPrefix(m.earlierMark(rows), " · ")
	if mark != "" && l.w+width(mark)+3 <= col { // the mark, a space, a rule and a space: n1 over its column
		l.add(st.faint, mark+" ")
		mark = ""
	}
	l.add(st.border, strings.Repeat("─", max(1, col-l.w-1))+" ")
	for id := 1; id <= len(m.v.Nodes); id++ {
		l.add(st.headKey, fmt.Sprintf("n%-2d", id))
	}
	// Marks give way with their words: bare "· · ○ ◆ ✓" read as garbage (nc20-a); ? has them.
	// It names the marks the rows draw, no other, all of them where they fit (trackerLegend:
	// first-lock's 1.295s at 80x24 dropped ·none while a row drew four).
	forms := m.trackerLegend(rows)
	if mark != "" {
		for i := range forms {
			forms[i] = mark + " · " + forms[i]
		}
		forms = append(forms, mark)
	}
	note := ""
	if len(forms) > 0 {
		note = firstFit(l.room()-4, forms...)
		if w := width(forms[0]); w > l.room()-4 && w <= l.room()-1 {
			// Short of room for the rules around it: the whole legend, two spaces after the
			// last node's name (up to the row's end if it must), rather than a mark in view
			// without its word (first-lock's 1.295s at 80x24: "↑ 1 earlier · ·none ○appended
			// ✓applied").
			l.add(st.faint, " "+forms[0])
			if l.room() > 0 {
				l.add(st.faint, " ")
			}
			l.add(st.border, strings.Repeat("─", l.room()))
			return l.String()
		}
	}
	if note != "" && l.room() >= width(note)+4 {
		l.add(st.border, strings.Repeat("─", l.room()-width(note)-3))
		l.add(st.faint, " "+note+" ")
	}
	l.add(st.border, strings.Repeat("─", l.room()))
	return l.String()
}

// nodeRow is one node on one line.
func (m *Model) nodeRow(n *cluster.NodeView, w int) string {
	return m.nodeRowNamed(n, w, "n"+strconv.Itoa(n.ID))
}

// nodeRowNamed is nodeRow with name in the node's place: compare's folded rows name several
// ("n2-n5").
func (m *Model) nodeRowNamed(n *cluster.NodeView, w int, name string) string {
	st := m.st
	l := newLine(w)
	sym, rs := nodeSym(st, n)
	sel := " "
	if n.ID == m.node {
		sel = "▸"
	}
	l.add(st.bold, sel)
	word := nodeWord(n, true)
	if n.Frozen {
		word = "FROZEN" // freeze nX D: the role it had matters less than that it runs nothing
	} else if oldLeader(&m.v, n) {
		word = oldLeaderWord
	}
	id := fmt.Sprintf("%s %-*s %-*s", sym, 2+m.nameW, name, m.roleW(), word)
	if n.ID == m.node {
		l.add(st.sel, id)
	} else {
		l.add(rs, id)
	}
	l.add(st.plain, " ")
	l.add(st.term(n.Term), fit("T"+strconv.FormatUint(n.Term, 10), 4)+" ")
	l.add(st.plain, fit(fmt.Sprintf("%d/%s", n.Commit, appliedText(n)), m.commitWidth())+" ")
	skew, ss := clockSkew(st, n)
	cw := m.clockW(w)
	if left, mark, ms := m.quorumCheckText(n); left != "" && width(skew+" check "+left+mark) <= cw {
		// A leader's next check-quorum, counted on this clock, with its word as the wide
		// columns say it ("check 0.9s ✓"): bare, "×1 1.0s ✓" in the clock column read as the
		// clock's time (nc22-d). Then the checks it passed, where they fit (nc34-g).
		passed := checksPassedText(n)
		if width(skew+" check "+left+mark+passed) > cw {
			passed = ""
		}
		l.add(ss, skew+" ")
		l.add(st.faint, "check ")
		l.add(st.plain, left)
		l.add(ms, mark)
		l.add(st.faint, passed)
		l.add(st.plain, strings.Repeat(" ", cw+1-width(skew+" check "+left+mark+passed)))
	} else if left != "" && width(skew+" "+left+mark) <= cw {
		// No room for the word (several keys' cells need the row): the column's title says
		// "clock check" instead.
		passed := checksPassedText(n)
		if width(skew+" "+left+mark+passed) > cw {
			passed = ""
		}
		l.add(ss, skew+" ")
		l.add(st.plain, left)
		l.add(ms, mark)
		l.add(st.faint, passed)
		l.add(st.plain, strings.Repeat(" ", cw+1-width(skew+" "+left+mark+passed)))
	} else {
		l.add(ss, fit(skew, cw)+" ")
	}
	ns, net := m.netShort(n)
	l.add(ns, fit(net, m.netW())+" ")
	if m.v.Config.Unsafe.LeaseRead {
		// The leader's own lease (unsafe lease-read): a column of its own, so locks stay aligned.
		ow := m.ownLeaseW(w)
		if n.HasOwnLease {
			left := leftText(n.OwnLease)
			mark, ms := m.ownLeaseMark(n)
			if !n.QuorumActive && ow > ownLeaseWidth {
				mark += unconfirmedWord
			}
			l.add(st.bold, left)
			l.add(ms, fit(mark, max(0, ow-width(left)))+" ")
		} else {
			l.add(st.faint, fit("—", ow)+" ")
		}
	}
	keys := m.v.LockKeys
	if len(keys) == 0 && m.v.LockMore == 0 {
		l.add(st.faint, "—")
	}
	if len(keys)*25 > l.room() {
		keys = storyFirst(m.heldFirst(keys), m.storyKey())
	}
	// A key's cell shows whole, its key's whole name where the row has room for it (nc15-c at
	// 80x24: "invoic… #1 █████ 30s │ +1" with 9 cells to spare) and cut to 7 cells where not,
	// leaving room for the "+N" of the keys after it; a cell that would not show whole gives way
	// to "+N" ("orders — released │ invoic… #1 ██…" lost its countdown at the right edge). The
	// row's first key shows, cut if it must.
	cell := func(k, name string, room int) *line {
		c := newLine(max(0, room))
		c.add(st.plain, name+" ")
		m.lockState(c, n, k, true, 0)
		return c
	}
	for i, k := range keys {
		sep := 0
		if i > 0 {
			sep = width(" │ ")
		}
		tail := 0
		if more := len(keys) - i - 1 + m.v.LockMore; more > 0 {
			tail = width(" │ +" + count(more))
		}
		var c *line
		for _, name := range []string{k, cut(k, 7)} {
			if c = cell(k, name, l.room()-sep-tail); !c.short {
				break
			}
		}
		if c.short && i > 0 {
			l.add(st.border, " │ ")
			l.add(st.faint, "+"+count(len(keys)-i+m.v.LockMore))
			return l.String()
		}
		if c.short {
			c = cell(k, cut(k, 7), l.room())
		}
		if i > 0 {
			l.add(st.border, " │ ")
		}
		l.append(c)
	}
	if m.v.LockMore > 0 {
		l.add(st.faint, " +"+count(m.v.LockMore))
	}
	return l.String()
}

// storyKey is the key the story is about now: the one the newest narration names first (as
// 'key'), an ask's question the newest, else that of the newest lock event naming one (a
// request, a proposal, an apply, a finding), else "". The compact rows have room for one key;
// round 9's racing-acquires-unsafe showed 'invoices', the first in order, all through a story
// about 'orders'. At an ask nothing is said since the stop before: add-node-mid-lease's
// "How does n6 learn that c1 holds 'orders'?" showed 'scratch', the newest event's (nc37-e).
func (m *Model) storyKey() string {
	if m.sim == nil {
		return "" // a half of compare draws its nodes with a bare Model: no story of its own
	}
	says := m.stopSays()
	for i := len(says) - 1; i >= 0; i-- {
		key, at := "", -1
		for _, k := range m.v.LockKeys {
			if j := strings.Index(says[i], "'"+k+"'"); j >= 0 && (at < 0 || j < at) {
				key, at = k, j
			}
		}
		if key != "" {
			return key
		}
	}
	r := &m.sim.tl.rings[filterLock]
	for i := r.len() - 1; i >= max(0, r.len()-64); i-- {
		e := &r.at(i).ev
		if e.Key != "" {
			return e.Key
		}
		if e.Cmd.Key != "" {
			return e.Cmd.Key
		}
	}
	return ""
}

// storyFirst is keys with key moved to the front, when it is among them.
func storyFirst(keys []string, key string) []string {
	for i, k := range keys {
		if k == key && i > 0 {
			out := append([]string{k}, keys[:i]...)
			return append(out, keys[i+1:]...)
		}
	}
	return keys
}

// heldFirst puts the keys some node holds before those every node has deleted, in the same
// order on every row: when the row has room for one or two keys, a running countdown (the one
// a lesson talks about) shows rather than a released key.
func (m *Model) heldFirst(keys []string) []string {
	held := map[string]bool{}
	for i := range m.v.Nodes {
		for _, lk := range m.v.Nodes[i].Locks {
			held[lk.Key] = true
		}
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if held[k] {
			out = append(out, k)
		}
	}
	for _, k := range keys {
		if !held[k] {
			out = append(out, k)
		}
	}
	return out
}

// tableHead is the titles of the node table's columns (nodeRow's), locks the last one's.
func (m *Model) tableHead(w int, locks string) string {
	return m.st.headKey.r(fit(m.tableCols(w)+locks, w))
}

// tableCols is the titles of the columns before the locks, in a table w cells wide.
func (m *Model) tableCols(w int) string {
	clock := "clock"
	if cw := m.clockW(w); cw >= clockNarrow {
		for i := range m.v.Nodes {
			n := &m.v.Nodes[i]
			skew, _ := clockSkew(m.st, n)
			if left, mark, _ := m.quorumCheckText(n); left != "" && width(skew+" check "+left+mark) > cw && width(skew+" "+left+mark) <= cw {
				clock = "clock check" // a leader's check shows without its word
			}
		}
	}
	head := fmt.Sprintf(" %-*s %-4s %-*s %-*s %-*s ", 5+m.roleW()+m.nameW, "node", "term", m.commitWidth(), "c/a", m.clockW(w), clock, m.netW(), "net")
	if m.v.Config.Unsafe.LeaseRead {
		head += fmt.Sprintf("%-*s ", m.ownLeaseW(w), "own lease")
	}
	return head
}

// locksTitle is the node table's last column title, where it fits whole.
const locksTitle = "locks: countdowns, own clock"

// locksTitleShort is the title where the whole one does not fit.
const locksTitleShort = "locks, own clock"

// clockNarrow is the node table's clock column where a leader's check has no room for its word.
const clockNarrow = 11

// clockSkew is a node's clock column text: its rate and offset, "×1" for a true clock.
func clockSkew(st *styles, n *cluster.NodeView) (string, sty) {
	if skew := skewText(n.Rate, n.Offset); skew != "" {
		return skew, st.warn
	}
	return "×1", st.faint
}

// clockW is the node table's clock column in a table w cells wide: wide enough for a leader's
// check with its word ("×1 check 1.0s ✓") where every node's lock cells still show whole after it,
// else clockNarrow.
func (m *Model) clockW(w int) int {
	if cw := m.clockFloor(); cw < clockNarrow && (m.peersWantRoom() || m.locksWantRoom(cw)) {
		return cw // no node shows a check here: see clockFloor
	}
	if m.checkInHead {
		return clockNarrow
	}
	if m.leaseWordFits(w) {
		return m.leaseClockW()
	}
	// What the row holds besides clock and locks: nodeRow's cells.
	rest := 1 + 1 + 1 + 2 + m.nameW + 1 + m.roleW() + 1 + 5 + m.commitWidth() + 1 + 1 + m.netW() + 1
	if m.v.Config.Unsafe.LeaseRead {
		rest += ownLeaseWidth + 1
	}
	// With the checks passed first (" #12", nc34-g), where the locks keep their room; else
	// without them, as before; then without the word but with them.
	for _, form := range []struct {
		word   string
		passed bool
	}{{" check ", true}, {" check ", false}, {" ", true}} {
		need := 0
		for i := range m.v.Nodes {
			n := &m.v.Nodes[i]
			skew, _ := clockSkew(m.st, n)
			if left, mark, _ := m.quorumCheckText(n); left != "" {
				t := skew + form.word + left + mark
				if form.passed {
					t += checksPassedText(n)
				}
				need = max(need, width(t))
			}
		}
		if need <= clockNarrow {
			return clockNarrow
		}
		room := m.locksW()
		if form.passed {
			// nor the locks' title its short words: "#1" is worth "countdowns" (nc35-d: lease-read
			// at 80x24 never showed the count the narration names).
			room = max(room, width(locksTitleShort))
		}
		if w-rest-need >= room {
			return need
		}
	}
	return clockNarrow
}

// locksW is the widest node row's lock cells, every key whole: the room the word "check" may not
// take (partitioned's "orders #1 EXPIRED HERE·wait Expire" lost its tail to it).
func (m *Model) locksW() int {
	most := 1 // "—"
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		sum := 0
		for j, k := range m.v.LockKeys {
			c := newLine(1 << 10)
			c.add(m.st.plain, k+" ")
			m.lockState(c, n, k, true, 0)
			sum += c.w
			if j > 0 {
				sum += width(" │ ")
			}
		}
		if m.v.LockMore > 0 {
			sum += width(" +" + count(m.v.LockMore))
		}
		most = max(most, sum)
	}
	return most
}

// ownLeaseWidth is the compact table's "own lease" column (only with unsafe lease-read).
const ownLeaseWidth = 9

// unconfirmedWord follows an own lease's ✗: "lease ✗" alone read as "the lease failed", where
// it means no majority has answered since the last check yet (nc34-d).
const unconfirmedWord = " unconfirmed"

// ownLeaseW is the "own lease" column: wide enough for "0.8s ✗ unconfirmed" where the row has
// room for it (leaseWordFits), else ownLeaseWidth.
func (m *Model) ownLeaseW(w int) int {
	if m.leaseWordFits(w) {
		return width("0.0s ✗" + unconfirmedWord)
	}
	return ownLeaseWidth
}

// leaseClockW is, with unsafe lease-read, the clock column as wide as its widest text: no
// leader's check shares it there (its own lease has its column), and the room it kept for one
// goes to the own lease's word.
func (m *Model) leaseClockW() int {
	cw := width("clock")
	for i := range m.v.Nodes {
		skew, _ := clockSkew(m.st, &m.v.Nodes[i])
		cw = max(cw, width(skew))
	}
	return cw
}

// leaseWordFits says whether the small table, w cells wide, shows an own lease's ✗ with its
// word: with unsafe lease-read, outside a comparison's halves (their columns are set for both),
// with no leader's check in the clock column, and every node's lock cells still whole.
func (m *Model) leaseWordFits(w int) bool {
	if !m.v.Config.Unsafe.LeaseRead || m.pairView != nil || m.checkInHead {
		return false
	}
	for i := range m.v.Nodes {
		if left, _, _ := m.quorumCheckText(&m.v.Nodes[i]); left != "" {
			return false
		}
	}
	rest := 1 + 1 + 1 + 2 + m.nameW + 1 + m.roleW() + 1 + 5 + m.commitWidth() + 1 + 1 + m.netW() + 1
	rest += m.leaseClockW() + 1 + width("0.0s ✗"+unconfirmedWord) + 1
	return w-rest >= m.locksW()
}

// commitWidth fits the widest "commit/applied" pair.
func (m *Model) commitWidth() int {
	w := 3
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		w = max(w, len(fmt.Sprintf("%d/%d", n.Commit, n.Applied)))
	}
	return w
}

// netShort is the network state in a few cells.
func (m *Model) netShort(n *cluster.NodeView) (sty, string) {
	st := m.st
	switch {
	case !n.Up:
		return st.down, "down"
	case n.Isolated:
		return st.badBlock, "ISOLATED"
	case n.Group >= 0:
		return st.warn, "side " + sideName(n.Group)
	case n.Frozen:
		return st.warn, unreadText(n)
	}
	for _, c := range m.v.Net.Cuts {
		if c[0] == n.ID || c[1] == n.ID {
			return st.warn, "cut"
		}
	}
	if s, text, ok := m.linkRules(n); ok {
		if d, ok := m.oneDelay(n); ok && text == "slow" {
			// The narration says "600ms slower each way": the column shows the number, so
			// the 1.2s round trip can be checked where it is told. A node only some of whose
			// links are slowed names the peers ("n1 +400ms"): every follower read "+400ms"
			// beside a Network panel slowing only their links to n1 (nc24-a).
			if p := m.slowPeers(n); p != "" {
				return s, firstFit(netShortMax, p+" +"+durMS(d), "+"+durMS(d))
			}
			if p := m.peerRange(n); p != "" && m.peersFit(p+" +"+durMS(d)) {
				// A comparison has no Network panel: "+600ms" on late-expire's n1 read as all its
				// links slow, its answers to clients too, which took 4ms (nc31-c). Its peers
				// named say the delay is on the links to the other nodes.
				return s, firstFit(netShortMax, p+" +"+durMS(d), "+"+durMS(d))
			}
			return s, "+" + durMS(d)
		}
		return s, text
	}
	return st.good, "ok"
}

// netShortMax is the widest the compact table's net column grows (from 8) for a cell naming
// the peers its delay slows.
const netShortMax = 12

// netW is the compact table's net column: 8 cells, more where a node's cell names the peers
// its delay slows ("n1 +400ms").
func (m *Model) netW() int {
	w := 8
	for i := range m.v.Nodes {
		_, t := m.netShort(&m.v.Nodes[i])
		w = max(w, min(width(t), netShortMax))
	}
	return w
}

// slowPeers names the other nodes whose links to n a delay rule slows ("n1", "n1,n3"), or ""
// when it slows every one of them (n's whole network is slow) or none.
func (m *Model) slowPeers(n *cluster.NodeView) string {
	var ps []string
	others := 0
	for i := range m.v.Nodes {
		o := m.v.Nodes[i].ID
		if o == n.ID {
			continue
		}
		others++
		for _, r := range m.v.Net.Delays {
			if r.A == n.ID && r.B == o || r.B == n.ID && r.A == o {
				ps = append(ps, "n"+strconv.Itoa(o))
				break
			}
		}
	}
	if len(ps) == others {
		return ""
	}
	return strings.Join(ps, ",")
}

// peersFit says whether a comparison's net cell may read text (wider than its 8 cells) and
// both halves' node rows still hold every lock cell whole with the narrowest clock: at 160x48
// side by side "orders — deleted by Expire #1" was cut to "— deleted" for it.
func (m *Model) peersFit(text string) bool { return m.peersFitClock(text, m.clockFloor()) }

// clockFloor is the narrowest a comparison's clock column may be: as wide as its widest cell
// where no node of either half shows a leader's check (no check-quorum), else clockNarrow. At
// late-expire's 5.253s "×1" in 11 cells left n1's net no room for "n2-n5 +600ms" beside
// "orders — deleted by Expire #1": n1 read "+600ms", as if its clients' links were slow too,
// from the divergence on (nc34-4).
func (m *Model) clockFloor() int {
	if m.pairView == nil {
		return clockNarrow
	}
	w := width("clock")
	for _, v := range []*cluster.View{&m.v, m.pairView} {
		for i := range v.Nodes {
			n := &v.Nodes[i]
			if n.HasQuorumCheck {
				return clockNarrow
			}
			skew, _ := clockSkew(m.st, n)
			w = max(w, width(skew))
		}
	}
	return min(w, clockNarrow)
}

// peersWantRoom says whether a node's net cell names its slowed peers only with the clock
// column at its floor: the column gives up its blank cells for them, and only then.
func (m *Model) peersWantRoom() bool {
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		p := m.peerRange(n)
		if p == "" || m.slowPeers(n) != "" {
			continue
		}
		if _, text, ok := m.linkRules(n); !ok || text != "slow" {
			continue
		}
		if d, ok := m.oneDelay(n); ok {
			t := p + " +" + durMS(d)
			if !m.peersFitClock(t, clockNarrow) && m.peersFitClock(t, m.clockFloor()) {
				return true
			}
		}
	}
	return false
}

// locksWantRoom says whether both halves' lock cells are whole only with the clock column cw
// cells wide, not clockNarrow: at 80x24 stacked, late-expire's unsafe n1 read "orders —
// deleted", "by Expire #1" cut off beside the clock's blank cells. (Both halves ask the same,
// so their columns stay aligned.)
func (m *Model) locksWantRoom(cw int) bool {
	net := strings.Repeat("x", m.netW())
	return !m.peersFitClock(net, clockNarrow) && m.peersFitClock(net, cw)
}

// peersFitClock is peersFit with the clock column cw cells wide.
func (m *Model) peersFitClock(text string, cw int) bool {
	if m.pairView == nil || m.tableW == 0 {
		return false
	}
	fits := func(v *cluster.View, w int) bool {
		o := &Model{st: m.st, v: *v, oneZero: m.oneZero, writeTimes: m.writeTimes}
		rest := 1 + 1 + 1 + 2 + m.nameW + foldNameW + 1 + 9 + 1 + 5 + o.commitWidth() + 1 + 1 + max(8, width(text)) + 1
		if v.Config.Unsafe.LeaseRead {
			rest += ownLeaseWidth + 1
		}
		return w-rest-cw >= o.locksW()
	}
	return fits(&m.v, m.tableW) && fits(m.pairView, m.pairTableW)
}

// peerRange names the other nodes as one run, "n2-n5", when they are consecutive ids (else "").
func (m *Model) peerRange(n *cluster.NodeView) string {
	var ids []int
	for i := range m.v.Nodes {
		if o := m.v.Nodes[i].ID; o != n.ID {
			ids = append(ids, o)
		}
	}
	if len(ids) < 2 {
		return ""
	}
	for i := 1; i < len(ids); i++ {
		if ids[i] != ids[i-1]+1 {
			return ""
		}
	}
	return fmt.Sprintf("n%d-n%d", ids[0], ids[len(ids)-1])
}

// oneDelay is the delay every delay rule on the node's links adds, when they agree.
func (m *Model) oneDelay(n *cluster.NodeView) (time.Duration, bool) {
	var d time.Duration
	for _, r := range m.v.Net.Delays {
		if r.A == n.ID || r.B == n.ID {
			if d != 0 && r.Delay != d {
				return 0, false
			}
			d = r.Delay
		}
	}
	return d, d > 0
}

// durMS is a delay in whole milliseconds ("600ms") or seconds from 1s on ("1.5s").
func durMS(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// netLine summarises the network on one line, and names the run's unsafe switch and options
// where the header has no room for them (see switchesOnNetLine).
func (m *Model) netLine(w int) string {
	var u netUnsafe
	if us, opts := m.headLacks(); len(us)+len(opts) > 0 {
		u = m.switchesOnNetLine(w, us, opts)
	}
	out, _ := m.netLineWith(w, u)
	return out
}

// netUnsafe is the words naming the run's unsafe switches and options on the net line, after
// the network's own or (only) in their place.
type netUnsafe struct {
	text string
	only bool
	calm bool // options alone: not drawn as a warning
}

// switchesOnNetLine is the words naming the run's unsafe switches us and options opts that the
// compact net line has room for (" · ⚠ unsafe: unchecked-proposals" after its own, or
// " · lease-on-promote extend"), or none: at 80x24 the header has room for "⚠ unsafe" at most,
// and nc15-c found the switch named only on the ? legend. When the resource leaves no room,
// they take the place of a network with nothing to tell ("no partition", what each node's net
// column says too), before its count on the wire. None where no net line is drawn (the full
// screen, a page over the panels). With both, the switches alone where both do not fit.
func (m *Model) switchesOnNetLine(w int, us, opts []string) netUnsafe {
	if len(us)+len(opts) == 0 || m.lay.mode != modeCompact || m.page.glossary || m.dg.on {
		return netUnsafe{}
	}
	plain := false
	if _, text, ok := m.partitionText(); ok && text == "no partition" && len(m.ruleTexts()) == 0 && m.unreadText() == "" {
		plain = true
	}
	var words [][]string // each candidate's words, longest first
	optText := strings.Join(opts, ", ")
	if len(us) > 0 {
		names := strings.Join(us, ", ")
		for _, u := range []string{"⚠ unsafe: " + names, "⚠ " + names} {
			if optText != "" {
				words = append(words, []string{u, optText})
			}
		}
		words = append(words, []string{"⚠ unsafe: " + names}, []string{"⚠ " + names})
	} else {
		words = append(words, []string{optText})
	}
	calm := len(us) == 0
	var cands []netUnsafe
	for _, ws := range words {
		cands = append(cands, netUnsafe{text: " · " + strings.Join(ws, " · "), calm: calm})
	}
	for _, ws := range words {
		cands = append(cands, netUnsafe{text: " " + strings.Join(ws, " · "), only: true, calm: calm})
	}
	for _, u := range cands {
		if u.only && !plain {
			break
		}
		if _, ok := m.netLineWith(w, u); ok {
			return u
		}
	}
	return netUnsafe{}
}

// netLineWith is the net line with u's words if they fit (ok).
func (m *Model) netLineWith(w int, u netUnsafe) (string, bool) {
	st := m.st
	// The network's own words at their shortest, which the resource must leave room for.
	net := []headSeg{{st.headKey, " net "}}
	sep := ""
	if s, text, ok := m.partitionText(); ok {
		net = append(net, headSeg{s, text})
		sep = " · "
	}
	for _, t := range m.ruleTexts() {
		net = append(net, headSeg{st.warn, sep + t})
		sep = " · "
	}
	n := m.onWire()
	short := fmt.Sprintf(" · %d on the wire", n)
	unread := ""
	if u := m.unreadText(); u != "" {
		unread = " · " + u // reached a frozen node: off the wire, not yet read
		short += unread
	}
	res := m.resourceShort(true)
	quiet := u.text == "" && len(net) == 2 && net[1].text == "no partition"
	if segsWidth(net)+width(short)+segsWidth(res) > w {
		res = m.resourceShort(false)
		// "fenced" before a quiet "no partition", as with three writes below: at 80x24
		// first-lock's resource line lost the word at 1.320s, a stop after one that pointed
		// at it, and got it back at 1.323s (nc34-a).
		if rf := m.resourceShort(true); quiet && segsWidth(net[:1])+width(short)+segsWidth(rf) <= w {
			res, net = rf, net[:1]
		}
	}
	if r3 := m.resourceShortN(false, 3); len(r3) > len(res) && segsWidth(net)+width(short)+segsWidth(r3) <= w {
		// A third write, where it fits, before the word "fenced": with two, gc-pause's c2
		// writing again moved "✓c2#2" from before "✗c1#1" to after it, as if the same mark
		// had jumped (nc29-a).
		res = r3
		// Both, where a quiet "no partition" (each node's net column says "ok") gives way:
		// gc-pause's end read "resource: orders high #2 ✓c2#2 ✗c1#1 ✓c2#2" as a fenced
		// resource accepted the write the lesson is about (nc31-e).
		r3f := m.resourceShortN(true, 3)
		switch {
		case segsWidth(net)+width(short)+segsWidth(r3f) <= w:
			res = r3f
		case quiet && segsWidth(net[:1])+width(short)+segsWidth(r3f) <= w:
			res, net = r3f, net[:1]
		}
	}
	wire := fmt.Sprintf(" · wire: %d", n)
	if u.only {
		// The count in words before the bare "wire: 0", which a student could not read
		// (nc18-h: racing-acquires-unsafe at 0.130s), as the line above gives "fenced" up for
		// "N on the wire".
		if t := fmt.Sprintf(" · %d on the wire", n); width(u.text)+width(t)+segsWidth(m.resourceShort(false)) <= w {
			wire = t
			if width(u.text)+width(t)+segsWidth(res) > w {
				res = m.resourceShort(false)
			}
		}
	}
	resW := segsWidth(res)
	l := newLine(max(0, w-resW))
	if u.only { // the count on the wire stays (each layout shows it: TestWireCountBothLayouts)
		ok := width(u.text)+width(wire) <= l.room()
		if ok {
			l.add(u.style(st), u.text)
			l.add(st.faint, wire)
		}
		return m.withResource(l, res), ok
	}
	// The count by kind ("24 on the wire: 20 heartbeat, 4 append"), where it fits with nothing
	// else to add to the line (nc24-f counted first-lock's 4 MsgApps against 24 on the wire).
	// A quiet "no partition" beside a link rule gives way to it: the rule's own words stay.
	var kinds []string
	if u.text == "" {
		for _, k := range m.wireKindTexts() {
			kinds = append(kinds, fmt.Sprintf(" · %d message(s) on the wire: %s", n, k)+unread, fmt.Sprintf(" · %d on the wire: %s", n, k)+unread)
		}
	}
	fits := func(segs []headSeg) string {
		for _, k := range kinds {
			if segsWidth(segs)+width(k) <= l.room() {
				return k
			}
		}
		return ""
	}
	if len(kinds) > 0 && len(net) > 2 && net[1].text == "no partition" {
		net = append([]headSeg{net[0], {net[2].s, strings.TrimPrefix(net[2].text, " · ")}}, net[3:]...)
	}
	k := fits(net)
	for _, sg := range net {
		l.add(sg.s, sg.text)
	}
	// Shorter forms before a cut one: a long partition and its cuts left "0 message(…".
	forms := []string{fmt.Sprintf(" · %d message(s) on the wire", n) + unread, short, fmt.Sprintf(" · wire: %d", n) + unread, fmt.Sprintf(" · wire: %d", n)}
	if k != "" {
		forms = append([]string{k}, forms...)
	}
	if len(net) == 1 { // " net 0 on the wire": nothing before it to part from
		for i := range forms {
			forms[i] = strings.TrimPrefix(forms[i], " · ")
		}
	}
	l.add(st.faint, firstFit(l.room(), forms...))
	ok := u.text != "" && width(u.text) <= l.room()
	if ok {
		l.add(u.style(st), u.text)
	}
	return m.withResource(l, res), ok
}

// style is how u's words are drawn: an unsafe switch as a warning, an option as a value.
func (u netUnsafe) style(st *styles) sty {
	if u.calm {
		return st.headVal
	}
	return st.bad
}

// withResource is the net line l with the resource's words res after it.
func (m *Model) withResource(l *line, res []headSeg) string {
	out := l.String()
	if len(res) > 0 {
		r := newLine(segsWidth(res))
		for _, sg := range res {
			r.add(sg.s, sg.text)
		}
		out += r.String()
	}
	return out
}

// resourceShort is the resource on the compact screen's network line: each key's highest
// accepted token and its latest writes ("│ fenced resource: orders high #2 ✓c2#2 ✗c1#1"),
// and a warning when fencing is off. Nothing before the first write, unless fencing is off.
// With fenced set it says it fences, as the full screen's resource box does ("fenced ·
// highest token accepted"), where the line has room for the word.
func (m *Model) resourceShort(fenced bool) []headSeg {
	return m.resourceShortN(fenced, 2)
}

// resourceShortN is resourceShort with up to n writes per key.
func (m *Model) resourceShortN(fenced bool, n int) []headSeg {
	st := m.st
	unfenced := m.v.Config.Unsafe.NoFencing
	if len(m.v.Resource) == 0 && !unfenced {
		return nil
	}
	label := "resource:"
	if fenced && !unfenced {
		label = "fenced resource:"
	}
	segs := []headSeg{{st.border, " │ "}, {st.headKey, label}}
	if unfenced {
		segs = append(segs, headSeg{st.badBlock, " ⚠ NOT fenced"})
	}
	for i, r := range m.v.Resource {
		if i == 2 {
			segs = append(segs, headSeg{st.faint, fmt.Sprintf(" +%d", len(m.v.Resource)-i)})
			break
		}
		segs = append(segs, headSeg{st.plain, " " + cut(r.Key, 8)}, headSeg{st.bold, " high #" + strconv.FormatUint(r.High, 10)})
		ws := r.Writes
		if len(ws) > n {
			ws = ws[len(ws)-n:]
		}
		for j := range ws {
			s, v := writeVerdict(st, &ws[j])
			segs = append(segs, headSeg{s, fmt.Sprintf(" %s%s", strings.Fields(v)[0], writerTok(ws[j].Client, ws[j].Token))})
		}
	}
	return append(segs, headSeg{st.plain, " "})
}

// quorumCheckText is a leader's next check-quorum as its column shows it: how long until it on
// its own clock ("0.9s"), then " ✓" if a majority answered since its last check (it will pass)
// or " ✗" if not, and the mark's style; "" on any other node.
func (m *Model) quorumCheckText(n *cluster.NodeView) (left, mark string, s sty) {
	if !n.HasQuorumCheck {
		return "", "", m.st.plain
	}
	if n.QuorumActive {
		return leftText(n.QuorumCheck), " ✓", m.st.good
	}
	return leftText(n.QuorumCheck), " ✗", m.st.bad
}

// checksPassedText is " #12" after a leader's check mark: the checks it has passed since it
// became leader. Its next check alone reads the same at stops a whole second apart, which
// looked stuck (nc34-g); this count does not. "" before its first passed check, or on any
// other node. It goes only where it fits whole: nothing gives way for it.
func checksPassedText(n *cluster.NodeView) string {
	if !n.HasQuorumCheck || n.ChecksPassed == 0 {
		return ""
	}
	return " #" + strconv.Itoa(n.ChecksPassed)
}

// writeMarkShort is a client's decided write in the compact row: " · write #2 ✗ at 6.017s"
// (with times, and an accepted write at all, only at brief 0 and with times), "" from briefWrite
// on or with no decided write. A refused one tells the client its lock is gone (gc-pause's end,
// nc17-a); it goes before a paused client's queued command, as the resource line keeps it (✗c1#1).
func writeMarkShort(c *cluster.ClientView, brief int, times bool) string {
	if c == nil || brief >= briefWrite || c.LastWrite == nil || !c.LastWrite.Decided {
		return ""
	}
	wr := c.LastWrite
	mark := "✓"
	if !wr.Accepted {
		mark = "✗"
	} else if brief >= briefAsks || !times {
		return "" // an accepted one is on the resource line too: it goes first
	}
	t := fmt.Sprintf(" · write %s%s %s", writeTokShort(wr.Token), keptText(wr), mark)
	if times && (brief < briefAsks || brief < briefWriteTime && !wr.Accepted) {
		t += " at " + simTime(wr.At)
	}
	return t
}

// roleW is the small layout's role column: "pre-cand", "follower", or "old leader" while a
// leader another has replaced shows (oldLeader).
func (m *Model) roleW() int {
	for i := range m.v.Nodes {
		if oldLeader(&m.v, &m.v.Nodes[i]) {
			return len(oldLeaderWord)
		}
	}
	return 9
}

// ownLeaseMark is the mark after a leader's own lease (unsafe lease-read): ✓ once a majority
// answered it since its last check, so the lease runs a period more, ✗ while no majority has yet.
func (m *Model) ownLeaseMark(n *cluster.NodeView) (string, sty) {
	if n.QuorumActive {
		return " ✓", m.st.good
	}
	return " ✗", m.st.bad
}
