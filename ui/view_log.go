package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// logRows draws indices lo..hi (the last rows of them) as this node holds them.
func (m *Model) logRows(n *cluster.NodeView, lo, hi uint64, rows, iw int) []string {
	st := m.st
	out := make([]string, 0, rows)
	if rows <= 0 {
		return out
	}
	digits := len(strconv.FormatUint(max(hi, 1), 10))
	form := m.logForm(lo, hi, digits, iw)
	if hi == 0 {
		out = append(out, fit(st.faint.r("(empty log)"), iw))
	}
	if lo > 1 && rows >= 2 { // logWindow left a row to say what is above
		// A compacted node's column in a window that starts inside its snapshot (another node
		// still holds those entries) names the whole snapshot; its rows there are blank.
		forms := aboveForms(max(lo, min(n.Snapshot+1, n.FirstIndex)), n.LastIndex, n.Snapshot)
		for i := range forms {
			forms[i] = "  … " + forms[i]
		}
		out = append(out, fit(st.faint.r(firstFit(iw, append(forms, "…")...)), iw))
	}
	for idx := lo; idx <= hi && len(out) < rows; idx++ {
		l := newLine(iw)
		num := fmt.Sprintf("%*d ", digits, idx)
		e := entryAt(n, idx)
		switch {
		case idx == 1 && n.FirstIndex > 1:
			snapMark(l, st, n, idx)
			l.add(st.faint, num+firstFit(l.room()-width(num), "(bootstrap: the voters)", "(bootstrap)", "boot"))
		case idx < n.FirstIndex && idx <= n.Snapshot && lo > 1 && n.Snapshot > 1:
			// The "… 1-51 in snapshot" row above says it (logWindow).
		case idx < n.FirstIndex && idx <= n.Snapshot:
			snapMark(l, st, n, idx)
			l.add(st.faint, num+firstFit(l.room()-width(num), "(in snapshot)", "(snap)"))
		case e == nil && idx > n.LastIndex:
			if idx == max(lo, n.LastIndex+1) {
				l.add(st.faint, "  "+num+firstFit(l.room()-width(num)-2, "· (log ends at "+strconv.FormatUint(n.LastIndex, 10)+")", "· (ends "+strconv.FormatUint(n.LastIndex, 10)+")", "·"))
			} else {
				l.add(st.faint, "  "+num+firstFit(l.room()-width(num)-2, "· none", "·")) // as the Replication panel's ·=none
			}
		case e == nil:
			l.add(st.faint, "  "+num+"?")
		default:
			m.entry(l, e, !n.Up, num, form)
		}
		out = append(out, l.String())
	}
	for len(out) < rows {
		out = append(out, blank(iw))
	}
	return out
}

// snapMark is the mark of an index a snapshot covers (the bootstrap at 1, or one compacted
// away): ✓ as an applied entry's, since the node's state already holds it ("applied 3" counts
// it), so the bootstrap row does not read as the one entry left unapplied. A down node's state
// is gone with its memory: ◆, as its entries (see entry).
func snapMark(l *line, st *styles, n *cluster.NodeView, idx uint64) {
	if !n.Up {
		l.add(st.plain, "◆ ")
		return
	}
	if n.Applied >= idx {
		l.add(st.good, "✓ ")
		return
	}
	l.add(st.faint, "  ")
}

// aboveText names the entries a log column leaves out above lo: "1-3 above", "1 above", the
// one wording of entries a node holds that its column does not draw (nc24-b3 met "entries
// 1-47 above", "102-106 above" and "snap, 202 above" for it). The window is the longest log's,
// so a node whose own log ends above it (a lagging or cut-off one) says where its entries stop:
// "1-3 above, none 4-200" (short: "1-3, none to 200"), never that it holds the leader's.
func aboveText(lo, last uint64, long bool) string {
	if last+1 < lo {
		switch {
		case last == 0 && long:
			return fmt.Sprintf("none 1-%d", lo-1)
		case last == 0:
			return fmt.Sprintf("none to %d", lo-1)
		case long && last+2 == lo:
			return aboveText(last+1, last, true) + fmt.Sprintf(", none %d", last+1)
		case long:
			return aboveText(last+1, last, true) + fmt.Sprintf(", none %d-%d", last+1, lo-1)
		}
		return fmt.Sprintf("1-%d, none to %d", last, lo-1)
	}
	return span(1, lo-1) + " above"
}

// aboveForms is what a log column leaves out above lo, long then short: aboveText's, or, on a
// node that compacted its log into a snapshot at snap, what the snapshot covers and then the
// entries it holds: "1-201 in snapshot" (short: "1-201 snap"), "1-201 in snapshot, 202 above"
// (short: "1-201 snap, 202 above", then "202 above", the snapshot named by the "snap 201" on
// the rule right above it).
// Round 8 read "… 1-202 above" under "snap 201" as "it still holds 1-202": those up to 201
// are no longer entries, so "above" never spans them.
func aboveForms(lo, last, snap uint64) []string {
	if snap <= 1 { // index 1 is the bootstrap snapshot every node starts from
		return []string{aboveText(lo, last, true), aboveText(lo, last, false)}
	}
	in := "1-" + strconv.FormatUint(min(snap, lo-1), 10)
	var long, short []string
	if hi := min(last, lo-1); hi > snap {
		long = append(long, span(snap+1, hi)+" above")
		short = long
	}
	if last+1 < lo && last >= snap {
		long = append(long, "none "+span(last+1, lo-1))
		short = append(short[:len(short):len(short)], "none to "+strconv.FormatUint(lo-1, 10))
	}
	if len(long) == 0 {
		return []string{in + " in snapshot", in + " snap"} // short as a row's "(snap)"
	}
	return []string{in + " in snapshot, " + strings.Join(long, ", "), in + " snap, " + strings.Join(short, ", "), strings.Join(short, ", ")}
}

// span is "202" or "202-205".
func span(a, b uint64) string {
	if a == b {
		return strconv.FormatUint(a, 10)
	}
	return strconv.FormatUint(a, 10) + "-" + strconv.FormatUint(b, 10)
}

// An entry's text in a log column takes one of these forms, the same for every entry on the
// screen (a column read "Grant jobs 10s" above "Grant orders c1"): the first in which every
// entry fits whole, so no field is cut (see logForm). The ? legend lists them.
const (
	formWho    = iota // "Grant orders 5s c1", "Release orders c1", "Expire orders #1": who asked too
	formFull          // "Grant orders 5s", "Release orders"
	formVerb          // "Grant orders": a Grant's lease goes (the Replication panel has it)
	formShort         // "G orders 5s", "R orders", "E orders #1"
	formKey           // "G orders"
	formNoTerm        // "G orders" without the "t1 " before it (many narrow columns)
	nForms
)

// logForm is the form every entry up to hi, on every node, fits whole in (the last one when
// none does: then a long key is cut, in columns too narrow for any form). It counts every
// entry each node's view holds, not only the rows in the window (lo..hi), and the Expire each
// held lock may still get: so an entry keeps its name from stop to stop while the window
// slides and an Expire arrives (round 11 read "Grant orders 5s" at one stop and "Grant orders"
// at the next, and most lessons' "Grant orders 3s" turned "G orders 3s" when the Expire came).
func (m *Model) logForm(lo, hi uint64, digits, iw int) int {
	var coming []cluster.EntryView // the Expires a Grant in view may still get
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		// And every lock held, its Grant in a log or not: compacted into a snapshot, it went
		// unforeseen, so snapshot-catch-up's entries read "G jobs 1m" while n5 still held
		// 'orders' Grant and "Grant jobs 1m" once its restore dropped it (nc20-l).
		for _, lk := range n.Locks {
			if lk.Token > 0 {
				coming = append(coming, cluster.EntryView{Term: n.Term, Cmd: fsm.Command{Kind: fsm.Expire, Key: lk.Key, Token: lk.Token}})
			}
		}
		for j := range n.Log {
			e := &n.Log[j]
			if e.Index > hi || e.Empty || e.Conf != "" || e.Cmd.Kind != fsm.Grant {
				continue
			}
			tok := n.NextToken
			if e.Applied {
				tok = 0
				for _, lk := range n.Locks {
					if lk.Key == e.Cmd.Key {
						tok = lk.Token // held: its Expire may come
					}
				}
			}
			if tok == 0 {
				// Released or expired already: its form is still the one it had while an
				// Expire could come, so it does not widen (first-lock's "G orders 5s" read
				// "Grant orders 5s" at the one stop between the Release and c2's Grant: nc24-a2).
				tok = max(1, n.NextToken)
			}
			coming = append(coming, cluster.EntryView{Term: e.Term, Cmd: fsm.Command{Kind: fsm.Expire, Key: e.Cmd.Key, Token: tok}})
		}
	}
	fits := func(e *cluster.EntryView, f int) bool {
		return e.Empty || e.Conf != "" || 2+digits+1+termWidth(e, f)+width(entryText(e, f)) <= iw
	}
	for f := 0; f < nForms-1; f++ {
		ok := true
		for i := range m.v.Nodes {
			for j := range m.v.Nodes[i].Log {
				if e := &m.v.Nodes[i].Log[j]; e.Index <= hi && ok {
					ok = fits(e, f)
				}
			}
		}
		for j := range coming {
			ok = ok && fits(&coming[j], f)
		}
		if ok {
			return f
		}
	}
	return nForms - 1
}

// termWidth is the cells of an entry's "t1 " in a form.
func termWidth(e *cluster.EntryView, form int) int {
	if form == formNoTerm {
		return 0
	}
	return len("t" + strconv.FormatUint(e.Term, 10) + " ")
}

// entryText is an entry's command in a form (see logForm).
func entryText(e *cluster.EntryView, form int) string {
	c := e.Cmd
	switch form {
	case formWho:
		if tag := originTag(e.Origin); tag != "" {
			return c.String() + " " + tag
		}
		return c.String()
	case formFull:
		return c.String()
	case formVerb:
		if c.Kind == fsm.Grant {
			return "Grant " + c.Key
		}
		return c.String()
	}
	switch c.Kind {
	case fsm.Grant:
		if form == formShort {
			return "G " + c.Key + " " + fsm.DurText(time.Duration(c.LeaseMS)*time.Millisecond)
		}
		return "G " + c.Key
	case fsm.Release:
		return "R " + c.Key
	case fsm.Expire:
		return fmt.Sprintf("E %s #%d", c.Key, c.Token)
	case fsm.Checkpoint:
		return fmt.Sprintf("Ckpt %s #%d", c.Key, c.Token)
	}
	return c.String()
}

// entry draws one log entry: ✓ applied, ◆ committed, ○ not committed (italic, faint). On a
// down node nothing is applied: its lock table went with its memory ("applied —"), while its
// log and the commit index of its hard state are on disk, so an entry it knew committed is ◆
// (round 11 read ✓ beside "applied —").
func (m *Model) entry(l *line, e *cluster.EntryView, down bool, num string, form int) {
	st := m.st
	mark, ms := "○", st.uncommitted
	switch {
	case e.Applied && !down:
		mark, ms = "✓", st.good
	case e.Committed:
		mark, ms = "◆", st.plain
	}
	l.add(ms, mark+" ")
	l.add(st.faint, num)
	if termWidth(e, form) > 0 || e.Empty || e.Conf != "" {
		l.add(st.term(e.Term), "t"+strconv.FormatUint(e.Term, 10)+" ")
	}
	if e.Empty {
		l.add(st.faint, "empty") // a new leader's first entry: the language's word for it
		return
	}
	if e.Conf != "" {
		l.add(st.warn, firstFit(l.room(), "conf "+e.Conf, e.Conf, "conf"))
		return
	}
	cs := cmdStyle(st, e.Cmd, e.Origin, fsm.Result{}, false)
	if !e.Committed {
		cs = st.uncommitted
	}
	l.add(cs, entryText(e, max(form, formFull)))
	if tag := originTag(e.Origin); form == formWho && tag != "" {
		l.add(st.faint, " "+tag) // who asked, fainter than what
	}
}

// originTag names who asked for an entry: the client, or "ghost" for the leader's cleanup.
func originTag(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
		return o.Client
	case cluster.OriginGhost:
		return "ghost"
	}
	return ""
}
