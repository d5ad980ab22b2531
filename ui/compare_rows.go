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
	namesOne = regexp.MustCompile(`\b([nc]\d+|nX|cX)\b`)               // a row names a node or client
	replyRow = regexp.MustCompile(`\((c\w+ gets [a-z-]+ from n\d+)\)`) // a client's reply in brackets
)

// namedRowsMax caps the rows shown for one stretch: one pointer can match every follower.
const namedRowsMax = 4

// rowPatterns are the timeline rows says point at, as patterns: nX and cX stand for any node
// and client, … for any words.
func rowPatterns(says []string) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, t := range says {
		for _, q := range quotes(t) {
			if q[1] == "heal" {
				// The network-wide fault's row is its one word: late-expire's heal had no row
				// a newcomer could find, in play (above the stop's rows) or in compare (none).
				out = append(out, regexp.MustCompile(`^heal$`))
				continue
			}
			if !strings.Contains(q[1], " ") {
				continue // a quoted word, not a row
			}
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
// last stop at an earlier instant (the events the says tell of), with a count of the rest, and
// for "(the newest rows)" the results and replies at the stop's own instant. A pointer names
// only rows of its stop's stretch: a say that points at rows its stretch does not hold is the
// lesson's to move (a row from before the stretch, shown as its evidence, was another story's:
// the handover's 'nX confirms … still leads' showed the previous keepalive's 3.072s row).
func (m *CompareModel) namedRows(i int, says []string, w int) []narrLine {
	// View runs 30 times a second and a stop holds still: find the rows once per stop, not
	// per frame (the search copies the event ring and describes each event).
	// The stretch is the narration's own, not the one ending now: running on from the stop, or
	// rewound to before the next, the say still shows and names the rows it named there. Once
	// found, they stay (the ring the search reads forgets old events as the run goes on).
	from, to := m.c.NarrationStretch(i)
	key := namedKey{says: strings.Join(says, "\n"), w: w, from: from, to: to, div: m.c.Div != nil}
	if c := &m.named[i]; c.ok && c.key == key {
		return c.lines
	}
	lines := m.findNamedRows(i, says, w)
	m.named[i] = namedCache{key: key, lines: lines, ok: true}
	return lines
}

// namedKey is what namedRows' answer depends on: the says, the width, the narration's stretch
// (the run is deterministic, so the same stretch holds the same events after a rewind), and
// whether the runs have parted (the run the story is told for).
type namedKey struct {
	says     string
	w        int
	from, to time.Duration
	div      bool
}

type namedCache struct {
	key   namedKey
	lines []narrLine
	ok    bool
}

// newestRows is the pointer to the rows at the stop's instant: the play view's timeline ends
// with them.
const newestRows = "(the newest rows)"

// namedHit is the first row a pointer names in the stretch, and how many more it matches there.
type namedHit struct {
	e    cluster.Event
	more int
}

// stretchEvents is side i's events since its last stop at an earlier instant, oldest first:
// the world's ring, and before it the results, replies and confirmations kept from its stream
// (the ring holds only the last few hundred events, a stretch may be seconds long).
func (m *CompareModel) stretchEvents(i int) []cluster.Event {
	from, now := m.c.NarrationStretch(i)
	wd := m.c.World(i)
	var all []cluster.Event
	if k := m.kept[i]; k != nil {
		all = append(append(all, k.reads...), k.evs...)
	}
	all = append(all, wd.RecentEvents(wd.Config().RecentEvents)...)
	slices.SortStableFunc(all, func(a, b cluster.Event) int { return cmp.Compare(a.Seq, b.Seq) })
	out := all[:0]
	for k := range all {
		e := &all[k]
		if e.At <= from || e.At > now || (len(out) > 0 && out[len(out)-1].Seq == e.Seq) {
			continue
		}
		out = append(out, *e)
	}
	return out
}

// namedHits is each pointer's hit in side i's stretch (nil where it has none), and the rows at
// the stop's instant when a say points at the newest rows.
func (m *CompareModel) namedHits(i int, says []string) (hits []*namedHit, newest []cluster.Event) {
	pats := rowPatterns(says)
	wantNewest := false
	for _, t := range says {
		wantNewest = wantNewest || strings.Contains(t, newestRows)
	}
	if len(pats) == 0 && !wantNewest {
		return nil, nil
	}
	evs := m.stretchEvents(i)
	hits = make([]*namedHit, len(pats))
	for k := range evs {
		e := &evs[k]
		d := e.Describe()
		for p, re := range pats {
			if !re.MatchString(d) {
				continue
			}
			if hits[p] == nil {
				hits[p] = &namedHit{e: *e}
			} else {
				hits[p].more++
			}
			break
		}
	}
	if wantNewest {
		_, at := m.c.NarrationStretch(i)
		for k := range evs {
			if e := &evs[k]; e.At == at && shownInResults(e) {
				newest = append(newest, *e)
			}
		}
	}
	return hits, newest
}

// shownInResults is whether the "applied results & replies" list shows e.
func shownInResults(e *cluster.Event) bool {
	switch e.Kind {
	case cluster.EvApplied, cluster.EvLocalExpiry, cluster.EvClientReply, cluster.EvWrite, cluster.EvViolation:
		return true
	}
	return false
}

func (m *CompareModel) findNamedRows(i int, says []string, w int) []narrLine {
	hits, newest := m.namedHits(i, says)
	var found []*namedHit
	for _, h := range hits {
		if h != nil {
			found = append(found, h)
		}
	}
	for _, e := range newest {
		if !slices.ContainsFunc(found, func(h *namedHit) bool { return h.e.Seq == e.Seq }) {
			found = append(found, &namedHit{e: e})
		}
	}
	if len(found) == 0 {
		return nil
	}
	slices.SortStableFunc(found, func(a, b *namedHit) int { return cmp.Compare(a.e.Seq, b.e.Seq) })
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

// quotes is the single-quoted stretches of t, each as {whole, inside}. A quote opens after a
// space or bracket and closes at the first apostrophe before a space, bracket or stop, so an
// apostrophe inside a word ("n1's") neither opens nor closes one: pairing every apostrophe read
// "'invoices'. Its Grant … ('" as a quote and missed the row quoted after it.
func quotes(t string) [][2]string {
	var out [][2]string
	for i := 0; i < len(t); i++ {
		if t[i] != '\'' || i > 0 && !strings.ContainsRune(" \t\n(", rune(t[i-1])) {
			continue
		}
		for j := i + 1; j < len(t); j++ {
			if t[j] == '\'' && (j+1 == len(t) || strings.ContainsRune(" \t\n).,:;!?", rune(t[j+1]))) {
				out = append(out, [2]string{t[i : j+1], t[i+1 : j]})
				i = j
				break
			}
		}
	}
	return out
}
