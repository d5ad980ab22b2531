package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// eachRemoveLeaderStop plays remove-leader stop by stop (answering its ask right), calling f at
// each stop with the stop's says joined.
func eachRemoveLeaderStop(t *testing.T, m *Model, f func(says string)) {
	t.Helper()
	for i := 0; i < 60 && !m.sim.ended; i++ {
		runToStop(t, m)
		f(strings.Join(m.stopSays(), " "))
		answerAsk(m)
		press(m, "enter")
	}
}

// appliedBeyond is the nodes other than n1 that have applied index i.
func appliedBeyond(m *Model, i uint64) int {
	c := 0
	for _, n := range m.v.Nodes {
		if n.ID != 1 && n.Applied >= i {
			c++
		}
	}
	return c
}

// nc37-g: remove-leader's narration said what the screen did not show (yet, or any more):
// "the leader proposes its own removal" at a pause before any proposal; "At this instant only
// n1 has applied the change" over n2-n5 all showing it applied; a quoted 'all' found nowhere;
// "3 votes of the 4 voters" beside three followers reading "voted n3" (the fourth vote came after
// the win). Under every seed, at both sizes, each stop's words hold on its screen.
func TestRemoveLeaderNarrationMatchesTheScreen(t *testing.T) {
	quoted := regexp.MustCompile(`(?:^|[\s(])'([^'\s][^']*)'(?:[\s.,:;)]|$)`)
	eachSeed(t, "remove-leader", 3, func(m *Model, w int, at string) {
		proposal, onlyN1, won := false, false, false
		eachRemoveLeaderStop(t, m, func(says string) {
			panels := panelsOf(m)
			if strings.Contains(says, "proposes its own removal") {
				proposal = true
				if !strings.Contains(panels, "conf remove n1") {
					t.Errorf("%s: the stop says the leader proposes its removal, but no entry shows it:\n%s", at, panels)
				}
			}
			if strings.Contains(strings.ToLower(says), "only n1 has applied") {
				onlyN1 = true
				if k := appliedBeyond(m, 4); k > 0 {
					t.Errorf("%s: the stop says only n1 has applied the change, but %d others have:\n%s", at, k, ansi.Strip(m.View()))
				}
			}
			if strings.Contains(says, "n2..n5 applied it too") && appliedBeyond(m, 4) != 4 {
				t.Errorf("%s: the stop says n2..n5 applied it, but only %d have", at, appliedBeyond(m, 4))
			}
			if strings.Contains(says, "won") && strings.Contains(says, "a majority of the 4 without n1") {
				won = true
				// Votes on screen at 120x40: the winner's own, and each follower's "voted nX"
				// or "lead nX" (the compact table shows neither).
				lead := 0
				for _, n := range m.v.Nodes {
					if role(&n) == cluster.RoleLeader {
						lead = n.ID
					}
				}
				seen := 1
				for _, n := range m.v.Nodes {
					if n.ID != lead && !n.Removed && (n.Voted == lead || n.Lead == lead) {
						seen++
					}
				}
				if seen > 3 && !strings.Contains(says, "a later vote") {
					t.Errorf("%s: the stop counts 3 votes beside %d on screen and does not say the rest came later: %s", at, seen, says)
				}
			}
			for _, q := range quoted.FindAllStringSubmatch(says, -1) {
				if !strings.Contains(panels, q[1]) {
					t.Errorf("%s: the stop quotes '%s', which is nowhere on its screen:\n%s", at, q[1], panels)
				}
			}
		})
		if !proposal || !onlyN1 || !won {
			t.Errorf("%s: a stop went missing (proposal %v, only n1 %v, won %v)", at, proposal, onlyN1, won)
		}
	})
}

// nc37-g: the removed n1 read "⊘ n1 follower" (it follows no one) and "orders #1 EXPIRED HERE
// ·awaiting Expire" to the end beside the members' token 2: no Expire ever comes to a node that
// is sent no more entries. Its title says removed, its lock row says no Expire comes, and a
// stop says why its table keeps the lock.
func TestRemoveLeaderRemovedNodeReadsRemoved(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "remove-leader", sz[0], sz[1])
		told := false
		eachRemoveLeaderStop(t, m, func(says string) {
			told = told || strings.Contains(says, "no Expire comes to it")
		})
		v := ansi.Strip(m.View())
		if sz[0] == 120 && !strings.Contains(v, "⊘ n1 removed") {
			t.Errorf("%v: n1's column title does not read '⊘ n1 removed':\n%s", sz, v)
		}
		if strings.Contains(v, "n1 follower") {
			t.Errorf("%v: the removed n1 reads as a follower:\n%s", sz, v)
		}
		if !strings.Contains(v, "·no Expire") || strings.Contains(v, "awaiting Expire") || strings.Contains(v, "wait Expire") {
			t.Errorf("%v: n1's lock row promises an Expire a removed node never gets:\n%s", sz, v)
		}
		if !strings.Contains(v, "orders #2") {
			t.Errorf("%v: the members do not show token 2 at the end:\n%s", sz, v)
		}
		if !told {
			t.Errorf("%v: no stop says why n1 keeps 'orders'", sz)
		}
	}
}

// nc37-g: the diagram's ⚡ rows for a configuration change ("n1 ⚡ proposes remove-node n1")
// were in neither the README's list of lane marks nor the ? legend's ⚡, which named faults
// and clock changes only.
func TestFaultMarkNamesConfigurationChanges(t *testing.T) {
	m := playLesson(t, "remove-leader", 120, 40)
	page := flat(ansi.Strip(strings.Join(m.helpBody(400, 400), " ")))
	i := strings.Index(page, "⚡ a change the script")
	if i < 0 {
		t.Fatalf("the ? legend does not explain ⚡")
	}
	if item := page[i:]; !strings.Contains(item[:strings.Index(item, ";")], "configuration change") {
		t.Errorf("the ? legend's ⚡ does not name configuration changes: %s", item[:strings.Index(item, ";")])
	}
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := flat(string(b))
	i = strings.Index(readme, "Lane marks show role changes")
	if i < 0 {
		t.Fatalf("README.md lists no lane marks")
	}
	marks := readme[i : i+strings.Index(readme[i:], "every applied command")]
	if !strings.Contains(marks, "⚡") || !strings.Contains(marks, "configuration change") {
		t.Errorf("README.md's lane marks leave out ⚡ for a configuration change: %s", marks)
	}
	for _, want := range []string{"`⊘ n1 removed`", "`EXPIRED HERE·no Expire comes`"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %s", want)
		}
	}
}
