package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// sayTime is an instant a say quotes: "c1 wakes at 5.044s".
var sayTime = regexp.MustCompile(`\b(\d+\.\d{3})s\b`)

// TestNamedRowsVisible plays every bundled lesson at 80x24 and 120x40 and, at each script
// stop, finds on screen the timeline rows its narration names, as far as they are the stop's
// own story (the events since the stop before): a row at each instant a say quotes ("until
// 5.044s"), and the first row each quoted row pattern matches ("'nX confirms … still leads'",
// "(c1 gets not-leader from n1)": the rows compare shows under a say). Round 9 found them
// below "↓ N more" at 80x24, where three to five timeline rows fit.
func TestNamedRowsVisible(t *testing.T) {
	playEveryLesson(t, [][2]int{{80, 24}, {120, 40}}, func(t *testing.T, s *scenarios.Scenario, m *Model) {
		var says []string
		// The story of a stop is the events since the stop before; a stop with no
		// events of its own (a second pause at one instant) tells the same story.
		var from, before uint64
		stops := 0
		stop := func(where string, extra ...string) {
			at := from
			if m.sim.tl.lastSeq() == from {
				at = before
			}
			checkNamedRows(t, m, at, append(append([]string(nil), says...), extra...), where)
			checkPanelCites(t, m, says, where)
			checkQuotedEntries(t, m, says, where)
		}
		next := func() {
			if m.sim.tl.lastSeq() != from {
				before = from
			}
			says, from = nil, m.sim.tl.lastSeq()
		}
		for _, st := range s.Steps {
			switch st.Kind {
			case scenarios.StepSay:
				says = append(says, st.Text)
			case scenarios.StepAsk:
				runToStop(t, m)
				stops++
				stop("stop "+itoa(stops)+" (ask)", st.Text)
				press(m, "enter", itoa(st.Right+1))
				stop("stop "+itoa(stops)+" (answered)", st.Text, st.Explain)
				next()
				press(m, "enter")
			case scenarios.StepPause:
				runToStop(t, m)
				stops++
				stop("stop " + itoa(stops))
				next()
				press(m, "enter")
			}
		}
		runToStop(t, m)
		stop("the end")
	})
}

// checkNamedRows finds on screen the rows says name among the lock events after seq from.
func checkNamedRows(t *testing.T, m *Model, from uint64, says []string, where string) {
	t.Helper()
	r := &m.sim.tl.rings[filterLock]
	var story []*cluster.Event
	for i := 0; i < r.len(); i++ {
		if e := &r.at(i).ev; e.Seq > from {
			story = append(story, e)
		}
	}
	if len(story) == 0 {
		return
	}
	screen := strings.Split(ansi.Strip(m.View()), "\n")
	atW := timeColumn(r)
	shown := func(e *cluster.Event) bool {
		first := strings.TrimRight(strings.SplitN(ansi.Strip(eventLine(e, m.st, m.tl.vp.Width, atW)), "\n", 2)[0], " ")
		for _, row := range screen {
			if strings.Contains(row, first) {
				return true
			}
		}
		return false
	}
	text := strings.Join(says, " ")
	for _, q := range sayTime.FindAllStringSubmatch(text, -1) {
		var at []*cluster.Event
		for _, e := range story {
			if strings.TrimSuffix(simTime(e.At), "s") == q[1] {
				at = append(at, e)
			}
		}
		if len(at) == 0 {
			continue // an instant before the stop's story, or one no row has
		}
		ok := false
		for _, e := range at {
			ok = ok || shown(e)
		}
		if !ok {
			t.Errorf("%s: the narration names %ss, but no timeline row at it is on screen (%s):\n%s", where, q[1], at[0].Describe(), strings.Join(screen, "\n"))
		}
	}
	for _, re := range rowPatterns(says) {
		for _, e := range story {
			if re.MatchString(e.Describe()) {
				if !shown(e) {
					t.Errorf("%s: the narration names the row %q (%s %s), not on screen:\n%s", where, re, simTime(e.At), e.Describe(), strings.Join(screen, "\n"))
				}
				break
			}
		}
	}
}

// entryQuote is a quoted log entry as the Replication panel names it ('Expire orders #2').
var entryQuote = regexp.MustCompile(`^(Grant|Release|Expire|Checkpoint|Renew) \S+( #\d+| \S+s)?$`)

// checkQuotedEntries finds on screen each log entry the says quote: gc-pause's 6.112s stop
// cited "Expire orders #2, ✓ on every node" unquoted, which no check looked for, while the
// panel showed only the newest entry under "↑ 4 earlier" at 80x24 (nc29-a).
func checkQuotedEntries(t *testing.T, m *Model, says []string, where string) {
	t.Helper()
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	v := strings.Join(rows[:min(len(rows), m.lay.narration.y+m.narrationLent())], "\n") // the panels, not the narration quoting it
	for _, say := range says {
		for _, q := range quotes(say) {
			if entryQuote.MatchString(q[1]) && !strings.Contains(v, q[1]) {
				t.Errorf("%s: the narration quotes the entry %q, not on screen:\n%s", where, q[1], v)
			}
			// A result a row "reads": late-expire-unsafe's 5.253s stop said its Replication row
			// reads 'deletes c2's lock #2' where the row read 'LATE deletes c2's #2' (nc32-c).
			// Whole, no "…" in it: 'LATE deletes … #2' sent a newcomer looking for hidden text
			// where the row read 'LATE deletes #2' (nc34-f).
			if i := strings.Index(say, q[0]); strings.HasSuffix(say[:i], "row reads ") && !strings.Contains(v, q[1]) {
				t.Errorf("%s: the narration says a row reads %q, not on screen as such:\n%s", where, q[1], v)
			}
			// A quoted finding is the row's own words up to its "…": late-expire-unsafe quoted
			// 'VIOLATION non-linearizable: …' where the row read 'VIOLATION non-linearizable
			// found: …' (nc34-f).
			if strings.HasPrefix(q[1], "VIOLATION ") {
				head := strings.TrimSpace(strings.Split(q[1], "…")[0])
				if !strings.Contains(flat(v), head) {
					t.Errorf("%s: the narration quotes the finding %q, and %q is not on screen:\n%s", where, q[1], head, v)
				}
			}
		}
	}
}
