package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
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

func roleWord(r cluster.Role) string {
	switch r {
	case cluster.RolePreCandidate:
		return "pre-candidate"
	case cluster.RoleDown:
		return "DOWN"
	}
	return string(r)
}

// lockKeys is every key some node holds or has a result for, sorted.
func lockKeys(v *cluster.View) []string {
	var keys []string
	for i := range v.Nodes {
		for _, l := range v.Nodes[i].Locks {
			keys = append(keys, l.Key)
		}
		for _, r := range v.Nodes[i].Last {
			keys = append(keys, r.Key)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// logWindow is the index range every column shows: the newest rows entries of any log.
func logWindow(v *cluster.View, rows int) (lo, hi uint64) {
	for i := range v.Nodes {
		hi = max(hi, v.Nodes[i].LastIndex)
	}
	lo = 1
	if hi > uint64(rows) {
		lo = hi - uint64(rows) + 1
	}
	return lo, hi
}

func (m *Model) nodeColumn(n *cluster.NodeView, w, h int) []string {
	st := m.st
	iw, ih := w-2, h-2
	r := role(n)
	sym, rs := st.role(r)
	sel := n.ID == m.node
	mark := ""
	if sel {
		mark = "▸"
	}
	head := fmt.Sprintf("%s%s n%d", mark, sym, n.ID)
	title := firstFit(w-6, head+" "+roleWord(r), head+" "+shortRole(r), head)
	body := make([]string, 0, ih)
	body = append(body, m.nodeState(n, iw)...)

	keys := lockKeys(&m.v)
	lockRows := min(max(1, len(keys)), max(1, ih-len(body)-3))
	logRows := max(0, ih-len(body)-2-lockRows)
	lo, hi := logWindow(&m.v, logRows)

	body = append(body, rule(st, "log", snapNote(n), iw))
	body = append(body, m.logRows(n, lo, hi, logRows, iw)...)
	body = append(body, rule(st, "locks", "own clock", iw))
	body = append(body, m.lockRows(n, keys, lockRows, iw)...)
	return boxT(st, title, rs, body, w, h, sel)
}

// nodeState is the four lines at the top of a column: term, indexes, clock, network.
func (m *Model) nodeState(n *cluster.NodeView, iw int) []string {
	st := m.st
	narrow := iw < 20
	term := strconv.FormatUint(n.Term, 10)
	l1 := newLine(iw)
	l1.add(st.headKey, pick(narrow, "T", "term "))
	l1.add(st.term(n.Term), term)
	if n.Lead != 0 && n.Up {
		l1.add(st.headKey, pick(narrow, " ", " · lead "))
		l1.add(st.plain, "n"+strconv.Itoa(n.Lead))
	}
	l2 := newLine(iw)
	c, a := strconv.FormatUint(n.Commit, 10), strconv.FormatUint(n.Applied, 10)
	if narrow {
		l2.add(st.headKey, "c")
		l2.add(st.plain, c)
		l2.add(st.headKey, " a")
		l2.add(st.plain, a)
	} else {
		l2.add(st.headKey, "commit ")
		l2.add(st.plain, c)
		l2.add(st.headKey, " · applied ")
		l2.add(st.plain, a)
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
		}
	} else {
		l3.add(st.warn, skew)
	}
	l4 := newLine(iw)
	s, text := m.netState(n)
	if !narrow {
		l4.add(st.headKey, "net ")
	}
	l4.add(s, text)
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
	return st.good, "ok"
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

// logRows draws indices lo..hi (the last rows of them) as this node holds them.
func (m *Model) logRows(n *cluster.NodeView, lo, hi uint64, rows, iw int) []string {
	st := m.st
	out := make([]string, 0, rows)
	if rows <= 0 {
		return out
	}
	digits := len(strconv.FormatUint(max(hi, 1), 10))
	if hi == 0 {
		out = append(out, fit(st.faint.r("(empty log)"), iw))
	}
	byIndex := func(idx uint64) *cluster.EntryView {
		for i := range n.Log {
			if n.Log[i].Index == idx {
				return &n.Log[i]
			}
		}
		return nil
	}
	for idx := lo; idx <= hi && len(out) < rows; idx++ {
		l := newLine(iw)
		num := fmt.Sprintf("%*d ", digits, idx)
		e := byIndex(idx)
		switch {
		case idx == 1 && n.FirstIndex > 1:
			l.add(st.faint, "  "+num+firstFit(l.room()-width(num)-2, "(bootstrap: the voters)", "(bootstrap)", "boot"))
		case idx < n.FirstIndex && idx <= n.Snapshot:
			l.add(st.faint, "  "+num+"(in snapshot)")
		case e == nil && idx > n.LastIndex:
			if idx == max(lo, n.LastIndex+1) {
				l.add(st.faint, "  "+num+firstFit(l.room()-width(num)-2, "· (log ends at "+strconv.FormatUint(n.LastIndex, 10)+")", "· (ends "+strconv.FormatUint(n.LastIndex, 10)+")", "·"))
			} else {
				l.add(st.faint, "  "+num+"·")
			}
		case e == nil:
			l.add(st.faint, "  "+num+"?")
		default:
			m.entry(l, e, num, iw)
		}
		out = append(out, l.String())
	}
	for len(out) < rows {
		out = append(out, blank(iw))
	}
	return out
}

// entry draws one log entry: ✓ applied, ◆ committed, ○ not committed (italic, faint).
func (m *Model) entry(l *line, e *cluster.EntryView, num string, iw int) {
	st := m.st
	mark, ms := "○", st.uncommitted
	switch {
	case e.Applied:
		mark, ms = "✓", st.good
	case e.Committed:
		mark, ms = "◆", st.plain
	}
	l.add(ms, mark+" ")
	l.add(st.faint, num)
	l.add(st.term(e.Term), "t"+strconv.FormatUint(e.Term, 10)+" ")
	if e.Empty {
		l.add(st.faint, firstFit(l.room(), "(new leader)", "(noop)"))
		return
	}
	cs := cmdStyle(st, e.Cmd, e.Origin, fsm.Result{}, false)
	if !e.Committed {
		cs = st.uncommitted
	}
	text := cmdText(e.Cmd, iw < 26)
	if iw < 20 {
		text = tinyCmd(e.Cmd)
	}
	l.add(cs, text)
	if tag := originTag(e.Origin); tag != "" && l.room() > width(tag) {
		l.add(st.faint, " "+tag)
	}
}

// cmdText is a command as the log shows it; short drops the verb's tail in narrow columns.
func cmdText(c fsm.Command, short bool) string {
	if !short {
		return c.String()
	}
	switch c.Kind {
	case fsm.Grant:
		return "Grant " + c.Key + " " + leaseText(c.LeaseMS)
	case fsm.Release:
		return "Rel " + c.Key
	case fsm.Expire:
		return fmt.Sprintf("Exp %s #%d", c.Key, c.Token)
	}
	return c.String()
}

// tinyCmd is a command in the fewest cells: G(rant), R(elease), E(xpire).
func tinyCmd(c fsm.Command) string {
	switch c.Kind {
	case fsm.Grant:
		return "G " + c.Key
	case fsm.Release:
		return "R " + c.Key
	case fsm.Expire:
		return fmt.Sprintf("E %s#%d", c.Key, c.Token)
	}
	return c.String()
}

func leaseText(ms uint64) string { return (time.Duration(ms) * time.Millisecond).String() }

// originTag names who asked for an entry: the client, or "ghost" for the leader's cleanup.
func originTag(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease:
		return o.Client
	case cluster.OriginGhost:
		return "ghost"
	}
	return ""
}

// lockRows draws each key as this node sees it: a countdown bar on its own clock; zero
// ("expired here", still held until an Expire commits); or deleted (the last result, faint).
func (m *Model) lockRows(n *cluster.NodeView, keys []string, rows, iw int) []string {
	st := m.st
	out := make([]string, 0, rows)
	if len(keys) == 0 {
		out = append(out, fit("", 0)+st.faint.r(fit("no locks yet", iw)))
	}
	kw := 0
	for _, k := range keys {
		kw = max(kw, min(10, width(k)))
	}
	kw = min(kw, max(3, iw-10)) // leave room for "#1 1.5s"
	for i, k := range keys {
		if len(out) == rows {
			break
		}
		if len(out) == rows-1 && i < len(keys)-1 {
			out = append(out, st.faint.r(fit(fmt.Sprintf("+%d more keys", len(keys)-i), iw)))
			break
		}
		l := newLine(iw)
		l.add(st.plain, fit(k, kw)+" ")
		m.lockState(l, n, k)
		out = append(out, l.String())
	}
	for len(out) < rows {
		out = append(out, blank(iw))
	}
	return out
}

// lockState appends one key's state on one node to a line.
func (m *Model) lockState(l *line, n *cluster.NodeView, key string) {
	st := m.st
	if !n.Up {
		l.add(st.faint, firstFit(l.room(), "? (down)", "?"))
		return
	}
	for _, lk := range n.Locks {
		if lk.Key != key {
			continue
		}
		l.add(st.bold, "#"+strconv.FormatUint(lk.Token, 10)+" ")
		if lk.Zero {
			l.add(st.barZero, firstFit(l.room(), "EXPIRED HERE·awaiting Expire", "EXPIRED·awaiting Expire", "EXPIRED·wait Expire", "EXPIRED", "EXP", "0!"))
			return
		}
		left := leftText(lk.Remaining)
		if bw := l.room() - width(left) - 1; bw >= 3 {
			full := int(float64(bw)*float64(lk.Remaining)/float64(time.Duration(lk.LeaseMS)*time.Millisecond) + 0.5)
			full = min(max(full, 1), bw)
			l.add(st.barFull, strings.Repeat("█", full))
			l.add(st.barEmpty, strings.Repeat("░", bw-full))
			l.add(st.plain, " ")
		}
		l.add(st.bold, left)
		return
	}
	for _, r := range n.Last {
		if r.Key == key {
			long, short := resultWord(r.Result)
			l.add(st.gone, firstFit(l.room(), "— "+long, "— "+short))
			return
		}
	}
	l.add(st.faint, "·")
}

// firstFit is the first text that fits in w cells (the last one, cut, if none does).
func firstFit(w int, texts ...string) string {
	for _, t := range texts {
		if width(t) <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// leftText is a countdown's time left: "2.4s", "12s".
func leftText(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%.0fs", d.Seconds())
}

// resultWord is a deleted key's last result in words, long and short.
func resultWord(r fsm.Result) (string, string) {
	switch r.Kind {
	case fsm.Released:
		return "released", "released"
	case fsm.Expired:
		if r.Existed {
			return "expired (Expire applied)", "expired"
		}
		return "free · late Expire no-op", "free (late Exp)"
	case fsm.NotFound:
		return "free (release: not found)", "free"
	}
	return r.String(), r.String()
}
