package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// The script's first stop shows its newest rows with the setup's first rows above them: the
// title says how many, as "↑ N above" (fl29: first-lock at 120x40 said "newest at the bottom"
// over the followers' rows, the campaign above with no ↑, while ? promises "story ↑ N above").
// Every lesson, both sizes: the rows above the top one drawn are counted in the title.
func TestFirstStopSaysRowsAbove(t *testing.T) {
	above := regexp.MustCompile(`↑ (\d+) above`)
	playEveryLesson(t, [][2]int{{120, 40}, {80, 24}}, func(t *testing.T, s *scenarios.Scenario, m *Model) {
		runToStop(t, m)
		if m.dg.on || !m.sim.atPause() {
			return
		}
		screen := strings.Split(ansi.Strip(m.View()), "\n")
		r := m.lay.timeline
		lo, hi := r.x, r.x+r.w // compact: the rows are the screen's width, under a rule
		if m.lay.mode == modeFull {
			lo, hi = r.x+1, r.x+r.w-1 // inside the box
		}
		title := string([]rune(screen[r.y])[lo:hi])
		var body []string
		for y := r.y + 1; y < len(screen) && y < m.lay.narration.y+m.narrationLent(); y++ {
			row := []rune(screen[y])
			if len(row) < hi {
				break
			}
			body = append(body, strings.TrimRight(string(row[lo:hi]), " "))
		}
		lines := make([]string, len(m.tl.lines))
		for i, l := range m.tl.lines {
			lines[i] = strings.TrimRight(ansi.Strip(l), " ")
		}
		top := -1 // the content row drawn first: where the rows drawn match the content's
		for i := range lines {
			k := 0
			for k < len(body) && i+k < len(lines) && body[k] == lines[i+k] && body[k] != "" {
				k++
			}
			if k >= min(3, len(body)) {
				top = i
				break
			}
		}
		if top < 0 {
			t.Fatalf("the timeline's rows were not found in its content:\n%s", strings.Join(screen, "\n"))
		}
		got := above.FindStringSubmatch(title)
		switch {
		case top == 0 && got != nil:
			t.Errorf("the first row is drawn, yet the title says %q", got[0])
		case top > 0 && got == nil:
			t.Errorf("%d rows above the timeline's top row, and its title does not say so: %q", top, title)
		case top > 0 && got[1] != strconv.Itoa(top):
			t.Errorf("%d rows above the timeline's top row, the title says %q", top, got[0])
		}
	})
}
