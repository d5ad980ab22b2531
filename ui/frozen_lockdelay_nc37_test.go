package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc37-d: frozen-leader's stops said what the screen did not show: c2's 5s "once n1 proposes
// the Grant" beside c2's row already reading it (at 120x40), "a fresh c2 would ask n5" beside
// "asks n1 first", "no resource" beside the resource box; a frozen n1's check countdown stood still with
// no word why, and the ? page said checks come every 1s where this lesson's come every 3s; n1's
// net field read "0 unread heard 5 of 5", one phrase.
func TestFrozenLeaderStopsSayWhatTheScreenShows(t *testing.T) {
	var m *Model
	for _, w := range []int{80, 120} {
		m = playLesson(t, "frozen-leader", w, 24+16*(w/120))
		runToStop(t, m)
		checkAt := regexp.MustCompile(`(check|×1) (\d\.\ds) ✓`)
		var checks []string
		for !m.sim.ended {
			says := strings.Join(m.stopSays(), " ")
			v := panelsOf(m)
			if m.v.Nodes[0].Frozen && len(m.v.Nodes[0].Unread) > 0 {
				if w == 120 && strings.Contains(v, "unread heard") || w == 120 && !regexp.MustCompile(`unread(,| ·) heard \d of 5`).MatchString(v) {
					t.Errorf("a frozen n1's net field has no separator:\n%s", v)
				}
				if c := checkAt.FindStringSubmatch(v); c != nil {
					checks = append(checks, c[2])
				}
				if strings.Contains(says, "1 unread") && !strings.Contains(says, "check countdown (1.3s ✓) stands still") {
					t.Errorf("the stop with n1 frozen a second does not say its check stands still: %s", says)
				}
			}
			if strings.Contains(says, "points c2 at n1") {
				if strings.Contains(says, "n5") || strings.Contains(says, "shows once") || !strings.Contains(says, "⋯ acquire orders, and its 5s where there is room") || !strings.Contains(v, "⋯ acquire orders") {
					t.Errorf("c2's stop says what its row does not show:\n%s\n%s", says, v)
				}
			}
			if strings.Contains(says, "fence the data") {
				if strings.Contains(says, "has no resource") || !strings.Contains(says, "No client writes to the resource in this lesson;") {
					t.Errorf("the fencing stop: %s", says)
				}
			}
			if strings.Contains(says, "Had the freeze lasted") && !strings.Contains(says, "between 3s (the election timeout here) and 6s") {
				t.Errorf("the election timeout is the earliest a follower campaigns: %s", says)
			}
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		if len(checks) < 2 || strings.Count(strings.Join(checks, " "), checks[0]) != len(checks) {
			t.Errorf("%d columns: n1's check while frozen with mail waiting: %v, want one value (it stands still)", w, checks)
		}
	}
	press(m, "?")
	help := flat(ansi.Strip(strings.Join(m.helpBody(120, 300), "\n")))
	for _, w := range []string{"every election timeout (3s here) of that clock, so two stops 3s apart", "while its process is frozen it stands still", "one each 3s of its clock"} {
		if !strings.Contains(help, w) {
			t.Errorf("the ? page lacks %q:\n%s", w, help)
		}
	}
}

// nc37-f: lock-delay's timeline read "c2 timeout 4s" as c2 timing out; "Now its own clock tells
// it its lease is over" where c1's line said so while c1 still slept; the first stop pointed at
// the glossary for a ghost release it did not define; its commit row named the two nodes not
// yet applied with no word why; compare's half read "without lock-delay · lock-delay".
func TestLockDelayStopsSayWhatTheScreenShows(t *testing.T) {
	m := playLesson(t, "lock-delay", 120, 40)
	runToStop(t, m)
	says, v := strings.Join(m.stopSays(), " "), panelsOf(m)
	if !strings.Contains(v, "n1 commits 3: n1 + answers from n5 n3") || !strings.Contains(says, "n3, n5 (○) gave the answers that made the commit") || !strings.Contains(v, "○  ✓  ○") || !strings.Contains(says, "tells it of the commit") {
		t.Errorf("the first stop does not say why n5 and n3 apply last:\n%s\n%s", says, v)
	}
	playUntilOnScreen(t, m, "ran out 2.016s (own clock)")
	if !strings.Contains(panelsOf(m), "‖ paused") {
		t.Fatalf("c1's line said its lease ran out only once awake:\n%s", panelsOf(m))
	}
	playUntilOnScreen(t, m, "accepted at")
	if says := strings.Join(m.stopSays(), " "); !strings.Contains(says, "had run out while it slept (its line: ran out 2.016s)") || strings.Contains(says, "Now its own clock") {
		t.Errorf("the accepted stop: %s", says)
	}
	playUntilOnScreen(t, m, "acquire orders 6s")
	if v := panelsOf(m); !strings.Contains(v, "c2 sets its request timeout to 4s") || strings.Contains(v, "c2 timeout 4s") {
		t.Errorf("the timeout row reads as a timeout, not a setting:\n%s", v)
	}
	for _, e := range scenarios.Glossary {
		if e.Term == "ghost release" && !strings.Contains(e.Text, "a Release entry its lock's holder never sent") {
			t.Errorf("ghost release is not defined: %s", e.Text)
		}
	}
	s := loadScenario(t, "lock-delay")
	a, _ := scenarios.Twin(s)
	c := newCompareModel(t, s, a, 120, 40)
	view := ansi.Strip(c.View())
	if strings.Contains(view, "lock-delay · lock-delay") || !strings.Contains(view, "without lock-delay · the lesson's script") {
		t.Errorf("compare's half titles:\n%s", view)
	}
}
