package web

import (
	"fmt"
	"html"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster/diagram"
	"leaselab/fsm"
)

// Geometry of the drawing, in SVG pixels.
const (
	laneW   = 120
	axisW   = 80
	top     = 56
	sayGap  = 24
	sayW    = 460
	sayWrap = 70 // characters per narration line
	// routineBudget is how many routine messages (heartbeats and other messages that move no
	// lock) a page draws at most: beyond it one in k is kept, and the page says so.
	routineBudget = 3000
	// labelBudget: with more lock messages than this, arrows carry no text (hover shows it).
	labelBudget = 2500
)

// drawing is the SVG being built, with the details of every clickable element.
type drawing struct {
	p       *Page
	out     *errWriter
	pps     float64         // pixels per simulated second
	details []any           // a string, or a message's compact array (see msgData)
	late    map[uint64]bool // indexes of Expires that applied with nothing to delete
	keys    map[string]int  // a slot per key for lock bars
	dict    []string        // strings the compact details refer to by number
	dictIdx map[string]int
}

// word numbers a string in the page's dictionary (labels repeat a lot in a busy run).
func (d *drawing) word(s string) int {
	if i, ok := d.dictIdx[s]; ok {
		return i
	}
	d.dict = append(d.dict, s)
	d.dictIdx[s] = len(d.dict) - 1
	return len(d.dict) - 1
}

func (d *drawing) y(t time.Duration) float64 { return top + t.Seconds()*d.pps }

func (d *drawing) x(lane int) float64 { return axisW + float64(lane)*laneW + laneW/2 }

func (d *drawing) width() float64 {
	return axisW + float64(d.p.Rec.Lanes.Len())*laneW + sayGap + sayW
}

// detail stores one element's details and returns its index.
func (d *drawing) detail(lines []string) int { return d.add(strings.Join(lines, "\n")) }

func (d *drawing) add(v any) int {
	d.details = append(d.details, v)
	return len(d.details) - 1
}

// scale picks pixels per second: a short lesson gets room, a long run stays a sane height.
func scale(end time.Duration) float64 {
	s := max(end.Seconds(), 1)
	return min(max(9000/s, 30), 400)
}

// msgClass is an arrow's colour class; the label and symbols repeat what the colour says.
func (d *drawing) msgClass(m *diagram.Msg) string {
	if m.State == diagram.Dropped {
		return "x"
	}
	switch m.Kind {
	case diagram.Request:
		return "q"
	case diagram.Reply:
		if m.Op == "granted" || m.Op == "released" {
			return "p"
		}
		return "pn"
	}
	switch m.Info.Type {
	case pb.MessageType_MsgApp:
		if len(m.Entries) > 0 {
			e := m.Entries[0]
			switch {
			case e.Cmd.Kind == fsm.Expire && d.late[e.Index]:
				return "l"
			case e.Cmd.Kind == fsm.Expire:
				return "e"
			case e.Cmd.Kind == fsm.Grant:
				return "g"
			case e.Cmd.Kind == fsm.Release:
				return "r"
			}
		}
	case pb.MessageType_MsgVote, pb.MessageType_MsgVoteResp, pb.MessageType_MsgPreVote, pb.MessageType_MsgPreVoteResp:
		return "v"
	case pb.MessageType_MsgSnap:
		return "s"
	}
	if m.Lock {
		return "a"
	}
	return "h"
}

// lanes draws the time axis, lane headers and lane lines.
func (d *drawing) lanes(end float64) {
	o := d.out
	step := tickStep(d.pps)
	for t := 0.0; d.y(time.Duration(t*float64(time.Second))) <= end; t += step {
		y := d.y(time.Duration(t * float64(time.Second)))
		o.printf(`<line class="grid" x1="%d" y1="%.1f" x2="%.0f" y2="%.1f"/><text class="tick" x="%d" y="%.1f">%s</text>`+"\n",
			axisW-6, y, d.width()-sayW-sayGap, y, axisW-10, y+4, fmtSec(t))
	}
	l := &d.p.Rec.Lanes
	for i := 0; i < l.Len(); i++ {
		cls := "lane"
		if i >= l.Nodes {
			cls = "lane cl"
		}
		x := d.x(i)
		o.printf(`<g class="%s" data-lane="%s"><line x1="%.0f" y1="%d" x2="%.0f" y2="%.1f"/><text class="lh" x="%.0f" y="%d">%s</text></g>`+"\n",
			cls, l.Name(i), x, top-14, x, end, x, top-22, l.Name(i))
	}
}

// tickStep is a round number of seconds between grid lines about 80px apart.
func tickStep(pps float64) float64 {
	for _, s := range []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300} {
		if s*pps >= 80 {
			return s
		}
	}
	return 600
}

// classOrder is the order arrow groups are drawn in: routine first, so lock messages lie on top.
var classOrder = []string{"h", "a", "pn", "p", "q", "v", "s", "r", "g", "e", "l", "x"}

// arrow is one message ready to draw.
type arrow struct {
	m              *diagram.Msg
	cls, label     string
	x1, y1, x2, y2 float64
}

// messages draws every kept message as an arrow from (sender, sent) to (receiver, arrival).
// Markup stays lean (a busy run draws tens of thousands): arrows are bare paths grouped by
// colour class, the arrowhead comes from CSS, and the details are a compact array the page's
// script spells out (its order is the arrows' document order).
func (d *drawing) messages(rows []diagram.Row, keep func(int) bool, labels bool) {
	o := d.out
	l := &d.p.Rec.Lanes
	byClass := map[string][]arrow{}
	for i := range rows {
		if rows[i].Mark || !keep(i) {
			continue
		}
		m := &rows[i].Msg
		from, to := l.Index(m.From, m.Client), l.Index(m.To, m.Client)
		if m.Kind == diagram.Reply {
			to = l.Index(0, m.Client)
		}
		if from < 0 || to < 0 {
			continue
		}
		a := arrow{m: m, cls: d.msgClass(m), label: m.Label(), x1: d.x(from), x2: d.x(to), y1: d.y(m.Sent), y2: d.y(m.At)}
		if m.State == diagram.Dropped && m.At == m.Sent {
			// Lost as it left: a stub towards the receiver.
			a.x2, a.y2 = a.x1+(a.x2-a.x1)*0.4, a.y1+3
		}
		if a.cls == "l" {
			a.label += " (late)"
		}
		byClass[a.cls] = append(byClass[a.cls], a)
	}
	// A leader's fan-out (one label, one sender, the same instant) gets one text label: the
	// copies would print over each other. Hovering any copy still shows its own details.
	type fan struct {
		from, label string
		sent        time.Duration
	}
	fans := map[fan]int{}
	first := map[*diagram.Msg]int{}
	for _, cls := range classOrder {
		for _, a := range byClass[cls] {
			k := fan{a.m.Ends()[:strings.Index(a.m.Ends(), "→")], a.label, a.m.Sent / (10 * time.Millisecond)}
			if fans[k] == 0 {
				first[a.m] = 0
			}
			fans[k]++
		}
	}
	placed := labelGrid{}
	var extra strings.Builder // ✗ marks and labels, on top of every arrow
	for _, cls := range classOrder {
		as := byClass[cls]
		if len(as) == 0 {
			continue
		}
		o.printf(`<g class="dg m %s">`, cls)
		for _, a := range as {
			id := d.add(d.msgData(a.m, a.label))
			o.printf(`<path d="M%.0f %.1f %.1f %.1f"/>`, a.x1, a.y1, a.x2, a.y2)
			if a.m.State == diagram.Dropped {
				fmt.Fprintf(&extra, `<text class="xm" data-i="%d" x="%.1f" y="%.1f">✗</text>`, id, a.x2-3, a.y2+4)
			}
			if _, ok := first[a.m]; labels && a.m.Lock && ok {
				k := fan{a.m.Ends()[:strings.Index(a.m.Ends(), "→")], a.label, a.m.Sent / (10 * time.Millisecond)}
				text := a.label + " " + a.m.Outcome()
				if n := fans[k]; n > 1 {
					text += fmt.Sprintf(" (×%d)", n)
				}
				lx, ly := placed.place(a, len([]rune(text)))
				fmt.Fprintf(&extra, `<text class="ml %s" data-i="%d" x="%.1f" y="%.1f">%s</text>`+"\n", cls, id, lx, ly, html.EscapeString(text))
			}
		}
		o.str("</g>\n")
	}
	o.str(extra.String())
}

// labelGrid keeps the boxes of the labels placed so far, by 12px band, so a label can move
// along its arrow to where it overlaps none (or to its middle when nowhere is free).
type labelGrid map[int][][4]float64

func (g labelGrid) place(a arrow, chars int) (float64, float64) {
	w := float64(chars) * 5.5 // 9px monospace
	for _, f := range []float64{0.5, 0.3, 0.7, 0.15, 0.85} {
		x, y := a.x1+(a.x2-a.x1)*f, a.y1+(a.y2-a.y1)*f-3
		b := [4]float64{x - w/2, y - 9, x + w/2, y + 2}
		if !g.hits(b) {
			g.add(b)
			return x, y
		}
	}
	x, y := a.x1+(a.x2-a.x1)*0.5, a.y1+(a.y2-a.y1)*0.5-3
	g.add([4]float64{x - w/2, y - 9, x + w/2, y + 2})
	return x, y
}

func (g labelGrid) hits(b [4]float64) bool {
	for band := int(b[1] / 12); band <= int(b[3]/12); band++ {
		for _, o := range g[band] {
			if b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3] {
				return true
			}
		}
	}
	return false
}

func (g labelGrid) add(b [4]float64) {
	for band := int(b[1] / 12); band <= int(b[3]/12); band++ {
		g[band] = append(g[band], b)
	}
}

// msgData is a message's details in the compact form the page's script spells out:
// [label word, ends word, sent ms, arrived ms, lost-why, held ms, [term index logterm commit
// entries] or 0, notes].
func (d *drawing) msgData(m *diagram.Msg, label string) []any {
	why := ""
	switch m.State {
	case diagram.Dropped:
		why = "lost: " + m.Why
	case diagram.InFlight:
		why = "still on the wire"
	}
	var nums any = 0
	var notes []string
	if m.Kind == diagram.Raft {
		i := &m.Info
		nums = []uint64{i.Term, i.Index, i.LogTerm, i.Commit, uint64(i.Entries)}
		if i.Reject {
			notes = append(notes, "reject")
		}
		if m.Commits {
			notes = append(notes, "moved the leader's commit index")
		}
		for _, e := range m.Entries {
			s := fmt.Sprintf("entry %d: %s", e.Index, e.Cmd)
			if e.Client != "" {
				s += " (for " + e.Client + ")"
			}
			if len(m.Entries) > 1 || m.Info.Type != pb.MessageType_MsgApp {
				notes = append(notes, s)
			}
		}
		if m.Detail != "" {
			notes = append(notes, m.Detail)
		}
	} else {
		notes = append(notes, fmt.Sprintf("%s request #%d", m.Client, m.Req))
	}
	return []any{d.word(label), d.word(m.Ends()), m.Sent.Milliseconds(), m.At.Milliseconds(), why,
		m.Info.Held.Milliseconds(), nums, strings.Join(notes, "\n")}
}

// laneStates draws over each node's lane what it was: thick while it led, dotted red while
// down, dashed blue while isolated (from the role, crash, restart and isolation marks).
func (d *drawing) laneStates(rows []diagram.Row) {
	n := d.p.Rec.Lanes.Nodes
	type open struct{ leader, down, iso time.Duration }
	st := make([]open, n+1)
	for i := range st {
		st[i] = open{-1, -1, -1}
	}
	seg := func(node int, cls string, from, to time.Duration) {
		x := d.x(node - 1)
		d.out.printf(`<line class="st %s" x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f"/>`+"\n", cls, x, d.y(from), x, d.y(to))
	}
	end := func(node int, at time.Duration) {
		if s := &st[node]; s.leader >= 0 {
			seg(node, "leader", s.leader, at)
			s.leader = -1
		}
	}
	for i := range rows {
		if !rows[i].Mark {
			continue
		}
		mk, at := &rows[i].M, rows[i].At
		switch {
		case mk.Kind == diagram.MarkFault && mk.Text == "heal":
			for id := 1; id <= n; id++ {
				if st[id].iso >= 0 {
					seg(id, "iso", st[id].iso, at)
					st[id].iso = -1
				}
			}
		case mk.Node < 1 || mk.Node > n:
		case mk.Kind == diagram.MarkRole:
			end(mk.Node, at)
			if mk.Role == "leader" {
				st[mk.Node].leader = at
			}
		case mk.Kind == diagram.MarkCrash:
			end(mk.Node, at)
			st[mk.Node].down = at
		case mk.Kind == diagram.MarkRestart:
			if st[mk.Node].down >= 0 {
				seg(mk.Node, "down", st[mk.Node].down, at)
				st[mk.Node].down = -1
			}
		case mk.Kind == diagram.MarkIsolated:
			st[mk.Node].iso = at
		case mk.Kind == diagram.MarkRejoined:
			if st[mk.Node].iso >= 0 {
				seg(mk.Node, "iso", st[mk.Node].iso, at)
				st[mk.Node].iso = -1
			}
		}
	}
	for id := 1; id <= n; id++ {
		end(id, d.p.End)
		if st[id].down >= 0 {
			seg(id, "down", st[id].down, d.p.End)
		}
		if st[id].iso >= 0 {
			seg(id, "iso", st[id].iso, d.p.End)
		}
	}
}

// marks draws lane marks: roles, crashes, isolation, applied commands, countdowns, violations.
func (d *drawing) marks(rows []diagram.Row) {
	o := d.out
	l := &d.p.Rec.Lanes
	for i := range rows {
		if !rows[i].Mark {
			continue
		}
		mk := &rows[i].M
		if mk.Kind == diagram.MarkApply && !mk.Late && (mk.Result.Kind == fsm.Granted ||
			mk.Result.Kind == fsm.Released || mk.Result.Kind == fsm.Expired && mk.Result.Existed) {
			continue // a lock bar starts or ends here and says so
		}
		lane := l.Index(mk.Node, mk.Client)
		y := d.y(rows[i].At)
		text := fmt.Sprintf("%s %s at %s: %s", mk.Lane(), mk.Symbol(), fmtSec(rows[i].At.Seconds()), mk.Text)
		id := d.detail([]string{text})
		if lane < 0 {
			// A cluster-wide fault or a violation: a line across every lane.
			cls := "d k f"
			if mk.Kind == diagram.MarkViolation {
				cls += " vi"
			}
			o.printf(`<g class="%s"><line x1="%d" y1="%.2f" x2="%.0f" y2="%.2f"/><text x="%d" y="%.1f">%s</text></g>`+"\n",
				cls, axisW, y, d.x(l.Len()-1)+laneW/2, y, axisW+2, y-2, mk.Symbol()+" "+html.EscapeString(mk.Text))
			_ = id
			continue
		}
		cls := markClass(mk)
		o.printf(`<text class="d k %s" x="%.1f" y="%.1f">%s</text>`+"\n", cls, d.x(lane)-9, y+4, mk.Symbol())
		_ = id
	}
}

func markClass(mk *diagram.Mark) string {
	switch mk.Kind {
	case diagram.MarkRole:
		return "role-" + string(mk.Role)
	case diagram.MarkCrash, diagram.MarkViolation, diagram.MarkLocalExpiry:
		return "bad"
	case diagram.MarkApply:
		switch {
		case mk.Late:
			return "l"
		case mk.Cmd.Kind == fsm.Expire:
			return "e"
		case mk.Cmd.Kind == fsm.Grant:
			return "g"
		}
		return "r"
	case diagram.MarkZero:
		return "z"
	}
	return "o"
}

// layoutSays places the narration beside the lanes at its instants, pushed down when lines
// crowd; it returns each say's text top and the bottom of the last.
func (d *drawing) layoutSays() ([]float64, float64) {
	free := 0.0
	tops := make([]float64, len(d.p.Says))
	for i, s := range d.p.Says {
		tops[i] = max(d.y(s.At), free)
		free = tops[i] + float64(len(wrap(s.Text, sayWrap)))*14 + 8
	}
	return tops, free
}

// says draws the narration where layoutSays put it, each joined to its instant.
func (d *drawing) says(tops []float64) {
	o := d.out
	x := d.width() - sayW
	for i, s := range d.p.Says {
		y, ty := d.y(s.At), tops[i]
		lines := wrap(s.Text, sayWrap)
		id := d.detail([]string{fmt.Sprintf("say at %s", fmtSec(s.At.Seconds())), s.Text})
		_ = id
		o.printf(`<g class="d say"><line class="sl" x1="%d" y1="%.1f" x2="%.0f" y2="%.1f"/><line class="sl" x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f"/>`,
			axisW, y, x-8, y, x-8, y, x-2, ty+4)
		for j, ln := range lines {
			o.printf(`<text x="%.0f" y="%.1f">%s</text>`, x, ty+8+float64(j)*14, html.EscapeString(ln))
		}
		o.str("</g>\n")
	}
}

// wrap cuts text into lines of at most n characters at spaces.
func wrap(s string, n int) []string {
	var out []string
	for len([]rune(s)) > n {
		r := []rune(s)
		cut := n
		for cut > n/2 && r[cut] != ' ' {
			cut--
		}
		out = append(out, strings.TrimSpace(string(r[:cut])))
		s = strings.TrimSpace(string(r[cut:]))
	}
	return append(out, s)
}

func fmtSec(s float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", s), "0"), ".") + "s"
}
