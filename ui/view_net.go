package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
)

// netBox shows partitions, link rules, messages on the wire and recent drops.
func (m *Model) netBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	// The recent rows' marks are named in the title where it has room: the head row under it
	// then has room to count the messages on the wire by kind.
	title := "Network"
	if t := "Network · " + recentLegend; width(t)+2 <= r.w-4 {
		title = t
	}
	return box(m.st, title, m.netBody(iw, ih, title != "Network"), r.w, r.h, false)
}

// recentLegend names the marks of the Network panel's recent rows.
const recentLegend = "recent: → sent, ✗ dropped"

// wireKind is how many messages of one kind are on the wire.
type wireKind struct {
	n    int
	name string
}

// wireKindNames are the kinds the count on the wire is split into, in this order on a tie: a
// request and its answer are one kind (MsgHeartbeat and MsgHeartbeatResp are "heartbeat").
var wireKindNames = []string{"heartbeat", "append", "vote", "snapshot", "client", "other"}

// wireKinds is the messages on the wire by kind, most first: first-lock's "24 message(s) on
// the wire" were mostly heartbeats held by the slowed links, and only ?? said so (nc24-f).
func (m *Model) wireKinds() []wireKind {
	counts := make([]int, len(wireKindNames))
	for i := range m.v.Net.InFlight {
		t := m.v.Net.InFlight[i].Msg.Type.String()
		k := 5
		switch {
		case strings.HasPrefix(t, "MsgHeartbeat"):
			k = 0
		case t == "MsgApp" || t == "MsgAppResp":
			k = 1
		case strings.Contains(t, "Vote"):
			k = 2
		case t == "MsgSnap":
			k = 3
		}
		counts[k]++
	}
	counts[4] += len(m.v.Net.ClientFlights)
	var out []wireKind
	for i, n := range counts {
		if n > 0 {
			out = append(out, wireKind{n, wireKindNames[i]})
		}
	}
	slices.SortStableFunc(out, func(a, b wireKind) int { return b.n - a.n })
	return out
}

// wireKindTexts is the kinds on the wire in words, longest first: every kind ("20 heartbeat, 4
// append"), then fewer, the rest counted ("32 heartbeat, 7 other"). None when nothing flies.
func (m *Model) wireKindTexts() []string {
	ks := m.wireKinds()
	var out []string
	for k := len(ks); k >= 1; k-- {
		var parts []string
		rest := 0
		for i, kd := range ks {
			if i < k {
				parts = append(parts, fmt.Sprintf("%d %s", kd.n, kd.name))
			} else {
				rest += kd.n
			}
		}
		if rest > 0 {
			// "+7 more" read as more of the kind before it (nc32-e): the rest are other kinds.
			parts = append(parts, fmt.Sprintf("%d other", rest))
		}
		out = append(out, strings.Join(parts, ", "))
	}
	return out
}

func (m *Model) netBody(iw, ih int, legendInTitle bool) []string {
	st := m.st
	nv := &m.v.Net
	out := make([]string, 0, ih)
	add := func(s sty, text string) {
		if len(out) < ih {
			out = append(out, s.r(fit(text, iw)))
		}
	}
	if s, text, ok := m.partitionText(); ok {
		add(s, text)
	}
	rules := m.ruleTexts()
	if len(rules) == 0 {
		add(st.faint, "no cuts, drops or delays")
	}
	for _, t := range rules {
		add(st.warn, t)
	}
	if len(out) < ih {
		// ⇢ marks the rows under it, the messages still flying (nc24-e found the mark unexplained).
		wire := fmt.Sprintf("⇢ on the wire: %d", m.onWire())
		if u := m.unreadText(); u != "" {
			wire += " · " + u
		}
		var cands []string
		if legendInTitle {
			for _, k := range m.wireKindTexts() {
				cands = append(cands, wire+" · "+k)
			}
		} else {
			cands = append(cands, wire+" · "+recentLegend)
		}
		add(st.headKey, firstFit(iw, append(cands, wire)...))
	}
	for i := range m.v.Nodes {
		// A message that reaches a frozen node leaves the wire but is not read: name it, or it
		// seems to vanish (round 7: c1's keepalive and c2's acquire left "on the wire").
		if n := &m.v.Nodes[i]; n.Frozen {
			what := "nothing yet"
			if len(n.Unread) > 0 {
				var ws []string
				for _, u := range n.Unread {
					ws = append(ws, u.What)
				}
				what = strings.Join(ws, ", ")
			}
			for _, l := range wrap(fmt.Sprintf("n%d frozen, unread in its buffer: %s", n.ID, what), iw, "  ") {
				add(st.warn, l)
			}
		}
	}
	limit := max(1, (ih-len(out))/2)
	// Client traffic first: it is what the lessons talk about ("already on the wire"). The
	// last row lists one more message and counts the rest: never a count alone.
	var flights []styled
	var count []int // messages each row stands for: several clients' alike requests share one
	for _, g := range clientFlightGroups(nv.ClientFlights) {
		c := nv.ClientFlights[g[0]]
		var who []string
		for _, i := range g {
			who = append(who, nv.ClientFlights[i].Client)
		}
		clients := strings.Join(who, ",")
		in := (c.Arrive - m.v.Now).Round(100 * time.Microsecond)
		if c.ToNode {
			flights = append(flights, styled{st.bold, fmt.Sprintf("%s → n%d: %s · in %v", clients, c.Node, c.What, in)})
		} else {
			flights = append(flights, styled{st.bold, fmt.Sprintf("n%d → %s: %s · in %v", c.Node, clients, c.What, in)})
		}
		count = append(count, len(g))
	}
	for i := range nv.InFlight {
		f := &nv.InFlight[i]
		flights = append(flights, styled{msgStyle(st, f.Msg), flightText(f, m.v.Now)})
		count = append(count, 1)
	}
	for i, f := range flights {
		rest := 0
		for _, n := range count[i+1:] {
			rest += n
		}
		if i == limit-1 && rest > 0 {
			text := f.text
			if j := strings.Index(text, " · in "); j > 0 && width(fmt.Sprintf("  ⇢ %s · +%d more", text, rest)) > iw {
				text = text[:j] // its arrival time gives way to the count ("+3 mo…" was cut)
			}
			add(f.s, fmt.Sprintf("  ⇢ %s · +%d more", text, rest))
			break
		}
		add(f.s, "  ⇢ "+f.text)
	}
	recent := m.recentMsgs(ih-len(out), iw)
	for _, r := range recent {
		add(r.s, r.text)
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out
}

// clientFlightGroups groups the client flights that differ only in their client (c1 and c2
// sending "acquire orders" to n1 in one instant, due in 5ms), in order of their first: one row
// "c1,c2 → n1: acquire orders · in 5ms" shows both where one row fits (nc23-m: racing-acquires'
// "both reach n1 at 0.055s" beside "c1 → n1: … · +9 more", c2's request among the nine).
func clientFlightGroups(fs []cluster.ClientFlight) [][]int {
	var out [][]int
next:
	for i := range fs {
		for j, g := range out {
			if a, b := fs[g[0]], fs[i]; a.Node == b.Node && a.ToNode == b.ToNode && a.What == b.What && a.Arrive == b.Arrive {
				out[j] = append(out[j], i)
				continue next
			}
		}
		out = append(out, []int{i})
	}
	return out
}

// onWire is how many messages are on the wire, raft's and the clients' (requests and replies):
// one count for every layout, so two screens of one instant never disagree (the compact line
// once left the clients' out).
// A message that reached a frozen node is off the wire and not yet read: unreadText counts it.
func (m *Model) onWire() int { return len(m.v.Net.InFlight) + len(m.v.Net.ClientFlights) }

// unreadText counts what waits unread in frozen nodes' buffers, "2 unread at n1", or "" when
// nothing does: the net line, the Network panel and the message diagram all say it so (the
// diagram once drew a buffered keepalive on the wire while the count said 0).
func (m *Model) unreadText() string {
	n := 0
	var at []string
	for i := range m.v.Nodes {
		if u := m.v.Nodes[i].Unread; len(u) > 0 {
			n += len(u)
			at = append(at, fmt.Sprintf("n%d", m.v.Nodes[i].ID))
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d unread at %s", n, strings.Join(at, ","))
}

// unreadAt is the frozen node whose buffer holds the diagram's message msg, or 0: it reached
// that node, which has not read it.
func (m *Model) unreadAt(msg *diagram.Msg) int {
	if msg.State != diagram.InFlight || msg.To <= 0 || msg.To > len(m.v.Nodes) || msg.Kind == diagram.Reply {
		return 0
	}
	for _, u := range m.v.Nodes[msg.To-1].Unread {
		switch {
		case msg.Kind == diagram.Request && u.Client == msg.Client && u.Req == msg.Req:
			return msg.To
		case msg.Kind == diagram.Raft && u.Msg != 0 && u.Msg == msg.ID:
			return msg.To
		}
	}
	return 0
}

// partitionText names the partition sides, or says there is none. Not when a link is cut with
// no sides drawn: a one-way cut is a partition to the reader, and "no partition" above
// "cut n1→n3" read as the panel contradicting itself; the cut's own line says it then.
func (m *Model) partitionText() (sty, string, bool) {
	nv := &m.v.Net
	if len(nv.Groups) > 0 {
		var sides []string
		for i, g := range nv.Groups {
			sides = append(sides, sideName(i)+groupText(g))
		}
		return m.st.warn, "partition " + strings.Join(sides, " | "), true
	}
	if len(nv.Cuts) > 0 {
		return sty{}, "", false
	}
	return m.st.good, "no partition", true
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
	// Links from one node with one delay read as one rule: "n1-n2,n3,n4,n5 +600ms".
	for i := 0; i < len(nv.Delays); {
		d := nv.Delays[i]
		peers := []string{fmt.Sprintf("n%d", d.B)}
		j := i + 1
		for ; j < len(nv.Delays) && nv.Delays[j].A == d.A && nv.Delays[j].Delay == d.Delay; j++ {
			peers = append(peers, fmt.Sprintf("n%d", nv.Delays[j].B))
		}
		delays = append(delays, fmt.Sprintf("n%d-%s +%v", d.A, strings.Join(peers, ","), d.Delay))
		i = j
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
	return msgText(f.Msg, f.From, f.To) + " · in " + (f.Arrive - now).Round(100*time.Microsecond).String()
}

type styled struct {
	s    sty
	text string
}

// recentMsgs is up to n of the latest raft messages sent or dropped, newest last: the wire is
// empty most of the time at low speeds, so this strip shows what just went over it.
// A dropped row that does not fit at iw closes up its type column first, so its reason stays
// whole (nc23-l at 120x40: "1 entry (pa…" hid "(partition)").
func (m *Model) recentMsgs(n, iw int) []styled {
	if n <= 0 {
		return nil
	}
	st := m.st
	r := &m.sim.tl.rings[filterRaft]
	out := make([]styled, 0, n)
	// A dropped message was sent first: newest first, its drop is seen before its send, which
	// is then left out, so each dropped message shows once.
	type sent struct {
		at        time.Duration
		from, to  int
		typ, term uint64
	}
	var drops []sent
	for i := r.len() - 1; i >= 0 && len(out) < n; i-- {
		e := &r.at(i).ev
		k := sent{e.At, e.Node, e.Peer, uint64(e.Msg.Type), e.Msg.Term}
		switch e.Kind {
		case cluster.EvMsgSent:
			if slices.Contains(drops, k) {
				continue
			}
			out = append(out, styled{msgStyle(st, e.Msg), fmt.Sprintf("%9s → %s", simTime(e.At), msgText(e.Msg, e.Node, e.Peer))})
		case cluster.EvMsgDropped:
			drops = append(drops, k)
			text := fmt.Sprintf("%9s ✗ %s (%s)", simTime(e.At), msgText(e.Msg, e.Node, e.Peer), e.Text)
			if width(text) > iw {
				text = fmt.Sprintf("%9s ✗ %s (%s)", simTime(e.At), strings.Join(strings.Fields(msgText(e.Msg, e.Node, e.Peer)), " "), e.Text)
			}
			out = append(out, styled{st.dropSt, text})
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func msgText(mi cluster.MsgInfo, from, to int) string {
	s := fmt.Sprintf("%-13s n%d→n%d t%d", mi.Type.String(), from, to, mi.Term)
	if mi.Entries > 0 { // named: a bare "+1" read as one more message (round 11)
		s += " · " + count(mi.Entries) + pick(mi.Entries == 1, " entry", " entries")
	}
	if mi.Reject {
		s += " reject"
	}
	return s
}
