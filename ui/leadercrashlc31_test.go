package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc31-d played leader-crash-mid-lease at 120x40. Its first stop opened the timeline at n1's
// election, under "↑ 8 above · ↓ 18 below, past", with the Grant's commit and apply rows below
// the view, rows a later stop cites as "the first stop". The election now has a stop of its
// own, and c1's grant stop shows those rows, under every seed at both sizes.
func TestLeaderCrashGrantStopShowsApplies(t *testing.T) {
	eachSeed(t, "leader-crash-mid-lease", 3, func(m *Model, w int, at string) {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "n1 becomes leader (term 1)") || strings.Contains(v, "c1 gets granted") {
			t.Errorf("%s: the first stop should be n1's election, before c1's acquire:\n%s", at, v)
		}
		press(m, "enter")
		runToStop(t, m)
		v = ansi.Strip(m.View())
		if !strings.Contains(strings.Join(m.says(), " "), "c1 holds 'orders'") {
			t.Fatalf("%s: the second stop should be c1's grant: %q", at, m.says())
		}
		// n1's apply, at the commit, and the followers' (one folded row where it must fit):
		// the rows the Expire's stop cites for n1's deadline.
		for _, row := range []string{`n1 commits 3: n1 \+ answers from n\d n\d, a majority`, `✓ n1(-n5)? appl(y|ies) 3 Grant orders`, `c1 gets granted from n1 \(token 1\)`} {
			if !regexp.MustCompile(row).MatchString(v) {
				t.Errorf("%s: c1's grant stop does not show %q:\n%s", at, row, v)
			}
		}
		if strings.Contains(v, "below, past") {
			t.Errorf("%s: c1's grant stop's timeline title reads 'below, past':\n%s", at, v)
		}
	})
}

// nc31-d: the fencing outcome (c1's token-1 write refused only because c2's token 2 came
// first) was told, never asked, and the danger (c1 writing first) was claimed with nothing on
// screen for it. Now an ask comes before c1's write, with c2's write already accepted on the
// resource's line, and the stop after says plainly this run does not show the other order.
func TestLeaderCrashFencingAsked(t *testing.T) {
	eachSeed(t, "leader-crash-mid-lease", 2, func(m *Model, w int, at string) {
		asked := false
		for stop := 0; stop < 40 && !m.sim.ended; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			if a := m.pendingAsk(); a != nil && strings.Contains(a.Text, "c1 now writes with token 1") {
				asked = true
				if !regexp.MustCompile(`✓ ?c2#2`).MatchString(v) || strings.Contains(v, "c1#1") || strings.Contains(v, "rejected c1's write") {
					t.Errorf("%s: the fencing ask should come after c2's write is accepted and before c1's:\n%s", at, v)
				}
				if !strings.Contains(a.Choices[a.Right], "rejects it") {
					t.Errorf("%s: the right answer should be the rejection: %q", at, a.Choices[a.Right])
				}
			}
			if says := strings.Join(m.says(), " "); strings.Contains(says, "safe only because c2 wrote first") {
				if !asked {
					t.Errorf("%s: the fencing outcome is told before it is asked", at)
				}
				if strings.Contains(says, "gc-pause shows such a write accepted") || !strings.Contains(says, "This run does not show that order") {
					t.Errorf("%s: the danger of c1 writing first should be said not shown here: %s", at, says)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if !asked {
			t.Errorf("%s: no ask about c1's token-1 write", at)
		}
	})
}

// nc31-d's wording notes on leader-crash-mid-lease, each a sentence a newcomer misread: the row
// text 'becomes follower' unquoted read as broken English; "×1 unless skewed, as c1's does"
// read either way; the message rows sit at their arrival, not their send; ○ beside "a
// majority has it" read as a contradiction; and the end claimed a safety with right clocks
// this run never shows.
func TestLeaderCrashWording(t *testing.T) {
	all := scriptSays(t, "leader-crash-mid-lease")
	for _, w := range []string{"may log 'becomes follower' twice", "c1's clock runs at ×1", "lists the messages at the times they arrived",
		"A ○ in Replication is a copy appended, its node not yet told it is committed", "(c1's grant, the second stop)"} {
		if !strings.Contains(all, w) {
			t.Errorf("the narration does not say %q", w)
		}
	}
	for _, w := range []string{"log becomes follower", "unless skewed, as c1's does", "keep ends a lock no sooner", "(the first stop)"} {
		if strings.Contains(all, w) {
			t.Errorf("the narration still says %q", w)
		}
	}
	// c1's clock is said to run at ×1: its line names no skew (a skewed client's would).
	m := playLesson(t, "leader-crash-mid-lease", 120, 40)
	for range 2 { // the election, c1's grant
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if !strings.Contains(strings.Join(m.says(), " "), "c1's clock runs at ×1") {
		t.Errorf("the 1.051s stop should say c1's clock runs at ×1: %q", m.says())
	}
	for _, row := range strings.Split(v, "\n") {
		if strings.Contains(row, "c1 ● holds") && strings.Contains(row, "×") {
			t.Errorf("the 1.051s stop: c1's line should name no clock rate: %s", row)
		}
	}
}
