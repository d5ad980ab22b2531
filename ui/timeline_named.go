package ui

import (
	"regexp"
	"strings"

	"leaselab/cluster"
)

// A say points at timeline rows in two ways: it quotes a row ("the gap between 'n1 receives'
// and 'c1 gets not-found' on the timeline", "(c2 gets busy from n1)": the rows compare shows
// under a say, rowPatterns) or an instant ("n3's and n5's answers (0.089s, 0.090s)"). At a
// stop the timeline scrolls so those rows of the stop's story are on screen (syncTimeline): at
// 80x24 three to five rows fit, and round 9 found the named ones below "↓ N more".

// sayInstant is an instant a say quotes, as the timeline prints it: "0.089s".
var sayInstant = regexp.MustCompile(`\b\d+\.\d{3}s\b`)

// rowNames says which of a stop's events its says name, taken in order: the first event each
// quoted row matches, and every event at a quoted instant.
type rowNames struct {
	pats     []*regexp.Regexp
	found    []bool
	instants []string
}

func newRowNames(says []string) *rowNames {
	n := &rowNames{pats: rowPatterns(says)}
	n.found = make([]bool, len(n.pats))
	for _, t := range says {
		n.instants = append(n.instants, sayInstant.FindAllString(t, -1)...)
	}
	return n
}

// any: the says name some row.
func (n *rowNames) any() bool { return n != nil && len(n.pats)+len(n.instants) > 0 }

// names says whether e, the next event of the story, is one the says name.
func (n *rowNames) names(e *cluster.Event) bool {
	if n == nil {
		return false
	}
	hit := false
	if len(n.instants) > 0 {
		at := simTime(e.At)
		for _, s := range n.instants {
			hit = hit || s == at
		}
	}
	if len(n.pats) > 0 {
		d := e.Describe()
		for i, re := range n.pats {
			if !n.found[i] && re.MatchString(d) {
				n.found[i], hit = true, true
			}
		}
	}
	return hit
}

// stopSays is what the narration says at this stop: the says since the stop before, and the
// question of an ask waiting here (not its explanation, which the answer reveals).
func (m *Model) stopSays() []string {
	says := m.says()
	if a := m.curAsk(); a != nil {
		says = append(append([]string(nil), says...), a.Text)
	}
	return says
}

// A quoted row's "…" stands for what the script cannot know, mostly a name that varies by seed
// ('… becomes leader', 'c2 gets granted from …'). The student reads the row this run has: each
// "…" filled from the row the quote names, the first of the stop's story it matches (the row
// the timeline keeps on screen), so the quote is found word for word on screen (nc31-f:
// 'c1 gets released from a node' beside the row 'c1 gets released from n4'). A "…" the row
// fills with more than a name ('n3 appends 5 …') stays, and a quote no row of the story
// matches reads as quotedNames has it.

// fillQuote is the quoted row q (its inside) with each "…" filled from d, the row it names,
// and whether d is that row.
func fillQuote(q, d string) (string, bool) {
	parts := strings.Split(strings.TrimSpace(q), "…")
	if len(parts) < 2 {
		return q, false
	}
	p := ""
	for i, s := range parts {
		if i > 0 {
			p += pick(i == len(parts)-1 && s == "", "(.*)", "(.*?)")
		}
		p += regexp.QuoteMeta(s)
	}
	m := regexp.MustCompile("^" + p).FindStringSubmatch(d)
	if m == nil {
		return q, false
	}
	var b strings.Builder
	for i, s := range parts {
		if i > 0 {
			g := strings.TrimSpace(m[i])
			fill := "…"
			switch {
			case i == len(parts)-1 && s == "":
				// The row goes on after the quote: its next word, if that is the name the
				// quote leaves out ('c2 gets granted from …' of 'c2 gets granted from n4
				// (token 2)'); other words ('n3 appends 5 …') stay left out.
				w := strings.TrimRight(strings.SplitN(g+" ", " ", 2)[0], ")],.;:")
				if nameAfter.MatchString(parts[i-1]) && nameFill.MatchString(w) {
					fill = w
				}
			case g != "" && !strings.ContainsAny(g, " \t"):
				fill = g // one word between the quote's
			case i == 1 && parts[0] == "" && len(strings.Fields(g)) <= 3 && len(g) <= 30:
				// The row's subject in a few words ('n3's confirmation (4.065s)' of '… finds
				// n1 no longer leading'); more is what the "…" leaves out ('… deleted #2').
				fill = g
			}
			b.WriteString(fill)
		}
		b.WriteString(s)
	}
	return b.String(), true
}

var (
	nameAfter = regexp.MustCompile(`(\b(from|to|try|by) |\b[nc])$`) // a name comes next
	nameFill  = regexp.MustCompile(`^([nc]\d+|\d+)$`)
)

// filledSays is says as the student reads them (fillSay), their quoted rows filled from the
// events after seq in ring r.
func filledSays(says []string, r *tlRing, seq uint64) []string {
	out := make([]string, len(says))
	var rows []string // the story's rows, described once
	for k, t := range says {
		if rows == nil && strings.Contains(t, "…") {
			rows = []string{}
			for i := 0; i < r.len(); i++ {
				if e := &r.at(i).ev; e.Seq > seq {
					rows = append(rows, e.Describe())
				}
			}
		}
		out[k] = fillSay(t, rows)
	}
	return out
}
