package ui

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
)

// A `say` is written for the play view, and some point at its timeline's rows: "(the
// timeline's 'nX confirms … still leads' rows)", "('… finds n1 no longer leading')", "(c1 gets
// not-leader from n1)". A comparison has no timeline, so a student could check none of them
// (etcd-failover-reset's handover). Rather than drop the pointers, compare shows the rows they
// name, from the run the story is told for, under the say: the evidence is what the student
// needs, and the same sentence stays true in both views.

var (
	quotedRow = regexp.MustCompile(`'([^']* [^']*)'`)                   // a quoted row: more than one word
	namesOne  = regexp.MustCompile(`\b([nc]\d+|nX|cX)\b`)               // a row names a node or client
	replyRow  = regexp.MustCompile(`\((c\w+ gets [a-z-]+ from n\d+)\)`) // a client's reply in brackets
)

// namedRowsMax caps the rows shown for one stretch: one pointer can match every follower.
const namedRowsMax = 4

// rowPatterns are the timeline rows says point at, as patterns: nX and cX stand for any node
// and client, … for any words.
func rowPatterns(says []string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, t := range says {
		for _, q := range quotedRow.FindAllStringSubmatch(t, -1) {
			if !strings.Contains(q[1], "…") && !namesOne.MatchString(q[1]) {
				continue // a quoted word or phrase, not a row ('orders', 'try n2' is a reply's)
			}
			p := regexp.QuoteMeta(strings.TrimSpace(q[1]))
			p = strings.ReplaceAll(p, "nX", `n\d+`)
			p = strings.ReplaceAll(p, "cX", `c\d+`)
			p = strings.ReplaceAll(p, "…", `.*`)
			if !strings.HasPrefix(p, `.*`) {
				p = `^` + p // a row starts with its subject
			}
			out = append(out, regexp.MustCompile(p))
		}
		for _, q := range replyRow.FindAllStringSubmatch(t, -1) {
			out = append(out, regexp.MustCompile(`^`+regexp.QuoteMeta(q[1])))
		}
	}
	return out
}

// namedRows is the rows side i's newest says point at: each pointer's first row since the side's
// last stop at an earlier instant (the events the says tell of), with a count of the rest; a
// pointer with none there (a say that says what such rows look like: "the timeline's 'nX
// confirms … still leads' rows", while the handover cut n1's round short) gets its newest
// earlier row, its instant showing how old it is.
func (m *CompareModel) namedRows(i int, says []string, w int) []narrLine {
	// View runs 30 times a second and a stop holds still: find the rows once per stop, not
	// per frame (the search copies the event ring and describes each event).
	key := namedKey{says: strings.Join(says, "\n"), w: w, from: m.c.StretchFrom(i), now: m.c.Now(),
		events: m.c.World(i).Events(), div: m.c.Div != nil}
	if c := &m.named[i]; c.ok && c.key == key {
		return c.lines
	}
	lines := m.findNamedRows(i, says, w)
	m.named[i] = namedCache{key: key, lines: lines, ok: true}
	return lines
}

// namedKey is what namedRows' answer depends on: the says, the width, the stretch, how far
// the side's world has run (its instant and event count: the run is deterministic, so the same
// pair shows the same events after a rewind), and whether the runs have parted (the run the
// story is told for).
type namedKey struct {
	says      string
	w         int
	from, now time.Duration
	events    uint64
	div       bool
}

type namedCache struct {
	key   namedKey
	lines []narrLine
	ok    bool
}

func (m *CompareModel) findNamedRows(i int, says []string, w int) []narrLine {
	pats := rowPatterns(says)
	if len(pats) == 0 {
		return nil
	}
	from, now := m.c.StretchFrom(i), m.c.Now()
	wd := m.c.World(i)
	ring := wd.RecentEvents(wd.Config().RecentEvents)
	var older []cluster.Event
	if k := m.kept[i]; k != nil {
		older = append(append(older, k.reads...), k.evs...)
	}
	type hit struct {
		e    cluster.Event
		more int
	}
	hits := make([]*hit, len(pats))
	for k := range ring {
		e := &ring[k]
		if e.At <= from || e.At > now {
			continue
		}
		d := e.Describe()
		for p, re := range pats {
			if !re.MatchString(d) {
				continue
			}
			if hits[p] == nil {
				hits[p] = &hit{e: *e}
			} else {
				hits[p].more++
			}
			break
		}
	}
	all := append(older, ring...)
	for p, re := range pats {
		if hits[p] != nil {
			continue
		}
		for k := range all {
			e := &all[k]
			if e.At <= from && re.MatchString(e.Describe()) && (hits[p] == nil || e.At > hits[p].e.At) {
				hits[p] = &hit{e: *e}
			}
		}
	}
	var found []*hit
	for _, h := range hits {
		if h != nil {
			found = append(found, h)
		}
	}
	if len(found) == 0 {
		return nil
	}
	slices.SortStableFunc(found, func(a, b *hit) int { return cmp.Compare(a.e.At, b.e.At) })
	out := []narrLine{{"  ↳ the rows it names, from the " + m.storyRun(i) + "'s timeline:", narrRow}}
	for k, h := range found {
		if k == namedRowsMax {
			break
		}
		t := fmt.Sprintf("%8s  %s", simTime(h.e.At), h.e.Describe())
		if h.more > 0 {
			t += fmt.Sprintf(" (and %d more like it)", h.more)
		}
		for _, l := range wrap(t, w-4, "            ") {
			out = append(out, narrLine{"  " + l, narrRow})
		}
	}
	return out
}

// storyRun names the run side i's narration is told for: "with lease-on-promote reset run".
func (m *CompareModel) storyRun(i int) string {
	if whose := m.storyOf(); whose != "" {
		return whose + " run"
	}
	return strings.SplitN(m.c.Sides[i].Label, ":", 2)[0] + " run"
}
