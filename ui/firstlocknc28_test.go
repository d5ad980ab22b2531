package ui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// nc27-a: at first-lock's 0.848s the message diagram's top row was one MsgPreVote under four
// answers, and 'MsgAppResp idx 2' rows answered appends that were nowhere: older rows had gone
// off the top with nothing to say so. Now the diagram's title (its rule at 80x24) says "↑ N
// earlier", N the rows of that view left out above, in both views (lock messages, v all).
func TestDiagramSaysRowsAbove(t *testing.T) {
	mark := regexp.MustCompile(`↑ (\d+) earlier`)
	row := regexp.MustCompile(`^[┃│]?\d+\.\d{3}s`)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		for i := 0; ; i++ {
			runToStop(t, m)
			if strings.Contains(strings.Join(strings.Fields(ansi.Strip(m.View())), " "), "'MsgAppResp idx 3' rows are those replies") {
				break
			}
			if m.sim.ended || i > 100 {
				t.Fatalf("%dx%d: no stop tells of the 'MsgAppResp idx 3' rows", sz[0], sz[1])
			}
			answerAsk(m)
			press(m, "enter")
		}
		for _, keys := range []string{"m", "v"} {
			press(m, keys)
			v := ansi.Strip(m.View())
			lines := strings.Split(v, "\n")
			got := mark.FindStringSubmatch(lines[1])
			if got == nil {
				t.Errorf("%dx%d after %q: the diagram's title does not say how many rows are above:\n%s", sz[0], sz[1], keys, v)
				continue
			}
			shown := 0
			for _, l := range lines {
				if row.MatchString(l) {
					shown++
				}
			}
			vis, _ := m.visualRows()
			if n, _ := strconv.Atoi(got[1]); n == 0 || n+shown != len(vis) {
				t.Errorf("%dx%d after %q: title says ↑ %s earlier, %d rows shown, the view has %d:\n%s", sz[0], sz[1], keys, got[1], shown, len(vis), v)
			}
		}
	}
}

// nc27-a: rewound from first-lock's end to before c2 first acted, the diagram still drew a c2
// lane, empty: the recorder kept every client lane it had ever added. Now a lane goes with the
// event that brought it.
func TestDiagramRewindDropsLaterClientLane(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	playThrough(t, m, func(int, string) {})
	if !slices.Contains(m.sim.dg.Lanes.Clients, "c2") {
		t.Fatalf("at the end the diagram has no c2 lane: %v", m.sim.dg.Lanes.Clients)
	}
	for i := 0; m.sim.now() >= time.Second; i++ {
		if i > 20 {
			t.Fatalf("← did not rewind before 1s (now %v)", m.sim.now())
		}
		press(m, "left")
	}
	press(m, "m")
	v := ansi.Strip(m.View())
	head := strings.Split(v, "\n")[2]
	if !strings.Contains(head, "c1") || strings.Contains(head, "c2") {
		t.Errorf("rewound to %v, before c2 sent anything: want the diagram's lanes to have c1 and no c2:\n%s", m.sim.now(), v)
	}
}
