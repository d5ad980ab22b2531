package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
)

// A node column: what that node sees. Log rows are aligned by index across columns, and lock
// rows by key, so nodes compare side by side (a lagging follower shows gaps, a replaced entry
// another term).

func role(n *cluster.NodeView) cluster.Role {
	if !n.Up {
		return cluster.RoleDown
	}
	return n.Role
}

// roleWord is a role as a node's title shows it; short fits narrow columns.
func roleWord(r cluster.Role, short bool) string {
	switch r {
	case cluster.RolePreCandidate:
		return pick(short, "pre-cand", "pre-candidate")
	case cluster.RoleDown:
		return "DOWN"
	}
	return string(r)
}

// oldLeaderWord is the title of a leader another node has replaced in a later term, unknown
// to it (oldLeader).
const oldLeaderWord = "old leader"

// oldLeader says whether n still leads its term while another node leads a later one: cut off,
// it has not heard it was replaced. Its ★ and "leader" beside the header's newer leader read as
// two leaders with nothing on screen saying which was out of date (nc31-f, lease-read's n1 at
// 3.938s: '★ n1 leader' beside the header's '★ n4 term 3').
func oldLeader(v *cluster.View, n *cluster.NodeView) bool {
	if role(n) != cluster.RoleLeader {
		return false
	}
	for i := range v.Nodes {
		if o := &v.Nodes[i]; o.ID != n.ID && role(o) == cluster.RoleLeader && o.Term > n.Term {
			return true
		}
	}
	return false
}

// nodeWord is what a node's title says it is: its role, or what membership says instead
// (joining: started, not yet in a configuration it knows; removed), and a learner's mark.
func nodeWord(n *cluster.NodeView, short bool) string {
	r := role(n)
	switch {
	case r == cluster.RoleDown:
	case n.Joining:
		return "joining"
	case n.Removed:
		return "removed"
	case n.Learner:
		return pick(short, "learner", roleWord(r, false)+" · learner")
	}
	return roleWord(r, short)
}

// nodeSym is the symbol and style of a node's title: its role's, ⊘ (faint) once removed and ◇
// for a learner, so a narrow column still says it.
func nodeSym(st *styles, n *cluster.NodeView) (string, sty) {
	switch r := role(n); {
	case r == cluster.RoleDown || n.Joining:
	case n.Removed:
		return "⊘", st.faint
	case n.Learner && r == cluster.RoleFollower:
		return "◇", st.follower
	}
	return st.role(role(n))
}

// logWindow is the index range every column shows: the newest entries of any log. When they
// do not all fit, the first row says how many earlier ones are left out (logRows), so a log
// that lost its "1 (bootstrap)" row does not read as starting later.
func logWindow(v *cluster.View, rows int) (lo, hi uint64) {
	for i := range v.Nodes {
		hi = max(hi, v.Nodes[i].LastIndex)
	}
	lo = 1
	switch {
	case hi <= uint64(rows):
	case rows >= 2:
		lo = hi - uint64(rows) + 2 // a row for "… N earlier"
	default:
		lo = hi - uint64(rows) + 1
	}
	// Not from inside a compacted stretch: rows "201 (in snapshot)" under "… 1-200 in snapshot"
	// said what "… 1-201 in snapshot" says, in other words whenever the column had a row to
	// spare (nc19-l, nc20-l read it as something changed). The rows left go blank at the foot.
	// Unless another node still holds entries there as its log: then the window keeps them (a
	// node that has not compacted yet read "… entries 1-51 above" over blank rows while it held
	// 48-51: nc24-b), and the compacted node's rows there go blank (logRows).
	base, raised := lo, lo
	for i := range v.Nodes {
		if n := &v.Nodes[i]; n.Snapshot > 1 && rows >= 2 {
			raised = max(raised, min(n.FirstIndex, n.Snapshot+1, hi+1))
		}
	}
	lo = raised
	for i := range v.Nodes {
		if n := &v.Nodes[i]; raised > base && n.LastIndex >= base && n.FirstIndex < raised {
			lo = min(lo, max(base, n.FirstIndex))
		}
	}
	return lo, hi
}

func (m *Model) nodeColumn(n *cluster.NodeView, w, h int) []string {
	st := m.st
	iw, ih := w-2, h-2
	r := role(n)
	sym, rs := nodeSym(st, n)
	sel := n.ID == m.node
	mark := ""
	if sel {
		mark = "▸"
	}
	head := fmt.Sprintf("%s%s n%d", mark, sym, n.ID)
	title := firstFit(w-6, head+" "+roleWord(r, false), head+" "+roleWord(r, true), head)
	if r != cluster.RoleDown && (n.Removed || n.Joining) {
		// nc37-g: "⊘ n1 follower" read as following someone; it follows no one, and the
		// narration (and the small layout's row) calls it removed. A joining node's column said
		// follower where the compact row (and the narration) says joining (nc38-e).
		title = firstFit(w-6, head+" "+nodeWord(n, false), head)
	}
	if oldLeader(&m.v, n) {
		title = firstFit(w-6, head+" "+oldLeaderWord, head)
	}
	if n.Frozen {
		// freeze nX D: it runs nothing until it wakes. FROZEN before the role word goes: the
		// symbol still says leader, and round 8 met only the cryptic FRZ at 120 columns.
		title = firstFit(w-6, head+" "+roleWord(r, false)+" FROZEN", head+" FROZEN", head+" FRZ", head)
	}
	body := make([]string, 0, ih)
	body = append(body, m.nodeState(n, iw)...)

	keys := m.v.LockKeys
	need := len(keys)
	if m.v.LockMore > 0 {
		need++ // the "+N more" line
	}
	need += m.zeroKeys()              // a zero countdown's tag may take a second row
	need += m.deletedByKeys(keys, iw) // so may "— deleted" / "by Expire #1"
	lockRows := min(max(1, need), max(1, ih-len(body)-3))
	logRows := max(0, ih-len(body)-2-lockRows)
	lo, hi := logWindow(&m.v, logRows)

	body = append(body, rule(st, "log", snapNote(n), iw))
	body = append(body, m.logRows(n, lo, hi, logRows, iw)...)
	body = append(body, rule(st, "locks", m.locksNote(), iw))
	body = append(body, m.lockRows(n, keys, lockRows, iw)...)
	return boxT(st, title, rs, body, w, h, sel)
}

// nodeState is the four lines at the top of a column: term, indexes, clock, network.
func (m *Model) nodeState(n *cluster.NodeView, iw int) []string {
	st := m.st
	narrow := iw < 20
	passedShown := false
	term := strconv.FormatUint(n.Term, 10)
	l1 := newLine(iw)
	l1.add(st.headKey, pick(narrow, "T", "term "))
	l1.add(st.term(n.Term), term)
	if n.HasOwnLease {
		// On a leader "lead" would name itself: the line shows what it trusts instead.
		// Its check's mark stays: with the lease in its place a student could not see that a
		// majority had answered, which is what lengthens the lease (nc32-l).
		left := leftText(n.OwnLease)
		mark, ms := m.ownLeaseMark(n)
		l1.add(st.headKey, firstFit(l1.room()-width(left+mark), " · own lease ", " · lease ", " L"))
		l1.add(st.bold, left)
		l1.add(ms, mark)
	} else if n.HasQuorumCheck {
		// A leader's "lead" would name itself: the line shows its next check-quorum instead,
		// when (own clock) and whether it would pass now. A passing check leaves no event, and
		// lease-read's student could not see one coming (nc20-a).
		left, mark, ms := m.quorumCheckText(n)
		key := firstFit(l1.room()-width(left+mark), " · check ", " chk ", " ")
		l1.add(st.headKey, key)
		l1.add(st.plain, left)
		l1.add(ms, mark)
		// The checks it passed: its next check alone reads the same at stops a whole second
		// apart, which looked stuck (nc34-g). Here only beside the whole word, else on the
		// clock line, where it fits; nothing gives way for it.
		if p := checksPassedText(n); key == " · check " && width(p) <= l1.room() {
			l1.add(st.faint, p)
			passedShown = true
		}
	} else if n.Lead != 0 && n.Up {
		l1.add(st.headKey, pick(narrow, " ", " · lead "))
		l1.add(st.plain, "n"+strconv.Itoa(n.Lead))
	} else if n.Voted != 0 && n.Up && !narrow {
		// Voted, but no append from the winner yet: a bare "term 2" left the student unable
		// to tell whom it follows (nc23-a).
		l1.add(st.headKey, " · voted ")
		l1.add(st.faint, "n"+strconv.Itoa(n.Voted))
	} else if n.Up && !narrow && n.Role == cluster.RoleFollower {
		// Neither a leader nor a vote: a bare "term 2" on a leader that just stepped down read
		// as a field left blank (nc36-d). A candidate's title says what it is doing.
		l1.add(st.faint, " · no leader")
	}
	l2 := newLine(iw)
	c, a := strconv.FormatUint(n.Commit, 10), appliedText(n)
	if narrow {
		l2.add(st.headKey, "c")
		l2.add(st.plain, c)
		l2.add(st.headKey, " a")
		l2.add(st.plain, a)
	} else {
		// Both numbers whole, whatever their width: the words give way first (snapshot-catch-up
		// reaches index 203, where "commit 203 · applied 203" is wider than a column).
		sep := firstFit(iw-len("commit applied ")-len(c)-len(a), " · ", " ")
		if len("commit applied ")+len(c)+len(a)+width(sep) <= iw {
			l2.add(st.headKey, "commit ")
			l2.add(st.plain, c)
			l2.add(st.headKey, sep+"applied ")
			l2.add(st.plain, a)
		} else {
			l2.add(st.headKey, "commit/applied ")
			l2.add(st.plain, c+"/"+a)
		}
	}
	l3 := newLine(iw)
	skew := skewText(n.Rate, n.Offset)
	if !narrow {
		l3.add(st.headKey, "clock ")
	}
	if !narrow || skew == "" || width(simTime(n.Local))+1+width(skew) <= iw {
		l3.add(st.plain, simTime(n.Local))
		if skew != "" {
			l3.add(st.warn, " "+skew)
		} else if !narrow && l3.room() >= 3 {
			// A true clock says so, as the compact table's clock column does: a lesson's
			// "every clock runs at true speed (×1)" had nothing to point at here (nc24-a).
			l3.add(st.faint, " ×1")
		}
		if p := checksPassedText(n); p != "" && !passedShown && width(p) <= l3.room() {
			// Its checks run on this clock, one per 1s of it (nc34-g: the first line had no room).
			l3.add(st.faint, p)
		}
	} else {
		l3.add(st.warn, skew)
	}
	l4 := newLine(iw)
	s, text := m.netState(n)
	// A badge brings its own padding (" ISOLATED "): "net  ISOLATED" read as a stray space
	// where the line before read "net ISOLATED heard 1/5" (nc24-d2). Chosen once text is final.
	netKey := func() string { return pick(strings.HasPrefix(text, " "), "net", "net ") }
	if n.HasQuorumCheck && n.Voters > 0 && !narrow {
		// A leader's check counts who answered it: "heard 1 of 5" beside a just-elected
		// leader's ✗ says nothing failed yet, it has heard only itself (nc23-a). Always in
		// that one form, as ? and ?? spell it (nc24-b3 read "heard 4/5" and "heard 4 of 5" as
		// two things): where it does not fit after the "net " key, the key goes ("side A heard
		// 4 of 5"). Only where "heard 4/5" fitted before: a partition's long side names ("net
		// side B {n2 n3 n4}") keep their row to themselves, as the lessons' stops were read.
		of := fmt.Sprintf("%d of %d", n.Heard, n.Voters)
		if n.Isolated && n.Heard > 1 {
			// Cut off, it can hear no one: any other voter it counts answered before the cut.
			// "ISOLATED heard 5 of 5" read as "it still hears everyone" at the very stop that
			// says it is cut off (nc34-a); where even "before" has no room the count goes.
			type pre struct{ key, badge string }
			pres := []pre{{netKey(), text}, {"", text}, {"", strings.TrimSpace(text)}}
			for _, c := range [][2]string{{" heard ", " before the cut"}, {" heard ", " before cut"}, {" ", " before cut"}, {" ", " before"}} {
				for _, p := range pres {
					if width(p.key+p.badge+c[0]+of+c[1]) <= iw {
						l4.add(st.headKey, p.key)
						l4.add(s, p.badge)
						l4.add(st.headKey, c[0])
						l4.add(st.plain, of)
						l4.add(st.headKey, c[1])
						return []string{l1.String(), l2.String(), l3.String(), l4.String()}
					}
				}
			}
			l4.add(st.headKey, netKey())
			l4.add(s, text)
			return []string{l1.String(), l2.String(), l3.String(), l4.String()}
		}
		if text == " ISOLATED " && width("net "+text+" heard "+of) > iw {
			text = "ISOLATED"
		}
		short := fmt.Sprintf("%d/%d", n.Heard, n.Voters) // the old spelling: where it fitted, "of" fits without the key
		cands := [][2]string{{"net ", " · heard "}, {"net ", " heard "}}
		if bare, ok := strings.CutPrefix(text, "slow "); ok && strings.HasPrefix(bare, "+") && width("net "+text+" heard "+of) > iw {
			// A leader slowed on every link keeps its key and says so as its followers name
			// theirs ("net slow to all +400ms" beside "net slow to n1 +400ms"); its count gives
			// way: "+400ms · heard 5 of 5" read as a line cut at its start (nc31-a), and the
			// check's ✓ still says whether a majority answered.
			l4.add(st.headKey, "net ")
			l4.add(s, firstFit(iw-len("net "), "slow to all "+bare, text))
			return []string{l1.String(), l2.String(), l3.String(), l4.String()}
		}
		if n.Frozen {
			// "0 unread heard 5 of 5" read as one phrase, "unread heard" (nc37-d): a frozen
			// leader's two fields keep a separator, the count giving way where none fits.
			cands = [][2]string{{"net ", " · heard "}, {"", " · heard "}, {"", ", heard "}}
		} else if width("net "+text+" heard "+short) <= iw {
			cands = append(cands, [2]string{"", " heard "})
		}
		key, sep := "net ", ""
		for _, c := range cands {
			if width(c[0]+text+c[1]+of) <= iw {
				key, sep = c[0], c[1]
				break
			}
		}
		if key != "" {
			key = netKey()
		}
		l4.add(st.headKey, key)
		l4.add(s, text)
		if sep != "" {
			l4.add(st.headKey, sep)
			l4.add(st.plain, of)
		}
	} else {
		if n.HasOwnLease && !n.QuorumActive && !narrow {
			// The first line's "lease 0.8s ✗" has no room for a word, and alone it read as "the
			// lease failed" (nc34-d): here the ✗ says what it means, as the small table's cell.
			_, ms := m.ownLeaseMark(n)
			word := "✗" + unconfirmedWord
			for _, sep := range []string{" · ", " "} {
				for _, p := range [][2]string{{netKey(), text}, {"", strings.TrimSpace(text)}} {
					if width(p[0]+p[1]+sep+word) <= iw {
						l4.add(st.headKey, p[0])
						l4.add(s, p[1])
						l4.add(st.headKey, sep)
						l4.add(ms, word)
						return []string{l1.String(), l2.String(), l3.String(), l4.String()}
					}
				}
			}
		}
		if !narrow {
			l4.add(st.headKey, netKey())
		}
		l4.add(s, text)
	}
	return []string{l1.String(), l2.String(), l3.String(), l4.String()}
}

// pick is a if cond holds, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

// skewText is "×1.1 +500ms" for a skewed clock, "" for a true one.
func skewText(rate float64, off time.Duration) string {
	var parts []string
	if rate != 1 {
		parts = append(parts, "×"+trimFloat(rate))
	}
	if off != 0 {
		parts = append(parts, signedDur(off))
	}
	return strings.Join(parts, " ")
}

// netState is how the network treats the node: down, isolated, a partition side, cut links.
func (m *Model) netState(n *cluster.NodeView) (sty, string) {
	st := m.st
	switch {
	case !n.Up:
		return st.down, firstFit(m.lay.cols[0].w-6, "DOWN (log kept)", "DOWN")
	case n.Isolated:
		return st.badBlock, firstFit(m.lay.cols[0].w-6, " ISOLATED ", "ISOLATED", "ISO")
	case n.Group >= 0:
		side := "side " + sideName(n.Group)
		return st.warn, firstFit(m.lay.cols[0].w-6, side+" "+groupText(m.v.Net.Groups[n.Group]), side)
	case n.Frozen:
		// What reaches a frozen node waits unread (the Network panel names it).
		return st.warn, unreadText(n)
	}
	var cuts []string
	for _, c := range m.v.Net.Cuts {
		if c[0] == n.ID {
			cuts = append(cuts, fmt.Sprintf("→n%d", c[1]))
		}
	}
	if len(cuts) > 0 {
		return st.warn, "cut " + strings.Join(cuts, " ")
	}
	if s, text, ok := m.linkRules(n); ok {
		if d, ok := m.oneDelay(n); ok && text == "slow" {
			// The delay's size, as the compact table's +600ms: the narration's "600ms
			// slower" can be read off the column.
			text = firstFit(m.lay.cols[0].w-6, "slow +"+durMS(d), text)
			if p := m.slowPeers(n); p != "" {
				// Only its links to p are slow (first-lock's followers: to n1), not all.
				text = firstFit(m.lay.cols[0].w-6, "slow to "+p+" +"+durMS(d), p+" +"+durMS(d), "slow")
			}
		}
		return s, text
	}
	return st.good, "ok"
}

// linkRules is "slow" or "drops" when a delay or drop rule touches one of the node's links:
// "ok" beside a Network panel showing +600ms delays read as a contradiction.
func (m *Model) linkRules(n *cluster.NodeView) (sty, string, bool) {
	st := m.st
	if m.v.Net.DropAll > 0 {
		return st.warn, "drops", true
	}
	for _, r := range m.v.Net.Drops {
		if r.A == n.ID || r.B == n.ID {
			return st.warn, "drops", true
		}
	}
	for _, r := range m.v.Net.Delays {
		if r.A == n.ID || r.B == n.ID {
			return st.warn, "slow", true
		}
	}
	return sty{}, "", false
}

func sideName(g int) string { return string(rune('A' + g)) }

func groupText(g []int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, id := range g {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("n" + strconv.Itoa(id))
	}
	b.WriteByte('}')
	return b.String()
}

// signedDur is "+500ms" / "-1.5s".
func signedDur(d time.Duration) string {
	if d < 0 {
		return d.String()
	}
	return "+" + d.String()
}

func snapNote(n *cluster.NodeView) string {
	if n.Snapshot > 1 { // index 1 is the bootstrap snapshot every node starts from
		return "snap " + strconv.FormatUint(n.Snapshot, 10)
	}
	return ""
}

// rule is a titled separator: "─ log ───── snap 40 ─".
func rule(st *styles, title, note string, w int) string {
	l := newLine(w)
	l.add(st.border, "─ ")
	l.add(st.headKey, title)
	l.add(st.border, " ")
	rest := l.room()
	if note != "" && rest-width(note)-3 < 2 {
		note = "" // no room for it
	}
	if note != "" {
		rest -= width(note) + 3
	}
	l.add(st.border, strings.Repeat("─", max(0, rest)))
	if note != "" {
		l.add(st.faint, " "+note+" ")
		l.add(st.border, "─")
	}
	return l.String()
}

// locksNote is the lock table's rule note: whose clock, and the key filter when one is on.
func (m *Model) locksNote() string {
	if m.locks.prefix != "" {
		return "/" + m.locks.prefix
	}
	return "own clock"
}

// appliedText is a node's applied index, or "—" while it is down: what it applied lived in its
// memory, lost with the crash (its commit index is in its persisted hard state, so it stays).
func appliedText(n *cluster.NodeView) string {
	if !n.Up {
		return "—"
	}
	return strconv.FormatUint(n.Applied, 10)
}

// unreadText counts what waits in a frozen node's buffer: "2 unread".
func unreadText(n *cluster.NodeView) string { return fmt.Sprintf("%d unread", len(n.Unread)) }
