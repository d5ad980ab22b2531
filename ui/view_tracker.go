package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"leaselab/cluster"
	"leaselab/fsm"
)

// stageMark is one node's progress on a proposal; symbols tell stages apart without colour.
func (m *Model) stageMark(s cluster.Stage) (string, sty) {
	st := m.st
	switch s {
	case cluster.StageAppended:
		return "○", st.plain
	case cluster.StageCommitted:
		return "◆", st.bold
	case cluster.StageApplied:
		return "✓", st.good
	case cluster.StageReplaced:
		return "↺", st.bad
	case cluster.StageDown:
		return "✖", st.down
	}
	return "·", st.faint
}

// trackerBox is the replication tracker: the latest proposals, each with its stage on every
// node and the result it applied with. This is where an Expire is seen travelling.
func (m *Model) trackerBox(r rect) []string {
	iw, ih := r.w-2, r.h-2
	name := m.focusMark(panelTracker) + "Replication" + m.earlierMark(ih-1) // the rows it leaves out say so
	// The marks give way with their words: the bare "· · ○ ◆ ✓ ↺ ✖" read as garbage once
	// "↑ 1 earlier" took its room (nc20-a); ? has them all. The box's title has iw-4 cells (a
	// space and a rule each side): at iw-2 it cut "✓appli…" (nc22-l). It names the marks its
	// rows draw, no other (trackerLegend).
	var forms []string
	for _, f := range m.trackerLegend(ih - 1) {
		forms = append(forms, name+" · "+f)
	}
	forms = append(forms, name)
	return box(m.st, firstFit(iw-4, forms...), m.trackerBody(iw, ih, true), r.w, r.h, m.focus == panelTracker)
}

// inSnap is whether node i holds proposal p only because it restored a snapshot a leader sent
// past it: the tracker marks it s, not ✓ (it never applied that entry: nc24-b read ✓ as
// applied). A node that applied it itself has its result.
func (m *Model) inSnap(p *cluster.ProposalView, i int) bool {
	return p.Stages[i] == cluster.StageApplied && p.Results[i] == (fsm.Result{}) && p.Index > 0 &&
		i < len(m.v.Nodes) && m.v.Nodes[i].Restored >= p.Index
}

// gapMark is node i's mark on the entry at idx of term that locks nothing (gapRow's), as its
// log shows it, s where it holds the entry only from the snapshot a leader sent it, as inSnap
// marks a proposal: n6's ✓ on "conf add n6", which reached it in its snapshot, contradicted
// the legend's s beside entries 3-5 (nc37-e; joint-consensus's entry 4 on n6-n8, nc37-c).
func (m *Model) gapMark(i int, idx, term uint64) (string, sty) {
	n := &m.v.Nodes[i]
	st := entryStage(n, idx, term)
	mark, ms := m.stageMark(st)
	if st == cluster.StageApplied && idx > n.RestoredFrom && idx <= n.Restored {
		mark = "s"
	}
	return mark, ms
}

// trackerShowsSnap is whether a body of room rows shows an s mark (inSnap).
func (m *Model) trackerShowsSnap(room int) bool {
	return strings.Contains(m.trackerMarks(room), "s")
}

// trackerShown is the rows a body of room rows shows: the newest, or those scrolled back to.
func (m *Model) trackerShown(room int) []trackerRow {
	rows := m.trackerRows()
	if len(rows) > m.entryRoom(room) {
		end := len(rows) - m.trackerScroll(room)
		rows = rows[end-max(0, m.entryRoom(room)) : end]
	}
	return rows
}

// trackerMarks is the marks a body of room rows draws, each once ("·○✓"), as trackerBody draws
// them: a proposal's stages (s for one a node holds from a snapshot), an entry's between them
// as the logs show it; a run of entries in one row draws none.
func (m *Model) trackerMarks(room int) string {
	seen := map[string]bool{}
	for _, r := range m.trackerShown(room) {
		switch {
		case r.prop != nil:
			for i, st := range r.prop.Stages {
				mark, _ := m.stageMark(m.heldStage(i, r.prop, st))
				if m.inSnap(r.prop, i) {
					mark = "s"
				}
				seen[mark] = true
			}
		case r.lo == r.hi:
			if e := m.gapEntry(r.lo); e != nil {
				for i := range m.v.Nodes {
					mark, _ := m.gapMark(i, r.lo, e.Term)
					seen[mark] = true
				}
			}
		}
	}
	out := ""
	for _, mk := range legendMarks {
		if seen[mk.mark] {
			out += mk.mark
		}
	}
	return out
}

// legendMarks is every mark a tracker row can draw, in the legend's order, with its words
// (long, then short). ·none comes last: first, after the title's " · ", it read as a doubled
// dot, a typo ("Replication · ·none ✓applied": nc31-g, nc31-i). "·=none", as "s=in snapshot":
// bare "·none" read as a word, not the mark and its meaning (nc38-g).
var legendMarks = []struct{ mark, long, short string }{
	{"○", "○appended", "○appended"},
	{"◆", "◆committed", "◆committed"},
	{"✓", "✓applied", "✓applied"},
	{"s", "s=in snapshot", "s=in snapshot"},
	{"↺", "↺other entry", "↺other"},
	{"✖", "✖down, lacks it", "✖down"},
	{"·", "·=none", "·=none"},
}

// trackerLegend is the legend of the marks a body of room rows draws, long to short: each
// names exactly the marks in view (nc26-f: at first-lock's 1.295s "·none" went while a row
// showed ·, and compare late-expire named ◆committed, which no row drew), all of them, then
// short of room "·none" for "·=none", then "? legend". None for a body
// that draws no mark.
func (m *Model) trackerLegend(room int) []string {
	marks := m.trackerMarks(room)
	if marks == "" {
		return nil
	}
	var long, short []string
	for _, mk := range legendMarks {
		if !strings.Contains(marks, mk.mark) {
			continue
		}
		long, short = append(long, mk.long), append(short, mk.short)
	}
	forms := []string{strings.Join(long, " "), strings.Join(short, " ")}
	if strings.Contains(marks, "·") {
		// One cell shorter where "·=none" does not fit: the mark named still, as before nc38-g.
		forms = append(forms, strings.Replace(forms[1], "·=none", "·none", 1))
	}
	// No form without ·: a row drawing · beside a legend that leaves it out read as "every
	// mark is named" (lease-read at 80x24, 5.949s); "? legend" says where the rest are.
	return append(forms, "? legend")
}

// trackerEarlier is how many entries the tracker leaves out above a body of room rows: the
// proposals before the view's and the rows the body has no room for. Rows that dropped away
// unsaid read as the whole history (late-expire at 120x40: entry 3, c1's Grant, was gone).
func (m *Model) trackerEarlier(room int) int {
	return m.v.ProposalsBefore + m.gapRowsBefore() + max(0, len(m.trackerRows())-max(0, m.entryRoom(room))-m.trackerScroll(room))
}

// gapRowsBefore is the rows that the entries between the proposals before the view's
// (those kept) and its first take, as trackerRows would draw them, which it cannot: at
// add-node-mid-lease's end (80x24) the rule read "↑ 3 earlier" over entry 7, where 3, 4, 5
// and 6 (conf add n6) were above, and the focused panel, which holds them all, "↑ 4 earlier"
// (nc38-e).
func (m *Model) gapRowsBefore() int {
	idx := m.v.BeforeIndexes
	if len(idx) == 0 {
		return 0
	}
	if len(m.v.Proposals) > 0 {
		idx = append(idx[:len(idx):len(idx)], m.v.Proposals[0].Index)
	}
	n, last := 0, uint64(0)
	for _, i := range idx {
		if i > 0 && last > 0 && i > last+1 {
			n += len(appendGap(nil, last+1, i-1))
		}
		last = max(last, i)
	}
	return n
}

// trackerScroll is how many of the newest rows a body of room rows leaves out below: the rows
// scrolled back by hand (↑ while the panel has the focus), at most as far as the oldest row.
// Only while it has the focus: elsewhere it shows the newest, which the narration points at.
func (m *Model) trackerScroll(room int) int {
	if m.focus != panelTracker {
		return 0
	}
	return min(m.trScroll, max(0, len(m.trackerRows())-max(0, m.entryRoom(room))))
}

// earlierMark is " · ↑ N earlier" for a tracker body of room rows that leaves entries out, or
// "", and " · ↓ N newer" after it while scrolled back.
func (m *Model) earlierMark(room int) string {
	s := ""
	if n := m.trackerEarlier(room); n > 0 {
		s = fmt.Sprintf(" · ↑ %d earlier", n)
	}
	if n := m.trackerScroll(room); n > 0 {
		s += fmt.Sprintf(" · ↓ %d newer", n)
	}
	return s
}

func (m *Model) trackerBody(iw, ih int, head bool) []string {
	st := m.st
	n := len(m.v.Nodes)
	out := make([]string, 0, ih)
	room := ih
	if head {
		room--
	}
	rows := m.trackerShown(room)
	prog := m.progressLeader()
	idxW := m.trackerIdxW()
	cmdW := m.trackerCmdW(iw, room)
	if head && ih > 0 {
		l := newLine(iw)
		for _, c := range trackerCols(idxW, cmdW, n) {
			l.add(st.headKey, c.word+strings.Repeat(" ", c.gap))
		}
		out = append(out, l.String())
	}
	// The leader's Expires are named one way in the panel, and the clients' requests one way:
	// the shortest form any of them needs (a row with room for no name shows none). "· c1" on
	// the Grants beside "· c1 release" on the Release read as two kinds of column (nc31-a).
	group := func(p *cluster.ProposalView) int {
		switch p.Origin.Kind {
		case cluster.OriginExpire:
			return 1
		case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
			return 2
		}
		return 0
	}
	var forms [3]int
	for _, r := range rows {
		if r.prop != nil && group(r.prop) > 0 {
			if _, f := m.proposalRowForm(r.prop, iw, idxW, cmdW, 0); f < originForms-1 {
				forms[group(r.prop)] = max(forms[group(r.prop)], f)
			}
		}
	}
	for _, r := range rows {
		if r.prop != nil {
			row, _ := m.proposalRowForm(r.prop, iw, idxW, cmdW, forms[group(r.prop)])
			out = append(out, row)
		} else {
			out = append(out, m.gapRow(r.lo, r.hi, iw, idxW, cmdW))
		}
	}
	if len(m.v.Proposals) == 0 && len(out) < ih {
		out = append(out, st.faint.r(fit("no proposals yet: a client's acquire is proposed by the leader", iw)))
	}
	if prog != nil && room >= 1 {
		// Under the entries it is about, in the body's last row (blank rows above it if any).
		for len(out) < ih-1 {
			out = append(out, blank(iw))
		}
		out = append(out[:ih-1], m.progressRow(prog, iw))
	}
	for len(out) < ih {
		out = append(out, blank(iw))
	}
	return out[:ih]
}

// trackerCol is one word of the tracker's column head and the cells after it, up to the next.
type trackerCol struct {
	word string
	gap  int
}

// trackerCols is the tracker's column head, word by word, so the head can be drawn as a row or
// as the section's rule.
func trackerCols(idxW, cmdW, nodes int) []trackerCol {
	cols := []trackerCol{{strings.Repeat(" ", max(0, idxW-3)) + "idx", 1}, {"term", 1}, {"command", cmdW - 7 + 1}}
	if cmdW < 7 {
		cols[2].gap = 1
	}
	for id := 1; id <= nodes; id++ {
		cols = append(cols, trackerCol{fmt.Sprintf("n%d", id), 3 - len(fmt.Sprint(id)) - 1})
	}
	return append(cols, trackerCol{"result · proposed by", 0})
}

// trackerHeadRule is the tracker's rule when it has room for one row only: the column head
// (its words over their columns, spaces between) and then the rule with the section's name, so
// a half with one row still says what each column is (compare's lower half lost its head to
// the story check's line while the upper half had it: etcd-failover-reset at 4.073s). The words
// were drawn into the rule ("idx─term─command──"), which read as a broken line.
func (m *Model) trackerHeadRule(iw, rows int) string {
	st := m.st
	l := newLine(iw)
	for _, c := range trackerCols(m.trackerIdxW(), m.trackerCmdW(iw, rows), len(m.v.Nodes)) {
		l.add(st.headKey, c.word)
		l.add(st.plain, strings.Repeat(" ", c.gap))
	}
	name := " replication" + m.earlierMark(rows) + " "
	if forms := m.trackerLegend(rows); len(forms) > 0 {
		// The cells' marks read as the full rule reads them, whole or not at all.
		if legend := " replication" + m.earlierMark(rows) + " · " + forms[0] + " "; l.room() >= width(legend)+3 {
			name = legend
		}
	}
	if l.room() >= width(name)+3 {
		l.add(st.border, " ─"+strings.Repeat("─", l.room()-width(name)-3))
		l.add(st.faint, name)
		l.add(st.border, "─")
	} else {
		l.add(st.border, strings.Repeat("─", l.room()))
	}
	return l.String()
}

// trackerRow is a row of the tracker: a proposal, or log entries between (or after) the
// proposals that lock nothing: a new leader's empty entry, a configuration change.
type trackerRow struct {
	prop   *cluster.ProposalView
	lo, hi uint64 // the entries, when prop is nil
}

// trackerRows is the proposals with a row for each run of entries they skip, from the first
// proposal on (before one, the entries after the bootstrap): idx 3 then 5 read as a lost entry 4, where a new leader's empty entry was (the
// etcd-failover-reset lesson is about that entry).
func (m *Model) trackerRows() []trackerRow {
	props := m.v.Proposals
	out := make([]trackerRow, 0, len(props)+2)
	var last uint64
	for i := range props {
		p := &props[i]
		if p.Index > 0 && last > 0 && p.Index > last+1 {
			out = appendGap(out, last+1, p.Index-1)
		}
		out = append(out, trackerRow{prop: p})
		last = max(last, p.Index)
	}
	if end := m.lastIndex(); last > 0 && end > last {
		out = appendGap(out, last+1, end)
	} else if last == 0 && end > 1 {
		// Before any proposal, the entries after the bootstrap (1): a new leader's empty
		// entry, which the log columns and the narration already show.
		out = appendGap(out, 2, end)
	}
	return out
}

// appendGap adds entries lo..hi: a row each for up to three, else one row for them all.
func appendGap(out []trackerRow, lo, hi uint64) []trackerRow {
	if hi-lo >= 3 {
		return append(out, trackerRow{lo: lo, hi: hi})
	}
	for i := lo; i <= hi; i++ {
		out = append(out, trackerRow{lo: i, hi: i})
	}
	return out
}

// lastIndex is the highest index any node's log holds.
func (m *Model) lastIndex() uint64 {
	var hi uint64
	for i := range m.v.Nodes {
		hi = max(hi, m.v.Nodes[i].LastIndex)
	}
	return hi
}

// entryAt is a node's view of the entry at idx, if its log tail holds it.
func entryAt(n *cluster.NodeView, idx uint64) *cluster.EntryView {
	for i := range n.Log {
		if n.Log[i].Index == idx {
			return &n.Log[i]
		}
	}
	return nil
}

// gapRow is one entry that is not a proposal, with its stage on every node as their logs
// show it ("4 t2 empty ✓ ○ ○ ○ ○ a new leader's first entry"), or a run of them in one row.
func (m *Model) gapRow(lo, hi uint64, iw, idxW, cmdW int) string {
	st := m.st
	l := newLine(iw)
	if lo < hi {
		r := fmt.Sprintf("%*d-%d: ", idxW, lo, hi)
		l.add(st.faint, firstFit(iw, r+fmt.Sprintf("%d entries that lock nothing (empty, configuration)", hi-lo+1), r+"entries that lock nothing", r+"lock nothing"))
		return l.String()
	}
	e := m.gapEntry(lo)
	l.add(st.faint, fmt.Sprintf("%*d ", idxW, lo))
	if e == nil {
		l.add(st.faint, "entry not shown: it locks nothing")
		return l.String()
	}
	l.add(st.term(e.Term), fmt.Sprintf("t%-3d ", e.Term))
	what, why := "empty", "a new leader's first entry"
	switch {
	case e.Conf != "":
		what, why = "conf "+e.Conf, "configuration"
	case !e.Empty:
		what, why = e.Cmd.String(), ""
	}
	l.add(st.faint, fit(what, cmdW)+" ")
	for i := range m.v.Nodes {
		mark, ms := m.gapMark(i, lo, e.Term)
		l.add(ms, mark+"  ")
	}
	// Whole words only: "new leader's" alone read as cut, with room left on the row. A cell
	// stays free before the border ("a new leader's first entry││" read as one word with it).
	room := l.room() - 1
	if why != "" && e.Conf == "" {
		why = firstFit(room, why, "new leader's first entry", "new leader's entry", "new leader", "")
	}
	l.add(st.faint, firstFit(room, why, ""))
	return l.String()
}

// gapEntry is the entry at idx as gapRow shows it: as the leader holds it, else the newest term
// a live node holds (a node that is down may keep one the others overwrote: figure-8), else as
// a node that is down holds it; nil when no log tail holds it.
func (m *Model) gapEntry(lo uint64) *cluster.EntryView {
	var e *cluster.EntryView
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		c := entryAt(n, lo)
		switch {
		case c == nil || !n.Up:
		case n.Role == cluster.RoleLeader:
			e = c
		case e == nil || c.Term > e.Term:
			e = c
		}
		if c != nil && n.Up && n.Role == cluster.RoleLeader {
			break
		}
	}
	if e == nil { // only a node that is down shows it
		for i := range m.v.Nodes {
			if e = entryAt(&m.v.Nodes[i], lo); e != nil {
				break
			}
		}
	}
	return e
}

// heldStage is node i's stage on proposal p as the tracker marks it: a node that is down keeps
// its raft log on disk, so on an entry its log holds its mark is its log column's (◆ committed,
// ○ appended), ✖ only where it lacks the entry. A bare ✖ on entry 3 beside n3's column showing
// '◆ 3 t1 G orders 30s' hid what crash-restart is about: the log survives (nc30-a). Never ✓:
// its lock table is gone until it replays the log.
func (m *Model) heldStage(i int, p *cluster.ProposalView, s cluster.Stage) cluster.Stage {
	if s != cluster.StageDown || p.Index == 0 || i >= len(m.v.Nodes) {
		return s
	}
	return entryStage(&m.v.Nodes[i], p.Index, p.Term)
}

// entryStage is a node's stage on the entry at idx of term, from its log view (an entry its
// tail does not hold: from its applied and commit indexes).
func entryStage(n *cluster.NodeView, idx, term uint64) cluster.Stage {
	e := entryAt(n, idx)
	switch {
	case !n.Up && e != nil && e.Term == term && e.Committed:
		return cluster.StageCommitted // its log on disk holds it, as its column shows (downHeld)
	case !n.Up && e != nil && e.Term == term:
		return cluster.StageAppended
	case !n.Up:
		return cluster.StageDown
	case e != nil && e.Term != term:
		return cluster.StageReplaced
	case e != nil && e.Applied, e == nil && idx <= n.Applied:
		return cluster.StageApplied
	case e != nil && e.Committed, e == nil && idx <= n.Commit:
		return cluster.StageCommitted
	case e != nil, idx <= n.LastIndex:
		return cluster.StageAppended
	}
	return cluster.StageNone
}

// trackerCmdW is the command column's width for the latest rows proposals in iw cells: as
// wide as its longest command, up to what leaves the marks and a result such as
// "Granted{token:101} · c1" their room, so a lease is not cut while cells stay blank (at
// 120x40 "Grant invoices 1m" needed 17 of the 16 a quarter gave).
func (m *Model) trackerCmdW(iw, rows int) int {
	props := m.v.Proposals
	if n := max(0, rows) + m.trackerScroll(rows); len(props) > n {
		props = props[len(props)-n:] // scrolled back: the rows shown, and those below them
	}
	w := 12
	for i := range props {
		w = max(w, width(props[i].Cmd.String()))
	}
	return min(w, max(min(20, max(12, iw/4)), iw-m.trackerIdxW()-1-5-3*len(m.v.Nodes)-24))
}

// trackerIdxW is the width of the tracker's index column: as wide as the largest index among
// the latest proposals (at least its header, "idx"), so the room goes to the result and who
// proposed it.
func (m *Model) trackerIdxW() int {
	w := 3
	for i := range m.v.Proposals {
		w = max(w, len(fmt.Sprint(m.v.Proposals[i].Index)))
	}
	if len(m.v.Proposals) > 0 { // the entries after the last proposal have rows too
		w = max(w, len(fmt.Sprint(m.lastIndex())))
	}
	return w
}

func (m *Model) proposalRow(p *cluster.ProposalView, iw, idxW, cmdW int) string {
	row, _ := m.proposalRowForm(p, iw, idxW, cmdW, 0)
	return row
}

// originForms is how many ways originText, originShort and originBare name a proposer (the
// last: none).
const originForms = 4

// proposalRowForm is proposalRow naming its proposer in form minForm or a shorter one
// (originText, originShort, none), and the form it used. trackerBody names each leader duty
// one way in a panel: "n1 expiry" on the applied Expires beside "n1 lease expiry #1" on the
// pending one read as two proposers (nc16-d).
func (m *Model) proposalRowForm(p *cluster.ProposalView, iw, idxW, cmdW, minForm int) (string, int) {
	st := m.st
	l := newLine(iw)
	idx, term := fmt.Sprintf("%*s", idxW, "-"), "-   "
	if p.Index > 0 {
		idx, term = fmt.Sprintf("%*d", idxW, p.Index), fmt.Sprintf("t%-3d", p.Term)
	}
	l.add(st.faint, idx+" ")
	l.add(st.term(p.Term), term+" ")
	res, agree := appliedResult(p)
	var applied fsm.Result
	if res != nil {
		applied = *res
	}
	cs := cmdStyle(st, p.Cmd, p.Origin, applied, agree && res != nil)
	l.add(cs, fit(p.Cmd.String(), cmdW)+" ")
	for i, s := range p.Stages {
		mark, ms := m.stageMark(m.heldStage(i, p, s))
		if m.inSnap(p, i) {
			mark = "s"
		}
		l.add(ms, mark+"  ")
	}
	form := 0
	rs, texts := st.plain, []string(nil) // the result, long to short
	switch {
	case res == nil && overwritten(p):
		// No live node holds it any more: it will never apply, so "…" (still on its way)
		// would be false (figure-8's lost Grant).
		rs, texts = st.bad, []string{"overwritten: never applied", "overwritten"}
	case res == nil && dropped(p):
		// Every log that held it was cut back below it (a deposed leader's entry, thrown
		// away when it caught up): "not applied yet" read as still to come (nc30-d,
		// lease-read-unsafe's safe run, a term-2 Grant on no node).
		rs, texts = st.bad, []string{"dropped: never applied", "dropped"}
	case res == nil:
		// Words where they fit: a bare "…" read as text cut off (first-lock, round 11).
		rs, texts = st.faint, []string{"not applied yet", "not yet", "…"}
	case !agree:
		rs, texts = st.badBlock, []string{"≠ results differ "}
	default:
		rs, texts = m.appliedTexts(p, res)
	}
	// A cell stays free before the border, as on an empty entry's row.
	room := l.room() - 1
	origins := []string{" · " + originText(p.Origin), " · " + originShort(p.Origin), " · " + originBare(p.Origin), ""}
	// The bare name may take the cell kept free before the border: "Expired{existed:true}"
	// left no room for "· n1" by one cell, and the Expire alone named no one (nc31-a).
	fits := func(w, f int) bool { return w <= room || f == originForms-2 && w <= room+1 }
	text, origin := texts[len(texts)-1], ""
	// A row not applied yet names its proposer as it will once applied, with its result: the
	// form shrank between stops ("n1 ghost release #2", then "Released · ghost release";
	// "c2", then "Released · c2 release": nc22-j), so a student could not tell them one.
	pending := res == nil && !overwritten(p) && !dropped(p)
	if p.Origin.Kind == cluster.OriginGhost {
		// "ghost release" is what the ghost-lock lessons point at, and its result says what it
		// did: both stay, in the longest forms that fit (who proposed it, the leader, goes first).
		text, origin = "", "ghost release"
		for _, f := range [][2]string{{texts[0], origins[0]}, {texts[0], origins[1]}, {texts[0], " · ghost release"}, {"", originText(p.Origin)}, {"", "ghost release"}} {
			w := width(f[0])
			if pending && f[0] != "" {
				w = finalResultWidth(p)
			}
			if w+width(f[1]) <= room {
				text, origin = f[0], f[1]
				break
			}
		}
		if pending && text != "" {
			text = fitText(texts, room-width(origin))
		}
	} else if pending {
		// Room for the whole "not applied yet" first, in a shorter form of the proposer if it
		// must: a Release read "not yet · c1 release" where a Grant read "not applied yet · c1",
		// the same state in two words (nc24-a).
		final := max(finalResultWidth(p), width(texts[0]))
		if final+width(origins[1]) > room { // not at the cost of the proposer
			final = finalResultWidth(p)
		}
		for f := min(minForm, originForms-1); f < originForms; f++ {
			if o := origins[f]; fits(final+width(o), f) {
				origin, form = o, f
				break
			}
		}
		if o := expiryOrigin(p, form, room-width("existed:true")); o != "" {
			origin = o // as it will read once applied, beside "existed:true"
		}
		text = fitText(texts, room-width(origin))
	} else {
		// The whole result first, in its longest form that fits; then who proposed it, in the
		// longest form that fits after it. In a comparison, a row the other run holds too takes
		// the same form there: the halves differ only where the runs do.
		twin := m.twinTexts(p)
		wide := func(k int) int { return max(width(texts[k]), width(twin[min(k, len(twin)-1)])) }
		if t, o, f := m.retryFit(p, res, texts, room, minForm); o != "" {
			l.add(rs, t)
			l.add(st.faint, o)
			return l.String(), f
		}
		// A result with forms (a late Expire's) takes the longest that leaves its proposer
		// room, short of its last, which gives up the result itself; else the longest that fits.
		k := -1
		for i := 0; i < len(texts)-1 && k < 0; i++ {
			if wide(i)+width(origins[1]) <= room {
				k = i
			}
		}
		for i := 0; i < len(texts) && k < 0; i++ {
			if wide(i) <= room {
				k = i
			}
		}
		if k < 0 {
			k = len(texts) - 1
		}
		text = texts[k]
		for f := min(minForm, originForms-1); f < originForms; f++ {
			if o := origins[f]; fits(wide(k)+width(o), f) {
				origin, form = o, f
				break
			}
		}
		if len(texts) == 1 && res.Kind == fsm.Expired {
			short := fmt.Sprintf("existed:%v", res.Existed)
			if o := expiryOrigin(p, form, room-width(short)); o != "" {
				text, origin = short, o
			}
		}
	}
	l.add(rs, text)
	l.add(st.faint, origin)
	return l.String(), form
}

// appliedTexts is an applied proposal's result, long to short, and its style. A late Expire
// is tagged LATE with what it did, in forms that pair one to one with the other run's (a
// comparison shows them side by side): "LATE no-op Expired{existed:false}" in the safe run,
// "LATE deletes c2's lock #2 Expired{existed:true}" where expire-ignores-token let it delete
// the next holder's lock.
func (m *Model) appliedTexts(p *cluster.ProposalView, res *fsm.Result) (sty, []string) {
	st := m.st
	short := fmt.Sprintf("existed:%v", res.Existed)
	if p.Cmd.Kind == fsm.Expire && res.Kind == fsm.Expired && !res.Existed {
		// The tag first: the lesson points at it. Short of room, the tag and what it found.
		t := "LATE no-op"
		return st.late, []string{t + " " + res.String(), t + " " + res.String(), t + " " + short, t + " " + short, t}
	}
	if who, tok := m.expiredOther(p, res); tok != 0 {
		// An Expire that deleted another token's lock (expire-ignores-token): as late as the
		// safe run's, and it says what it deleted.
		long, brief := fmt.Sprintf("LATE deletes %s's lock #%d", who, tok), fmt.Sprintf("LATE deletes %s's #%d", who, tok)
		if who == "" {
			long, brief = fmt.Sprintf("LATE deletes lock #%d", tok), fmt.Sprintf("LATE deletes #%d", tok)
		}
		return st.bad, []string{long + " " + res.String(), brief + " " + res.String(), long + " " + short, brief + " " + short, brief}
	}
	return st.plain, []string{res.String()}
}

// retryFit is a retried Expire's applied result and proposer, and the proposer's form: the
// proposer always says it is the retry ("n1 lease expiry #1, 2nd", "n1 retry #1", "n1 retry",
// the last taking the cell kept free before the border if it must), and the result gives way
// to it, down to "LATE deletes #2" (its holder said by the client line). At 120x40
// late-expire-unsafe's entry 6 read "not yet · n1 retry", then "LATE deletes c2's #2 · n1":
// which copy was the retry was lost (nc34-x). Only for a retry that deleted another's lock. Not in a comparison, whose halves pair their
// results' forms and whose notes cite existed:. "" where p is no retry.
func (m *Model) retryFit(p *cluster.ProposalView, res *fsm.Result, texts []string, room, minForm int) (string, string, int) {
	if m.pairView != nil || p.Origin.Kind != cluster.OriginExpire || p.Origin.TryText() == "" || res.Kind != fsm.Expired {
		return "", "", 0
	}
	short := originShort(p.Origin)
	named := []string{" · " + originText(p.Origin), " · " + short, " · " + short[:strings.LastIndex(short, " #")]}
	cand := slices.Clip(texts)
	_, tok := m.expiredOther(p, res)
	if tok == 0 {
		// A retry that deleted nothing of another's: its result (late-expire's "LATE no-op
		// existed:false", which that lesson's story is about) keeps its room, as before.
		return "", "", 0
	}
	cand = append(cand, fmt.Sprintf("LATE deletes #%d", tok))
	for _, t := range cand {
		for f := min(minForm, len(named)-1); f < len(named); f++ {
			if w := width(t) + width(named[f]); w <= room || f == len(named)-1 && w <= room+1 {
				return t, named[f], f
			}
		}
	}
	return "", "", 0
}

// twinTexts is appliedTexts for the entry at p's index in the other run of a comparison, where
// it is the same proposal and applied there too; else none, "".
func (m *Model) twinTexts(p *cluster.ProposalView) []string {
	if m.pairView == nil {
		return []string{""}
	}
	tm := &Model{st: m.st, v: *m.pairView}
	for i := range m.pairView.Proposals {
		q := &m.pairView.Proposals[i]
		if q.Index != p.Index || q.Term != p.Term || q.Cmd.String() != p.Cmd.String() || originText(q.Origin) != originText(p.Origin) {
			continue
		}
		if r, agree := appliedResult(q); r != nil && agree {
			_, t := tm.appliedTexts(q, r)
			return t
		}
	}
	return []string{""}
}

// fitText is the longest of texts (long to short) that fits in room cells, else the shortest.
func fitText(texts []string, room int) string {
	for _, t := range texts {
		if width(t) <= room {
			return t
		}
	}
	return texts[len(texts)-1]
}

// finalResultWidth is how wide a proposal's result will be once applied, the widest its
// command can apply with (a Grant's token is at most its index).
func finalResultWidth(p *cluster.ProposalView) int {
	switch p.Cmd.Kind {
	case fsm.Grant:
		return width(fsm.Result{Kind: fsm.Granted, Token: max(p.Index, 1)}.String())
	case fsm.Release:
		return max(width(fsm.Result{Kind: fsm.Released}.String()), width(fsm.Result{Kind: fsm.NotFound}.String()))
	case fsm.Expire:
		return width(fsm.Result{Kind: fsm.Expired, Existed: true}.String())
	case fsm.Renew:
		return width(fsm.Result{Kind: fsm.Renewed, Existed: true}.String())
	case fsm.Checkpoint:
		return width(fsm.Result{Kind: fsm.Checkpointed, Existed: true}.String())
	}
	return 0
}

// dropped says no live node's log holds p any more, though the proposer's did (Index is
// set once it appended it): nothing can bring it back, so it will never apply.
func dropped(p *cluster.ProposalView) bool {
	if p.Index == 0 {
		return false
	}
	none := false
	for _, s := range p.Stages {
		switch s {
		case cluster.StageNone:
			none = true
		case cluster.StageDown:
		default:
			return false
		}
	}
	return none
}

// overwritten says that every live node's log holds another entry at the proposal's index
// (at least one does, none holds it): it was lost and will never apply there.
func overwritten(p *cluster.ProposalView) bool {
	replaced := false
	for _, s := range p.Stages {
		switch s {
		case cluster.StageReplaced:
			replaced = true
		case cluster.StageDown:
		default:
			return false
		}
	}
	return replaced
}

// appliedResult is the result the nodes applied the proposal with, and whether they agree.
func appliedResult(p *cluster.ProposalView) (*fsm.Result, bool) {
	var first *fsm.Result
	for i, s := range p.Stages {
		if s != cluster.StageApplied || p.Results[i] == (fsm.Result{}) {
			continue
		}
		if first == nil {
			first = &p.Results[i]
		} else if *first != p.Results[i] {
			return first, false
		}
	}
	return first, true
}

// originShort is originText for a narrow panel: "c1", "n1 expiry #1" (a retry of it: "n1 retry #1"),
// "n2 ghost release".
func originShort(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
		return o.Client
	case cluster.OriginExpire:
		if o.TryText() != "" {
			// Narrower than "n1 expiry #1", so a retry keeps its proposer wherever the first
			// copy's fits (the halves side by side at 160x48), and still differs from it.
			return fmt.Sprintf("n%d retry #%d", o.Node, o.Token)
		}
		return fmt.Sprintf("n%d expiry #%d", o.Node, o.Token)
	case cluster.OriginGhost:
		return fmt.Sprintf("n%d ghost release", o.Node)
	case cluster.OriginHeld:
		return fmt.Sprintf("n%d held", o.Node)
	}
	return "-"
}

// expiryOrigin is an Expire's proposer where its row, short of room, would name only "n1" (or
// no one) after "Expired{existed:true}", the bare name touching the border: "existed:true · n1
// expiry #3" or "existed:true · n1 expiry" says it is the lease running out, as a ghost
// release's row says "ghost release" (nc32-f, nc32-d). "" where the row names it already, or
// room (cells left after "existed:true") holds neither.
func expiryOrigin(p *cluster.ProposalView, form, room int) string {
	if p.Origin.Kind != cluster.OriginExpire || form < originForms-2 {
		return ""
	}
	short := originShort(p.Origin)
	for _, o := range []string{short, short[:strings.LastIndex(short, " #")]} {
		if width(" · "+o) <= room {
			return " · " + o
		}
	}
	return ""
}

// originBare is the proposer alone: "c1", "n1".
func originBare(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
		return o.Client
	case cluster.OriginExpire, cluster.OriginGhost, cluster.OriginHeld:
		return fmt.Sprintf("n%d", o.Node)
	}
	return "-"
}

// originText says who proposed: "c1 acquire", "n1 lease expiry #1", "n2 ghost release #3".
func originText(o cluster.Origin) string {
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
		return o.Client + " " + o.Kind.String()
	case cluster.OriginExpire:
		// A retry says so, as the timeline's tag does: entries 4 and 6 of late-expire both read
		// "n1 lease expiry #1" and only the index told the second copy apart (nc24-g2).
		return fmt.Sprintf("n%d lease expiry #%d%s", o.Node, o.Token, o.TryText())
	case cluster.OriginGhost:
		return fmt.Sprintf("n%d ghost release #%d", o.Node, o.Token)
	case cluster.OriginHeld:
		return fmt.Sprintf("n%d held keys", o.Node)
	}
	return "-"
}

// expiredOther is the holder and token of the lock an Expire deleted when that is not the
// token it names (only an unsafe run does that): the token as the tracker saw it applied
// (ProposalView.Ended); the holder the client its Grant answered where the view holds that
// Grant, else the client that still holds the token, "" when none does.
func (m *Model) expiredOther(p *cluster.ProposalView, res *fsm.Result) (string, uint64) {
	if p.Ended == 0 || res.Kind != fsm.Expired || !res.Existed {
		return "", 0
	}
	for i := range m.v.Proposals {
		q := &m.v.Proposals[i]
		if r, _ := appliedResult(q); q.Cmd.Kind == fsm.Grant && q.Cmd.Key == p.Cmd.Key && r != nil && r.Kind == fsm.Granted && r.Token == p.Ended && q.Origin.Client != "" {
			return q.Origin.Client, p.Ended
		}
	}
	for _, c := range m.v.Clients {
		for _, h := range c.Holds {
			if h.Key == p.Cmd.Key && h.Token == p.Ended {
				return c.Name, p.Ended
			}
		}
	}
	return "", p.Ended
}

// newestEntry is the tracker in a few words, in w cells where it can: its newest proposal,
// where it stands and what it applied as ("replication · newest: 6 Grant orders 3s →
// Granted{token:2}, applied on 5 of 5"), after how many earlier entries it leaves out.
func (m *Model) newestEntry(w int) string {
	ps := m.v.Proposals
	if len(ps) == 0 {
		return "replication · no proposals yet"
	}
	p := &ps[len(ps)-1]
	name := "replication" + m.earlierMark(1)
	applied := 0
	for _, s := range p.Stages {
		if s == cluster.StageApplied {
			applied++
		}
	}
	r, _ := appliedResult(p)
	if r == nil { // said as the tracker's row says it ("…" read as a cut result)
		return fmt.Sprintf("%s · newest: %d %s → not applied yet", name, p.Index, p.Cmd)
	}
	// The count of earlier entries stays whole: "applied on" gives way (at 80x24 the result
	// was cut to "Granted{token:3}, a…").
	return firstFit(w,
		fmt.Sprintf("%s · newest: %d %s → %s, applied on %d of %d", name, p.Index, p.Cmd, r, applied, len(p.Stages)),
		fmt.Sprintf("%s · newest: %d %s → %s on %d of %d", name, p.Index, p.Cmd, r, applied, len(p.Stages)),
		fmt.Sprintf("%s · %d %s → %s on %d/%d", name, p.Index, p.Cmd, r, applied, len(p.Stages)))
}

// namedTrackerRows is, at a stop, how many of the Replication's rows, newest last, reach back
// to the oldest entry the newest narration names ("entry 5", "entries 4 and 6"): 0 when it names
// none the rows hold. The compact layout keeps them (layout.growTracker).
func (m *Model) namedTrackerRows() int {
	if m.sim == nil || !m.atStop() {
		return 0 // (at a stop, where the world stands still: running on, the layout stays put)
	}
	var lo uint64
	for _, t := range m.says() {
		for _, g := range entryNamed.FindAllStringSubmatch(t, -1) {
			for _, s := range append([]string{g[1]}, entryNumber.FindAllString(g[2], -1)...) {
				if n, err := strconv.ParseUint(s, 10, 64); err == nil && n > 0 && (lo == 0 || n < lo) {
					lo = n
				}
			}
		}
	}
	rows := m.trackerRows()
	if lo == 0 || len(rows) == 0 {
		return 0
	}
	if n := trackerRowsFrom(rows, lo); n > 0 || m.v.ProposalsBefore == 0 {
		return n
	}
	// The view holds only the rows the layout has room for: an entry before them is a row
	// each back to it (the next view, taken for the rows it gets, counts them exactly).
	oldest := rows[0].lo
	if rows[0].prop != nil {
		oldest = rows[0].prop.Index
	}
	if lo >= oldest {
		return 0
	}
	return len(rows) + int(oldest-lo)
}
