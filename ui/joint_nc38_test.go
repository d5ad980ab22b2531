package ui

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/cluster"
)

// nc38-c, joint-consensus: "n1 commits 4: n1 + answers from n2 n3, a majority" is 2 of the 5 new
// voters, and beside "n1's configuration from index 4" it read as the joint rule covering entry
// 4. A stop says entry 4 committed under the old configuration, with its commit row on screen:
// n1 and two of n2..n5, on every seed, at both sizes.
func TestJointConsensusEntry4CommitsUnderOld(t *testing.T) {
	row4 := regexp.MustCompile(`n1 commits 4: n1 \+ answers from n[2-5] n[2-5], a majority`)
	eachSeed(t, "joint-consensus", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "Entry 4 itself committed under the old configuration")
		v := words(m)
		for _, want := range []string{"n1 and two answers, 3 of n1..n5", "a node takes up a configuration when it applies its entry, not when it stores it"} {
			if !strings.Contains(v, want) {
				t.Errorf("%s: the stop does not say %q:\n%s", at, want, v)
			}
		}
		if p := panelsOf(m); !row4.MatchString(p) {
			t.Errorf("%s: entry 4's commit row, n1 and two of n2..n5, is not on screen:\n%s", at, p)
		}
		if m.pendingAsk() != nil || strings.Contains(panelsOf(m), "partition A") {
			t.Errorf("%s: the stop comes after the cut", at)
		}
	})
}

// nc38-c: the joint commits' rows say "a majority" and the newcomer worked out "both
// majorities" alone. The heal's stop says what 'n1 commits 5: …' is made of (n2..n5 and one of
// n6-n8), which its row shows on every seed; the leave-joint stop says entry 6's is a majority
// of each set, and that the removed n3-n5 are sent nothing more, which holds.
func TestJointConsensusSaysWhatEachMajorityIs(t *testing.T) {
	row5 := regexp.MustCompile(`n1 commits 5: n1 \+ answers from n[2-5] n[2-5] n[2-5] n[2-5] n[6-8],`)
	row6 := regexp.MustCompile(`n1 commits 6: n1 \+ answers from ((?:n\d )*n\d),`)
	eachSeed(t, "joint-consensus", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "The partition heals")
		if v := words(m); !strings.Contains(v, "names n2..n5 (with n1, all 5 old voters) and the first of n6-n8 to answer (n1, n2 and it: 3 of the 5 new ones): both majorities") {
			t.Errorf("%s: the heal's stop does not say what index 5's majorities are:\n%s", at, v)
		}
		if p := panelsOf(m); !row5.MatchString(p) {
			t.Errorf("%s: 'n1 commits 5' is not n1 + n2..n5 + one of n6-n8 on screen:\n%s", at, p)
		}
		playUntilOnScreen(t, m, "leave-joint commits under the joint rule too")
		v, p := words(m), panelsOf(m)
		for _, want := range []string{"('n1 commits 6: …': with n1, a majority of each set)", "they show as removed (⊘). n1 sends them nothing more; their tables stay as last applied, for an operator to shut them down."} {
			if !strings.Contains(v, want) {
				t.Errorf("%s: the leave-joint stop does not say %q:\n%s", at, want, v)
			}
		}
		g := row6.FindStringSubmatch(p)
		if g == nil {
			t.Fatalf("%s: 'n1 commits 6' is not on screen:\n%s", at, p)
		}
		old, new := 1, 1
		for _, n := range strings.Fields(g[1]) {
			old += strings.Count("n2 n3 n4 n5", n)
			new += strings.Count("n2 n6 n7 n8", n)
		}
		if old < 3 || new < 3 {
			t.Errorf("%s: %q is not a majority of each set", at, g[0])
		}
		// n1 sends the removed nothing from its apply of entry 6 on, to the end and 1s past it.
		for !m.sim.ended {
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		m.sim.run(m.sim.p.Now() + 1e9)
		r := &m.sim.tl.rings[filterAll]
		applied := false
		for i := 0; i < r.len(); i++ {
			e := &r.at(i).ev
			switch {
			case e.Kind == cluster.EvConfApplied && e.Node == 1 && e.Index == 6:
				applied = true
			case applied && e.Kind == cluster.EvMsgSent && e.Node == 1 && e.Peer >= 3 && e.Peer <= 5:
				t.Errorf("%s: n1 sends n%d %s after it applied their removal", at, e.Peer, e.Describe())
			}
		}
		if !applied {
			t.Errorf("%s: n1's apply of entry 6 is not among the kept events", at)
		}
	})
}
