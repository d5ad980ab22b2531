package ui

import (
	"strings"
	"testing"
	"time"

	"leaselab/scenarios"
)

// TestNarrationNeverCut plays every bundled lesson at 120x40 and 80x24 and, at each script
// pause and at the end, finds every word of every `say` since the previous pause in the
// narration area, in order (a word cut short by "…" does not count; at the end the verdict
// comes after the last stretch's says). At an ask it finds the
// question and its choices too, answers right, and then finds the explanation.
func TestNarrationNeverCut(t *testing.T) {
	playEveryLesson(t, [][2]int{{120, 40}, {80, 24}}, func(t *testing.T, s *scenarios.Scenario, m *Model) {
		var says []string
		pauses, asks := 0, 0
		for _, st := range s.Steps {
			switch st.Kind {
			case scenarios.StepSay:
				says = append(says, st.Text)
			case scenarios.StepAsk:
				runToStop(t, m)
				if m.curAsk() == nil || m.curAsk().Pos != st.Pos {
					t.Fatalf("expected the ask at line %d", st.Pos.Line)
				}
				asks++
				checkNarration(t, m, append(says, append([]string{st.Text}, st.Choices...)...), "ask "+itoa(asks))
				press(m, "enter")
				if m.curAsk() == nil {
					t.Fatal("enter passed an ask with no answer")
				}
				press(m, itoa(st.Right+1))
				want := append(says, st.Text, "✔ Right. "+st.Explain)
				if askNext(s, &st) != nil {
					want = append(says, st.Text, "✔ Right. "+whyAfterNext) // its why waits for the next ask's answer
				}
				if p := askPrev(s, &st); p != nil {
					want = append(want, "The ask before, ✔ "+itoa(p.Right+1)+") "+p.Choices[p.Right]+": "+p.Explain)
				}
				checkNarration(t, m, want, "ask "+itoa(asks)+" answered")
				says = nil
				press(m, "enter")
			case scenarios.StepPause:
				runToStop(t, m)
				if !m.sim.atPause() {
					t.Fatalf("expected script pause %d (line %d)", pauses+1, st.Pos.Line)
				}
				pauses++
				checkNarration(t, m, says, "pause "+itoa(pauses))
				says = nil
				press(m, "enter")
			}
		}
		runToStop(t, m)
		if m.results == nil {
			t.Fatal("the script did not end")
		}
		if len(m.results.lines) > 0 {
			t.Fatalf("the lesson failed: %v", m.results.lines)
		}
		end := []string{"PASS · " + checkWords(m.results.passed, m.results.waits) + " held"}
		if asks > 0 {
			end = append(end, itoa(asks)+" of "+itoa(asks)+" predictions right")
		}
		// The last stretch is read first, then the verdict under it.
		checkNarration(t, m, append(says, end...), "the end")
	})
}

// runToStop plays the script until its next pause or its end.
func runToStop(t testing.TB, m *Model) {
	t.Helper()
	for i := 0; !m.sim.atPause() && !m.sim.ended; i++ {
		if i > 10000 {
			t.Fatal("the script neither paused nor ended")
		}
		m.sim.run(m.sim.p.Now() + time.Minute)
	}
	m.refresh()
}

func checkNarration(t *testing.T, m *Model, says []string, where string) {
	t.Helper()
	rows := strings.Split(m.View(), "\n")
	n := m.lay.narration
	if len(rows) != m.height {
		t.Fatalf("%s: %d rows on a %d-row screen", where, len(rows), m.height)
	}
	if strings.Contains(rows[0], "…") || !strings.Contains(rows[0], " "+m.base.Name+" ") && !strings.Contains(rows[0], " "+m.title+" ") || !strings.Contains(rows[0], "/"+itoa(len(m.base.Steps))) {
		t.Fatalf("%s: the header is cut, or lacks the lesson's name (or title) or the step counter: %s", where, rows[0])
	}
	kinds := violationKinds(m.v.Violations)
	for _, k := range kinds {
		// Or the first by name and a count of the rest: beside the unsafe switch's name
		// (unsafeNameFirst), or where the simulated time takes the room (it outlasts the
		// names past the first: headGiveWay).
		brief := "✖ " + kinds[0] + " +" + itoa(len(kinds)-1) + " "
		if !strings.Contains(rows[0], k) && !strings.Contains(rows[0], brief) {
			t.Fatalf("%s: the header does not name the violation %s: %s", where, k, rows[0])
		}
	}
	n.h += m.statusLent() // the narration moved down into the status line's row
	area := strings.Join(rows[n.y:n.y+n.h], " ")
	words := strings.Fields(area)
	i := 0
	shown := map[string]string{} // the says as the student reads them, quoted rows filled
	for k, t := range m.shownSays() {
		shown[m.says()[k]] = t
	}
	for _, say := range says {
		as, ok := shown[say]
		if !ok {
			as = quotedNames(say)
		}
		for _, want := range strings.Fields(as) { // as the student reads it
			for i < len(words) && words[i] != want {
				i++
			}
			if i == len(words) {
				t.Fatalf("%s: %q of %q is not in the narration area:\n%s", where, want, say, strings.Join(rows[n.y:n.y+n.h], "\n"))
			}
			i++
		}
	}
}
