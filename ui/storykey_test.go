package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCompactShowsTheStorysKey: at 80x24 the node rows have room for one key and the clients'
// row for one lock each; from the stop where both Grants for 'orders' applied to the end,
// racing-acquires-unsafe is about 'orders', so n1's row and c1's show it (round 9: they showed
// 'invoices', first in order, all through).
func TestCompactShowsTheStorysKey(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	story, checked := false, 0
	for stop := 0; stop < 30; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		story = story || strings.Contains(v, "Both Grants went into the log")
		if story {
			checked++
			var n1 string
			for _, r := range strings.Split(v, "\n") {
				if strings.Contains(r, "n1 leader") {
					n1 = r
				}
			}
			if !strings.Contains(n1, "orders ") {
				t.Errorf("stop %d: n1's row does not show 'orders': %q\n%s", stop, n1, v)
			}
			if !strings.Contains(v, "c1 holds orders #3") {
				t.Errorf("stop %d: c1's row does not show its lock on 'orders':\n%s", stop, v)
			}
		}
		if m.sim.ended {
			break
		}
		answerAsk(m)
		press(m, "enter")
	}
	if checked < 5 {
		t.Fatalf("only %d stops checked: the story's text moved", checked)
	}
}

// At an ask nothing has been said since the stop before, so its question names the story's
// key: add-node-mid-lease's "How does n6 learn that c1 holds 'orders'?" showed every node's
// row as "scratch — released", the newest event's key (nc37-e at 80x24).
func TestCompactShowsTheAsksKey(t *testing.T) {
	nodeRow := regexp.MustCompile(`\bn\d (leader|follower) `)
	m := playLesson(t, "add-node-mid-lease", 80, 24)
	for stop := 0; stop < 40 && !m.sim.ended; stop++ {
		runToStop(t, m)
		if a := m.curAsk(); a != nil && strings.Contains(a.Text, "'orders'") {
			for _, when := range []string{"asked", "answered"} {
				v := ansi.Strip(m.View())
				rows := 0
				for _, r := range strings.Split(v, "\n") {
					if nodeRow.MatchString(r) {
						rows++
						if !strings.Contains(r, "orders #1") {
							t.Errorf("%s: a node's row does not show 'orders': %q\n%s", when, r, v)
						}
					}
				}
				if rows < 5 {
					t.Fatalf("%s: %d node rows:\n%s", when, rows, v)
				}
				press(m, itoa(a.Right+1))
			}
			return
		}
		answerAsk(m)
		press(m, "enter")
	}
	t.Fatal("no ask names 'orders'")
}
