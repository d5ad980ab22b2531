package ui

import (
	"fmt"
	"strings"
	"time"

	"leaselab/cluster"
)

// sideNotes are the one-line statements a half carries under its divergence line: what went
// wrong on it (its first violation, in plain words: the shared story is told for the other
// run, so nothing else points at this half's harm), and, once the other side's script ended,
// that this one plays on alone and what e does (it looked hung, with "not at a script pause").
func (m *CompareModel) sideNotes(i int) []string {
	var out []string
	if h := m.harm(i); h != "" {
		out = append(out, "✖ "+h)
	}
	s, o := m.c.Sides[i], m.c.Sides[1-i]
	switch {
	case s.Verdict == nil && o.Verdict != nil:
		out = append(out, "▶ the other script ended; this run plays on alone to its own end · e plays both to their ends")
	case s.Verdict != nil && o.Verdict == nil:
		out = append(out, "■ this script ended; its world runs on (no more steps) beside the other run")
	}
	return out
}

// noteLines is side i's notes, as many rows as the taller half's (the halves stay aligned).
func (m *CompareModel) noteLines(i, w int) []string {
	wrapped := func(j int) (ls []string, bad []bool) {
		for _, t := range m.sideNotes(j) {
			for _, l := range wrap(t, w-2, "  ") { // each one whole
				ls, bad = append(ls, l), append(bad, strings.HasPrefix(t, "✖"))
			}
		}
		return ls, bad
	}
	a, _ := wrapped(1 - i)
	ls, bad := wrapped(i)
	n := max(len(a), len(ls))
	out := make([]string, 0, n)
	for j, t := range ls {
		st := m.st.warn
		if bad[j] {
			st = m.st.bad
		}
		out = append(out, st.r(fit(" "+t, w)))
	}
	for len(out) < n {
		out = append(out, blank(w))
	}
	return out
}

// harm is what side i's first violation did, in plain words, from what the half shows: a
// client that believes it holds a lock the nodes no longer hold, or two clients that believe
// they hold the same key; otherwise the violation's own text. "" without a violation.
func (m *CompareModel) harm(i int) string {
	v := &m.v[i]
	if len(v.Violations) == 0 {
		return ""
	}
	holders := map[string][]string{}
	for _, c := range v.Clients {
		for _, h := range c.Holds {
			if h.Left <= 0 {
				continue
			}
			holders[h.Key] = append(holders[h.Key], c.Name)
			var gone []string
			up := 0
			for j := range v.Nodes {
				nd := &v.Nodes[j]
				if !nd.Up {
					continue
				}
				up++
				if !holdsLock(nd, h.Key, h.Token) {
					gone = append(gone, fmt.Sprintf("n%d", nd.ID))
				}
			}
			if len(gone) == 0 {
				continue
			}
			m.harmSaid[i] = harmNote{v.Violations[0].At, fmt.Sprintf("%s went on believing it held %s #%d after the nodes had deleted it", c.Name, h.Key, h.Token)}
			if len(gone) == up {
				return fmt.Sprintf("%s believes it holds %s #%d; every node has deleted it", c.Name, h.Key, h.Token)
			}
			return fmt.Sprintf("%s believes it holds %s #%d; %s no longer has it", c.Name, h.Key, h.Token, strings.Join(gone, ", "))
		}
	}
	for _, c := range v.Clients { // in the clients' order, not the map's
		for _, h := range c.Holds {
			if names := holders[h.Key]; len(names) > 1 {
				return fmt.Sprintf("%s all believe they hold %s at once", strings.Join(names, " and "), h.Key)
			}
		}
	}
	first := v.Violations[0]
	if said := m.harmSaid[i]; said.at == first.At && said.past != "" {
		return said.past // the client's own clock has since let go: what it did stays said
	}
	return cut(first.Kind.String()+": "+first.Text, 200) // read whole in the results below
}

// harmNote is a side's harm as said while it showed, kept for after it stops showing (the
// client's lease runs out on its own clock), with the first violation's instant it is about.
type harmNote struct {
	at   time.Duration
	past string
}

// holdsLock says whether node nd's lock table holds key with token.
func holdsLock(nd *cluster.NodeView, key string, token uint64) bool {
	for _, l := range nd.Locks {
		if l.Key == key && l.Token == token {
			return true
		}
	}
	return false
}
