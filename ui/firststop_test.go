package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// The script's first stop has no stop before it: its story is the setup, and the timeline
// shows the newest rows, unless rows its says name are above them. first-lock's first stop
// names 'n1 becomes leader (term 1)', which at 80x24 sat above the followers' rows.
func TestFirstStopShowsNamedSetupRows(t *testing.T) {
	src := `seed 1
campaign n1
wait-until leader n1
wait-until converged
delay n1 n2 400ms
delay n1 n3 400ms
delay n1 n4 400ms
delay n1 n5 400ms
delay n2 n3 400ms
delay n2 n4 400ms
delay n2 n5 400ms
say "n1 leads ('n1 becomes leader (term 1)')."
pause
heal
say "The links are healed."
pause
`
	s, err := scenarios.Parse("first.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 80, 24)
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "n1 becomes leader (term 1)") {
		t.Errorf("the first stop names n1's election, not on screen:\n%s", v)
	}
	// "↓ 4 newer" at a paused stop read as if the screen were ahead of the story (nc25-f): the
	// rows below are said to be below, as those above are "above".
	// "↓ 4 below" alone read as events still to come (nc26-f): they happened, and it says so.
	// nc29-b: in the same words as the glossary's, ", past" (it was ", already happened" where it fit).
	if !regexp.MustCompile(`↓ \d+ below, past`).MatchString(v) || strings.Contains(v, "newer") {
		t.Errorf("the timeline placed at named rows should say how many rows are below, past (not 'newer'):\n%s", v)
	}
	// The campaign and the pre-candidate and candidate rows are above the named one: the title
	// says so (nc19-d: it said only "↓ 2 newer", and nothing led to the rows above).
	if !strings.Contains(v, " above · ↓ ") || !strings.Contains(v, "↑ ") {
		t.Errorf("the timeline placed below the story's first rows should say what is above:\n%s", v)
	}
	// The next stop has a story of its own, the newest rows: the heal.
	press(m, "enter")
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "heal") || strings.Contains(v, "n1 becomes leader") {
		t.Errorf("the second stop should show its own story, the heal:\n%s", v)
	}
}

// first-lock's first stop tells the election step by step: at 80x24 its pre-candidate and
// candidate rows are on screen with the leader's, not under "↑ 8 above" (nc20-d).
func TestFirstLockElectionRowsOnScreen(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		runToStop(t, m)
		v := ansi.Strip(m.View())
		for _, row := range []string{"n1 becomes pre-candidate (term 0)", "n1 becomes candidate (term 1)", "n1 becomes leader (term 1)"} {
			if !strings.Contains(v, "s   "+row) {
				t.Errorf("%dx%d: the first stop's timeline lacks %q:\n%s", sz[0], sz[1], row, v)
			}
		}
	}
}
