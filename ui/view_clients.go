package ui

import (
	"fmt"
	"strconv"
	"strings"

	"leaselab/cluster"
)

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
		// A fresh client's first guess comes from its name alone: show where it would go.
		l.add(st.faint, fmt.Sprintf(" · not used yet, asks n%d first (tab to select, a to acquire)", cluster.FirstGuess(name, len(m.v.Nodes))))
		return l.String()
	}
	switch {
	case c.Paused:
		text := " ‖ paused until " + simTime(c.WakeAt) + " "
		if c.Doing == "" && c.Queued > 0 {
			text += fmt.Sprintf("· %d queued ", c.Queued) // decided already, sent on waking
		}
		l.add(st.warnBlock, text)
	case !c.Connected:
		l.add(st.bad, " ⊘ disconnected")
	default:
		l.add(st.good, " ● connected")
	}
	if c.Rate != 1 && !c.Paused {
		l.add(st.warn, " ×"+trimFloat(c.Rate))
	}
	l.add(st.faint, fmt.Sprintf(" asks n%d", c.Guess)) // the node its next request (or retry) goes to
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
	if c.LastReply != 0 {
		l.add(st.headKey, " · last ")
		text := c.LastReply.String()
		if c.LastReply == cluster.ReplyGranted {
			text += " #" + strconv.FormatUint(c.LastToken, 10)
		}
		if c.LastKey != "" {
			text += " " + c.LastKey
		}
		rs := st.plain
		if c.LastReply == cluster.ReplyTimeout || c.LastReply == cluster.ReplyOutcomeUnknown || c.LastReply == cluster.ReplyRejected {
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
