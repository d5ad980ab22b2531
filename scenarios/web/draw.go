package web

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/scenarios"
)

// build lays out the whole run: it collects what is drawn, reserves every text's room on the
// axis, lays the rows out (with the narration) and fixes the arrows' ends. draw then prints.
type built struct {
	rows    []diagram.Row
	arrows  map[string][]*arrow
	bars    []bar
	st      *states
	lock    int
	routine int
	notes   []noteBox
	marks   []int       // rows drawn as a symbol or a line
	markRow map[int]int // a symbol's line in its instant's band
	jumps   []jump
	dropped int // labels that found no room
}

// jump is a violation or a failed expect: a line in the header that scrolls to its instant.
type jump struct {
	at   time.Duration
	text string
	cls  string
}

// noteBox is one narration note laid out in the narration column.
type noteBox struct {
	n     *Note
	inst  int
	lines []string // say: its lines; ask: the question's
	ch    [][]string
	ans   []string
	right int // ans[:right] names the right choice, the rest explains it
	h     float64
	y     float64
}

const noteLine = 15.0

// rightRaw is an ask's right choice as written, or "".
func (nb *noteBox) rightRaw() string {
	if r := nb.n.Right; r >= 0 && r < len(nb.n.Choices) {
		return nb.n.Choices[r]
	}
	return ""
}

func (nb *noteBox) height() float64 {
	switch nb.n.Kind {
	case scenarios.StepPause:
		return 22
	case scenarios.StepAsk:
		n := len(nb.lines)
		for _, c := range nb.ch {
			n += len(c)
		}
		return float64(n+len(nb.ans))*noteLine + 24 + 14
	}
	return float64(len(nb.lines))*noteLine + 8
}

func (d *drawing) build() *built {
	p := d.p
	b := &built{rows: p.Rec.Rows(), markRow: map[int]int{}}
	rows := b.rows
	for i := range rows {
		r := &rows[i]
		switch {
		case r.Mark:
			if r.M.Kind == diagram.MarkApply && r.M.Late {
				d.late[r.M.Index] = true
			}
			if r.M.Kind == diagram.MarkWrite {
				d.resource = true
			}
		case r.Msg.Lock:
			b.lock++
		default:
			b.routine++
		}
	}
	d.nLanes = d.lanes.Len()
	if d.resource {
		d.nLanes++
	}
	d.fit(d.nLanes)
	d.labelled = b.lock <= labelBudget
	b.arrows = d.collectArrows(rows)
	b.bars = lockBars(rows, d.lanes.Nodes, p.End)
	b.st = d.collectStates(rows, p.End)

	// Every instant something is drawn at gets a row.
	times := []time.Duration{0, p.End}
	for _, cls := range sortedKeys(b.arrows) {
		for _, a := range b.arrows[cls] {
			if a.m.Lock {
				times = append(times, a.m.Sent, a.m.At)
			}
		}
	}
	for i := range rows {
		if rows[i].Mark && rows[i].M.Kind != diagram.MarkCommit {
			times = append(times, rows[i].At)
		}
	}
	for _, br := range b.bars {
		times = append(times, br.from, br.to)
		if br.zero >= 0 {
			times = append(times, br.zero)
		}
	}
	for _, o := range b.st.ops {
		times = append(times, o.from, o.to)
	}
	for _, o := range b.st.beliefs {
		times = append(times, o.from, o.to)
	}
	for i := range p.Notes {
		times = append(times, p.Notes[i].At)
	}
	for _, f := range p.Failures {
		times = append(times, f.At)
	}
	gaps := p.Rec.Gaps()
	for _, g := range gaps {
		times = append(times, g.From, g.To)
	}
	d.ax = newAxis(times)
	if !d.labelled {
		d.ax.dense()
	}
	for _, g := range gaps {
		i := d.ax.index(g.To)
		d.ax.forced[i] = fmt.Sprintf("⋯ %s summarised: %d lock messages, %d routine, %d applies and commits not kept (a long export keeps the newest part in detail)",
			fmtDur(g.To-g.From), g.Lock, g.Routine, g.Marks)
	}

	// Texts, most important first: marks, violations and faults, the leader strip, partitions,
	// clocks, lock bar keys, beliefs, arrow labels, writes.
	l := d.lanes
	for i := range rows {
		r := &rows[i]
		if !r.Mark {
			continue
		}
		mk := &r.M
		lane := l.Index(mk.Node, mk.Client)
		switch {
		case mk.Kind == diagram.MarkViolation:
			b.marks = append(b.marks, i)
			d.place(r.At, left+4, false, "vt", "! "+mk.Text, -1, "")
			b.jumps = append(b.jumps, jump{r.At, mk.Text, "v"})
		case mk.Kind == diagram.MarkFault && lane < 0:
			b.marks = append(b.marks, i)
			if !strings.HasPrefix(mk.Text, "partition ") {
				d.place(r.At, left+4, false, "ft", "⚡ "+mk.Text, -1, "")
			}
		case mk.Kind == diagram.MarkFault:
			b.marks = append(b.marks, i)
			b.markRow[i] = d.reserveMark(r.At, lane)
			d.place(r.At, d.x(lane)+14, false, "ft", "⚡ "+mk.Text, -1, fmt.Sprintf(`data-l="%d"`, lane))
		case symbolMark(mk) && lane >= 0:
			b.marks = append(b.marks, i)
			b.markRow[i] = d.reserveMark(r.At, lane)
			switch mk.Kind {
			case diagram.MarkClient:
				d.place(r.At, d.x(lane)+14, false, "ct", mk.Text, -1, fmt.Sprintf(`data-l="%d"`, lane))
			case diagram.MarkOverwritten:
				d.place(r.At, d.x(lane)+14, false, "owt", fmt.Sprintf("entry %d %s (t%d) overwritten", mk.Index, mk.Cmd, mk.Term), -1, fmt.Sprintf(`data-l="%d"`, lane))
			case diagram.MarkLocalExpiry:
				d.place(r.At, d.x(lane)+14, false, "vt", mk.Text, -1, fmt.Sprintf(`data-l="%d"`, lane))
			}
		}
	}
	for _, f := range p.Failures {
		d.place(f.At, left+4, false, "vt", "✗ "+f.Text, -1, "")
		b.jumps = append(b.jumps, jump{f.At, f.Text, "x"})
	}
	for _, s := range b.st.leads {
		d.place(s.from, axisW+4, false, "lt", s.text, -1, "")
	}
	for _, pt := range b.st.parts {
		d.place(pt.from, left+4, false, "ptt", fmt.Sprintf("⚡ partition %s: %d heartbeats lost across it", pt.groups, pt.lost), -1, "")
	}
	for _, c := range b.st.clocks {
		d.place(c.from, d.x(c.lane)+8, false, "ckt", c.text, -1, fmt.Sprintf(`data-l="%d"`, c.lane))
	}
	for i := range b.bars {
		if !d.labelled {
			break
		}
		br := &b.bars[i]
		d.place(br.from, d.barX(br)+4, false, "kt", fmt.Sprintf("%s #%d", br.key, br.token), -1, fmt.Sprintf(`data-l="%d"`, br.node-1))
	}
	for _, bl := range b.st.beliefs {
		if !d.labelled {
			break
		}
		d.place(bl.from, d.x(bl.lane)+14, false, "bt", fmt.Sprintf("holds %s #%d", bl.key, bl.token), -1, fmt.Sprintf(`data-l="%d"`, bl.lane))
	}
	for _, a := range b.arrows["x"] {
		if !d.labelled {
			break
		}
		x := d.x(a.to)
		a.xInst = d.ax.index(a.m.At)
		a.xRow = d.ax.reserve(a.xInst, x-4, x+8)
	}
	d.assignIDs(b.arrows)
	var labelled []*arrow
	for _, cls := range classOrder {
		for _, a := range b.arrows[cls] {
			if d.wantsLabel(a, b.lock) {
				labelled = append(labelled, a)
			}
		}
	}
	sortArrows(labelled)
	for _, a := range labelled {
		x1, x2 := d.x(a.from), d.x(a.to)
		end := x2 < x1
		x := x1 + 6
		if end {
			x = x1 - 6
		}
		note := ""
		if !d.place(a.m.Sent, x, end, "ml "+a.cls, a.labelText(), a.id, fmt.Sprintf(`data-f="%d" data-t="%d"`, a.from, a.to)) {
			note = "(its label was not drawn: no room at this instant)"
			b.dropped++
		}
		d.details[a.id] = d.msgData(a.m, a.label, note)
	}
	// In a fixed order: details intern their words, and the page must be the same bytes every run.
	for _, cls := range sortedKeys(b.arrows) {
		for _, a := range b.arrows[cls] {
			if d.details[a.id] == nil {
				note := ""
				if a.m.Lock && !a.first {
					note = fmt.Sprintf("(one of a fan-out: the first copy's label stands for all)")
				}
				d.details[a.id] = d.msgData(a.m, a.label, note)
			}
		}
	}
	if d.resource {
		rx := d.x(d.nLanes - 1)
		for _, w := range b.st.writes {
			tok := fmt.Sprintf("#%d", w.token)
			if w.token == 0 {
				tok = cluster.WriteToken(0) // "#0" read as a token (nc34-2)
			}
			s := fmt.Sprintf("✓ %s (max %d)", tok, w.highest)
			if !w.ok {
				s = fmt.Sprintf("✗ %s (max %d)", tok, w.highest)
			}
			d.place(w.at, rx-d.lw/2+4, false, "wt "+okCls(w.ok), s, -1, fmt.Sprintf(`data-l="%d"`, d.nLanes-1))
		}
	}

	// Narration, in the column beside the lanes.
	byInst := map[int][]int{}
	for i := range p.Notes {
		n := &p.Notes[i]
		nb := noteBox{n: n, inst: d.ax.index(n.At)}
		sayCol := d.sayCol()
		switch n.Kind {
		case scenarios.StepSay:
			nb.lines = wrap(glossed(n.Text), sayCol)
		case scenarios.StepAsk:
			nb.lines = wrap("? "+glossed(n.Text), sayCol)
			for j, c := range n.Choices {
				nb.ch = append(nb.ch, wrap(fmt.Sprintf("%c) %s", 'a'+j, glossed(c)), sayCol-2))
			}
			right := ""
			if n.Right >= 0 && n.Right < len(n.Choices) {
				right = fmt.Sprintf("%c) %s", 'a'+n.Right, glossed(n.Choices[n.Right]))
			}
			nb.ans = wrap("✓ "+right, sayCol)
			nb.right = len(nb.ans)
			if n.Explain != "" {
				nb.ans = append(nb.ans, wrap(glossed(n.Explain), sayCol)...)
			}
		}
		nb.h = nb.height()
		byInst[nb.inst] = append(byInst[nb.inst], len(b.notes))
		b.notes = append(b.notes, nb)
	}
	d.ax.layout(top, func(i int) float64 {
		h := 0.0
		for _, k := range byInst[i] {
			h += b.notes[k].h
		}
		return h
	})
	for i := range b.notes {
		nb := &b.notes[i]
		nb.y = d.ax.ys[nb.inst]
		for _, k := range byInst[nb.inst] {
			if k == i {
				break
			}
			nb.y += b.notes[k].h
		}
	}
	for _, cls := range sortedKeys(b.arrows) {
		for _, a := range b.arrows[cls] {
			d.geometry(a)
		}
	}
	return b
}

// reserveMark takes room for a mark's symbol on its lane (a dense page does not stretch for it).
func (d *drawing) reserveMark(at time.Duration, lane int) int {
	if !d.labelled {
		return 0
	}
	return max(d.ax.reserve(d.ax.index(at), d.x(lane)-15, d.x(lane)-1), 0)
}

func okCls(ok bool) string {
	if ok {
		return "ok"
	}
	return "no"
}

// sortArrows orders labelled arrows by when they left, then by row order (stable).
func sortArrows(as []*arrow) {
	slices.SortStableFunc(as, func(a, b *arrow) int {
		return cmp.Or(cmp.Compare(a.m.Sent, b.m.Sent), cmp.Compare(a.m.At, b.m.At))
	})
}

// barX is the x of a lock bar (a slot per key, four beside each node's lane).
func (d *drawing) barX(b *bar) float64 {
	slot, ok := d.keys[b.key]
	if !ok {
		slot = len(d.keys)
		d.keys[b.key] = slot
	}
	return d.x(b.node-1) + 8 + float64(slot%4)*7
}

// draw prints the SVG: backgrounds, lanes, states, bars, arrows, marks, then every text.
func (d *drawing) draw(b *built) {
	o := d.out
	ax := d.ax
	l := d.lanes
	lanesR := left + float64(d.nLanes)*d.lw
	nodesR := left + float64(l.Nodes)*d.lw
	// Partitions: a shaded region over the node lanes.
	for _, pt := range b.st.parts {
		id := d.detail(fmt.Sprintf("partition %s from %s to %s", pt.groups, fmtSec(pt.from.Seconds()), fmtSec(pt.to.Seconds())),
			fmt.Sprintf("%d heartbeats lost across it (drawn only with routine messages shown)", pt.lost))
		y1, y2 := ax.y(pt.from), ax.y(pt.to)
		o.printf(`<rect class="d pt" data-i="%d" x="%d" y="%.1f" width="%.0f" height="%.1f"/>`+"\n", id, left, y1, nodesR-left, max(y2-y1, 1))
	}
	// Clock bands.
	for _, c := range b.st.clocks {
		id := d.detail(fmt.Sprintf("%s: %s from %s to %s", l.Name(c.lane), c.text, fmtSec(c.from.Seconds()), fmtSec(c.to.Seconds())),
			"its timers (election, lease countdowns) run on this clock")
		y1, y2 := ax.y(c.from), ax.y(c.to)
		o.printf(`<rect class="d ck" data-i="%d" data-l="%d" x="%.0f" y="%.1f" width="%.0f" height="%.1f"/>`+"\n", id, c.lane,
			d.x(c.lane)-d.lw/2+3, y1, d.lw-6, max(y2-y1, 1))
	}
	// Breaks: squeezed idle stretches.
	for _, br := range ax.breaks {
		o.printf(`<rect class="brk" x="%d" y="%.1f" width="%.0f" height="%.0f"/><text class="bk" x="%d" y="%.1f">%s</text>`+"\n",
			axisW, br.y+3, lanesR-axisW, breakH-6, left+6, br.y+breakH/2+3.5, esc(br.text))
	}
	// Axis: each row's true time, where there is room for it.
	last := -100.0
	var ticks strings.Builder
	room := 13.0
	if !d.labelled {
		room = 60
	}
	for i, t := range ax.ts {
		if y := ax.ys[i]; y-last >= room {
			fmt.Fprintf(&ticks, `<text class="tick" x="%d" y="%.1f">%s</text>`, axisW-6, y+bandPad+9.5, fmt.Sprintf("%.3fs", t.Seconds()))
			last = y
		}
	}
	o.str(ticks.String() + "\n")
	// Lanes.
	for i := 0; i < d.nLanes; i++ {
		cls, name := "lane", "resource"
		if i < l.Len() {
			name = l.Name(i)
		}
		if i >= l.Nodes {
			cls = "lane cl"
		}
		x := d.x(i)
		o.printf(`<g class="%s" data-lane="%s" data-l="%d"><line x1="%.0f" y1="%d" x2="%.0f" y2="%.1f"/></g>`+"\n",
			cls, name, i, x, top, x, ax.end)
	}
	// Leader/term strip.
	o.printf(`<line class="strip" x1="%d" y1="%d" x2="%d" y2="%.1f"/>`+"\n", axisW+stripW/2, top, axisW+stripW/2, ax.end)
	for k, s := range b.st.leads {
		id := d.detail(fmt.Sprintf("n%d leads (%s) from %s to %s", s.lane+1, s.text, fmtSec(s.from.Seconds()), fmtSec(s.to.Seconds())))
		y1, y2 := ax.y(s.from), ax.y(s.to)
		x, w, cls := axisW+2, stripW-4, "ls"
		for _, e := range b.st.leads[:k] {
			if e.from < s.to && s.from < e.to {
				// Two nodes lead at once (one has not learned it was deposed): the newer one
				// takes the strip's right half, in a stronger colour.
				x, w, cls = axisW+stripW/2, stripW/2-2, "ls ls2"
			}
		}
		o.printf(`<rect class="d %s" data-i="%d" x="%d" y="%.1f" width="%d" height="%.1f"/>`+"\n", cls, id, x, y1, w, max(y2-y1, 2))
	}
	d.laneStates(b.rows)
	d.bars(b.bars)
	d.clientLanes(b.st)
	d.overwrites(b.st)
	d.commits(b.rows)
	d.messages(b.arrows)
	d.marks(b)
	d.writes(b.st)
	// Texts on top.
	var xm strings.Builder
	for _, cls := range []string{"x"} { // a lost routine message is only its faint dashed line
		for _, a := range b.arrows[cls] {
			if cls == "x" && a.xRow < 0 {
				continue // no room: the dashed arrow says it
			}
			fmt.Fprintf(&xm, `<text class="xm%s" data-i="%d" data-f="%d" data-t="%d" x="%.1f" y="%.1f">✗</text>`, map[bool]string{true: " xmh"}[cls == "xh"], a.id, a.from, a.to, a.x2-3, a.y2+4)
		}
	}
	o.str(xm.String() + "\n")
	for _, t := range d.texts {
		anchor := ""
		if t.anchor {
			anchor = ` text-anchor="end"`
		}
		id := ""
		if t.id >= 0 {
			id = fmt.Sprintf(` data-i="%d"`, t.id)
		}
		attrs := ""
		if t.attrs != "" {
			attrs = " " + t.attrs
		}
		o.printf(`<text class="tl %s"%s%s%s x="%.1f" y="%.1f">%s</text>`+"\n", t.cls, id, attrs, anchor, t.x, ax.baseline(t.inst, t.row), esc(t.s))
	}
}

// marks draws lane marks as symbols, and violations and cluster-wide faults as lines across.
func (d *drawing) marks(b *built) {
	o := d.out
	l := d.lanes
	for _, i := range b.marks {
		r := &b.rows[i]
		mk := &r.M
		lane := l.Index(mk.Node, mk.Client)
		y := d.ax.y(r.At)
		id := d.detail(fmt.Sprintf("%s %s at %s: %s", mk.Lane(), mk.Symbol(), fmtSec(r.At.Seconds()), mk.Text))
		if lane < 0 {
			cls := "d f"
			if mk.Kind == diagram.MarkViolation {
				cls += " vi"
			}
			o.printf(`<line class="%s" data-i="%d" x1="%d" y1="%.1f" x2="%.0f" y2="%.1f"/>`+"\n",
				cls, id, left, y, left+float64(l.Nodes)*d.lw, y)
			continue
		}
		o.printf(`<text class="d k %s" data-i="%d" data-l="%d" x="%.1f" y="%.1f">%s</text>`+"\n", markClass(mk), id, lane, d.x(lane)-8, d.ax.baseline(d.ax.index(r.At), b.markRow[i])+1, mk.Symbol())
	}
	// The axis markers the header's links scroll to.
	for k, j := range b.jumps {
		y := d.ax.y(j.at)
		o.printf(`<g class="jm" id="jm%d"><rect x="2" y="%.1f" width="%d" height="14"/><text x="6" y="%.1f">%s</text></g>`+"\n",
			k, y, axisW-6, y+10.5, map[string]string{"v": "▶ violation", "x": "▶ expect ✗"}[j.cls])
	}
}

// laneStates draws over each node's lane what it was: thick while it led, dotted red while
// down, dashed blue while isolated.
func (d *drawing) laneStates(rows []diagram.Row) {
	n := d.lanes.Nodes
	type open struct{ leader, down, iso time.Duration }
	st := make([]open, n+1)
	for i := range st {
		st[i] = open{-1, -1, -1}
	}
	seg := func(node int, cls string, from, to time.Duration) {
		x := d.x(node - 1)
		d.out.printf(`<line class="st %s" data-l="%d" x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f"/>`+"\n", cls, node-1, x, d.ax.y(from), x, d.ax.y(to))
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
		case mk.Kind == diagram.MarkFault && mk.Fault != nil && mk.Fault.Kind == cluster.FaultHeal:
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

// clientLanes draws each client's operations (call to answer; a timeout stays open) left of its
// lane, and what it believes it holds (on its own clock) right of it. Grouped per lane and
// colour, with compact details: op [-2, what, from ms, to ms, answer, open, request],
// belief [-3, client, key, token, from ms, to ms, ended].
func (d *drawing) clientLanes(st *states) {
	o := d.out
	for lane := d.lanes.Nodes; lane < d.lanes.Len(); lane++ {
		for _, cls := range []string{"opk", "opf", "opi"} {
			var b strings.Builder
			first := -1
			for _, op := range st.ops {
				c := "opk"
				switch {
				case op.open:
					c = "opi"
				case !op.good:
					c = "opf"
				}
				if op.lane != lane || c != cls {
					continue
				}
				open := 0
				if op.open {
					open = 1
				}
				id := d.add([]any{-2, d.word(op.client + " " + op.what), op.from.Milliseconds(), op.to.Milliseconds(), d.word(op.answer), open, op.req})
				if first < 0 {
					first = id
				}
				y1, y2 := d.ax.y(op.from), d.ax.y(op.to)
				fmt.Fprintf(&b, `<path d="M%.0f %.1fv%.1f"/>`, d.x(op.lane)-5, y1, max(y2-y1, 2))
			}
			if first >= 0 {
				o.printf(`<g class="dg op %s" data-i0="%d" data-l="%d">%s</g>`+"\n", cls, first, lane, b.String())
			}
		}
		var b strings.Builder
		first := -1
		for _, bl := range st.beliefs {
			if bl.lane != lane {
				continue
			}
			id := d.add([]any{-3, d.word(d.lanes.Name(bl.lane)), d.word(bl.key), bl.token, bl.from.Milliseconds(), bl.to.Milliseconds(), d.word(bl.ended)})
			if first < 0 {
				first = id
			}
			y1, y2 := d.ax.y(bl.from), d.ax.y(bl.to)
			fmt.Fprintf(&b, `<path d="M%.0f %.1fv%.1f"/>`, d.x(bl.lane)+8, y1, max(y2-y1, 2))
		}
		if first >= 0 {
			o.printf(`<g class="dg bl" data-i0="%d" data-l="%d">%s</g>`+"\n", first, lane, b.String())
		}
	}
}

// overwrites draws an entry that was appended and later replaced as a dashed red stretch on
// its node's lane, from its append to its overwrite.
func (d *drawing) overwrites(st *states) {
	for k, mk := range st.overwrites {
		lane := mk.Node - 1
		id := d.detail(fmt.Sprintf("n%d: %s", mk.Node, mk.Text), "appended but never committed here: another leader's entry took its index")
		y1, y2 := d.ax.y(mk.Since), d.ax.y(st.overAt[k])
		d.out.printf(`<path class="d ow" data-i="%d" data-l="%d" d="M%.0f %.1fv%.1f"/>`+"\n", id, lane, d.x(lane)-4, y1, max(y2-y1, 2))
	}
}

// commits draws each node's commit index moves as small ticks (hover for the index).
func (d *drawing) commits(rows []diagram.Row) {
	if !d.labelled {
		return
	}
	o := d.out
	for n := 1; n <= d.lanes.Nodes; n++ {
		var ids []int
		var b strings.Builder
		for i := range rows {
			r := &rows[i]
			if !r.Mark || r.M.Kind != diagram.MarkCommit || r.M.Node != n {
				continue
			}
			ids = append(ids, d.detail(fmt.Sprintf("n%d commit index → %d at %s", n, r.M.Index, fmtSec(r.At.Seconds()))))
			fmt.Fprintf(&b, `<path d="M%.0f %.1fh5"/>`, d.x(n-1)+1, d.ax.y(r.At))
		}
		if len(ids) > 0 {
			o.printf(`<g class="dg cm" data-i0="%d" data-l="%d">%s</g>`+"\n", ids[0], n-1, b.String())
		}
	}
}

// writes draws each fenced write as an arrow from its client to the resource lane.
func (d *drawing) writes(st *states) {
	if !d.resource {
		return
	}
	rl := d.nLanes - 1
	for _, w := range st.writes {
		verdict := "accepted"
		if !w.ok {
			verdict = "rejected: a higher token was seen"
		}
		id := d.detail(fmt.Sprintf("%s writes %s with %s at %s: %s", w.client, w.key, cluster.WriteToken(w.token), fmtSec(w.at.Seconds()), verdict),
			fmt.Sprintf("the highest token the resource has seen: %d", w.highest))
		y := d.ax.y(w.at)
		d.out.printf(`<path class="d wr %s" data-i="%d" data-f="%d" data-t="%d" d="M%.0f %.1fH%.0f"/>`+"\n", okCls(w.ok), id, w.lane, rl, d.x(w.lane), y, d.x(rl))
	}
}
