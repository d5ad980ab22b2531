package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// panelsOf is the screen above the narration: what a say may point at.
func panelsOf(m *Model) string {
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	return strings.Join(rows[:min(len(rows), m.lay.narration.y+m.narrationLent())], "\n")
}

// nc34-b, racing-acquires' ask: the narration pulled toward "two Grants" ("n1's locks still hold
// no 'orders' as it takes c2's") and gave the rule only in the glossary. Before the ask it says
// what n1 checks an acquire against, its log, and when an entry is there, without the answer.
func TestRacingAcquiresAskGivesTheRule(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		for runToStop(t, m); m.pendingAsk() == nil && !m.sim.ended; runToStop(t, m) {
			press(m, "enter")
		}
		says := strings.Join(m.stopSays(), " ")
		v := flat(ansi.Strip(m.View()))
		for _, w := range []string{"checks each against its log before proposing it", "an entry is in the log once proposed, in n1's locks once committed"} {
			if !strings.Contains(v, w) {
				t.Errorf("%v: the ask's narration does not say %q:\n%s", sz, w, ansi.Strip(m.View()))
			}
		}
		for _, w := range []string{"one Grant", "no Grant", "only the first", "busy"} {
			if strings.Contains(says, w) {
				t.Errorf("%v: the narration before the ask tells its answer (%q): %s", sz, w, says)
			}
		}
	}
}

// nc34-b, racing-acquires at 0.070s: "a busy is read from n1's table, not the log" read as
// contradicting the 0.055s stop, where n1 refused c2 from its projected state (its log). The busy
// stop names the same refusal, from the log, with the locks agreeing by now (orders #3 on screen).
func TestRacingAcquiresBusyAgreesWithTheRefusal(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		toStopSaying(t, m, "projected state adds Replication's row 5")
		toStopSaying(t, m, "'c2 gets busy from n1'")
		says := strings.Join(m.stopSays(), " ")
		if strings.Contains(says, "not the log") || !strings.Contains(flat(ansi.Strip(m.View())), "the refusal n1 decided at 0.055s from its log; its locks now agree") {
			t.Errorf("%v: the busy stop does not say the busy is the 0.055s refusal from the log: %s", sz, says)
		}
		if p := panelsOf(m); !strings.Contains(p, "orders #3") || !strings.Contains(p, "c2 gets busy from n1") {
			t.Errorf("%v: the locks' orders #3 or c2's busy are not on screen:\n%s", sz, p)
		}
	}
}

// nc34-b, racing-acquires' end: "(no token; by design; naming the token, as an Expire does,
// would be safe unchecked)" stacked three asides in one parenthesis. No say of the lesson puts
// two asides in one parenthesis (a ';' inside it).
func TestRacingAcquiresEndSaysReleaseWithoutStackedAsides(t *testing.T) {
	s, err := scenarios.Load("racing-acquires")
	if err != nil {
		t.Fatal(err)
	}
	stacked := regexp.MustCompile(`\([^()]*;[^()]*\)`)
	found := false
	for _, st := range s.Steps {
		if st.Kind != scenarios.StepSay {
			continue
		}
		if p := stacked.FindString(st.Text); p != "" {
			t.Errorf("a say stacks asides in one parenthesis, %q: %s", p, st.Text)
		}
		found = found || strings.Contains(st.Text, "This lab leaves the token out on purpose. An entry that names its token would be safe even unchecked, as an Expire is")
	}
	if !found {
		t.Error("the end no longer says, plainly, why a Release entry has no token and what naming it would do")
	}
}

// nc34-c, racing-acquires-unsafe's first 0.090s stop: it quoted 'c2 release' in the Replication
// row, which reads "Released · c2"; the header's "✖ lost-grant +1" went unexplained until the
// next stop; and nothing said how lost-grant knows whose the token-less Release was. At both
// sizes each thing the stop quotes is on screen, its '+1' beside the header's, and it names the
// proposer tag the checker reads.
func TestRacingUnsafeReleaseStopQuotesTheScreen(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires-unsafe", sz[0], sz[1])
		toStopSaying(t, m, "n1 proposed the Release unchecked")
		says := strings.Join(m.stopSays(), " ")
		p := panelsOf(m)
		for _, q := range quotes(says) {
			if strings.Contains(q[1], "·") || strings.Contains(q[1], "c2 release") || q[1] == "+1" {
				if w := strings.TrimSpace(strings.TrimSuffix(q[1], "…")); !strings.Contains(p, w) {
					t.Errorf("%v: the stop quotes %q, not on screen:\n%s", sz, q[1], p)
				}
			}
		}
		for _, w := range []string{"the Replication row's 'Released · c2'", "from the request that proposed it ('from c2 release …' in that row)", "The header's '+1': one more finding"} {
			if !strings.Contains(says, w) {
				t.Errorf("%v: the stop does not say %q: %s", sz, w, says)
			}
		}
		if head := strings.SplitN(p, "\n", 2)[0]; !strings.Contains(head, "lost-grant +1") {
			t.Errorf("%v: the header the stop explains does not read 'lost-grant +1': %s", sz, head)
		}
	}
}

// nc34-c: "The linearizability checker (porcupine)" named a tool and said nothing of it. A
// lesson's first say naming porcupine says what it is.
func TestLessonsSayWhatPorcupineIs(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range s.Steps {
			if st.Kind == scenarios.StepSay && strings.Contains(st.Text, "porcupine") {
				if !strings.Contains(st.Text, "porcupine, an open-source Go library") {
					t.Errorf("%s names porcupine without saying what it is: %s", l.Name, st.Text)
				}
				break
			}
		}
	}
}

// nc34-c, racing-acquires-unsafe's end: it gave a shell command for the comparison the key line
// already offered as C. The end says C is that comparison, with C on the key line, at both sizes;
// so do the other unsafe lessons' ends, which gave the bare command too.
func TestRacingUnsafeEndSaysCIsTheCompare(t *testing.T) {
	for lesson, pair := range map[string]string{
		"racing-acquires-unsafe":   "racing-acquires racing-acquires-unsafe",
		"fast-leader-clock-unsafe": "fast-leader-clock fast-leader-clock-unsafe",
		"late-expire-unsafe":       "late-expire late-expire-unsafe",
		"late-release-unsafe":      "late-release late-release-unsafe",
		"lease-read-unsafe":        "lease-read lease-read-unsafe",
		"local-expiry-unsafe":      "skewed-followers local-expiry-unsafe",
	} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, lesson, sz[0], sz[1])
			for runToStop(t, m); !m.sim.ended; runToStop(t, m) {
				answerAsk(m)
				press(m, "enter")
			}
			rows := strings.Split(ansi.Strip(m.View()), "\n")
			v := flat(strings.Join(rows, "\n"))
			if !strings.Contains(v, "Press C to see this story beside its safe twin") || !strings.Contains(v, "the same pair as leaselab compare "+pair) {
				t.Errorf("%s %v: the end does not say C is the shell's compare:\n%s", lesson, sz, strings.Join(rows, "\n"))
			}
			if !strings.Contains(rows[len(rows)-1], "C beside safe run") {
				t.Errorf("%s %v: the key line does not offer C: %s", lesson, sz, rows[len(rows)-1])
			}
		}
	}
}
