package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// racing-acquires' verdict, "c1's Grant, proposed first", named the winner of a same-instant
// tie before the screen showed why (nc31-i): at the ask, under seeds 1 to 12, the narration
// says n1 takes the two in the order sent, and the timeline shows c1's 'sends' row above c2's.
func TestRacingAcquiresShowsOrderBeforeVerdict(t *testing.T) {
	eachSeed(t, "racing-acquires", 4, func(m *Model, w int, at string) {
		for runToStop(t, m); m.pendingAsk() == nil && !m.sim.ended; runToStop(t, m) {
			press(m, "enter")
		}
		v := ansi.Strip(m.View())
		flat := strings.Join(strings.Fields(v), " ")
		if !strings.Contains(flat, "in the order sent (the timeline's 'sends' rows: c1's first)") {
			t.Errorf("%s: the ask's narration does not say the order n1 takes them in:\n%s", at, v)
		}
		c1, c2 := strings.Index(v, "c1 sends acquire orders to n1"), strings.Index(v, "c2 sends acquire orders to n1")
		if c1 < 0 || c2 < 0 || c1 > c2 {
			t.Errorf("%s: the timeline does not show c1's 'sends' row above c2's:\n%s", at, v)
		}
	})
}

// A lesson's narration leaves its unsafe twin's asks to it: racing-acquires' end told
// racing-acquires-unsafe's answers ("c2's Grant applies as GrantRejected …; the Release,
// entry 7, deletes c1's lock ('VIOLATION lost-grant')", nc31-i), late-release's end that the
// unchecked Release ends c2's grant. No say of a safe lesson quotes a row an answer of its twin
// first shows, nor words a phrase that once told one. (late-expire asks its twin's question
// itself, "And without the token check …", so its narration tells that answer by design.)
// racing-acquires' 0.070s stop told, not showed, that a replaced leader reads its old table;
// it points at the lesson that shows why a read waits.
func TestSafeLessonLeavesTwinsAsks(t *testing.T) {
	told := map[string][]string{
		"racing-acquires": {"applies as GrantRejected", "deletes c1's lock", "entry 7"},
		"late-release":    {"stops it from ending someone else's grant"},
	}
	quote := regexp.MustCompile(`'([^']{12,})'`)
	for _, l := range scenarios.Lessons() {
		twin := scenarios.UnsafeTwinOf(l.Name)
		if twin == "" || l.Name == "late-expire" {
			continue
		}
		s, err := scenarios.Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		rows := answerRows(t, twin)
		for _, st := range s.Steps {
			if st.Kind != scenarios.StepSay {
				continue
			}
			for _, p := range told[l.Name] {
				if strings.Contains(st.Text, p) {
					t.Errorf("%s says %q, %s's answer: %s", l.Name, p, twin, st.Text)
				}
			}
			for _, q := range quote.FindAllStringSubmatch(st.Text, -1) {
				for row, ask := range rows {
					if strings.Contains(row, strings.Trim(q[1], "… ")) {
						t.Errorf("%s quotes '%s', a row the answer to %s's %q first shows: %s", l.Name, q[1], twin, ask, st.Text)
					}
				}
			}
		}
	}
	says := ""
	s, _ := scenarios.Load("racing-acquires")
	for _, st := range s.Steps {
		if st.Kind == scenarios.StepSay && strings.Contains(st.Text, "'c2 gets busy from n1'") {
			says = st.Text
		}
	}
	// nc35-b then could not tell why a busy waits: the stop gives the reason in one clause, as
	// a rule ("would"), and still points at the lesson that shows it happen.
	if !strings.Contains(says, "lesson lease-read") || strings.Contains(says, "replaced leader can read") {
		t.Errorf("racing-acquires' busy stop tells what no screen of it shows, not pointing at the lesson that shows why a read waits: %q", says)
	}
}
