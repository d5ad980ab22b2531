package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// nc34-g: ghost-lock's n1 read "check 0.6s ✓" at every stop from 0.341s to 12.405s, whole
// seconds apart, and looked stuck. Its column counts the checks it passed ("#4"), so two stops
// a second or more apart whose check reads the same still differ on screen, and the count grows.
func TestChecksPassedTellStopsAWholeSecondApart(t *testing.T) {
	m := playLesson(t, "ghost-lock", 120, 40)
	// n1's four state lines, by instant, its clock's reading left out: that differs anyway,
	// and was no help to nc34-g (commit 7 at 2.395s, 4.395s and 8.412s, check 0.6s ✓).
	reading := regexp.MustCompile(`clock \d+\.\d+s`)
	col := map[string]string{}
	check := map[string]string{}
	var order []string
	for m.results == nil && len(order) < 20 {
		runToStop(t, m)
		at := simTime(m.sim.p.Now())
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		if _, ok := col[at]; !ok && len(lines) > 5 && strings.Contains(lines[1], "n1 leader") {
			var c []string
			for _, l := range lines[2:6] {
				c = append(c, strings.TrimSpace(strings.Trim(strings.SplitN(l, "┃", 3)[1], " ")))
			}
			col[at], check[at] = reading.ReplaceAllString(strings.Join(c, " | "), "clock"), c[0]
			order = append(order, at)
		}
		if m.curAsk() != nil {
			press(m, "1")
		}
		press(m, "enter")
	}
	same := 0
	for i, a := range order {
		for _, b := range order[i+1:] {
			da, _ := time.ParseDuration(a)
			db, _ := time.ParseDuration(b)
			if db-da >= time.Second && check[a] == check[b] {
				same++
				if col[a] == col[b] {
					t.Errorf("n1's column reads the same at %s and %s: %q", a, b, col[a])
				}
			}
		}
	}
	if same == 0 || !strings.Contains(col["4.395s"], "#4") || !strings.Contains(col["12.405s"], "#12") {
		t.Errorf("want stops whose check reads alike, and 4 checks passed at 4.395s, 12 at 12.405s: %v\n%q", order, col)
	}
}
