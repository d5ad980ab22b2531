package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/fsm"
)

// A stop's story longer than the timeline used to open at its start with "↓ N more": the rows
// the narration tells of last (the reply, the apply on the last node, the new leader) sat below,
// and every round of newcomers found one (first-lock's 'c2 gets granted', racing-acquires' busy,
// lease-read's grant from n4). The newest rows alone are no better (frozen-leader's story is its
// oldest rows). So a story that does not fit is told shorter, as time that stretches where the
// story is: first the followers' like rows fold into one ("n2 n3 n4 n5 append 5 …", the same
// entry the same way), and if it still does not fit, it shows its first rows, one line counting
// the rows between, and its newest rows. Scrolling by hand shows every row again.

// tlItem is one event's rows in the story, or a run of like events folded into one row.
type tlItem struct {
	rows []string
	ev   *cluster.Event // the first event of the run
	n    int            // events in it
	stay bool           // its run would not fit on one row: it is not folded
	row  int            // its first row in the lines drawn
	span int            // the rows it stands for there
	who  string         // a folded run's nodes, as its row names them ("n2-n5")
}

// shorter is the rows of vp (grown to the rows the panel has) with the stop's story folded
// when it does not fit, from its start, and the title note saying so. ok is false when it
// fits, or the timeline is not at a story (scrolled, following, or placed at rows the
// narration names), or there is nothing to fold.
func (t *tlView) shorter(vp viewport.Model, r *tlRing, version uint64, st *styles) (rows []string, note string, ok bool) {
	if !t.gap || t.vp.YOffset != t.aboveAt || t.version != version || len(t.lines) == 0 {
		return nil, "", false
	}
	// A stop holds still while View runs at every frame: fold once per filling and size.
	if c := &t.short; c.set && c.h == vp.Height && c.w == vp.Width {
		return c.rows, c.note, c.ok
	}
	rows, note, ok = t.shorten(vp, r, st)
	t.short = shortCache{set: true, h: vp.Height, w: vp.Width, rows: rows, note: note, ok: ok}
	return rows, note, ok
}

// shortCache is shorter's answer for the timeline's filling (syncTimeline clears it) at a size.
type shortCache struct {
	set  bool
	h, w int
	rows []string
	note string
	ok   bool
}

// shorten is shorter's work: the story folded, or ok false.
func (t *tlView) shorten(vp viewport.Model, r *tlRing, st *styles) (rows []string, note string, ok bool) {
	h, off := vp.Height, t.storyAt
	if h < 2 || len(t.lines)-off <= h {
		return nil, "", false // it fits
	}
	items, ok := t.storyItems(r, off)
	if !ok {
		return nil, "", false
	}
	for i := range items { // a row the narration names keeps its own words (its quote matches them)
		for _, mk := range t.marks {
			items[i].stay = items[i].stay || mk[0] >= items[i].row && mk[0] < items[i].row+items[i].span
		}
	}
	items, folded := fold(items, len(t.lines)-off-h, st, vp.Width, t.atW)
	if folded == 0 {
		return nil, "", false
	}
	below, whole := 0, 0 // whole: the items shown whole, from the first
	for _, it := range items {
		switch {
		case len(rows)+len(it.rows) <= h && below == 0:
			rows = append(rows, it.rows...)
			whole++
		case below == 0 && len(rows) < h: // a wrapped row's first rows, as the viewport cuts it
			below += it.span - (h - len(rows))
			rows = append(rows, it.rows[:h-len(rows)]...)
		default:
			below += it.span // the rows scrolling shows, unfolded ("↓ 2 more" over 4 read wrong)
		}
	}
	for _, mk := range t.marks {
		if i := markItem(items, mk); i < 0 || i >= whole {
			return t.foldedAtMarks(items, h, vp.Width)
		}
	}
	note = "since last stop · " + foldedNote(folded, items[:whole])
	if k := h - len(rows); k > 0 && below == 0 {
		// Folded, the story leaves rows over: the rows before it fill them (blank rows under a
		// timeline with more to show read as the end of the run).
		from := max(0, off-k)
		lead := strings.Repeat(" ", t.atW+1)
		for from < off && strings.HasPrefix(ansi.Strip(t.lines[from]), lead) {
			from++ // an event's first row, not the tail of one wrapped from above
		}
		rows = append(append([]string{}, t.lines[from:off]...), rows...)
		if from < off {
			// Rows from before the stop head it: "since last stop" over them was untrue (its
			// first rows at 4.134s under a stop at 5.076s whose stop before was at 4.904s).
			// The story fits whole, so it ends at the newest row, as an unfolded one that fits.
			note = "newest at the bottom · " + foldedNote(folded, items[:whole])
		}
	}
	if below > 0 {
		note = fmt.Sprintf("since last stop · ↓ %d more", below) // the fold row says itself; the title had no room
	}
	return fitAll(pad(rows, h, vp.Width), vp.Width), note, true
}

// foldedAtMarks is the folded story placed as the view at the rows the narration names is
// (markedTop): the first of them whole, ending at the last that fits with it, and the story's
// rows above them, as many as the rows leave, with "↑ N above" for the rest. ok is false when
// the first named row alone does not fit.
func (t *tlView) foldedAtMarks(items []tlItem, h, w int) ([]string, string, bool) {
	first, last := -1, -1
	for _, mk := range t.marks {
		if i := markItem(items, mk); i >= 0 {
			if first < 0 || i < first {
				first = i
			}
			last = max(last, i)
		}
	}
	if first < 0 {
		return nil, "", false
	}
	n := 0
	for i := first; i <= last; i++ {
		n += len(items[i].rows)
	}
	for n > h && last > first { // the first named row whole, the later ones as far as it stays
		n -= len(items[last].rows)
		last--
	}
	if n > h {
		return nil, "", false
	}
	top := first
	for top > 0 && n+len(items[top-1].rows) <= h {
		top--
		n += len(items[top].rows)
	}
	for last+1 < len(items) && n+len(items[last+1].rows) <= h { // no blank row while more is below
		last++
		n += len(items[last].rows)
	}
	var rows []string
	// The story starts this many rows above the top one drawn, as scrolling shows them: a
	// folded run above can reach past it (its rows are counted where they stand).
	above, below, shown := items[top].row-items[0].row, 0, 0
	for i := range items {
		switch {
		case i < top:
		case i <= last:
			rows = append(rows, items[i].rows...)
			shown += items[i].n - 1
		default:
			below += items[i].span
		}
	}
	if above == 0 {
		return nil, "", false // shown from its start: the fold did not help the named rows
	}
	// "N folded" counts the rows folded into the rows drawn: folded rows above the top one
	// drawn are in "↑ N above" (round 17: "8 folded" over a screen with no folded row).
	note := fmt.Sprintf("story ↑ %d above", above)
	if shown > 0 {
		note += " · " + foldedNote(shown, items[top:last+1])
	}
	if below > 0 {
		note += fmt.Sprintf(" · ↓ %d more", below)
	}
	return fitAll(pad(rows, h, w), w), note, true
}

// markItem is the item that draws the named row mk, or -1. A named row is never folded (it
// stays), so it is an item of its own: a folded run's span can reach past it (ghost-lock at
// 80x24, seed 5: n4's append came after 'n1 checks c2's connection', and the fold of the
// appends, standing at n1's, was taken for the named row, which stayed below).
func markItem(items []tlItem, mk [2]int) int {
	for i := range items {
		if it := &items[i]; it.n == 1 && mk[0] >= it.row && mk[0] < it.row+max(it.span, 1) {
			return i
		}
	}
	return -1
}

// storyItems is the events drawn from row off on, one item each, matched to the lines drawn
// (false when they do not match: the content is from another filling).
func (t *tlView) storyItems(r *tlRing, off int) ([]tlItem, bool) {
	row := 0
	var items []tlItem
	for i := max(0, r.len()-tlRows); i < r.len(); i++ {
		e := r.at(i)
		k := 1 + strings.Count(e.line, "\n")
		if row >= off {
			if row+k > len(t.lines) {
				return nil, false
			}
			items = append(items, tlItem{rows: t.lines[row : row+k], ev: &e.ev, n: 1, row: row, span: k})
		}
		row += k
	}
	return items, row == len(t.lines) && len(items) > 0
}

// alike: b may fold into a run that began with a: another node appending or applying the same
// entry with the same result, on one row each.
func alike(a, b *tlItem) bool {
	x, y := a.ev, b.ev
	if len(a.rows) != 1 || len(b.rows) != 1 || y.Kind != x.Kind || y.Node == x.Node {
		return false
	}
	switch x.Kind {
	case cluster.EvAppended, cluster.EvApplied:
		return y.Index == x.Index && y.Term == x.Term && y.Result == x.Result
	case cluster.EvMsgDelivered: // followers confirming a leader's read round
		return x.Msg.Read && y.Msg.Read && x.Msg.Type == y.Msg.Type && x.Peer == y.Peer
	}
	return false
}

// fold folds the longest runs of like rows into one row each until need rows are saved or no
// run is left; it returns the items and how many rows it folded away.
func fold(items []tlItem, need int, st *styles, w, atW int) ([]tlItem, int) {
	saved := 0
	free := func(it *tlItem) bool { return it.n == 1 && !it.stay }
	for saved < need {
		// The largest run, a log's (appends, applies) before others: those are the rows that
		// repeat one entry on every node; a read round's confirms are what a stop tells of.
		// A run gathers its like rows from the rest of the story, past rows between them
		// (gc-pause: n1 and n5 apply, c2 is granted, n3 n4 n2 apply): it stands where its
		// first row was, and its last one's time says how far it reaches.
		var best []int
		bestLog := false
		for i := range items {
			if !free(&items[i]) {
				continue
			}
			run := []int{i}
			for j := i + 1; j < len(items); j++ {
				if k := items[j].ev.Kind; (k == cluster.EvAppended || k == cluster.EvApplied) && items[j].ev.Index != items[i].ev.Index {
					break // never past another entry's row: entry 5 read above entry 4 (round 12)
				}
				if free(&items[j]) && alike(&items[i], &items[j]) && !hasNode(items, run, items[j].ev.Node) {
					run = append(run, j)
				}
			}
			isLog := items[i].ev.Kind != cluster.EvMsgDelivered
			if len(run) > 1 && (isLog && !bestLog || isLog == bestLog && len(run) > len(best)) {
				best, bestLog = run, isLog
			}
		}
		if best == nil {
			break
		}
		run := make([]tlItem, len(best))
		for k, i := range best {
			run[k] = items[i]
		}
		f := foldRun(run, st, w, atW)
		if f.n == 0 {
			for _, i := range best {
				items[i].stay = true
			}
			continue
		}
		f.row = run[0].row
		f.span = run[len(run)-1].row + run[len(run)-1].span - f.row
		out := items[:0:0]
		for i := range items {
			switch {
			case i == best[0]:
				out = append(out, f)
			case slices.Contains(best, i):
			default:
				out = append(out, items[i])
			}
		}
		saved += len(best) - 1
		items = out
	}
	return items, saved
}

// hasNode: a run (indexes into items) has a row of node id already.
func hasNode(items []tlItem, run []int, id int) bool {
	for _, i := range run {
		if items[i].ev.Node == id {
			return true
		}
	}
	return false
}

// foldRun is one row for a run of like events: "n2 n3 n4 n5 append 5 t1 Grant orders 5s", at
// the first one's time, and the last one's after "‥" when it differs.
func foldRun(run []tlItem, st *styles, w, atW int) tlItem {
	e := run[0].ev
	mark := " "
	if e.Kind == cluster.EvApplied {
		mark = "✓"
	}
	// "n2 appends 5 …" becomes "n2 n3 n4 n5 append 5 …": the verb loses its s.
	subj, rest, _ := strings.Cut(e.Describe(), " ")
	verb, rest, _ := strings.Cut(rest, " ")
	if subj != "n"+strconv.Itoa(e.Node) {
		return tlItem{}
	}
	if v, ok := strings.CutSuffix(verb, "ies"); ok {
		verb = v + "y"
	} else {
		verb = strings.TrimSuffix(verb, "s")
	}
	text := mark + " " + nodeRun(run) + " " + verb + " " + rest
	at := fmt.Sprintf("%*s ", atW, simTime(e.At))
	if last := run[len(run)-1].ev.At; last != e.At {
		// The last one's time says the run took time ("n1-n5 apply" read as all at once):
		// where the row has no room for it, the result gives way (the Replication panel has it).
		end := " ‥" + simTime(last)
		if lease := " " + fsm.DurText(time.Duration(e.Cmd.LeaseMS)*time.Millisecond) + " → "; width(at)+width(text+end) > w && e.Cmd.Kind == fsm.Grant && strings.Contains(text, lease) {
			// A Grant's lease gives way before its result: first-lock's last stop folded
			// "apply 5 Grant orders 5s ‥1.311s" with no token where the Release's row
			// kept "→ Released" (nc24-a2); the lease is in the Replication panel.
			if t := strings.Replace(text, lease, " → ", 1); width(at)+width(t+end) <= w {
				text = t
			}
		}
		if width(at)+width(text+end) > w {
			text, _, _ = strings.Cut(text, " → ")
		}
		text += end
	}
	if width(at)+width(text) > w {
		return tlItem{} // it would be cut: the run stays as it is
	}
	s := cmdStyle(st, e.Cmd, e.Origin, e.Result, e.Kind == cluster.EvApplied)
	row := st.faint.r(cut(at, w)) + s.r(cut(text, w-width(at)))
	return tlItem{rows: []string{row}, ev: e, n: len(run), who: nodeRun(run)}
}

// foldedNote is the title's "N folded", naming the rows they fold into where there is room
// ("7 folded into n2-n5, n1-n5": nc35-b could not tell which rows "7 folded" meant). fitNote
// drops the names before the count.
func foldedNote(n int, shown []tlItem) string {
	var who []string
	for i := range shown {
		if shown[i].n > 1 && !slices.Contains(who, shown[i].who) {
			who = append(who, shown[i].who)
		}
	}
	if len(who) == 0 {
		return fmt.Sprintf("%d folded", n)
	}
	return fmt.Sprintf("%d folded into %s", n, strings.Join(who, ", "))
}

// pad is rows with blank rows after them up to h.
func pad(rows []string, h, w int) []string {
	for len(rows) < h {
		rows = append(rows, blank(w))
	}
	return rows
}

// aboveNote is the title note of a timeline placed at rows the narration names below its
// story's start (gc-pause's 3.079s stop opened at c2's write with c2's acquire above, and the
// title said only "newest at the bottom"), or "" when it is not so placed.
//
// top is the first row drawn: a view grown by the rows the narration lends can start higher
// than the one placed, where the rest fits from there (add-node-mid-lease's first stop at 120x40
// drew 2 rows more above its named row and said "↑ 62 above" over 60).
func (t *tlView) aboveNote(top int) string {
	above := t.above - max(0, t.vp.YOffset-top)
	if above <= 0 || t.vp.YOffset != t.aboveAt {
		return ""
	}
	if t.from == 0 { // placed at rows a stop with no story of its own names: no "since"
		return fmt.Sprintf("↑ %d above", above)
	}
	return fmt.Sprintf("since last stop · ↑ %d above", above)
}

// storyAboveNote is the title note of a timeline at its newest rows at a stop with no story of
// its own whose says tell more of the stop before's, when that story starts above the top row
// drawn ("story ↑ 8 above"), or "". nc15-c, racing-acquires-unsafe at 80x24: three stops at
// 0.090s showed the newest rows under a title with no ↑, the story's lost-grant row above them.
// vp is the viewport as drawn (grown by the rows the narration lends). The script's first stop
// has no story before it: its story is the setup, from the first row, and the rows above the
// newest say so too (fl29: first-lock at 120x40 showed its newest rows under "newest at the
// bottom", the campaign above them, while ? promises "story ↑ N above").
func (m *Model) storyAboveNote(vp viewport.Model) string {
	if !m.atStop() || m.tl.from != 0 || m.tl.told == 0 && !m.firstStop() || !vp.AtBottom() {
		return ""
	}
	first, _, ok := m.sim.tl.story(m.tl.filter, tlRows, m.tl.told, nil, false)
	if !ok || first >= vp.YOffset {
		return ""
	}
	return fmt.Sprintf("story ↑ %d above", vp.YOffset-first)
}

// fitAll is rows each fitted to w cells, as the viewport draws them.
func fitAll(rows []string, w int) []string {
	for i := range rows {
		rows[i] = fitStyled(rows[i], w)
	}
	return rows
}

// nodeRun names a run's nodes: "n2-n5" when they are consecutive, else in id order. The order
// they acted in is the rows' when unfolded; in one row it cost the width a long run needs
// ("n1 n5 n3 n4 n2 apply 5 …" did not fit 120 columns).
func nodeRun(run []tlItem) string {
	ids := make([]int, len(run))
	for i := range run {
		ids[i] = run[i].ev.Node
	}
	slices.Sort(ids)
	if len(ids) > 2 && ids[len(ids)-1]-ids[0] == len(ids)-1 {
		return "n" + strconv.Itoa(ids[0]) + "-n" + strconv.Itoa(ids[len(ids)-1])
	}
	who := make([]string, len(ids))
	for i, id := range ids {
		who[i] = "n" + strconv.Itoa(id)
	}
	return strings.Join(who, " ")
}

// pastWords ends a title note's "↓ N below": the rows below the view happened already. One
// wording everywhere, the glossary's too: a longer ", already happened" gave way to ", past" where
// short, and the two read as different things (nc29-b).
const pastWords = ", past"

// foldedInto names the rows "N folded" folds into, in a title note.
const foldedInto = " folded into "

// fitNote is a title note in w cells, whole parts only: the parts without an arrow go first
// ("since last stop", then "N folded", then the filter), what is above and below last. A note
// cut mid-word ("↑ 107 abov…", "2 folded ·…") read as text lost (round 12).
func fitNote(note string, w int) string {
	parts := strings.Split(note, " · ")
	for width(strings.Join(parts, " · ")) > w && (len(parts) > 1 || strings.Contains(parts[0], foldedInto)) {
		i := slices.IndexFunc(parts, func(p string) bool { return !strings.ContainsAny(p, "↑↓") })
		if j := slices.IndexFunc(parts, func(p string) bool { return strings.HasSuffix(p, pastWords) }); i < 0 && j >= 0 {
			parts[j] = strings.TrimSuffix(parts[j], pastWords) // "↓ 1 below, past" goes bare before it goes
			continue
		}
		if i >= 0 && strings.Contains(parts[i], foldedInto) {
			parts[i], _, _ = strings.Cut(parts[i], foldedInto) // "7 folded into n2-n5" goes bare before it goes
			parts[i] += " folded"
			continue
		}
		if i < 0 {
			i = len(parts) - 1 // arrows only: the last one goes
		}
		parts = slices.Delete(parts, i, i+1)
	}
	return strings.Join(parts, " · ")
}
