package ui

import (
	"strings"
	"testing"
)

// nc29-a, gc-pause at 80x24: a paused client's wake time went from its line (c2 never showed
// "→6.551s", which the second ask turns on), and at 6.112s the clients row read "c2 ‖ paused
// #2", with no sign that c2's lease had run out. At every stop, at both sizes and seeds 1-12,
// each paused client's line says when it wakes, and one whose lease ran out says "ran out".
func TestGCPausePausedClientKeepsWakeAndRanOut(t *testing.T) {
	eachSeed(t, "gc-pause", 4, func(m *Model, w int, at string) {
		sawRanOut := false
		stops(t, m, func(stop int, v string) {
			for i := range m.v.Clients {
				c := &m.v.Clients[i]
				if !c.Paused {
					continue
				}
				line := clientText(v, c.Name)
				if want := c.Name + " ‖ paused→" + simTime(c.WakeAt); !strings.Contains(line, want) {
					t.Errorf("%s stop %d: %s's line lacks %q: %q\n%s", at, stop, c.Name, want, line, v)
				}
				if len(c.Holds) > 0 && c.Holds[0].Left == 0 {
					sawRanOut = true
					if !strings.Contains(line, "ran out") {
						t.Errorf("%s stop %d: %s's lease ran out, its line does not say so: %q\n%s", at, stop, c.Name, line, v)
					}
				}
			}
		})
		if !sawRanOut {
			t.Errorf("%s: no stop showed a paused client whose lease ran out", at)
		}
	})
}

// clientText is what the screen v says of client name: from its name on the clients' rows to
// the next client's (the compact row sums several up, "… │ c2 … │ c3"), or its rows in the box.
func clientText(v string, name string) string {
	var out []string
	in := false
	for _, row := range strings.Split(v, "\n") {
		for _, part := range strings.Split(row, "│") {
			p := strings.TrimLeft(part, " ▸")
			switch {
			case strings.HasPrefix(p, name+" "):
				in = true
				out = append(out, p)
			case in && strings.HasPrefix(part, "    ") && strings.TrimSpace(part) != "":
				out = append(out, strings.TrimSpace(part)) // the box's continuation rows
			case in && (strings.HasPrefix(p, "c") || strings.HasPrefix(p, "─")):
				in = false
			}
		}
	}
	return strings.Join(out, " ")
}

// nc29-a: the compact resource line showed the last two writes, so c2 writing again moved
// "✓c2#2" from before "✗c1#1" to after it. With room, the third shows: each write in order.
func TestGCPauseResourceWritesInOrder(t *testing.T) {
	m := playLesson(t, "gc-pause", 80, 24)
	last := ""
	stops(t, m, func(stop int, v string) { last = v })
	if !strings.Contains(last, "✓c2#2 ✗c1#1 ✓c2#2") {
		t.Fatalf("the end's resource line does not show the three writes in order:\n%s", last)
	}
}
