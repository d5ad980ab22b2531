package ui

import (
	"fmt"
	"strconv"

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
	if hi == 0 {
		out = append(out, fit(st.faint.r("(empty log)"), iw))
	}
	if lo > 1 && rows >= 2 { // logWindow left a row to say what is above
		out = append(out, fit(st.faint.r(firstFit(iw, "  … "+aboveText(lo, true), "  … "+aboveText(lo, false), "…")), iw))
	}
	for idx := lo; idx <= hi && len(out) < rows; idx++ {
		l := newLine(iw)
		num := fmt.Sprintf("%*d ", digits, idx)
		e := entryAt(n, idx)
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

// aboveText names the entries a log column leaves out above lo: "entries 1-3 above",
// "entry 1 above" (short: "1-3 above").
func aboveText(lo uint64, long bool) string {
	span := "1-" + strconv.FormatUint(lo-1, 10)
	word := "entries "
	if lo == 2 {
		span, word = "1", "entry "
	}
	if !long {
		word = ""
	}
	return word + span + " above"
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
	// The longest form that fits whole: "Release orders" rather than "Rel orders" when there is
	// room, and "Grant orders" (its lease is in the Replication panel) rather than a cut lease.
	forms := []string{cmdText(e.Cmd, false)}
	if e.Cmd.Kind == fsm.Grant {
		forms = append(forms, "Grant "+e.Cmd.Key)
	}
	forms = append(forms, cmdText(e.Cmd, true), tinyCmd(e.Cmd))
	if iw < 20 {
		forms = forms[len(forms)-1:]
	}
	l.add(cs, firstFit(l.room(), forms...))
	if tag := originTag(e.Origin); tag != "" && l.room() > width(tag) {
		l.add(st.faint, " "+tag)
	}
}

// cmdText is a command as the log shows it; short drops the verb's tail in narrow columns.
func cmdText(c fsm.Command, short bool) string {
	if c.Kind == fsm.Grant {
		return c.String() // its lease as a scenario writes it (fsm.DurText)
	}
	if !short {
		return c.String()
	}
	switch c.Kind {
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
