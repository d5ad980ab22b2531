package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc37-c, joint-consensus at 0.606s: "n1's commit index stays at 4 … The old majority alone is
// not enough" stood beside n1's c5, c2 holding invoices #2 and the timeline's heal and commit:
// the stop came after the heal. It comes before it now, on every seed and at both sizes: the cut
// is on screen, index 5 is appended (○) on n1..n5 and on none of n6-n8, and nothing committed it.
func TestJointConsensusOldMajorityStopShowsNoCommit(t *testing.T) {
	row5 := regexp.MustCompile(`Grant invoices[^○✓·\n]*○  ○  ○  ○  ○  ·  ·  ·  not applied yet`)
	eachSeed(t, "joint-consensus", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "The old majority alone is not enough")
		p, v := panelsOf(m), words(m)
		if !strings.Contains(v, "The old majority alone is not enough") {
			t.Fatalf("%s: no stop says the old majority is not enough", at)
		}
		if !row5.MatchString(p) {
			t.Errorf("%s: Replication's row 5 is not ○ on n1..n5 and · on n6-n8:\n%s", at, p)
		}
		if !strings.Contains(p, "partition A{n1 n2 n3 n4 n5} | B{n6 n7 n8}") {
			t.Errorf("%s: the cut is not on screen:\n%s", at, p)
		}
		for _, not := range []string{"heal", "n1 commits 5", "holds invoices", "invoices #2"} {
			if strings.Contains(p, not) {
				t.Errorf("%s: the stop already shows %q:\n%s", at, not, p)
			}
		}
		if n := m.v.Nodes[0]; n.Commit != 4 {
			t.Errorf("%s: n1's commit index is %d, not 4", at, n.Commit)
		}
	})
}

// nc37-c: Enter at 0.083s changed only the step counter (a pause right after a pause). Every
// stop of the lesson shows something the one before did not: below the header, the screen
// differs.
func TestJointConsensusNoEmptyStop(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "joint-consensus", sz[0], sz[1])
		prev := ""
		playThrough(t, m, func(stop int, screen string) {
			body := screen[strings.Index(screen, "\n")+1:]
			if body == prev {
				t.Errorf("%v: stop %d shows what the stop before did:\n%s", sz, stop, screen)
			}
			prev = body
		})
	}
}

// nc37-c: "a majority of the old voters AND one of the new" read as "any one new node". The
// stop before the ask says a majority of each set, as the glossary does, and the ask's stop
// shows the cut it speaks of.
func TestJointConsensusSaysBothMajorities(t *testing.T) {
	if says := scriptSays(t, "joint-consensus"); strings.Contains(says, "one of the new;") {
		t.Errorf("a say still reads 'one of the new'")
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "joint-consensus", sz[0], sz[1])
		for runToStop(t, m); m.pendingAsk() == nil && !m.sim.ended; runToStop(t, m) {
			if v := words(m); strings.Contains(v, "Every member applied the joint configuration") &&
				!strings.Contains(v, "a majority of the old set (3 of n1..n5) AND a majority of the new one (3 of n1 n2 n6 n7 n8) store it") {
				t.Errorf("%v: the joint rule's stop does not say both majorities:\n%s", sz, ansi.Strip(m.View()))
			}
			press(m, "enter")
		}
		if p := panelsOf(m); !strings.Contains(p, "partition A{n1 n2 n3 n4 n5} | B{n6 n7 n8}") || !strings.Contains(p, "side B") {
			t.Errorf("%v: the ask's stop does not show n6-n8 cut off:\n%s", sz, p)
		}
	}
}

// nc37-c: ⊘ stood before n3-n5 one stop before the narration named it, and the end line "every
// step needed the nodes both old and new majorities share" could not be parsed. The stop that
// first shows ⊘ says what it is; the end says the overlap plainly, whole on screen.
func TestJointConsensusRemovedAndEndSaidPlainly(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "joint-consensus", sz[0], sz[1])
		seen := false
		playThrough(t, m, func(stop int, screen string) {
			if !seen && strings.Contains(screen, "⊘ n3") {
				seen = true
				if !strings.Contains(flat(screen), "they show as removed (⊘)") {
					t.Errorf("%v: the first stop showing ⊘ does not say it:\n%s", sz, screen)
				}
			}
		})
		v := words(m)
		if strings.Contains(v, "majorities share") {
			t.Errorf("%v: the end still reads 'majorities share'", sz)
		}
		if want := "a joint commit needs a majority of the old voters AND of the new, so it shares a node with any old majority and any new one. ❞"; !strings.Contains(v, want) {
			t.Errorf("%v: the end does not read %q whole:\n%s", sz, want, ansi.Strip(m.View()))
		}
	}
}
