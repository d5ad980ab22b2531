package ui

import (
	"fmt"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// A half's results: the applied results and replies it shows, which are hidden where, and the
// violation kept in view.

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
	return m.keptView(items, viol, len(items), w, h)
}

// keptView is items[:end] with items[viol] whole on top, then the newest rows after it that fit,
// newest last; the rows between them are folded (named where a row is spare, counted in the
// rule), and if none fits after it, those are below it (↓).
func (m *CompareModel) keptView(items []resultItem, viol, end, w, h int) recentView {
	violH := min(len(items[viol].lines), max(1, h))
	afterViol, _ := newestFit(items, end, viol+1, violH, h) // the first newest row after it
	rv := recentView{items: items, end: end, kept: true}
	rv.emit(items[viol], violH, w)
	rv.older, rv.skipLo, rv.skipHi = viol, viol+1, afterViol
	from := afterViol
	if afterViol == end {
		rv.end, rv.skipLo, rv.skipHi, from = viol+1, 0, 0, viol+1 // what came after it is below (↓)
	}
	used := 0
	for _, it := range items[from:rv.end] {
		used += len(it.lines)
	}
	if n := rv.skipHi - rv.skipLo; n > 0 && len(rv.rows)+used < h {
		// A row to spare: the hidden ones are named where they are (at 160x48 two rows stayed
		// blank under the violation while the ✗ rows between were hidden).
		// Said as where they are, after the violation and before the row under it: "3 ✗
		// rows hidden here" beside "3 hidden" in the rule left nc31-c guessing which rows
		// were where.
		what := fmt.Sprintf("%d rows", n)
		switch x := missCount(items[rv.skipLo:rv.skipHi]); {
		case x == n:
			what = fmt.Sprintf("%d ✗ rows", n)
		case x > 0:
			what += fmt.Sprintf(" (%d ✗)", x)
		}
		rv.rows = append(rv.rows, m.st.faint.r(fit("          ⋮ "+firstFit(w-13, what+" folded here, after the violation: ↑ shows them", what+" folded here: ↑ shows them"), w)))
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
		if v := from - 1; used < h && items[v].viol && len(items[v].lines) < h {
			// A violation is read whole: on top, the newest rows up to here under it, those
			// between folded. Cut, one ↑ made "5.860s VIOLATION non-linearizable: no order
			// fits these 3 operations on …" of the five rows read whole before it (nc31-c).
			if kv := m.keptView(items, v, end, w, h); kv.end == end {
				return kv
			}
		}
		if used < h {
			rv.emit(items[from-1], h-used, w)
			// Shown, if cut: "↑ N older" does not count it (nc26-g added the rule's counts and
			// the rows seen, and got one more than the other halves').
			rv.older = from - 1
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
	note := m.resultsNote(rv, w-30, false)
	if width(note) > w-30 || rv.kept && !strings.HasPrefix(note, keptLead) {
		// At 160x48's end the rule had no room to say why the half stays on its violation
		// (nc26-g): the title gives way to "results" ("─ results " and "  ─" take 15 cells);
		// so it does for a note that would not fit at all (scrolled onto a violation, the rule
		// read nothing of what was hidden).
		if n := m.resultsNote(rv, w-15, false); width(n) <= w-15 && (strings.HasPrefix(n, keptLead) || width(note) > w-30) {
			return rule(m.st, "results", n, w)
		}
	}
	return rule(m.st, "applied results & replies", note, w)
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
	// A kept violation's rule says where the hidden rows are from it: "before it" (↑),
	// "folded under it" (between it and the newest rows, ↑ shows them), "after it" (↓).
	// "violation kept in view · ↑ 32 older (2 ✗) · 3 hidden (3 ✗)" left nc31-c unable to
	// tell which rows were where.
	kept := rv.kept && newer+skipped > 0
	olderW, skipW, newerW := "↑ %d older", "%d between hidden", "↓ %d more"
	if kept {
		olderW, skipW, newerW = "↑ %d before it", "%d folded under it", "↓ %d after it"
	}
	if older > 0 {
		parts = append(parts, fmt.Sprintf(olderW, older)+misses(0, older))
	}
	if skipped > 0 {
		// The violation is kept in view above the newest rows: the rows between them are
		// named, and ↑ shows them.
		parts = append(parts, fmt.Sprintf(skipW, skipped)+misses(rv.skipLo, rv.skipHi))
	}
	if newer > 0 {
		// "more", not "newer": paused, rows newer than the shown ones at the very instant
		// on screen puzzled a newcomer (nc25-m).
		parts = append(parts, fmt.Sprintf(newerW, newer)+misses(rv.end, len(rv.items)))
	}
	right := strings.Join(parts, " · ")
	full := right
	if kept {
		// Why this half is not at its newest row while the other is: at late-expire
		// --unsafe's end the safe half showed its newest and this one stayed on its 5.860s
		// VIOLATION over "↓ 13 newer" with nothing saying why (nc25-g).
		full = keptLead + full
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
	if kept {
		noIt := strings.NewReplacer(" before it", " before", " after it", " after").Replace(right)
		short := strings.NewReplacer(" folded under it", " folded", " before it", " older", " after it", " more").Replace(right)
		return firstFit(w, full, keptLead+right, keptLead+noIt, keptLead+strings.Replace(noIt, " folded under it", " folded under", 1), keptLead+short, short)
	}
	return firstFit(w, full, right)
}

// keptLead begins the rule over a half's results held on its violation.
const keptLead = "violation on top · "

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

// resultsWrapW is the width a half's result rows wrap at inside results w cells wide: one
// cell each side, off the box's borders.
func resultsWrapW(w int) int { return w - 2 }

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
		// w-2: a cell of margin before the box's border, as the rows' leading space gives
		// after it ("…; the leader's┃" ran into it: nc31-b).
		items = append(items, resultItem{at: t, lines: wrap(fmt.Sprintf("%8s  %s", at, text), resultsWrapW(w), "           "), s: s, viol: viol})
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
				n = max(n, len(wrap(fmt.Sprintf("%8s  %s", simTime(evs[j].At), evs[j].Describe()), resultsWrapW(w), "           ")))
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
