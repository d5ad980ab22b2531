package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// The timeline's title says what is above and below and what is folded in whole parts: at
// every stop of every lesson, at 80x24 and 120x40, it never ends in a part cut with "…"
// (round 12: "↑ 107 abov…" in leader-crash-mid-lease-extend, "· 7 folded · ↓…" in
// late-expire-unsafe, "2 folded ·…").
func TestTimelineTitleNeverCut(t *testing.T) {
	title := regexp.MustCompile(`(?:Timeline|timeline) [^\n]*`)
	playEveryLesson(t, [][2]int{{120, 40}, {80, 24}}, func(t *testing.T, s *scenarios.Scenario, m *Model) {
		for stop := 0; stop < 80; stop++ {
			runToStop(t, m)
			for _, row := range strings.Split(ansi.Strip(m.View()), "\n") {
				i := strings.Index(row, "imeline · ")
				if i < 0 {
					i = strings.Index(row, "─ timeline ")
				}
				if i < 0 {
					continue
				}
				if tl := title.FindString(row[max(0, i-1):]); strings.Contains(tl, "…") {
					t.Errorf("stop %d at %v: the timeline's title is cut: %q", stop, m.sim.p.Now(), tl)
				}
			}
			if m.sim.ended {
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
	})
}
