package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// sideBySideW is the width from which the two halves stand side by side; below it they are
// stacked.
const sideBySideW = 160

// cmpLayout is where the halves and the shared narration go.
type cmpLayout struct {
	sideBySide bool
	halves     [2]rect
	narr       rect // the shared narration (h 0 when each half has its own)
}

func (m *CompareModel) layout() cmpLayout {
	w, h := m.width, m.height
	var l cmpLayout
	body := h - 3 // header, status, help
	l.sideBySide = w >= sideBySideW
	if m.c.Shared {
		// Stacked halves need their node tables whole (borders, divergence, table head, nodes).
		spare := h - 3 - 2*(2+m.divHeight(w-2)+max(len(m.noteLines(0, w-2)), len(m.noteLines(1, w-2)))+1+len(m.v[0].Nodes))
		if l.sideBySide {
			spare = h / 3
		}
		if m.askToAnswer() {
			// An ask to answer: its question and every choice, before the node tables (at
			// 80x24 past the divergence only its question's first line was left).
			spare = max(spare, (h-3)/2)
		}
		if m.endSaysMore() {
			// At the end the verdicts and what the clients were told otherwise are the point:
			// the node tables give way (at 80x24 they were "… 9 more lines").
			spare = max(spare, (h-3)/2)
		}
		if m.shortStacked() && m.atPause && m.c.Div != nil {
			// At a stop past the divergence the story's narration keeps the two rows the halves'
			// switch lines gave way (switchLinesGiveWay): it is what the stop is for, and with
			// one row it was cut mid-sentence with no word of the rest (nc24-g2).
			spare = max(spare, 3)
		}
		l.narr.h = min(m.sharedNarrLines(w), max(1, spare))
		// The rows a cut narration leaves (a say too long for them gave way whole) go back to
		// the halves: at 80x24 two blank rows stood under an ask while the nodes were cut.
		l.narr.h = min(l.narr.h, max(1, len(narrFitted(m.sharedNarration(w), l.narr.h))))
		body -= l.narr.h
	}
	if !l.sideBySide && m.c.Shared && m.c.Div == nil && body%2 == 1 {
		// While the runs are identical the stacked halves are equally tall, so they show the
		// same rows (late-expire --unsafe at 4.267s: the lower half had one tracker row more);
		// the odd row goes to the narration under them.
		body--
		l.narr.h++
	}
	if l.sideBySide {
		lw := w / 2
		l.halves[0] = rect{0, 1, lw, body}
		l.halves[1] = rect{lw, 1, w - lw, body}
	} else {
		top := body / 2
		l.halves[0] = rect{0, 1, w, top}
		l.halves[1] = rect{0, 1 + top, w, body - top}
	}
	l.narr = rect{0, 1 + body, w, l.narr.h}
	return l
}

// View draws both halves from the snapshots taken in Update.
func (m *CompareModel) View() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("leaselab: internal error while drawing: %v (q quits)", r)
		}
	}()
	if m.err != nil {
		return ""
	}
	if m.width < minW || m.height < minH {
		return cut(fmt.Sprintf("terminal too small (need 80x24, now %dx%d) · q quits", m.width, m.height), max(m.width, 0))
	}
	l := m.layout()
	rows := []string{m.cmpHeader()}
	if m.page == pageKeys {
		rows = append(rows, m.keysPage(m.width, m.height-3)...)
		return strings.Join(append(rows, m.cmpStatus(m.width), m.cmpHelp(m.width)), "\n")
	}
	if m.page == pageGlossary {
		// The halves' node tables head their columns "c/a" and "clock" (×1) with no word
		// for them on screen (nc22-c): the page says so above the glossary (a half has no net
		// line, so not its part).
		rows = append(rows, glossaryPageWith(m.st, m.width, m.height-3, m.glossTop, []string{m.glossLead()})...)
		return strings.Join(append(rows, m.cmpStatus(m.width), m.cmpHelp(m.width)), "\n")
	}
	m.drawn = [2]halfFit{} // (what this drawing's halves show: verdictMore reads it below)
	hs := m.halves(l)
	a, b := hs[0], hs[1]
	if l.sideBySide {
		rows = append(rows, hjoin(a, b)...)
	} else {
		rows = append(rows, a...)
		rows = append(rows, b...)
	}
	if l.narr.h > 0 {
		rows = append(rows, m.narrBlock(m.sharedNarration(l.narr.w), l.narr.w, l.narr.h)...)
	}
	rows = append(rows, m.cmpStatus(m.width), m.cmpHelp(m.width))
	return strings.Join(rows, "\n")
}

func (m *CompareModel) cmpHeader() string {
	st := m.st
	l := newLine(m.width)
	l.add(st.headName, " leaselab compare ")
	sep := func() { l.add(st.border, " │ ") }
	sep()
	l.add(st.headVal, simTime(m.c.Now()))
	sep()
	switch {
	case m.askToAnswer():
		l.add(st.pauseBlock, " ? PREDICT ") // as play says at an ask
	case m.atPause && m.c.AtStoryStart():
		l.add(st.pauseBlock, " ‖ STORY STARTS ")
	case m.atPause:
		l.add(st.pauseBlock, " ‖ SCRIPT PAUSE ")
	case m.ended && m.paused:
		l.add(st.pauseBlock, " ■ BOTH DONE ")
	case m.paused:
		l.add(st.warnBlock, " ‖ PAUSED ")
	default:
		l.add(st.good, "▶ running")
	}
	l.add(st.headKey, " "+speedText(m.speed))
	sep()
	switch {
	case m.c.Div != nil:
		badge := " ≠ diverged at " + simTime(m.c.Div.At) + " "
		if m.partedByTiming() {
			// The first difference is an answer a few ms apart, not a different one: "≠
			// diverged at 0.086s" beside "timing, not the difference" under it left which
			// instant mattered to a guess (nc31-f); the answers' own instants follow.
			badge = " ≠ parted by timing at " + simTime(m.c.Div.At) + " "
		}
		l.add(st.badBlock, badge)
		// (No space before it: the badge brings its own padding.)
		if fits := m.answersPart(); len(fits) > 0 && width(fits[len(fits)-1])+m.endedNoteW() <= l.room() {
			l.add(st.warn, firstFit(l.room()-m.endedNoteW(), fits...))
		}
	case m.div != nil:
		l.add(st.warn, "= identical so far · they part at "+simTime(m.div.At)+" (d)")
	default:
		l.add(st.good, "= identical so far")
	}
	// One side has ended while the other still waits out its checks: say so, and how to skip.
	for i, s := range m.c.Sides {
		if o := m.c.Sides[1-i]; s.Verdict != nil && o.Verdict == nil {
			sep()
			l.add(st.warn, s.Label+" run ended")
			l.add(st.headKey, " · e plays both to the end")
		}
	}
	return l.String()
}

// answersPart is the header's words, longest first, for where the clients' answers first differ after the divergence: the first
// difference may be timing that no client is told (lease-read --unsafe parts at 0.086s, its c2
// answered busy 7ms sooner; the stale busy, at 4.984s, is what matters, nc24-d2).
func (m *CompareModel) answersPart() []string {
	if m.c.Now() < m.c.Div.At {
		return nil
	}
	// (At its very instant too: d, which lands there, showed no word of the answers while .
	// 0.7ms on said they were alike, cp29.)
	diffs := m.c.ClientDiffs()
	if len(diffs) == 0 {
		return []string{"· the clients' answers alike so far", "· answers alike so far"}
	}
	at, first := time.Duration(-1), 0
	for j, d := range diffs {
		for _, x := range []struct {
			ok bool
			at time.Duration
		}{{d.AOK, d.AtA}, {d.BOK, d.AtB}} {
			if x.ok && (at < 0 || x.at < at) {
				at, first = x.at, j
			}
		}
	}
	if at <= m.c.Div.At {
		return nil // the divergence is itself a different answer
	}
	long, short := "· the clients' answers differ from "+simTime(at), "· answers differ from "+simTime(at)
	if d := diffs[first]; d.AOK && d.BOK && d.AtA != d.AtB {
		// Each run told the client at its own instant: the header's is the earlier one, or
		// both are named (it read 5.888s where the end said c3 unsafe was granted at 5.890s,
		// nc26-g), each by its half's name, a shorter one where narrow: the bare "4.116s |
		// 4.120s" left which run is which to a guess (nc27-g, nc30-e). One answer per run,
		// each named by its run: "the earlier of c3's two answers" read as c3 told twice in
		// one run (nc30-h).
		said := func(s string) string {
			s, _, _ = strings.Cut(strings.TrimPrefix(s, "gets "), " from ")
			return s
		}
		var out []string
		for _, words := range [][2]string{m.sideWords(false), m.sideWords(true)} {
			out = append(out, fmt.Sprintf("· %s's answer: %s %s %s | %s %s %s", d.Client, words[0], simTime(d.AtA), said(d.A), words[1], simTime(d.AtB), said(d.B)))
		}
		if strings.HasPrefix(d.A, "gets ") && strings.HasPrefix(d.B, "gets ") && !m.partedByTiming() {
			// Short of room, what each run told the client before when: "c1's answer: reset
			// 4.088s | keep 4.091s" said neither which answer nor what it was (nc37-b); the
			// halves' rows give the instants. (Runs parted by timing keep the instant, which
			// tells the answers apart from the timing: nc31-f.)
			word := func(s string) string { return strings.Fields(said(s))[0] }
			for _, words := range [][2]string{m.sideWords(false), m.sideWords(true)} {
				out = append(out, fmt.Sprintf("· %s got %s (%s) | %s (%s)", d.Client, word(d.A), words[0], word(d.B), words[1]))
			}
		}
		for _, words := range [][2]string{m.sideWords(false), m.sideWords(true)} {
			out = append(out, fmt.Sprintf("· %s's answer: %s %s | %s %s", d.Client, words[0], simTime(d.AtA), words[1], simTime(d.AtB)))
		}
		return append(out, short)
	}
	return []string{long, short}
}

// sideWords names the two halves for the header: by their labels' first words ("safe",
// "unsafe"; "with lease-on-promote extend", "without lease-on-promote (keep)"), or short, by
// what each runs where an option tells them apart ("extend", "keep"; "with", "without").
func (m *CompareModel) sideWords(short bool) [2]string {
	var w [2]string
	for i, s := range m.c.Sides {
		w[i], _, _ = strings.Cut(s.Label, ":")
	}
	if !short {
		return w
	}
	wi := 0 // the half with the option
	if strings.HasPrefix(w[1], "with ") {
		wi = 1
	}
	a, aok := strings.CutPrefix(w[wi], "with ")
	b, bok := strings.CutPrefix(w[1-wi], "without ")
	if !aok || !bok {
		return w
	}
	w[wi], w[1-wi] = "with", "without"
	// One option each way: its value beside what the run without it falls back to.
	if back, ok := strings.CutSuffix(b, ")"); ok && !strings.Contains(a, ",") && !strings.Contains(b, ",") {
		f := strings.Fields(a)
		if _, back, ok = strings.Cut(back, " ("); ok && len(f) == 2 {
			w[wi], w[1-wi] = f[1], back
		}
	}
	return w
}

// endedNoteW is the header's cells for "│ X run ended · e plays both to the end" while one run
// has ended alone.
func (m *CompareModel) endedNoteW() int {
	n := 0
	for i, s := range m.c.Sides {
		if o := m.c.Sides[1-i]; s.Verdict != nil && o.Verdict == nil {
			n += width(" │ " + s.Label + " run ended · e plays both to the end")
		}
	}
	return n
}

// halfOpts are what View decides for a half from both (stacked, one above the other).
type halfOpts struct {
	noHead bool // the node table's column head is the upper half's, right above
	fold   bool // alike node rows share one row (foldNodes)
	nameW  int  // extra cells in the node column, for a folded row's name, in both halves
	// missInResults: the story's newest failed check (✗) is not a note under the divergence
	// but a row among the results, with the others of its instant: they take the note's rows
	// and the tracker's oldest entries (missShown).
	missInResults bool
	// trackCap, when above 0, caps the tracker's rows at trackCap-1: stacked halves past the
	// divergence show as many as the other (alignHalves), the rest going to the results.
	trackCap int
	// keepHead: the lower half keeps its own column head; dropHead: the half goes without,
	// as the other has no room for it (alignHalves).
	keepHead, dropHead bool
}

// halfFit is what a drawn half had room for.
type halfFit struct {
	head  bool // its node table's column head
	short bool // too few rows for its results (or no tracker while there are entries)
	// missHidden: the ✗ rows of the newest instant, which the half's note points at ("the ✗
	// rows in the results"), are not among the rows its results show.
	missHidden bool
	trackH     int // the tracker's rows, its rule among them
	recentH    int // the results' rows, their rule among them
	clientsH   int // the clients' and resource's rows, their rule among them
}

// halves draws both halves in l. Stacked, once the runs differ, the halves of one script show the
// same sections (alignHalves); of two, the lower half's node table goes without the column head
// the upper one shows right above it. A half short of rows for its results (late-expire
// --unsafe at 120x40: "applied results & replies: no room" at four stops, the unsafe half's
// Replication gone at the end) folds its alike node rows into one (foldNodes).
func (m *CompareModel) halves(l cmpLayout) [2][]string {
	rows := m.halvesOnce(l)
	if !m.missNoRoom && m.drawn[1].recentH < 2 && m.storyMissCount(1) > 1 {
		// The lower half's note points at its ✗ rows ("the ✗ rows in the results"), and its
		// results have no row for them, nor for ↑ ↓ to bring them (racing-acquires-unsafe's C
		// at 0.070s, 120x40: three ✗ rows of two lines each under the results' rule alone):
		// the note says they have no room (r34 3), in words no longer, so the rows stay.
		m.missNoRoom = true
		defer func() { m.missNoRoom = false }()
		rows = m.halvesOnce(l)
	}
	return rows
}

// halvesOnce is halves, the lower half's note as missNoRoom has it.
func (m *CompareModel) halvesOnce(l cmpLayout) [2][]string {
	if l.sideBySide {
		a, fa := m.half(0, l.halves[0], halfOpts{})
		b, fb := m.half(1, l.halves[1], halfOpts{})
		m.drawn = [2]halfFit{fa, fb}
		return [2][]string{a, b}
	}
	draw := func(o [2]halfOpts) ([2][]string, [2]halfFit) {
		a, fa := m.half(0, l.halves[0], o[0])
		// (Not while the runs are identical: their halves show the same rows. Nor when the
		// lower half's columns differ: lease-read's own lease had no heading, nc24-d2.)
		o[1].noHead = fa.head && !o[1].keepHead && !(m.c.Shared && m.c.Div == nil) && m.sameTableCols(l.halves[0].w-2, l.halves[1].w-2)
		b, fb := m.half(1, l.halves[1], o[1])
		return [2][]string{a, b}, [2]halfFit{fa, fb}
	}
	var o [2]halfOpts
	rows, fits := draw(o)
	refold := false
	for i := range o {
		if fits[i].short && len(m.foldNodes(i)) < len(m.v[i].Nodes) {
			o[i].fold, refold = true, true
		}
	}
	if refold {
		for i := range o {
			o[i].nameW = foldNameW
		}
		rows, fits = draw(o)
	}
	if fits[1].missHidden {
		// The unsafe half's note said "2 checks failed here so far: the ✗ rows in the results"
		// (since nc34-c "2 of the safe story's checks don't hold here so far: …")
		// over results with no row at all (racing-acquires' C at 0.070s, 120x40, nc26-m): the
		// note's own text is the newest ✗ row, so it gives its rows to the results, which show
		// it and the other ✗ rows of its instant, where they fit that way.
		o2 := o
		o2[1].missInResults = true
		if r2, f2 := draw(o2); !f2[1].missHidden {
			rows, fits, o = r2, f2, o2
		}
	}
	if m.c.Shared && m.c.Div != nil {
		rows, fits = m.alignHalves(draw, o, rows, fits)
	}
	m.drawn = fits
	return rows
}

// alignHalves redraws stacked halves past the divergence with the same sections: each its
// own node table's column head, and as many tracker rows as the other, the rest going to the
// results. The lower half had lost its column head and then its tracker rows to the ✖ lines
// and the violation (late-expire --unsafe at 120x40 from 5.253s, nc32-h): the two could not
// be read row against row where they differ.
func (m *CompareModel) alignHalves(draw func([2]halfOpts) ([2][]string, [2]halfFit), o [2]halfOpts, rows [2][]string, fits [2]halfFit) ([2][]string, [2]halfFit) {
	if !fits[0].head || fits[1].head || o[0].missInResults || o[1].missInResults {
		return rows, fits // (only where the lower half alone lost its head: other layouts stay)
	}
	worse := func(f [2]halfFit) bool {
		for i := range f {
			if f[i].recentH < fits[i].recentH || f[i].clientsH < fits[i].clientsH || f[i].missHidden && !fits[i].missHidden {
				return true
			}
		}
		return false
	}
	o[1].keepHead = true
	r2, f2 := draw(o)
	if f2[0].head != f2[1].head || worse(f2) {
		if strings.Contains(m.drawModel(0).tableCols(m.halfW(0)), "check") {
			return rows, fits // (the head names the leader's check column: it stays, racing-acquires)
		}
		// One half has no room for its head but at its results' or clients' cost (late-expire
		// --unsafe's ✖ lines and violation from 5.253s): the other goes without too, its rows
		// going to its lists.
		o[1].keepHead = false
		o[0].dropHead, o[1].dropHead = true, true
		r2, f2 = draw(o)
		if f2[0].head || f2[1].head || worse(f2) {
			return rows, fits
		}
	}
	rows, fits = r2, f2
	if fits[0].trackH == fits[1].trackH {
		return rows, fits
	}
	c := min(fits[0].trackH, fits[1].trackH) + 1
	o[0].trackCap, o[1].trackCap = c, c
	r3, f3 := draw(o)
	if f3[0].trackH != f3[1].trackH || worse(f3) {
		return rows, fits
	}
	return r3, f3
}

// missTail is side i's results' ✗ rows at their newest instant, the last items, and the
// client's answer right before them at that instant (what they name: "here: c2 reply
// rejected"): the index of the first, and the rows they take with the results' rule (0
// without a ✗ row).
func missTail(items []resultItem) (from, rows int) {
	from = len(items)
	for from > 0 && items[from-1].miss && items[from-1].at == items[len(items)-1].at {
		from--
		rows += len(items[from].lines)
	}
	if from == len(items) {
		return from, 0
	}
	if from > 0 && items[from-1].reply && items[from-1].at == items[from].at {
		from--
		rows += len(items[from].lines)
	}
	return from, 1 + rows
}

// sameTableCols: the halves' node tables have the same column heads, so the upper half's,
// right above, names the lower half's columns too.
func (m *CompareModel) sameTableCols(w0, w1 int) bool {
	return m.drawModel(0).tableCols(w0) == m.drawModel(1).tableCols(w1)
}

// foldNameW is the cells a folded row's name ("n2-n5") takes beyond a node's ("n2").
const foldNameW = 3

// nodeFold is a run of node rows drawn as one: Nodes[lo..hi].
type nodeFold struct{ lo, hi int }

// foldNodes is side i's node rows with each run of neighbours whose rows read the same but for
// their names (role, term, commit/applied, clock, net, every lock cell, countdowns as shown) in
// one: "● n2-n5 follower T1 6/6 ×1 ok orders #2 ████░ 3.9s" is each of n2 to n5. The node the
// divergence is about stays on its own row.
func (m *CompareModel) foldNodes(i int) []nodeFold {
	v := &m.v[i]
	dm := m.drawModel(i)
	var out []nodeFold
	key := func(j int) string {
		if v.Nodes[j].ID == dm.node {
			return fmt.Sprint("selected", j)
		}
		return dm.nodeRowNamed(&v.Nodes[j], 200, "n?")
	}
	for j := 0; j < len(v.Nodes); {
		k := key(j)
		hi := j
		for hi+1 < len(v.Nodes) && v.Nodes[hi+1].ID == v.Nodes[hi].ID+1 && key(hi+1) == k {
			hi++
		}
		out = append(out, nodeFold{j, hi})
		j = hi + 1
	}
	return out
}

// halfW is half i's inner width (layout's halves, without their borders).
func (m *CompareModel) halfW(i int) int {
	if m.width < sideBySideW {
		return m.width - 2
	}
	if i == 0 {
		return m.width/2 - 2
	}
	return m.width - m.width/2 - 2
}

// drawModel is the drawing context for side i's single-run panels: the diverging node or
// client is shown as the selected one.
func (m *CompareModel) drawModel(i int) *Model {
	// Where the halves have their column heads (not at 80x24, whose rows have no room for
	// one), a leader's check stands under "clock check", at every stop alike.
	dm := &Model{st: m.st, v: m.v[i], oneZero: true, checkInHead: !m.shortStacked(), writeTimes: true, ownClock: true, pairView: &m.v[1-i],
		tableW: m.halfW(i), pairTableW: m.halfW(1 - i)}
	if d := m.c.Div; d != nil {
		if strings.HasPrefix(d.Subject, "n") {
			dm.node = d.Node
		} else {
			dm.client = d.Subject
		}
	}
	return dm
}

// half draws side i in r: a box titled with what differs, holding the divergence line, the
// node table, the replication tracker, the clients and the resource, then (room allowing)
// the latest applied results and replies, and its own narration when the scripts differ.
func (m *CompareModel) half(i int, r rect, o halfOpts) (_ []string, hf halfFit) {
	v := &m.v[i]
	s := m.c.Sides[i]
	iw, ih := r.w-2, r.h-2
	// Side by side, both halves are laid out alike, from the larger counts, so their sections
	// stand at the same rows. Stacked, rows side by side mean nothing: each half fills its own
	// rows (at 120x40 the lower half's odd row, and the upper's row padded to the lower's ✖
	// note, stayed blank while the results were cut).
	align := m.layout().sideBySide
	d := m.c.Div
	dm := m.drawModel(i)
	dm.nameW = o.nameW
	var nodeRows []string
	if o.fold {
		for _, f := range m.foldNodes(i) {
			name := fmt.Sprintf("n%d", v.Nodes[f.lo].ID)
			if f.hi > f.lo {
				name = fmt.Sprintf("n%d-n%d", v.Nodes[f.lo].ID, v.Nodes[f.hi].ID)
			}
			nodeRows = append(nodeRows, dm.nodeRowNamed(&v.Nodes[f.lo], iw, name))
		}
	} else {
		for j := range v.Nodes {
			nodeRows = append(nodeRows, dm.nodeRow(&v.Nodes[j], iw))
		}
	}
	var narr []narrLine
	narrH := 0
	if !m.c.Shared {
		narr = m.sideNarration(i, iw)
		// The taller of the two, so the halves' sections stay at the same rows.
		narrH = 1 + max(2, min(max(len(narr), len(m.sideNarration(1-i, iw))), 3))
	}
	body := make([]string, 0, ih)
	title := m.halfTitle(i)
	for _, l := range m.switchLines(i, iw) {
		body = append(body, m.st.warn.r(fit(" "+l, iw)))
	}
	// The run without a switch says the rule it keeps: the halves read alike, and while the
	// runs are identical they have the same rows.
	for _, l := range m.withoutLines(i, iw) {
		body = append(body, m.st.faint.r(fit(" "+l, iw)))
	}
	for align && len(body) < len(m.switchLines(1-i, iw))+len(m.withoutLines(1-i, iw)) {
		body = append(body, blank(iw)) // the two halves' rows stay aligned
	}
	if inBody, lines := m.stateLines(iw); inBody {
		body = append(body, m.st.headKey.r(fit(" "+lines[i][0], iw)))
		for _, l := range lines[i][1:] {
			body = append(body, m.st.headKey.r(fit("   "+l, iw)))
		}
		for align && (len(body) < len(lines[0]) || len(body) < len(lines[1])) {
			body = append(body, blank(iw)) // the two halves' rows stay aligned
		}
	} else {
		title += " · " + m.sideState(i)
	}
	top := len(body)
	body = append(body, m.divLines(i, iw)...)
	for align && len(body) < top+m.divHeight(iw) { // the two halves' rows stay aligned
		body = append(body, blank(iw))
	}
	notes := m.noteLines(i, iw)
	if o.missInResults {
		notes = m.noteLinesBut(i, iw, m.storyMiss(i))
	}
	if ih-len(body)-len(notes)-len(nodeRows) >= 2 { // the nodes first
		body = append(body, notes...)
	}
	// On a short screen the nodes come first: the table head and the narration give way.
	narrH = min(narrH, max(0, ih-len(body)-len(nodeRows)-2))
	if narrH < 2 {
		narrH = 0
	}
	clientRows, props, viol := 1, 1, false
	for j := range m.v {
		if !align && j != i {
			continue
		}
		clientRows = max(clientRows, m.clientRowsWanted(j, iw))
		props = max(props, len((&Model{v: m.v[j]}).trackerRows()))
		viol = viol || m.violKept(j)
	}
	// The head gives way to the clients and a violation's explanation read whole, too.
	rest, want := ih-len(body)-len(nodeRows)-narrH, 1+clientRows
	if viol {
		want += 1 + m.violRows(iw)
		if props > 1 || (props == 1 && len(m.v[i].Proposals) > 0) {
			// and the tracker's newest row under its head-rule: the entry that made the
			// violation (late-expire --unsafe at 5.253s: the unsafe half had no tracker).
			want += 2
		}
	}
	tight := rest < 4 || rest-1 < want
	heads := []string{"locks: countdown on each node's own clock", "locks (own clock)", "locks"}
	for _, r := range nodeRows {
		if strings.Contains(r, "EXPIRED HERE") {
			// What the words mean where they show, beside "— expired" on a node that has
			// deleted it (nc25-g guessed the difference at late-expire's 4.253s).
			heads = append([]string{"locks: countdown on each node's own clock · EXPIRED HERE: at zero, not yet deleted",
				"locks (own clock) · EXPIRED HERE: at zero, not yet deleted"}, heads...)
			break
		}
	}
	if !tight && !o.noHead && !o.dropHead {
		room := iw - width(dm.tableCols(iw))
		body = append(body, dm.tableHead(iw, firstFit(room, heads...)))
		hf.head = true
	}
	body = append(body, nodeRows...)
	// What is left goes to the clients first (every one of them, they carry the story), then
	// the replication tracker, then the latest results and replies.
	room := max(0, ih-len(body)-narrH)
	if tight && room == 1 && !o.noHead && !o.dropHead {
		// One row, too few for any list and its rule: the table head it gave way for takes
		// it back (at 80x24 the row stayed blank).
		hf.head = true
		room = 0
		at := len(body) - len(nodeRows)
		tableHead := dm.tableHead(iw, firstFit(iw-width(dm.tableCols(iw)), heads...))
		body = append(body[:at], append([]string{tableHead}, body[at:]...)...)
	}
	clientsH := min(1+clientRows, room)
	trackH := min(room-clientsH, 2+props)
	if trackH < 2 { // too little for the tracker: the clients keep the row
		clientsH = min(1+clientRows, clientsH+max(0, trackH))
		trackH = 0
	}
	recentH := room - clientsH - trackH
	if clientsH == 1 && trackH == 0 && recentH == 0 && len(v.Proposals) > 0 {
		// One row, and no column head to take it back (the upper half's stands above): the
		// tracker's newest entry in its rule (80x24 left it blank).
		clientsH, trackH = 0, 1
	}
	switch {
	case recentH == 0 && trackH >= 5 && len(m.kept[i].evs) > 0:
		// No row for the results (at 120x40 the switch's line under the title took the
		// last): the tracker's oldest entries give the results their rule and a row.
		trackH, recentH = trackH-2, 2
	case recentH == 0 && trackH == 4 && len(m.kept[i].evs) > 0:
		// Four rows and none for the results (late-expire --unsafe at 5.960s, 120x40: the safe
		// half's 'c3 gets busy from n1', which the narration quotes, under "no room" while the
		// tracker showed three entries every node had applied): the tracker's oldest entry gives
		// its row to the results' one-row rule, their newest row.
		trackH, recentH = 3, 1
	case recentH == 1 && trackH >= 3:
		// A row short of the results' rule and one result: the tracker's oldest row (or its
		// head) makes it up; the row left over stayed blank while the results were cut.
		trackH, recentH = trackH-1, 2
	case recentH == 1 && clientsH < 1+clientRows:
		clientsH, recentH = clientsH+1, 0
	case recentH == 1:
		trackH, recentH = trackH+1, 0
	}
	if entries := len(dm.trackerRows()); trackH > 0 && len(m.kept[i].evs) > 0 {
		// A second results row comes before the tracker's own rule (its column head then names
		// it), and a first one before its oldest entries (it keeps three): late-expire --unsafe at
		// 120x40 hid the 4.250s Expire its narration tells of, and after the ask the results
		// had "no room" while the tracker showed entry 3, applied everywhere at 0.048s.
		if trackH == 2+entries && entries > 0 && recentH == 2 && m.moreResultsIn(i, iw, recentH) {
			trackH, recentH = trackH-1, recentH+1
		}
		if take := min(2-recentH, trackH-(1+min(entries, 3))); recentH < 2 && take > 0 && recentH+take >= 2 {
			trackH, recentH = trackH-take, recentH+take
		}
		// And a second row before the tracker's oldest entry when every node has applied it
		// (its row tells nothing new), unless an ask waits on the entries.
		if rows := dm.trackerRows(); recentH == 2 && trackH-1 > 3 && trackH-1 <= len(rows) && !m.askToAnswer() &&
			appliedEverywhere(rows[len(rows)-(trackH-1)].prop) && m.moreResultsIn(i, iw, recentH) {
			trackH, recentH = trackH-1, recentH+1
		}
	}
	// (its rule and rows, and one newer row when the tracker has it to spare)
	if need := 1 + m.violRows(iw); viol && recentH <= need && trackH+recentH >= min(need, 2) {
		// A violation's explanation is in the results and replies (the title only names it),
		// read whole (at 160x48 it stopped at "…, which was"): it takes its rows from the
		// tracker, which keeps what is left if that is a row and its rule. One longer than
		// both still takes them all, cut with "…": an explanation a row too long for them
		// must not take the violation off the screen.
		take := max(0, min(need-recentH, trackH))
		if trackH-take >= 3 {
			take++
		}
		trackH -= take
		recentH += take
		if trackH < 2 && !(trackH == 1 && recentH >= need) {
			// (A row the explanation does not need stays the tracker's, its newest entry in
			// its rule: at late-expire --unsafe's end it stood blank under the violation
			// while the rule above said "replication: no room".)
			recentH += trackH
			trackH = 0
		}
	}
	if spare := clientsH - 2 - len(v.Resource); spare > 0 && len(v.Clients) > 1 && len(v.Resource) > 0 && (m.c.Done() || trackH == 0 || recentH == 0) {
		// Lists before a line for each client (with the resource's row too): the first clients share a row (clientRows).
		// late-expire --unsafe's writes (nc26-g) gave its clients and resource four rows at
		// 120x40: the results and the Replication had "no room", and at the end the
		// violation's explanation ended in "…".
		if need := 1 + m.violRows(iw); m.c.Done() && m.violKept(i) && recentH < need {
			give := min(need-recentH, spare)
			clientsH, recentH, spare = clientsH-give, recentH+give, spare-give
		}
		if spare > 0 && trackH == 0 && len(v.Proposals) > 0 {
			clientsH, trackH, spare = clientsH-1, 1, spare-1 // its newest entry, in its rule
		}
		if spare > 0 && recentH == 0 && len(m.kept[i].evs) > 0 {
			clientsH, recentH = clientsH-1, 1 // their newest row, in their rule
		}
	}
	if want := 1 + m.violMissRows(i, iw); viol && !align && recentH < want && trackH-2 >= want-recentH {
		// The story's checks that did not hold at the violation's instant (✗) show with it,
		// when the tracker keeps its head and newest entry: the half's line counts them, and
		// at late-expire --unsafe's divergence (120x40) one of its two showed, the other among
		// "1 between hidden".
		trackH, recentH = trackH-(want-recentH), want
	}
	if from := m.namedEntry(i); from > 0 && trackH >= 2 {
		// The entries the stop names stay in the tracker's window, with rows from the results
		// (down to their newest row, in their rule): compare's ↑ ↓ scroll the results, so an
		// entry scrolled past could not be brought back (compare_entries.go).
		rows := dm.trackerRows()
		shown := trackH - 1
		if trackH > 2 && trackH-2 >= len(rows) {
			shown = trackH - 2
		}
		keep := 0 // a violation's explanation stays whole
		if m.violKept(i) {
			keep = 1 + m.violRows(iw)
		}
		// (Only rows that bring the entry into the window: short of it they would leave the
		// results none for an entry still out of sight, as at late-expire --unsafe's 5.960s.)
		if need := trackerRowsFrom(rows, from) - shown; need > 0 && need <= recentH-keep {
			trackH, recentH = trackH+need, recentH-need
		}
	}
	if o.trackCap > 0 && trackH > o.trackCap-1 {
		recentH += trackH - (o.trackCap - 1)
		trackH = o.trackCap - 1
	}
	hf.trackH, hf.recentH, hf.clientsH = trackH, recentH, clientsH
	missFrom, missRows := missTail(m.resultItems(i, iw))
	if o.missInResults && recentH < missRows && trackH > 1 {
		// The ✗ rows the note pointed at, in place of the note: the tracker keeps its newest
		// entry, in its rule where one row is left (the divergence line names it too).
		take := min(trackH-1, missRows-recentH)
		trackH, recentH = trackH-take, recentH+take
	}
	// (From the newest rows, scrolled too: the layout stays while ↑ ↓ move through them.)
	if missRows > 0 && !align && len(v.Violations) == 0 && (o.missInResults || m.storyMiss(i) != "") {
		from, _ := newestFitRows(m.resultItems(i, iw), recentH-1)
		hf.missHidden = recentH < 2 || from > missFrom
	}
	if trackH == 2 || trackH > 2 && trackH-2 < len(dm.trackerRows()) {
		// A rule and fewer rows than entries: the rule is the column head, so the row's
		// columns are named in this half as in the other, which may have room for both, and
		// the row it saves is an entry (late-expire at 120x40: at the ask the first Expire's
		// commit, which the narration tells of, had given way).
		body = append(body, dm.trackerHeadRule(iw, trackH-1))
		body = append(body, dm.trackerBody(iw, trackH-1, false)...)
	} else if trackH > 2 {
		// The legend names the marks this half's rows draw (late-expire named ◆committed, which
		// no row there drew: nc26-g), the longest form that fits beside the title (rule's room).
		title, note := "replication"+dm.earlierMark(trackH-2), ""
		if forms := dm.trackerLegend(trackH - 2); len(forms) > 0 {
			note = firstFit(iw-width(title)-8, forms...)
		}
		body = append(body, rule(m.st, title, note, iw))
		body = append(body, dm.trackerBody(iw, trackH-1, true)...)
	} else if trackH == 1 {
		// One row, too few for the tracker's rule and a row: its rule names its newest entry
		// (the row stayed blank while the tracker was cut).
		body = append(body, rule(m.st, dm.newestEntry(iw-4), "", iw))
	}
	wantRecent := 3 // the rule and two rows, or a violation's explanation whole
	if m.violKept(i) {
		wantRecent = max(wantRecent, 1+m.violRows(iw))
	}
	shownEntries := max(0, trackH-2) // the tracker's rows under its rule and column head
	if trackH == 2 || trackH > 2 && trackH-2 < len(dm.trackerRows()) {
		shownEntries = trackH - 1 // under its rule that is the column head
	}
	hf.short = len(m.kept[i].evs) > 0 && recentH < wantRecent || len(v.Proposals) > 0 && shownEntries < len(dm.trackerRows())
	if clientsH >= 2 {
		// The results and replies, or the tracker, had no row left: say so, where the list
		// would start (the unsafe half's Replication had gone without a word).
		var none []string
		if trackH == 0 && len(v.Proposals) > 0 {
			none = append(none, "replication")
		}
		if recentH == 0 && len(m.kept[i].evs) > 0 {
			none = append(none, "applied results & replies")
		}
		aside := ""
		if len(none) > 0 {
			aside = strings.Join(none, ", ") + ": no room (a taller terminal)"
		}
		if len(none) == 1 && recentH == 0 {
			// The results' newest row in their place (lease-read --unsafe at 120x40: the stale
			// 'c2 gets busy from n1' at 4.984s stood hidden behind "no room", nc24-d2).
			if name, note := m.resultsOneRowText(i, iw-width(" clients & resource ")-6); name != "applied results & replies" && !strings.HasSuffix(name, "…") {
				aside = name
				if note != "" && width(aside+" ── "+note) <= iw-width(" clients & resource ")-6 {
					aside += " ── " + note // what ↑ and ↓ bring back stays said
				}
			}
		}
		if fits := width(aside)+3 <= iw-width("─ clients & resource ")-2; (aside == "" || !fits) && m.sharesRow(i, dm, clientsH-1) {
			// The shared row leaves ● out, as play's small screen does: beside a client with a
			// line of its own (c3 ●), or the other half's, c1 and c2 read as in another state
			// (nc32-h). (In place of a list's "no room" too long for the rule: 80x24's.)
			aside = "a shared row leaves ● (connected) out"
		}
		body = append(body, rule(m.st, "clients & resource", aside, iw))
		body = append(body, m.clientRows(i, dm, iw, clientsH-1)...)
	}
	if recentH == 1 && len(m.kept[i].evs) > 0 {
		body = append(body, m.resultsOneRow(i, iw))
	} else if recentH > 0 {
		rv := m.recent(i, iw, recentH-1)
		body = append(body, m.resultsRule(rv, iw))
		body = append(body, rv.rows...)
	}
	if narrH > 0 {
		body = append(body, rule(m.st, "narration", s.Scenario.Name, iw))
		body = append(body, m.narrBlock(narr, iw, narrH-1)...)
	}
	return boxT(m.st, title, m.titleStyle(i), body, r.w, r.h, d != nil), hf
}

// halfTitle is side i's title before its state: what it has or lacks, and its scenario, unless
// the switch it names is the scenario's own name ("unsafe: lease-read · lease-read" read as a
// stutter, nc24-d2): then "unsafe: lease-read switch on".
func (m *CompareModel) halfTitle(i int) string {
	s := m.c.Sides[i]
	if strings.HasSuffix(s.Label, ": "+s.Scenario.Name) {
		return s.Label + " switch on"
	}
	if o := m.c.Sides[1-i]; m.c.Shared && i == 1 && len(s.Scenario.Header.Unsafe) == 0 && len(o.Scenario.Header.Unsafe) > 0 {
		// An unsafe lesson's own script with its switch off (play's C: its twin, side 1):
		// "safe · racing-acquires-unsafe" named the unsafe lesson on the safe run (nc32-a).
		// Not the safe lesson's name either: its script is another (racing-acquires has no c3).
		return s.Label + " · " + s.Scenario.Name + "'s script, switch off"
	}
	if slices.Contains(strings.Fields(s.Label), s.Scenario.Name) {
		// An option named as its lesson: "without lock-delay · lock-delay" read as "without"
		// and "with" at once (nc37-f).
		return s.Label + " · the lesson's script"
	}
	return s.Label + " · " + s.Scenario.Name
}

// switchLines says what each unsafe switch side i has and the other side has not changes, in
// plain words, under its half's title from the start: until the runs part, only the title named
// expire-ignores-token while the narration under both halves stated the safe rule (nc16-d).
func (m *CompareModel) switchLines(i, w int) []string {
	if m.switchLinesGiveWay() {
		return nil
	}
	var out []string
	for _, name := range m.c.Sides[i].Scenario.Header.Unsafe {
		if slices.Contains(m.c.Sides[1-i].Scenario.Header.Unsafe, name) {
			continue
		}
		t := name + ": switched on"
		if area, ok := switchArea[name]; ok && m.askAhead() {
			if m.shortStacked() {
				out = append(out, cut("changes "+area+" (said after the asks)", w-2))
				continue
			}
			out = append(out, wrap(fmt.Sprintf("%s: changes %s (said after the asks)", name, area), w-2, "  ")...)
			continue
		}
		if r, ok := cluster.UnsafeRuleOf(name); ok {
			t = fmt.Sprintf("%s: %s; safe: %s", name, r.Unsafe, r.Safe)
		}
		if r, ok := cluster.UnsafeRuleOf(name); ok && m.shortStacked() {
			// One row, the title naming the switch: the nodes and clients keep theirs.
			out = append(out, cut(r.Unsafe+"; safe: "+r.Safe, w-2))
			continue
		}
		out = append(out, wrap(t, w-2, "  ")...)
	}
	return out
}

// switchArea is what each unsafe switch is about, said without what it does: while an ask is
// still to come the halves say only that (the rule under each title answered late-expire's
// asks before they were asked: nc24-g2); the title names the switch all along.
var switchArea = map[string]string{
	"expire-ignores-token": "how an Expire treats the token it names",
	"unchecked-proposals":  "what the leader checks before it proposes a Grant or Release",
	"local-expiry":         "which node deletes a lock when a lease ends",
	"no-fencing":           "how the resource treats a write's token",
	"lease-read":           "how the leader makes sure of a busy/not-found answer",
}

// askAhead says whether either script still has an ask to come, or one waiting unanswered.
func (m *CompareModel) askAhead() bool {
	for i, sd := range m.c.Sides {
		done, _ := m.c.Progress(i)
		for _, st := range sd.Scenario.Steps[min(done, len(sd.Scenario.Steps)):] {
			if _, answered := m.answers[st.Pos]; st.Kind == scenarios.StepAsk && !answered {
				return true
			}
		}
	}
	if ask, w := m.waitingAsk(); w {
		if _, answered := m.answers[ask.Pos]; !answered {
			return true
		}
	}
	return false
}

// shortStacked is a stacked comparison on a short screen (80x24), where each half has a few
// rows for its nodes and clients.
func (m *CompareModel) shortStacked() bool { return m.width < sideBySideW && m.height < 30 }

// switchLinesGiveWay: stacked, at the end, the rows go to the results and the Replication
// (at 120x40 the safe half's results and the unsafe half's Replication had no room), and the
// divergence line and the verdicts say what the switch did.
func (m *CompareModel) switchLinesGiveWay() bool {
	// At 80x24 from the divergence on too: the narration takes their rows (it had one, cut
	// mid-sentence, at late-expire --unsafe's later stops: nc24-g2).
	return m.width < sideBySideW && m.c.Div != nil && (m.c.Done() || m.shortStacked())
}

// withoutLines is, for each unsafe switch the other side has and side i has not, the rule
// side i keeps.
func (m *CompareModel) withoutLines(i, w int) []string {
	if m.switchLinesGiveWay() {
		return nil
	}
	var out []string
	for _, name := range m.c.Sides[1-i].Scenario.Header.Unsafe {
		if r, ok := cluster.UnsafeRuleOf(name); ok && !slices.Contains(m.c.Sides[i].Scenario.Header.Unsafe, name) {
			if area, ok := switchArea[name]; ok && m.askAhead() {
				if m.shortStacked() {
					out = append(out, cut("safe: keeps its rule on "+area, w-2))
					continue
				}
				out = append(out, wrap(fmt.Sprintf("without %s: keeps its rule on %s (said after the asks)", name, area), w-2, "  ")...)
				continue
			}
			if m.shortStacked() {
				out = append(out, cut("safe: "+r.Without, w-2))
				continue
			}
			out = append(out, wrap("without "+name+": "+r.Without, w-2, "  ")...)
		}
	}
	return out
}

func (m *CompareModel) titleStyle(i int) sty {
	if m.c.Sides[i].Verdict != nil && !m.c.Sides[i].Verdict.OK() {
		return m.st.bad
	}
	if len(m.c.Sides[i].Scenario.Header.Unsafe) > 0 {
		return m.st.warn
	}
	return m.st.good
}

// sideState is a half's leader, violations and script position (its verdict once it ended).
func (m *CompareModel) sideState(i int) string { return strings.Join(m.stateParts(i), " · ") }

func (m *CompareModel) stateParts(i int) []string {
	v := &m.v[i]
	parts := []string{"no leader"}
	if v.Leader != 0 {
		parts[0] = fmt.Sprintf("%s n%d T%d", cluster.RoleLeader.Glyph(), v.Leader, v.Term)
	}
	if len(v.Violations) > 0 {
		parts = append(parts, "✖ "+strings.Join(violationKinds(v.Violations), ", "))
	} else if m.c.Sides[i].Verdict == nil {
		// Not yet: the history checker judges the clients' history at the run's end (and at
		// an expect violations), so a stale answer already given shows ✖ only then (nc30-d:
		// lease-read-unsafe's half read "✔ no violation" at 5.914s, after its stale busy).
		parts = append(parts, "✔ no violation yet")
	} else {
		parts = append(parts, "✔ no violation")
	}
	if vd := m.c.Sides[i].Verdict; vd != nil {
		if m.endSaysMore() || m.c.Shared && m.c.Done() && !m.lastWords && m.width < sideBySideW {
			// The verdicts are read whole under the halves: here the row went from the
			// clients (etcd-failover-reset's end at 120x40 showed c1 and c2, not c3), and,
			// stacked, from the unsafe half's Replication (late-expire --unsafe at 120x40).
			return parts
		}
		parts = append(parts, "■ ended: "+m.verdictWords(i))
	} else {
		done, total := m.c.Progress(i)
		parts = append(parts, fmt.Sprintf("step %d/%d", done, total))
	}
	return parts
}

// stateLines says whether the halves' states go in their bodies (when either one's title
// would be cut), and each state wrapped to inner width w. Both halves do the same, so their
// rows stay aligned.
func (m *CompareModel) stateLines(w int) (inBody bool, lines [2][]string) {
	for i := range m.c.Sides {
		st := m.sideState(i)
		if width(m.halfTitle(i)+" · "+st)+6 > w+2 {
			inBody = true
		}
		for _, p := range m.stateParts(i) { // broken between its parts, each one whole
			if n := len(lines[i]); n > 0 && width(lines[i][n-1]+" · "+p) <= w-3 {
				lines[i][n-1] += " · " + p
			} else {
				lines[i] = append(lines[i], wrap(p, w-3, "  ")...) // a part too long alone wraps
			}
		}
	}
	return inBody, lines
}

// verdictWords is side i's verdict in a few words. A shared script's checks were written for
// side 0's run: on the other side they are the other run's checks, and "FAIL: 6 of 7 expects
// failed" beside "violations: none" read to a student as an error in the run (or the tool).
func (m *CompareModel) verdictWords(i int) string {
	vd := m.c.Sides[i].Verdict
	if whose := m.storyOf(); whose != "" && i == 1 {
		if vd.OK() {
			return fmt.Sprintf("the story's %s (written for the %s run) hold here too", checkWords(vd.Checks(), vd.Waits), whose)
		}
		var late []string // which, and when: "1 more held a few ms late" was found only by rewinding
		for _, f := range vd.Failures {
			if f.Late > 0 {
				what := strings.TrimPrefix(strings.TrimPrefix(f.Step, "wait-until "), "expect ")
				if j := strings.LastIndex(what, " within "); j > 0 {
					what = what[:j]
				}
				late = append(late, fmt.Sprintf("'%s' at %s held %s later", what, simTime(f.At), f.Late.Round(time.Millisecond)))
			}
		}
		// Failures holds the story's expects that fail here and its wait-untils that end unmet,
		// each a ✗ row: "12 of 11 don't hold here" set them all against the expects alone
		// (nc32-a). The count is of both, as the safe half's and play's end lines count
		// (checkWords), plus the end-of-run checks that failed.
		n, waitFails := vd.Checks(), 0
		for _, f := range vd.Failures {
			if strings.HasPrefix(f.Step, "wait-until ") {
				waitFails++
			}
		}
		n += len(vd.Failures) - vd.Failed - waitFails // the end-of-run checks: failures only
		words := fmt.Sprintf("%d of the %s run's %s don't hold here", len(vd.Failures)-len(late), whose, checkWords(n, vd.Waits))
		if len(late) > 0 {
			words += fmt.Sprintf(" (%d more held a few ms late, %s: timing, not counted: ?? glossary)", len(late), strings.Join(late, "; "))
		}
		return words
	}
	return strings.TrimPrefix(verdictText(vd), "■ ")
}

// verdictMore is what side i's verdict adds where it takes no row more: at which instants the
// story's checks that do not hold here have their ✗ rows. "3 of 7 don't hold" beside one ✗ row
// on screen, the other two below the VIOLATION row (↓), read as a count that did not match
// (nc24-d2). (Not at 80x24, which shows no results at the end.)
func (m *CompareModel) verdictMore(i int) string {
	vd := m.c.Sides[i].Verdict
	if m.storyOf() == "" || i != 1 || vd.OK() || m.height < 30 || m.drawn[1].recentH < 2 {
		// (Not when the half has no results rows, as drawn: ↑ ↓ bring none on screen there,
		// lease-read's and local-expiry-unsafe's C at 120x34, r34 3.)
		return ""
	}
	if at := missInstants(vd); at != "" {
		return " (its results' ✗ rows at " + at + ", ↑ ↓)"
	}
	return ""
}

// missInstants is the instants of a verdict's counted failures, each once with how many
// ("5.949s, 6.032s ×2"), in order.
func missInstants(vd *scenarios.Verdict) string {
	var ats []string
	var n []int
	for _, f := range vd.Failures {
		if f.Late > 0 {
			continue
		}
		if t := simTime(f.At); len(ats) > 0 && ats[len(ats)-1] == t {
			n[len(n)-1]++
		} else {
			ats, n = append(ats, t), append(n, 1)
		}
	}
	for j := range ats {
		if n[j] > 1 {
			ats[j] += fmt.Sprintf(" ×%d", n[j])
		}
	}
	return strings.Join(ats, ", ")
}

// verdictText is a finished script's verdict in a few words.
func verdictText(v *scenarios.Verdict) string {
	if v.OK() {
		return fmt.Sprintf("■ PASS: %s held", checkWords(v.Checks(), v.Waits))
	}
	return fmt.Sprintf("■ FAIL: %d of %s failed", len(v.Failures), checkWords(v.Checks(), v.Waits))
}

// divLines is what side i did at the first divergence, highlighted (on two lines when one is
// too narrow), once the runs have parted.
func (m *CompareModel) divLines(i, w int) []string {
	d := m.c.Div
	if d == nil {
		if m.div == nil {
			return nil // the header says "= identical so far": the row goes to the panels
		}
		return []string{m.st.faint.r(fit(fmt.Sprintf(" = identical so far; the runs part at %s (d jumps there)", simTime(m.div.At)), w))}
	}
	did := d.A
	if i == 1 {
		did = d.B
	}
	switch {
	case did == "" && d.For != "":
		// Only the other side proposed for that request: this side may have proposed for
		// another there (racing-acquires' safe leader, c1's Grant), so "nothing" would be wrong.
		did = "proposes nothing for " + d.For
	case did == "" && m.timingOnly(i, w-4-width(simTime(d.At)+" "+d.Subject+" ")) != "":
		did = m.timingOnly(i, w-4-width(simTime(d.At)+" "+d.Subject+" "))
	case did == "":
		did = "(nothing at this instant)"
	case d.For != "":
		did += " for " + d.For
		if o := m.proposedOutcome(i); width(fmt.Sprintf("≠ %s %s %s", simTime(d.At), d.Subject, did+o)) <= w-2 {
			did += o // (where the row has room: at 80x24 a second row was the nodes')
		}
	case i == 1 && strings.HasPrefix(did, "→"):
		did = sameAct(d.A) + " " + did
	}
	row := fmt.Sprintf("≠ %s %s %s", simTime(d.At), d.Subject, did)
	if notes := m.leadersNote(i); i == 1 && len(notes) > 0 {
		row += firstFit(w-2-width(row), append(notes, "")...) // said once, where the row has room
	}
	var out []string
	for _, t := range wrap(row, w-2, "  ") {
		l := newLine(w)
		l.add(m.st.badBlock, " "+t+" ")
		out = append(out, l.String())
	}
	return out
}

// partedByTiming says whether the runs parted where a client was answered in one run and, a few
// ms later, the same in the other (timingOnly): lease-read and its twin at 0.086s.
func (m *CompareModel) partedByTiming() bool {
	d := m.c.Div
	if d == nil {
		return false
	}
	for i, did := range []string{d.A, d.B} {
		if did == "" && m.timingOnly(i, 1<<10) != "" {
			return true
		}
	}
	return false
}

// leadersNote is the clause a half's divergence row ends with while the runs' leaders differ
// (otherLeaderNote says why at more length, in the narration, which the end's verdicts replace):
// lease-read's compare ended with n4 leading one half, n3 the other, and nothing on screen said
// why (nc31-f).
func (m *CompareModel) leadersNote(i int) []string {
	a, b := m.v[i].Leader, m.v[1-i].Leader
	if a == 0 || b == 0 || a == b {
		return nil
	}
	return []string{fmt.Sprintf(" · after it the runs' timing differs: n%d leads here, n%d in the %s run", a, b, strings.SplitN(m.c.Sides[1-i].Label, ":", 2)[0]),
		fmt.Sprintf(" · later timing differs: n%d leads here", a)}
}

// timingOnly is side i's part of a divergence where a client got an answer on the other side
// only, when side i's client got the same answer within 100ms after (by now): timing, not the
// difference, as compare counts a wait-until that held a few ms late; in room cells where it
// fits. "" otherwise.
func (m *CompareModel) timingOnly(i, room int) string {
	d := m.c.Div
	other := d.B
	if i == 1 {
		other = d.A
	}
	if !strings.HasPrefix(d.Subject, "c") || other == "" {
		return ""
	}
	act, at, ok := m.c.AnswerAfter(i, d.Subject, d.At)
	if !ok || at > m.c.Now() || at-d.At > 100*time.Millisecond || !scenarios.SameAnswer(act, other) {
		return ""
	}
	return firstFit(room,
		fmt.Sprintf("(nothing yet: the same answer %s later, at %s: timing, not the difference)", durMS(at-d.At), simTime(at)),
		fmt.Sprintf("(the same answer %s later: timing)", durMS(at-d.At)))
}

// proposedOutcome is, once applied, what became of the entry side i's node proposed at the
// divergence (" → entry 6: GrantRejected"): racing-acquires' unsafe half showed only entry 7 at
// its 0.090s stop, and what c2's own Grant did was found only by d and enter (nc24-m2).
func (m *CompareModel) proposedOutcome(i int) string {
	d := m.c.Div
	for j := range m.v[i].Proposals {
		p := &m.v[i].Proposals[j]
		if p.At != d.At || p.Origin.Node != d.Node || p.Index == 0 || !strings.Contains(d.For, p.Origin.Client) {
			continue
		}
		if r, _ := appliedResult(p); r != nil {
			return fmt.Sprintf(" → entry %d: %s", p.Index, r)
		}
		return fmt.Sprintf(" → entry %d", p.Index)
	}
	return ""
}

// divHeight is the taller of the two halves' divergence lines at inner width w.
func (m *CompareModel) divHeight(w int) int { return max(len(m.divLines(0, w)), len(m.divLines(1, w))) }

// sameAct is the act part of a divergence text ("applies Expire orders #1" of "applies Expire
// orders #1 → Expired{existed:false}"), repeated on the side that printed only its result.
func sameAct(a string) string {
	if i := strings.Index(a, " → "); i >= 0 {
		return a[:i]
	}
	return a
}

// clientRowsWanted is how many rows half j's clients and resource take read whole: a client's
// line on two rows where one cuts it (c1's "· got granted #1 orders · as…" at 160 columns).
func (m *CompareModel) clientRowsWanted(j, w int) int {
	dm := &Model{st: m.st, v: m.v[j]}
	n := len(m.v[j].Resource)
	for _, c := range m.v[j].Clients {
		n += len(dm.clientRows(c.Name, w, 2))
	}
	return n
}

// freshWrite is whether side i's resource decided a write since its last stop.
func (m *CompareModel) freshWrite(i int, r *cluster.ResourceView) bool {
	for _, wr := range r.Writes {
		if wr.Decided && wr.At > m.c.StretchFrom(i) {
			return true
		}
	}
	return false
}

// sharesRow says whether clientRows, in h rows, puts side i's first clients in one shared row
// with one of them connected (the row leaves its ● out).
func (m *CompareModel) sharesRow(i int, dm *Model, h int) bool {
	if h == 1 && len(dm.v.Resource) == 1 && m.freshWrite(i, &dm.v.Resource[0]) {
		return false // the resource's row alone
	}
	clients := dm.v.Clients
	rows := max(1, h-len(dm.v.Resource))
	if len(clients) < 2 || h <= 0 || rows >= len(clients) {
		return false
	}
	for _, c := range clients[:len(clients)-(rows-1)] {
		if c.Connected && !c.Paused {
			return true
		}
	}
	return false
}

// clientRows is the clients the world knows, then the resource per key. A client's line takes
// a second row when it needs one and the rows left still hold one for every other line.
func (m *CompareModel) clientRows(i int, dm *Model, w, h int) []string {
	out := make([]string, 0, h)
	if h == 1 && len(dm.v.Resource) == 1 && m.freshWrite(i, &dm.v.Resource[0]) {
		// One row, and the resource took a write since the last stop: that is the news (at
		// late-expire --unsafe's 6.060s, 80x24, the unsafe half showed the clients' short row
		// and not 'high #3 ✓ c3#3 ✗ c2#2', the refused write the narration tells of, nc26-g).
		return []string{" " + m.st.headKey.r("resource ") + dm.resourceLine(&dm.v.Resource[0], w-10)}
	}
	spare := h - len(dm.v.Clients) - len(dm.v.Resource)
	clients := dm.v.Clients
	if rows := max(1, h-len(dm.v.Resource)); len(clients) > 1 && h > 0 && rows < len(clients) {
		// Fewer rows than clients (80x24): the first ones share a row, a few words each, as
		// play's compact view has them, the newest keep a row each (at late-expire --unsafe's
		// 5.960s stop c1's line alone showed, while the narration was about c2's and c3's).
		var names []string
		for _, c := range clients[:len(clients)-(rows-1)] {
			names = append(names, c.Name)
		}
		// A cell short of the border: at the end "· c1 c2 c3 ask n1" ran into it (cp29).
		out = append(out, dm.clientsShort(names, w-1)+" ")
		clients = clients[len(clients)-(rows-1):]
		spare = 0
	}
	for _, c := range clients {
		rows := dm.clientRows(c.Name, w, 1+min(1, max(0, spare)))
		spare -= len(rows) - 1
		for _, r := range rows {
			if len(out) < h {
				out = append(out, r)
			}
		}
	}
	for j := range dm.v.Resource {
		if len(out) < h {
			// A cell before it as before each client's name ("┃resource" stood flush against
			// the border, nc32-h); ▸ there when the runs parted on it, as a selected client's.
			line := dm.resourceLine(&dm.v.Resource[j], w-10)
			if d := m.c.Div; d != nil && d.Subject == "resource" {
				out = append(out, m.st.sel.r("▸resource ")+line)
			} else {
				out = append(out, " "+m.st.headKey.r("resource ")+line)
			}
		}
	}
	if len(out) == 0 && h > 0 {
		out = append(out, m.st.faint.r(fit(" no client yet", w)))
	}
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out
}

func (m *CompareModel) cmpStatus(w int) string {
	l := newLine(w)
	block := m.atPause
	if ask, waiting := m.waitingAsk(); waiting && m.atPause {
		if _, answered := m.answers[ask.Pos]; !answered {
			// The prediction first: enter would go on without one.
			l.add(m.st.pauseBlock, fmt.Sprintf(" ? an ask first: press 1-%d to predict, then enter continues both ", len(ask.Choices)))
		} else {
			l.add(m.st.pauseBlock, " ‖ answered: enter continues both ")
		}
	} else if m.atPause && m.c.AtStoryStart() {
		l.add(m.st.pauseBlock, " ‖ the story starts: read it, then enter plays both ")
	} else if m.atPause {
		l.add(m.st.pauseBlock, " ‖ a script paused here: enter continues both ")
	}
	// A status too long for the row loses its last " · " parts whole, not a word cut in
	// half (the twin's "· esc or C: back": the key line under it says esc too).
	st := " " + m.status
	if block && m.status != "" {
		// After the pause block, a separator: at the divergence stop "enter continues both
		// the runs part at this very instant" read as one sentence (cp29).
		st = "· " + m.status
	}
	for width(st) > l.room() {
		j := strings.LastIndex(st, " · ")
		if j < 0 {
			break
		}
		st = st[:j]
	}
	l.add(m.st.status, st)
	return l.String()
}

// cmpHelp is the key line: the answer keys only while an ask waits (first then), the two
// speed keys as one when the line would be cut, so q quit always shows.
func (m *CompareModel) cmpHelp(w int) string {
	k := &m.keys
	type item struct{ key, desc string }
	var items []item
	if ask, waiting := m.waitingAsk(); waiting {
		if _, answered := m.answers[ask.Pos]; !answered {
			// As many keys as the ask has choices: "1-3" for three.
			items = append(items, item{fmt.Sprintf("1-%d", len(ask.Choices)), k.Answer.Help().Desc})
		}
	}
	if m.fromPlay {
		items = append(items, item{"esc", "back to the lesson"}) // first: the way out of a view opened by a key
	}
	for _, b := range []key.Binding{k.Pause, k.Continue, k.Step, k.Back, k.Forward, k.Jump, k.End, k.LastWords, k.Slower, k.Faster, k.Glossary, k.Quit} {
		if b.Help() == k.LastWords.Help() && (!m.c.Done() || !m.hasLastWords()) {
			continue // only at the end, where the verdicts replaced the story's last says
		}
		if (b.Help() == k.Continue.Help() || b.Help() == k.End.Help()) && m.c.Done() && !m.atPause {
			continue // both scripts have finished: nothing to continue, no end to play to
		}
		if b.Help() == k.Pause.Help() && m.atPause {
			continue // at a script pause space does what enter does
		}
		if b.Help() == k.Step.Help() && m.atPause {
			continue // . steps only between stops, as in play (nc24-g pressed it there: nothing)
		}
		desc := b.Help().Desc
		if b.Help() == k.Pause.Help() && m.paused {
			// Space resumes a paused run: "space pause" there offered what had already
			// happened (nc24-g2, after d and on the end screen).
			desc = "resume"
			if m.c.Done() {
				desc = "run on" // both scripts ended: space runs both worlds on past them
			}
		}
		items = append(items, item{b.Help().Key, desc})
	}
	wide := func() int {
		n := 0
		for _, it := range items {
			n += width(it.key) + 1 + width(it.desc) + 3
		}
		return n - 3
	}
	for _, drop := range []string{"<", ".", "?"} {
		if wide() <= w {
			break
		}
		for j, it := range items {
			if it.key == drop {
				if drop == "<" {
					items[j+1] = item{"< >", "speed"}
				}
				items = append(items[:j], items[j+1:]...)
				break
			}
		}
	}
	if wide() > w {
		// Still too wide (80 columns at an ask cut "e to…" and lost q quit): short words, the
		// two time keys as one.
		short := map[string]string{"enter": "go on", "d": "div", "e": "end", "esc": "lesson"}
		for j := 0; j < len(items); j++ {
			if d, ok := short[items[j].key]; ok {
				items[j].desc = d
			}
			if items[j].key == "←" && j+1 < len(items) && items[j+1].key == "→" {
				items[j] = item{"← →", "±1s"}
				items = append(items[:j+1], items[j+2:]...)
			}
		}
	}
	for j := 0; j < len(items) && wide() > w; j++ {
		if items[j].key == "< >" { // opened from a lesson, esc's item came first: speed gives way
			items = append(items[:j], items[j+1:]...)
		}
	}
	l := newLine(w)
	for i, it := range items {
		if i > 0 {
			l.add(m.st.faint, " · ")
		}
		l.add(m.st.hkey, it.key)
		l.add(m.st.hdesc, " "+it.desc)
	}
	return l.String()
}
