package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A message lost as it left is a stub in its sender's own gap: its ✗ stops short of every other
// lane. snapshot-catch-up's n5 → n1 pre-vote, lost to the partition, ended in a ✗ under n3 and
// n4 at 120x40 (2/5 of the way), and a newcomer read it as sent to n3 (nc20-l). At 120x40 and
// 80x24, every such row's stub lies between n5's lane and n4's.
func TestDiagramDropStubStaysBySender(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "snapshot-catch-up", size[0], size[1])
		// The stop after the heal ("Back, n5 is 200 behind"): the pre-votes are in the diagram.
		for runToStop(t, m); !strings.Contains(ansi.Strip(m.View()), "Back, n5 is 200 behind") && !m.sim.ended; runToStop(t, m) {
			answerAsk(m)
			press(m, "enter")
		}
		press(m, "m")
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		head := ""
		for _, r := range rows {
			if strings.Contains(r, " n1 ") && strings.Contains(r, " n5 ") {
				head = r
				break
			}
		}
		if head == "" {
			t.Fatalf("%dx%d: no lane header:\n%s", size[0], size[1], strings.Join(rows, "\n"))
		}
		col := func(s, sub string) int { return len([]rune(s[:strings.Index(s, sub)])) }
		n4, n5 := col(head, " n4 ")+2, col(head, " n5 ")+2 // the names' last cells
		saw := 0
		for _, r := range rows {
			if !strings.Contains(r, "MsgPreVote for t") || !strings.Contains(r, "✗ partition") {
				continue
			}
			rr := []rune(r)
			x, s := -1, -1
			for i, c := range rr {
				if c == '✗' && x < 0 {
					x = i
				}
				if c == '•' {
					s = i
				}
			}
			saw++
			if s < 0 || x < 0 || !(x > n4 && x < s) {
				t.Errorf("%dx%d: the lost pre-vote's ✗ at column %d, n4's lane near %d, its sender n5 at %d (name at %d):\n%s\n%s", size[0], size[1], x, n4, s, n5, head, r)
			}
		}
		if saw == 0 {
			t.Errorf("%dx%d: no lost MsgPreVote row in the diagram:\n%s", size[0], size[1], strings.Join(rows, "\n"))
		}
	}
}
