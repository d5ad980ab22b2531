package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc32-i played leader-crash-mid-lease at 120x40. The stop before the fencing ask said what the
// resource does with an older token (the ask's answer); the crash stop said the other rules give
// more time (near enough the first ask's answer); the Expire's stop told a wait it never said the
// reason for; c1's send time showed nowhere at the stop that told it; the narration said
// "refused" where the screen says "rejected"; and "its clock right" read as a word missing.
func TestLeaderCrashNc32Wording(t *testing.T) {
	all := scriptSays(t, "leader-crash-mid-lease")
	for _, w := range []string{"refuses a token older", "give a new leader's locks more time", "its clock right.", "only once that follower has answered", "refuse"} {
		if strings.Contains(all, w) {
			t.Errorf("the narration still says %q", w)
		}
	}
	for _, w := range []string{"its clock running right (×1)", "from its first send of the acquire (to n4), at the time the first stop's header showed",
		"does not know yet how much of its log a follower holds", "(a probe: ?? glossary)", "compares it with the highest token it has accepted"} {
		if !strings.Contains(all, w) {
			t.Errorf("the narration does not say %q", w)
		}
	}
	// The screen's word for a write the resource turns away is "rejected": the ask and its
	// explanation use it too.
	eachSeed(t, "leader-crash-mid-lease", 1, func(m *Model, w int, at string) {
		for stop := 0; stop < 40 && !m.sim.ended; stop++ {
			runToStop(t, m)
			if a := m.pendingAsk(); a != nil && strings.Contains(a.Text, "c1 now writes with token 1") {
				if strings.Contains(strings.Join(a.Choices, " ")+a.Explain, "refuse") {
					t.Errorf("%s: the fencing ask says refuse, the screen rejected: %q %q", at, a.Choices, a.Explain)
				}
			}
			if strings.Contains(strings.Join(m.says(), " "), "c1 now writes, with token 1") {
				if v := ansi.Strip(m.View()); !strings.Contains(v, "rejected") {
					t.Errorf("%s: c1's write stop shows no 'rejected':\n%s", at, v)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
	})
}

// nc32-i: at 120x40 the fencing stop and the ask after it showed the node columns' logs from
// entry 4 ("… 1-3 above"), hiding c1's Grant (entry 3) that the stop before showed: the ask's
// choices wrapped to a second line, and the room kept for them took the column's row.
func TestLeaderCrashFencingStopsShowC1sGrant(t *testing.T) {
	eachSeed(t, "leader-crash-mid-lease", 2, func(m *Model, w int, at string) {
		if w < fullW {
			return // the compact node table shows no log
		}
		seen := 0
		for stop := 0; stop < 40 && !m.sim.ended; stop++ {
			runToStop(t, m)
			says := strings.Join(m.says(), " ")
			a := m.pendingAsk()
			if strings.Contains(says, "What guards the data") || (a != nil && strings.Contains(a.Text, "c1 now writes with token 1")) {
				seen++
				if v := ansi.Strip(m.View()); !strings.Contains(v, "3 t1 G orders 3s") {
					t.Errorf("%s stop %d: the node columns hide c1's Grant (entry 3):\n%s", at, stop, v)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if seen != 2 {
			t.Errorf("%s: %d of the fencing stop and its ask seen", at, seen)
		}
	})
}
