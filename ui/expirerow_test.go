package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An applied Expire's Replication row read "Expired{existed:true} · n1│": the bare proposer
// touched the border and did not say the lease ran out, where the ghost release's row beside
// it said "ghost release" (nc32-f ghost-lock, nc32-d gc-pause). Short of room it reads
// "existed:true · n1 expiry", a cell free before the border, at every stop of both lessons.
func TestExpireRowSaysExpiryClearOfBorder(t *testing.T) {
	row := regexp.MustCompile(`│ *\d+ t\d+ +Expire [^│]*│`)
	for _, lesson := range []string{"ghost-lock", "gc-pause"} {
		for _, sz := range [][2]int{{120, 40}} { // 80x24's replication rows run the screen's width, unboxed
			m := playLesson(t, lesson, sz[0], sz[1])
			seen := 0
			for {
				for _, line := range strings.Split(ansi.Strip(m.View()), "\n") {
					for _, r := range row.FindAllString(line, -1) {
						if !strings.Contains(r, "{") && !strings.Contains(r, "existed:") {
							continue // not applied yet
						}
						seen++
						if !strings.HasSuffix(r, " │") || !regexp.MustCompile(`expiry|retry`).MatchString(r) {
							t.Errorf("%s %dx%d: an Expire's row %q names no lease expiry, or touches the border:\n%s", lesson, sz[0], sz[1], r, ansi.Strip(m.View()))
						}
					}
				}
				if m.sim.ended {
					break
				}
				answerAsk(m)
				press(m, "enter")
				runToStop(t, m)
			}
			if seen == 0 {
				t.Errorf("%s %dx%d: no applied Expire's row seen: this test checks nothing", lesson, sz[0], sz[1])
			}
		}
	}
}
