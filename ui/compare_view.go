package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
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
	if m.gloss {
		// The halves' node tables head their columns "c/a" and "clock" (×1) with no word
		// for them on screen (nc22-c): the page says so above the glossary (a half has no net
		// line, so not its part).
		rows = append(rows, glossaryPageWith(m.st, m.width, m.height-3, m.glossTop, []string{m.glossLead()})...)
		return strings.Join(append(rows, m.cmpStatus(m.width), m.cmpHelp(m.width)), "\n")
	}
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
		l.add(st.badBlock, " ≠ diverged at "+simTime(m.c.Div.At)+" ")
		// (No space before it: the badge brings its own padding.)
		if long, short := m.answersPart(); short != "" && width(short)+m.endedNoteW() <= l.room() {
			l.add(st.warn, firstFit(l.room()-m.endedNoteW(), long, short))
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

// answersPart says, after the divergence, where the clients' answers first differ: the first
// difference may be timing that no client is told (lease-read --unsafe parts at 0.086s, its c2
// answered busy 7ms sooner; the stale busy, at 4.984s, is what matters, nc24-d2).
func (m *CompareModel) answersPart() (long, short string) {
	if m.c.Now() <= m.c.Div.At {
		return "", ""
	}
	diffs := m.c.ClientDiffs()
	if len(diffs) == 0 {
		return "· the clients' answers alike so far", "· answers alike so far"
	}
	at := time.Duration(-1)
	for _, d := range diffs {
		for _, x := range []struct {
			ok bool
			at time.Duration
		}{{d.AOK, d.AtA}, {d.BOK, d.AtB}} {
			if x.ok && (at < 0 || x.at < at) {
				at = x.at
			}
		}
	}
	if at <= m.c.Div.At {
		return "", "" // the divergence is itself a different answer
	}
	return "· the clients' answers differ from " + simTime(at), "· answers differ from " + simTime(at)
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
}

// halfFit is what a drawn half had room for.
type halfFit struct {
	head  bool // its node table's column head
	short bool // too few rows for its results (or no tracker while there are entries)
}

// halves draws both halves in l. Stacked, once the runs differ, the lower half's node table
// goes without the column head the upper one shows right above it, and a half short of rows for its results (late-expire
// --unsafe at 120x40: "applied results & replies: no room" at four stops, the unsafe half's
// Replication gone at the end) folds its alike node rows into one (foldNodes).
func (m *CompareModel) halves(l cmpLayout) [2][]string {
	if l.sideBySide {
		a, _ := m.half(0, l.halves[0], halfOpts{})
		b, _ := m.half(1, l.halves[1], halfOpts{})
		return [2][]string{a, b}
	}
	draw := func(o [2]halfOpts) ([2][]string, [2]halfFit) {
		a, fa := m.half(0, l.halves[0], o[0])
		// (Not while the runs are identical: their halves show the same rows. Nor when the
		// lower half's columns differ: lease-read's own lease had no heading, nc24-d2.)
		o[1].noHead = fa.head && !(m.c.Shared && m.c.Div == nil) && m.sameTableCols(l.halves[0].w-2, l.halves[1].w-2)
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
	if !refold {
		return rows
	}
	for i := range o {
		o[i].nameW = foldNameW
	}
	rows, _ = draw(o)
	return rows
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

// drawModel is the drawing context for side i's single-run panels: the diverging node or
// client is shown as the selected one.
func (m *CompareModel) drawModel(i int) *Model {
	// Where the halves have their column heads (not at 80x24, whose rows have no room for
	// one), a leader's check stands under "clock check", at every stop alike.
	dm := &Model{st: m.st, v: m.v[i], oneZero: true, checkInHead: !m.shortStacked()}
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
	if notes := m.noteLines(i, iw); ih-len(body)-len(notes)-len(nodeRows) >= 2 { // the nodes first
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
	if !tight && !o.noHead {
		room := iw - width(dm.tableCols(iw))
		body = append(body, dm.tableHead(iw, firstFit(room, heads...)))
		hf.head = true
	}
	body = append(body, nodeRows...)
	// What is left goes to the clients first (every one of them, they carry the story), then
	// the replication tracker, then the latest results and replies.
	room := max(0, ih-len(body)-narrH)
	if tight && room == 1 && !o.noHead {
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
	if trackH == 2 || trackH > 2 && trackH-2 < len(dm.trackerRows()) {
		// A rule and fewer rows than entries: the rule is the column head, so the row's
		// columns are named in this half as in the other, which may have room for both, and
		// the row it saves is an entry (late-expire at 120x40: at the ask the first Expire's
		// commit, which the narration tells of, had given way).
		body = append(body, dm.trackerHeadRule(iw, trackH-1))
		body = append(body, dm.trackerBody(iw, trackH-1, false)...)
	} else if trackH > 2 {
		body = append(body, rule(m.st, "replication"+dm.earlierMark(trackH-2), "·none ○appended ◆committed ✓applied", iw))
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
		body = append(body, rule(m.st, "clients & resource", aside, iw))
		body = append(body, m.clientRows(dm, iw, clientsH-1)...)
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
			return fmt.Sprintf("the story's %d checks (written for the %s run) hold here too", vd.Expects(), whose)
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
		words := fmt.Sprintf("the story's checks are the %s run's: %d of %d don't hold here", whose, len(vd.Failures)-len(late), vd.Expects())
		if len(late) > 0 {
			words += fmt.Sprintf(" (%d more held a few ms late, %s: timing, not counted: ? glossary)", len(late), strings.Join(late, "; "))
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
	if m.storyOf() == "" || i != 1 || vd.OK() || m.height < 30 {
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
		return fmt.Sprintf("■ PASS: %d expects held", v.Expects())
	}
	return fmt.Sprintf("■ FAIL: %d of %d expects failed", len(v.Failures), v.Expects())
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
	var out []string
	for _, t := range wrap(fmt.Sprintf("≠ %s %s %s", simTime(d.At), d.Subject, did), w-2, "  ") {
		l := newLine(w)
		l.add(m.st.badBlock, " "+t+" ")
		out = append(out, l.String())
	}
	return out
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

// clientRows is the clients the world knows, then the resource per key. A client's line takes
// a second row when it needs one and the rows left still hold one for every other line.
func (m *CompareModel) clientRows(dm *Model, w, h int) []string {
	out := make([]string, 0, h)
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
		out = append(out, dm.clientsShort(names, w))
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
			line := dm.resourceLine(&dm.v.Resource[j], w-9)
			if d := m.c.Div; d != nil && d.Subject == "resource" {
				out = append(out, m.st.sel.r("resource ")+line)
			} else {
				out = append(out, m.st.headKey.r("resource ")+line)
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

// recentView is what a half's results show: its rows, and which items are hidden where
// (items[:older] above, items[skipLo:skipHi] between the kept violation and the newest rows,
// items[end:] below), for the rule to count.
type recentView struct {
	rows                       []string
	items                      []resultItem
	older, skipLo, skipHi, end int
	kept                       bool // the half's violation is held in view, not its newest rows
}

// recent is the latest events of the kinds a comparison looks at (resultItems), newest last,
// each one whole (wrapped, never cut: a violation's explanation is read there).
// The rule says what is hidden (late-expire --unsafe at 120x40 dropped the ✗ result row under
// the VIOLATION, and ↑ then showed another view under the same title). Scrolled (↑ ↓), both
// halves show their rows up to one instant (m.scroll: compare_scroll.go).
func (m *CompareModel) recent(i, w, h int) recentView {
	m.resSize[i] = [2]int{w, h}
	items := m.resultItems(i, w)
	if m.scroll != nil {
		return m.recentUpTo(items, resultsEnd(items, *m.scroll), w, h)
	}
	// The newest items that fit, newest last. The side's newest violation stays in view, its
	// explanation first and newer items after it in the rows left: it is what the side's story
	// turns on, and heartbeats' applies (or the checks it failed) would push it out. The rule
	// above says what is hidden (resultsRule), ↑ and ↓ reach it.
	viol := -1
	for j := len(items) - 1; j >= 0 && m.violKept(i); j-- {
		if items[j].viol {
			viol = j
			break
		}
	}
	from0, _ := newestFit(items, len(items), 0, 0, h)
	if viol < 0 || viol >= from0 {
		end := len(items)
		for k := end - 2; from0 == len(items) && k >= 0 && k >= len(items)-6; k-- {
			// The newest row is taller than the panel (a ✗ row in the one row of its rule):
			// of the last few, the newest client's answer that fits whole, else the newest
			// row that does, the newer under "↓ N newer", not a row cut at "(the …"
			// (late-expire --unsafe's c3 stop, where c3's "gets granted" was nowhere in
			// the half: nc23-g).
			if len(items[k].lines) <= h && (items[k].reply || end == len(items)) {
				end = k + 1
				if items[k].reply {
					break
				}
			}
		}
		return m.recentUpTo(items, end, w, h)
	}
	violH := min(len(items[viol].lines), max(1, h))
	afterViol, _ := newestFit(items, len(items), viol+1, violH, h) // the first newest row after it
	rv := recentView{items: items, end: len(items), kept: true}
	rv.emit(items[viol], violH, w)
	rv.older, rv.skipLo, rv.skipHi = viol, viol+1, afterViol
	from := afterViol
	if afterViol == len(items) {
		rv.end, rv.skipLo, rv.skipHi, from = viol+1, 0, 0, viol+1 // what came after it is below (↓)
	}
	used := 0
	for _, it := range items[from:rv.end] {
		used += len(it.lines)
	}
	if n := rv.skipHi - rv.skipLo; n > 0 && len(rv.rows)+used < h {
		// A row to spare: the hidden ones are named where they are (at 160x48 two rows stayed
		// blank under the violation while the ✗ rows between were hidden).
		what := fmt.Sprintf("%d rows hidden here", n)
		switch x := missCount(items[rv.skipLo:rv.skipHi]); {
		case x == n:
			what = fmt.Sprintf("%d ✗ rows hidden here", n)
		case x > 0:
			what += fmt.Sprintf(" (%d ✗)", x)
		}
		rv.rows = append(rv.rows, m.st.faint.r(fit("          ⋮ "+what+": ↑ shows them", w)))
	}
	for _, it := range items[from:rv.end] {
		rv.emit(it, len(it.lines), w)
	}
	return rv.pad(w, h)
}

// recentUpTo is items[:end] newest last in h rows; when they fit with rows to spare (the
// half is scrolled to its top), its oldest rows, as many as fit: never blank rows under rows
// that have more after them (at late-expire --unsafe's end, "results scrolled back 30" left the
// safe half one row and 11 blank ones).
func (m *CompareModel) recentUpTo(items []resultItem, end, w, h int) recentView {
	from, _ := newestFit(items, end, 0, 0, h)
	if from == 0 {
		used := 0
		for end = 0; end < len(items) && used+len(items[end].lines) <= h; end++ {
			used += len(items[end].lines)
		}
		end = max(end, min(1, len(items))) // the oldest alone longer than the panel: cut
		from, _ = newestFit(items, end, 0, 0, h)
	}
	rv := recentView{items: items, end: end, older: from}
	if from == end && end > 0 && h > 0 { // the newest alone is longer than the panel
		rv.emit(items[end-1], h, w)
		rv.older = end - 1
	}
	if m.scroll != nil && from > 0 && from < end {
		// Scrolled, the rows the next older row is too tall for show its start, cut ("…";
		// ↑ shows it whole), not blank rows: at late-expire --unsafe's end ↓ showed one ✗
		// row under two blank ones, the violation's explanation above it too tall (nc23-g).
		used := 0
		for _, it := range items[from:end] {
			used += len(it.lines)
		}
		if used < h {
			rv.emit(items[from-1], h-used, w)
		}
	}
	for _, it := range items[from:end] {
		rv.emit(it, len(it.lines), w)
	}
	return rv.pad(w, h)
}

// newestFit is how far back from index from (not past stop) items fit in h rows with used
// already taken: the new from, and the rows used.
func newestFit(items []resultItem, from, stop, used, h int) (int, int) {
	for from > stop && used+len(items[from-1].lines) <= h {
		from--
		used += len(items[from].lines)
	}
	return from, used
}

// emit adds its first n lines to rv; a cut one says so.
func (rv *recentView) emit(it resultItem, n, w int) {
	for k, t := range it.lines[:n] {
		if k == n-1 && n < len(it.lines) {
			t = cut(t+" …", w-2)
		}
		rv.rows = append(rv.rows, it.s.r(fit(" "+t, w)))
	}
}

func (rv recentView) pad(w, h int) recentView {
	for len(rv.rows) < h {
		rv.rows = append(rv.rows, blank(w))
	}
	return rv
}

// resultsRule heads a half's results and replies, saying how many items ↑ and ↓ bring back,
// and how many of them are the story's checks that did not hold (✗): the half's line counts
// them, and at 160x48 3 of 6 showed with nothing saying where the others were.
func (m *CompareModel) resultsRule(rv recentView, w int) string {
	return rule(m.st, "applied results & replies", m.resultsNote(rv, w-30, false), w)
}

// resultsNote is the results' rule note in at most w cells: what ↑ and ↓ bring back; short, it
// goes without "(↑ ↓ scroll)".
func (m *CompareModel) resultsNote(rv recentView, w int, short bool) string {
	misses := func(lo, hi int) string {
		if n := missCount(rv.items[lo:hi]); n > 0 {
			return fmt.Sprintf(" (%d ✗)", n)
		}
		return ""
	}
	older, newer, skipped := rv.older, len(rv.items)-rv.end, rv.skipHi-rv.skipLo
	var parts []string
	if older > 0 {
		parts = append(parts, fmt.Sprintf("↑ %d older", older)+misses(0, older))
	}
	if skipped > 0 {
		// The violation is kept in view above the newest rows: the rows between them are
		// named, and ↑ shows them.
		parts = append(parts, fmt.Sprintf("%d between hidden", skipped)+misses(rv.skipLo, rv.skipHi))
	}
	if newer > 0 {
		// "more", not "newer": paused, rows newer than the shown ones at the very instant
		// on screen puzzled a newcomer (nc25-m).
		parts = append(parts, fmt.Sprintf("↓ %d more", newer)+misses(rv.end, len(rv.items)))
	}
	right := strings.Join(parts, " · ")
	full := right
	if rv.kept && newer+skipped > 0 {
		// Why this half is not at its newest row while the other is: at late-expire
		// --unsafe's end the safe half showed its newest and this one stayed on its 5.860s
		// VIOLATION over "↓ 13 newer" with nothing saying why (nc25-g).
		full = "violation kept in view · " + full
	}
	switch {
	case len(parts) == 0:
		right, full = "newest last", "newest last"
	case skipped > 0:
		full += " (↑ ↓ scroll)"
	case newer == 0:
		full += " (↑ ↓ scroll) · newest last"
	}
	if short {
		return firstFit(w, right, "")
	}
	return firstFit(w, full, right)
}

// appliedEverywhere is whether every node has applied p (false for a gap's row).
func appliedEverywhere(p *cluster.ProposalView) bool {
	if p == nil || len(p.Stages) == 0 {
		return false
	}
	for _, s := range p.Stages {
		if s != cluster.StageApplied {
			return false
		}
	}
	return true
}

// moreResultsIn is whether one row more than rows (its rule and the rest) shows side i's
// results further back: not when the next older item takes two rows.
func (m *CompareModel) moreResultsIn(i, w, rows int) bool {
	items := m.resultItems(i, w)
	from, _ := newestFitRows(items, rows-1)
	from2, _ := newestFitRows(items, rows)
	return from2 < from
}

// newestFitRows is how far back from the newest items fit in h rows, and the rows they take.
func newestFitRows(items []resultItem, h int) (int, int) {
	from, used := len(items), 0
	for from > 0 && used+len(items[from-1].lines) <= h {
		from--
		used += len(items[from].lines)
	}
	return from, used
}

// missCount is how many of items are the story's checks that did not hold (✗).
func missCount(items []resultItem) int {
	n := 0
	for _, it := range items {
		if it.miss {
			n++
		}
	}
	return n
}

// resultItem is one entry of a half's results and replies, wrapped.
type resultItem struct {
	at    time.Duration
	lines []string // wrapped, unstyled
	s     sty
	viol  bool
	miss  bool // one of the story's checks that did not hold here (✗)
	reply bool // what a client was told
}

// resultItems is side i's latest results, replies and violations, with (on the half whose run
// is not the story's) the story's checks that did not hold there at their instants, after that
// instant's events (a check fails because of what happened then: late-expire's "✗ the story
// has …" lines stood before the Expire that caused them).
func (m *CompareModel) resultItems(i, w int) []resultItem {
	var misses []scenarios.Failure
	if i == 1 && m.storyOf() != "" {
		misses = m.c.StepFailures(1)
	}
	evs := m.kept[i].evs
	items := make([]resultItem, 0, len(evs)+len(misses))
	add := func(t time.Duration, at, text string, s sty, viol bool) {
		items = append(items, resultItem{at: t, lines: wrap(fmt.Sprintf("%8s  %s", at, text), w-1, "           "), s: s, viol: viol})
	}
	for j, f := 0, 0; j < len(evs) || f < len(misses); {
		if j < len(evs) && (f == len(misses) || evs[j].At <= misses[f].At) {
			e := &evs[j]
			if e.Kind == cluster.EvViolation {
				add(e.At, simTime(e.At), e.Describe(), m.st.bad, true)
			} else {
				add(e.At, simTime(e.At), e.Describe(), m.st.plain, false)
				items[len(items)-1].reply = e.Kind == cluster.EvClientReply
			}
			j++
			continue
		}
		at, text := storyMissTextKA(misses[f], sendsKeepalives(m.c.Sides[1].Scenario))
		add(misses[f].At, at, text, m.st.warn, false)
		items[len(items)-1].miss = true
		f++
	}
	return items
}

// violKept is whether side i's newest violation keeps its rows in the half's results (read whole,
// its explanation first): while the narration shown is the one said after it (the stop of the
// stretch it happened in, and on to the next), and at the end, where the verdicts are. A later stop's narration is about newer rows, and the violation stays named in
// the half's title and ✖ line: at late-expire
// --unsafe's 5.960s stop the 5.860s violation, read at its own stop, kept three rows while c3's
// token 3 sat under "↓ 12 newer" and the Replication had no room.
func (m *CompareModel) violKept(i int) bool {
	evs := m.kept[i].evs
	for j := len(evs) - 1; j >= 0; j-- {
		if evs[j].Kind == cluster.EvViolation {
			// (The narration's stop, or an earlier stop at the same instant: late-expire-unsafe's
			// second 5.860s stop is about the VIOLATION row its first one showed.)
			return m.c.Done() || evs[j].At > min(m.c.NarrationFrom(i), m.c.StretchFrom(i))
		}
	}
	return false
}

// violRows is how many rows the newest violation of either side takes, wrapped at inner width w.
func (m *CompareModel) violRows(w int) int {
	n := 0
	for i := range m.kept {
		if !m.violKept(i) {
			continue
		}
		evs := m.kept[i].evs
		for j := len(evs) - 1; j >= 0; j-- {
			if evs[j].Kind == cluster.EvViolation {
				n = max(n, len(wrap(fmt.Sprintf("%8s  %s", simTime(evs[j].At), evs[j].Describe()), w-1, "           ")))
				break
			}
		}
	}
	return n
}

// keptEvents is one side's latest events of the kinds the "applied results & replies" panel
// shows, however many heartbeats came after them: the world's ring of recent events holds the
// last few hundred events of every kind, so a side that ran on past its story's end (or was
// played to it with one key) showed an empty panel. It listens to the world it was made for;
// a rewind builds new worlds at time zero, and the seek follows them before it replays (seek).
type keptEvents struct {
	w     *cluster.World
	evs   []cluster.Event
	reads []cluster.Event // ReadIndex confirmations, for the rows a say names
}

const keptMax = 64

// follow makes k follow w (from the events its ring still holds), unless it already does.
func (k *keptEvents) follow(w *cluster.World) {
	if k.w == w {
		return
	}
	*k = keptEvents{w: w}
	for _, e := range w.RecentEvents(w.Config().RecentEvents) {
		k.add(&e)
	}
	w.Subscribe(k.add)
}

func (k *keptEvents) add(e *cluster.Event) {
	switch e.Kind {
	case cluster.EvApplied, cluster.EvLocalExpiry, cluster.EvClientReply, cluster.EvWrite, cluster.EvViolation:
	case cluster.EvMsgDelivered:
		if e.Msg.Read { // a ReadIndex confirmation: a row a say may name (compare_rows.go)
			k.reads = append(k.reads, *e)
			if len(k.reads) > 2*keptMax {
				k.reads = append([]cluster.Event(nil), k.reads[len(k.reads)-keptMax:]...)
			}
		}
		return
	default:
		return
	}
	k.evs = append(k.evs, *e)
	if len(k.evs) > 2*keptMax {
		k.evs = append([]cluster.Event(nil), k.evs[len(k.evs)-keptMax:]...)
	}
}

// sideNarration is side i's narration since its last pause, or its verdict once it ended.
func (m *CompareModel) sideNarration(i, w int) []narrLine {
	if vd := m.c.Sides[i].Verdict; vd != nil {
		return verdictLines(vd, w)
	}
	return m.narration(i, w)
}

// narration is side i's `say` lines since its last stop, with the ask it waits at (answer with
// 1-4) or, once answered, the ask it went on from.
func (m *CompareModel) narration(i, w int) []narrLine {
	says, ask, waiting := m.c.Narration(i)
	for j := range says {
		says[j] = m.sayHere(says[j])
	}
	lead := ""
	if whose := m.storyOf(); whose != "" && m.c.Div == nil && i == 0 {
		// Said from the start, in no row of its own: a student reads both halves, and the
		// story is one run's (once they part, a line of its own says so).
		lead = "▸ story of the " + whose + " run: "
	}
	lines := append(sayLinesLead(says, w, lead), m.namedRows(i, says, w)...)
	if ask == nil {
		return lines
	}
	whose := m.storyOf()
	answer, ok := m.answers[ask.Pos]
	ask, whose = m.askHere(ask, whose)
	switch {
	case waiting && !ok:
		// Without "→ your prediction: press 1-3": the status line under it says the same (the
		// ask showed it twice), and at 80x24 its row pushed the question off.
		ls := askLinesFor(ask, -1, w, whose)
		for len(ls) > 0 && ls[len(ls)-1].kind == narrAsk && !strings.HasPrefix(ls[len(ls)-1].text, "?") {
			ls = ls[:len(ls)-1]
		}
		return append(lines, ls...)
	case waiting:
		return append(lines, askLinesFor(ask, answer, w, whose)...)
	case ok && len(lines) == 0:
		return askLinesFor(ask, answer, w, whose) // nothing said since: the explanation stays
	case ok:
		// The script has said more: that narration first, then the ask's verdict in one line
		// (at 120x40 the answered ask kept its seven rows and the new say was cut away).
		return append(lines, askDoneLine(ask, answer, w, whose))
	}
	return lines
}

// askDoneLine is an answered ask the script has moved on from, in one line: its verdict.
// askHere is an ask as this comparison shows it: one that names the lesson the other half plays
// ("Without the token check (the lesson late-expire-unsafe plays that run), what will …") asks
// about that half, so it reads "the other half of this screen is that run" and is not labelled as
// the story's run ("? in the safe run: without the token check …" asked the safe run about the
// unsafe one).
func (m *CompareModel) askHere(ask *scenarios.Step, whose string) (*scenarios.Step, string) {
	text := m.sayHere(ask.Text)
	if text == ask.Text {
		return ask, whose
	}
	a := *ask
	a.Text, a.Explain = text, m.sayHere(ask.Explain)
	return &a, ""
}

func askDoneLine(ask *scenarios.Step, answer, w int, whose string) narrLine {
	run := ""
	if whose != "" {
		run = " for the " + whose + " run"
	}
	t := fmt.Sprintf("earlier ask: ✔ right%s, %d) %s", run, answer+1, termsafe.Line(ask.Choices[answer]))
	if answer != ask.Right {
		t = fmt.Sprintf("earlier ask: ✗ you said %d, the answer%s is %d) %s", answer+1, run, ask.Right+1, termsafe.Line(ask.Choices[ask.Right]))
	}
	return narrLine{cut(t, w-2), narrAskDone}
}

// storyOf names the run a shared script's narration and asks are told for, "" when each side
// has its own. The script was written for its own run (side 0, the file as it is); the other
// side runs the same steps with a switch on, and may rightly do otherwise. Telling the story
// once, for the run it was written for, and saying so, keeps every sentence true: a second
// story for the switched run cannot be written by the program, and grading the switched run
// by the written story marked its right answers wrong.
func (m *CompareModel) storyOf() string {
	if !m.c.Shared || m.c.Sides[0].Label == m.c.Sides[1].Label {
		return ""
	}
	return m.c.Sides[0].Label
}

// storyNote is the line above a shared narration once the runs have parted: the story goes on
// for one run only.
func (m *CompareModel) storyNote() string {
	whose := m.storyOf()
	if whose == "" {
		return ""
	}
	if m.c.Div == nil {
		return "" // the first say's lead names the run (narration)
	}
	return fmt.Sprintf("▸ what the %s run does (the story is told for it; the other run parted at %s: see its half)",
		whose, simTime(m.c.Div.At))
}

// otherLeaderNote says why the runs' leaders differ, while they do: lease-read's safe run
// elected n4, its unsafe twin n3, and nothing said why a switch about reads changes an election
// (nc24-d2). Every message's delay is drawn from its run's one random stream, in the order the
// messages are sent: the safe run's ReadIndex heartbeats drew delays the other run did not, so
// n1's last heartbeats reached n2 at other instants, and n2 refused n3's pre-vote in one run only.
func (m *CompareModel) otherLeaderNote() string {
	a, b := m.v[0].Leader, m.v[1].Leader
	if a == 0 || b == 0 || a == b || m.c.Div == nil {
		return ""
	}
	return fmt.Sprintf("▸ n%d leads the %s run, n%d the other: each message's delay is random, drawn in turn from one stream per run, and the runs send other messages, so later delays, and elections, differ",
		a, strings.SplitN(m.c.Sides[0].Label, ":", 2)[0], b)
}

// sharedNarration is the one narration of a shared script, then both verdicts at the end
// (both verdict lines first, then the failures).
func (m *CompareModel) sharedNarration(w int) []narrLine {
	if !m.c.Done() || m.lastWords && m.hasLastWords() {
		out := m.narration(0, w)
		if m.c.Done() {
			// The story's last says came after its last stop (etcd-failover-reset's c2 getting
			// the key at 9.87s): the verdicts replaced them before anyone could read them.
			return append([]narrLine{{"▸ the story's last narration (n: back to the verdicts)", narrNote}}, out...)
		}
		if note := m.storyNote(); note != "" {
			var head []narrLine
			for _, l := range wrap(note, w-2, "  ") {
				head = append(head, narrLine{l, narrNote})
			}
			if why := m.otherLeaderNote(); why != "" && m.height >= 30 {
				for _, l := range wrap(why, w-2, "  ") {
					head = append(head, narrLine{l, narrNote})
				}
			}
			out = append(head, out...)
		}
		return out
	}
	var heads, fails []narrLine
	bought := m.boughtLines(w)
	for i, s := range m.c.Sides {
		ls := verdictLines(s.Verdict, w)
		line := func(words string) []string {
			return wrap(s.Label+": "+words+" · violations: "+violationNames(s.Verdict)+nonLinNote(s.Verdict, m.v[i].Violations, m.nonLinWhyStacked(i)), w-2, "    ")
		}
		vl := line(m.verdictWords(i))
		if more := m.verdictMore(i); more != "" && len(line(m.verdictWords(i)+more)) == len(vl) {
			vl = line(m.verdictWords(i) + more) // only where it takes no row from the halves
		}
		for _, t := range vl {
			heads = append(heads, narrLine{text: t, kind: ls[0].kind})
		}
		if o := m.c.Sides[1-i].Verdict; !s.Verdict.OK() && o.OK() && m.c.Div != nil {
			if len(bought) > 0 {
				continue // what the clients were told otherwise says more than where the runs parted
			}
			// The story's checks were written for the run that passed: that the other run fails
			// them where it parted is the comparison's point, not a list for a student to read
			// (the rows go to the halves, where its violation shows).
			for _, l := range wrap(fmt.Sprintf("  the %s run parted from the %s run at %s (leaselab compare --print lists each check that does not hold)",
				strings.SplitN(s.Label, ":", 2)[0], strings.SplitN(m.c.Sides[1-i].Label, ":", 2)[0], simTime(m.c.Div.At)), w-2, "    ") {
				fails = append(fails, narrLine{text: l, kind: narrFail})
			}
			continue
		}
		fails = append(fails, ls[1:]...)
	}
	if m.hasLastWords() {
		heads = append(heads, narrLine{"  n reads the story's last narration (said after its last stop)", narrVerdict})
	}
	heads = append(heads, bought...)
	return append(heads, fails...)
}

// hasLastWords says the shared story said something after its last stop: at the end the
// verdicts take the narration's place, so those says are offered with n.
func (m *CompareModel) hasLastWords() bool {
	// (Not the last stop's says, read there: late-expire's c3 stop is its last, and "n reads
	// the story's last narration (said after its last stop)" took the row the unsafe half's
	// Replication needed at 120x40.)
	return m.c.Shared && m.c.SaidAfterLastStop(0)
}

// violationNames is a verdict's violations' kinds, "none" without one.
func violationNames(v *scenarios.Verdict) string {
	if len(v.Violations) == 0 {
		return "none"
	}
	names := make([]string, len(v.Violations))
	for i, k := range v.Violations {
		names[i] = k.String()
	}
	return strings.Join(names, ", ")
}

func verdictLines(v *scenarios.Verdict, w int) []narrLine {
	viol := violationNames(v)
	kind := narrVerdict
	if !v.OK() {
		kind = narrVerdictBad
	}
	out := []narrLine{{text: cut(fmt.Sprintf("%s · violations: %s", strings.TrimPrefix(verdictText(v), "■ "), viol), w), kind: kind}}
	for _, f := range v.Failures {
		for _, l := range wrap("  ✗ "+f.String(), w-2, "      ") {
			out = append(out, narrLine{text: l, kind: narrFail})
		}
	}
	return out
}

// endSaysMore says the comparison has ended with lines on what the clients were told otherwise:
// they take rows from the halves (a violation's explanation keeps its rows otherwise).
func (m *CompareModel) endSaysMore() bool { return m.c.Done() && len(m.boughtLines(m.width)) > 0 }

// sharedNarrLines is the shared narration area's height: three lines, more for a long stretch
// (up to a quarter of the screen: an answered ask and the narration after it both show).
// askToAnswer says an ask waits for a prediction.
func (m *CompareModel) askToAnswer() bool {
	ask, waiting := m.waitingAsk()
	if !waiting || !m.atPause {
		return false
	}
	_, answered := m.answers[ask.Pos]
	return !answered
}

func (m *CompareModel) sharedNarrLines(w int) int {
	lines := m.sharedNarration(w)
	n := len(lines)
	if k := n - 1; w < sideBySideW && k >= 3 && lines[k].kind == narrAskDone {
		// Stacked, an earlier ask's verdict gives its row to the halves (fitNarr drops it): at
		// late-expire --unsafe's divergence at 120x40 it took the unsafe half's replication.
		n--
	}
	n = max(3, n)
	switch {
	case m.endSaysMore() || m.askToAnswer():
		return min(n, max(3, (m.height-3)/2))
	case m.width >= sideBySideW:
		return min(n, max(3, m.height/3))
	}
	return min(n, max(3, m.height/4))
}

// narrBlock draws narration lines into h rows: a note on whose story it is first, then what of
// the rest fits.
func (m *CompareModel) narrBlock(text []narrLine, w, h int) []string {
	text = narrFitted(text, h)
	out := make([]string, 0, h)
	for _, l := range text {
		s := m.st.narr
		switch l.kind {
		case narrVerdict:
			s = m.st.good
		case narrVerdictBad:
			s = m.st.badBlock
		case narrFail:
			s = m.st.bad
		case narrNote:
			s = m.st.warn
		case narrAskDone, narrRow:
			s = m.st.faint
		}
		out = append(out, s.r(fit(" "+l.text, w)))
	}
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out
}

// narrFitted is what of text narrBlock shows in h rows: a note on whose story it is first
// (kept whatever else gives way), then what of the rest fits.
func narrFitted(text []narrLine, h int) []narrLine {
	var note []narrLine
	for len(text) > 0 && text[0].kind == narrNote {
		if len(note) < h-1 {
			note = append(note, text[0])
		}
		text = text[1:]
	}
	if len(note) > 1 && h-len(note) < min(3, len(text)) {
		// Few rows (80x24 past the divergence): the note in one, cut, so the say keeps two
		// (it had one, cut with no word of it). Not when everything fits: etcd-failover-reset's
		// two-line say at 4.120s cut the note to "see its hal…".
		note = []narrLine{{cut(note[0].text+" "+strings.TrimSpace(note[1].text), 200), narrNote}}
	}
	return append(note, fitNarr(text, h-len(note))...)
}

// fitNarr is what of text fits h rows: a verdict's first lines, or the newest whole `say`
// lines (a say's first line starts with its quote mark), then the rest cut.
func fitNarr(text []narrLine, h int) []narrLine {
	if n := len(text); n > h && n > 0 && text[n-1].kind == narrAskDone {
		text = text[:n-1] // an earlier ask's verdict gives way to the pause's own narration
	}
	if len(text) > 0 && text[0].kind != narrSay && len(text) > h {
		// A verdict: its first lines matter most, and the rest is one command away (only the
		// end's verdicts are: --print prints no narration and no ask).
		if h < 2 {
			return text[:h]
		}
		where := "a taller terminal"
		if text[0].kind == narrVerdict || text[0].kind == narrVerdictBad {
			where += "; leaselab compare --print"
		}
		more := narrLine{fmt.Sprintf("  … %d more lines (%s)", len(text)-h+1, where), narrFail}
		return append(text[:h-1:h-1], more)
	}
	for len(text) > h {
		next := 1
		// (An ask's question and its choices go together: its question alone gave way, and
		// the choices stood over a blank row.)
		for next < len(text) && (strings.HasPrefix(text[next].text, "  ") || text[next].kind == narrChoice) {
			next++
		}
		if len(text)-next < 1 {
			if h < 2 {
				// No row for the "… more lines": the one row ends with the mark.
				out := append([]narrLine(nil), text[:h]...)
				if h == 1 {
					out[0].text += " … (more: a taller terminal)"
				}
				return out
			}
			// One say longer than the rows: its start, and the cut says so.
			return append(text[:h-1:h-1], narrLine{fmt.Sprintf("  … %d more lines (a taller terminal)", len(text)-h+1), narrFail})
		}
		text = text[next:]
	}
	return text
}

func (m *CompareModel) cmpStatus(w int) string {
	l := newLine(w)
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
