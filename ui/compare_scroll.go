package ui

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// Scrolling the halves' results (↑ ↓) moves both to the same moment: the scroll position is an
// instant, and each half shows its rows up to it, newest last. Scrolled by rows, each half
// counting its own, "results scrolled back 6" showed the safe half's 0.050s-4.873s beside the
// unsafe half's 4.873s-5.858s, and a half with fewer rows ran out of them: past its top it
// showed one row over eleven blank ones and ↓ did not move it.

// resultsPos is a place in both halves' results: each shows its rows before instant at, and
// the first k of its rows at it (an instant may hold more rows than a half has room for: the
// unsafe half's four ✗ rows and a violation at 5.860s).
type resultsPos struct {
	at time.Duration
	k  int
}

func (p resultsPos) compare(q resultsPos) int {
	if c := cmp.Compare(p.at, q.at); c != 0 {
		return c
	}
	return cmp.Compare(p.k, q.k)
}

// posOf is items[j]'s place: its instant, and its rank among the rows there (1 the first).
func posOf(items []resultItem, j int) resultsPos {
	k := 1
	for x := j - 1; x >= 0 && items[x].at == items[j].at; x-- {
		k++
	}
	return resultsPos{items[j].at, k}
}

// resultsEnd is how many of items (oldest first) are at or before p.
func resultsEnd(items []resultItem, p resultsPos) int {
	n, k := 0, 0
	for j := range items {
		if items[j].at > p.at {
			break
		}
		if items[j].at == p.at {
			if k++; k > p.k {
				break
			}
		}
		n++
	}
	return n
}

// scrollSides is each half's results as drawn (its width and rows, from the last drawing),
// nil for a half with no room for them.
func (m *CompareModel) scrollSides() [2][]resultItem {
	m.resSize = [2][2]int{}
	m.halves(m.layout()) // records each half's results' size (recent)
	var out [2][]resultItem
	for i := range out {
		if m.resSize[i][1] > 0 {
			out[i] = m.resultItems(i, m.resSize[i][0])
		}
	}
	return out
}

// places is every place either half has a row at, oldest first.
func places(sides [2][]resultItem) []resultsPos {
	var out []resultsPos
	for _, items := range sides {
		for j := range items {
			out = append(out, posOf(items, j))
		}
	}
	slices.SortFunc(out, resultsPos.compare)
	return slices.Compact(out)
}

// atTop is whether a half shows its oldest row at p.
func (m *CompareModel) atTop(i int, items []resultItem, p resultsPos) bool {
	from, _ := newestFit(items, resultsEnd(items, p), 0, 0, m.resSize[i][1])
	return from == 0
}

// unscrolledEnds is, for each half with rows, the end of the rows it shows when not scrolled
// (its kept violation may leave rows below); -1 for a half with none.
func (m *CompareModel) unscrolledEnds(sides [2][]resultItem) (ends [2]int) {
	scroll := m.scroll
	m.scroll = nil
	defer func() { m.scroll = scroll }()
	for i, items := range sides {
		ends[i] = -1
		if len(items) > 0 {
			ends[i] = m.recent(i, m.resSize[i][0], m.resSize[i][1]).end
		}
	}
	return ends
}

// live is the place of the newest row each half shows when not scrolled (its kept violation
// may stand last), the latest of the two, and the first place a half has below its rows.
func (m *CompareModel) live(sides [2][]resultItem) (bottom resultsPos, below *resultsPos, ok bool) {
	for i, end := range m.unscrolledEnds(sides) {
		items := sides[i]
		if end > 0 {
			if p := posOf(items, end-1); !ok || p.compare(bottom) > 0 {
				bottom, ok = p, true
			}
		}
		if end >= 0 && end < len(items) {
			if p := posOf(items, end); below == nil || p.compare(*below) < 0 {
				below = &p
			}
		}
	}
	return bottom, below, ok
}

// heldBottom is the place of the newest row shown by a half that has rows below it (a kept
// violation), the earliest of the two if both do.
func (m *CompareModel) heldBottom(sides [2][]resultItem) (p resultsPos, ok bool) {
	for i, end := range m.unscrolledEnds(sides) {
		if end > 0 && end < len(sides[i]) {
			if q := posOf(sides[i], end-1); !ok || q.compare(p) < 0 {
				p, ok = q, true
			}
		}
	}
	return p, ok
}

// scrollOlder moves both halves' results a row back in time: to the place before the one they
// show last, unless both show their oldest rows already.
func (m *CompareModel) scrollOlder() { m.scrollOlderIn(m.scrollSides()) }

// scrollNewer moves both halves' results a row on in time; not scrolled, to the rows below a
// half's kept violation, if any.
func (m *CompareModel) scrollNewer() { m.scrollNewerIn(m.scrollSides()) }

// scrollOlderIn is scrollOlder for results sides drawn at m.resSize.
func (m *CompareModel) scrollOlderIn(sides [2][]resultItem) {
	var cur resultsPos
	if m.scroll != nil {
		cur = *m.scroll
	} else if b, _, ok := m.live(sides); ok {
		cur = b
		if held, ok := m.heldBottom(sides); ok && held.compare(cur) < 0 {
			// A half keeps its violation above newer rows (↓ reaches them): "older" starts
			// there, or the first ↑ showed that half rows newer than any it had shown (at
			// late-expire --unsafe's end the safe half's c3 rows were newer than the kept
			// non-linearizable).
			cur = held
		}
	} else {
		m.status = "no results yet"
		return
	}
	ps := places(sides)
	j, _ := slices.BinarySearchFunc(ps, cur, resultsPos.compare)
	if j == 0 || (m.atTop(0, sides[0], cur) && m.atTop(1, sides[1], cur)) {
		m.status = "both halves show their oldest results kept · ↓ newer"
		return
	}
	before := m.shownEnds(sides)
	m.scroll = &ps[j-1]
	m.status = m.movedOnly("↑", sides, before) + m.scrolledStatus()
}

// shownEnds is how many of each half's rows are at or before where they show now (scrolled,
// or not).
func (m *CompareModel) shownEnds(sides [2][]resultItem) (ends [2]int) {
	if m.scroll == nil {
		return m.unscrolledEnds(sides)
	}
	for i, items := range sides {
		ends[i] = resultsEnd(items, *m.scroll)
	}
	return ends
}

// movedOnly is "↑ moved only the lower half (…) · " when key moved one half's rows and not the
// other's, which has no row at the places between: at late-expire --unsafe's divergence the
// unsafe half's three rows at 5.253s took two ↑ while the safe half, with one there, stood
// still, and looked stuck (nc31-c).
// First, as the status line drops its last parts where it has no room.
func (m *CompareModel) movedOnly(key string, sides [2][]resultItem, before [2]int) string {
	after := m.shownEnds(sides)
	var moved []int
	for i := range sides {
		if len(sides[i]) > 0 && after[i] != before[i] {
			moved = append(moved, i)
		}
	}
	if len(moved) != 1 || len(sides[1-moved[0]]) == 0 {
		return ""
	}
	name := [2]string{"upper", "lower"}
	if m.layout().sideBySide {
		name = [2]string{"left", "right"}
	}
	i := moved[0]
	return fmt.Sprintf("%s moved only the %s half (the %s one has no row between) · ", key, name[i], name[1-i])
}

// scrollNewerIn is scrollNewer for results sides drawn at m.resSize.
func (m *CompareModel) scrollNewerIn(sides [2][]resultItem) {
	ps := places(sides)
	before := m.shownEnds(sides)
	switch {
	case m.scroll == nil:
		_, below, _ := m.live(sides)
		if below == nil {
			m.status = "the newest results"
			return
		}
		m.scroll = below
	default:
		j, found := slices.BinarySearchFunc(ps, *m.scroll, resultsPos.compare)
		if found {
			j++
		}
		if j >= len(ps) {
			m.status = "the newest results"
			return
		}
		m.scroll = &ps[j]
	}
	m.status = m.scrolledStatus()
	if m.scroll.compare(ps[len(ps)-1]) == 0 {
		m.status = "the newest results · ↑ older"
	}
	m.status = m.movedOnly("↓", sides, before) + m.status
}

func (m *CompareModel) scrolledStatus() string {
	return fmt.Sprintf("results up to %s in both halves · ↑ older · ↓ newer", simTime(m.scroll.at))
}
