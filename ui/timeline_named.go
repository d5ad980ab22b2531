package ui

import (
	"regexp"

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
