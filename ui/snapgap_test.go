package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An entry that locks nothing (a configuration change) that a node holds only from the
// snapshot a leader sent it reads s, as the legend says and as the Grants before it in the
// same snapshot read: n6's ✓ on "conf add n6" beside its s on entries 3-5 (nc37-e), n6-n8's ✓
// on joint-consensus's entry 4 beside their s on entry 3 (nc37-c).
func TestSnapshotGapEntryMarkedS(t *testing.T) {
	for _, c := range []struct {
		lesson, after string
		row           *regexp.Regexp
		want          string // the marks, n1 first
	}{
		{"add-node-mid-lease", "n6 restored the leader's snapshot", regexp.MustCompile(`\b6 t1 +conf add n6 +((?:[✓s○◆·↺✖]  ){6})`), "✓✓✓✓✓s"},
		{"joint-consensus", "Every member applied the joint configuration", regexp.MustCompile(`\b4 t1 +conf [^✓]+?((?:[✓s○◆·↺✖]  ){8})`), "✓✓✓✓✓sss"},
	} {
		t.Run(c.lesson, func(t *testing.T) {
			m := playLesson(t, c.lesson, 120, 40)
			for stop := 0; stop < 40 && !m.sim.ended; stop++ {
				runToStop(t, m)
				v := ansi.Strip(m.View())
				if strings.Contains(v, c.after) {
					r := c.row.FindStringSubmatch(v)
					if r == nil {
						t.Fatalf("no row %v on screen:\n%s", c.row, v)
					}
					if got := strings.ReplaceAll(r[1], " ", ""); got != c.want {
						t.Fatalf("marks %q, want %q (%q):\n%s", got, c.want, r[0], v)
					}
					return
				}
				answerAsk(m)
				press(m, "enter")
			}
			t.Fatalf("no stop says %q", c.after)
		})
	}
}
