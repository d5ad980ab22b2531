package ui

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A stop's narration and a half's ✖ lines name log entries by number ("right behind the
// uncommitted Expire (entry 4)", "entries 4 and 6 (Expire orders #1) both answered
// existed:true"). Compare has no log panel and its ↑ ↓ scroll the results, so an entry the
// Replication window had scrolled past could not be brought back: at late-expire's 4.150s stop
// at 120x40 both halves read "↑ 2 earlier" over entries 5 and 6 while the narration was about
// entry 4. The window reaches back to the oldest entry named, with rows from the results.

var entryNamed = regexp.MustCompile(`\bentr(?:y|ies) (\d+)((?:(?:, | and | or )\d+)*)`)

var entryNumber = regexp.MustCompile(`\d+`)

// namedEntry is the oldest log entry side i's stop names (its narration since the last stop,
// unless the verdicts stand in its place, and the half's ✖ lines), 0 when none is named.
func (m *CompareModel) namedEntry(i int) uint64 {
	var texts []string
	if !m.c.Done() || m.lastWords {
		says, _, _ := m.c.Narration(i)
		texts = append(texts, says...)
	}
	texts = append(texts, m.sideNotes(i)...)
	var lo uint64
	for _, t := range texts {
		for _, g := range entryNamed.FindAllStringSubmatch(t, -1) {
			nums := append([]string{g[1]}, entryNumber.FindAllString(g[2], -1)...)
			for _, s := range nums {
				if n, err := strconv.ParseUint(s, 10, 64); err == nil && n > 0 && (lo == 0 || n < lo) {
					lo = n
				}
			}
		}
	}
	return lo
}

// trackerRowsFrom is how many of the tracker's rows, newest last, reach back to entry idx: 0
// when no row holds it (the view no longer has it).
func trackerRowsFrom(rows []trackerRow, idx uint64) int {
	for j := len(rows) - 1; j >= 0; j-- {
		r := rows[j]
		if r.prop != nil && r.prop.Index == idx || r.prop == nil && r.lo <= idx && idx <= r.hi {
			return len(rows) - j
		}
	}
	return 0
}

// resultsOneRow is a half's results and replies in one row, its rule: the newest row it would
// show ("─ applied results & replies · newest: 3.052s c2 gets not-leader from n5 (try n1) ─ ↑ 12
// older ─"), when the rows went to entries the narration names. ↑ ↓ still scroll it.
func (m *CompareModel) resultsOneRow(i, w int) string {
	name, note := m.resultsOneRowText(i, w)
	return rule(m.st, name, note, w)
}

// resultsOneRowText is resultsOneRow's rule's name (the results' newest row) and note, for a
// rule w cells wide.
func (m *CompareModel) resultsOneRowText(i, w int) (string, string) {
	name, note, whole := m.resultsOneRowAt(i, w, w)
	if !whole {
		// The newest row too long for the rule gives way to the newest of the last few that
		// fits it whole (recent), the rest counted: cut, "here, on every…" at late-expire
		// --unsafe's write stop at 120x40 lost what the check found there (nc31-b).
		if n2, note2, whole2 := m.resultsOneRowAt(i, w, w-width(note)-9-width("results · newest: ")+2); whole2 {
			return n2, note2
		}
		name, note, _ = m.resultsOneRowAt(i, w, w) // (recent records the width drawn)
	}
	return name, note
}

// resultsOneRowAt is resultsOneRowText with its rows wrapped for results rw cells wide, and
// whether the row reads whole in the rule.
func (m *CompareModel) resultsOneRowAt(i, w, rw int) (string, string, bool) {
	rv := m.recent(i, max(rw, 20), 1)
	text := ""
	if len(rv.rows) > 0 {
		text = strings.Join(strings.Fields(ansi.Strip(rv.rows[0])), " ")
	}
	note := m.resultsNote(rv, min(40, w/3), true) // what ↑ and ↓ bring back stays said
	room := max(8, w-width(note)-9)               // (the rule keeps two dashes before its note)
	name := "applied results & replies"
	if text != "" {
		at := " · newest: "
		switch {
		case m.scroll != nil:
			at = " · up to: "
		case rv.end < len(rv.items):
			at = " · " // the newest did not fit whole (recent): the note counts it, ↓ newer
		}
		// The row whole where the shorter name lets it be.
		name = firstFit(room, name+at+text, "results"+at+text)
	}
	whole := width(name) <= room && (len(rv.rows) == 0 || !strings.HasSuffix(text, "…"))
	return cut(name, room), note, whole
}

// violMissRows is the rows side i's newest violation and the story's checks that did not hold
// at its instant (✗, listed after it) take in its results, wrapped at w; 0 without one.
func (m *CompareModel) violMissRows(i, w int) int {
	items := m.resultItems(i, w)
	n := 0
	for j := len(items) - 1; j >= 0; j-- {
		if !items[j].viol {
			continue
		}
		n = len(items[j].lines)
		for k := j + 1; k < len(items) && items[k].at == items[j].at && items[k].miss; k++ {
			n += len(items[k].lines)
		}
		break
	}
	return n
}
