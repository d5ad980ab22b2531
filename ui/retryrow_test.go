package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// late-expire-unsafe's entry 6 is n1's second proposal of Expire #1. At 120x40 its Replication
// row read "not yet · n1 retry" at one stop and "LATE deletes c2's #2 · n1" at the next: the
// student lost which copy was the retry (nc34-x). At every width, at every stop it shows, the
// row names the retry ("n1 retry", or the timeline's "2nd"), and once applied says LATE deletes.
func TestLateExpireUnsafeRetryRowSaysRetry(t *testing.T) {
	row := regexp.MustCompile(`\b6 t1 +Expire orders #1 [✓○·◆] .*`)
	for _, sz := range [][2]int{{80, 24}, {90, 24}, {100, 30}, {120, 40}, {130, 40}, {140, 40}, {160, 40}, {200, 50}} {
		m := playLesson(t, "late-expire-unsafe", sz[0], sz[1])
		seen := 0
		for stop := 1; !m.sim.ended; stop++ {
			runToStop(t, m)
			for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
				r := row.FindString(l)
				if r == "" {
					continue
				}
				r, _, _ = strings.Cut(r, "││") // the panel beside it
				seen++
				if !strings.Contains(r, "n1 retry") && !strings.Contains(r, "n1 lease expiry #1, 2nd") {
					t.Errorf("%dx%d stop %d: entry 6's row does not say it is the retry: %q", sz[0], sz[1], stop, r)
				}
				if strings.Contains(r, "✓  ") && !strings.Contains(r, "LATE deletes ") {
					t.Errorf("%dx%d stop %d: applied, entry 6's row does not say what it deleted: %q", sz[0], sz[1], stop, r)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if seen == 0 {
			t.Errorf("%dx%d: entry 6's Replication row never showed", sz[0], sz[1])
		}
	}
}
