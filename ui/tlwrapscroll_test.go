package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// toStopShowing plays a lesson stop by stop (asks answered right) until the screen shows text.
func toStopShowing(t *testing.T, m *Model, text string) {
	t.Helper()
	for i := 0; i < 40; i++ {
		runToStop(t, m)
		if strings.Contains(ansi.Strip(m.View()), text) {
			return
		}
		if a := m.curAsk(); a != nil {
			press(m, "enter", itoa(a.Right+1))
		}
		press(m, "enter")
	}
	t.Fatalf("no stop shows %q", text)
}

// Scrolled row by row, the timeline shows every row of an event that wraps onto more rows
// than it has, and each press shows something new. nc15-c, racing-acquires-unsafe at 80x24:
// the one-row timeline went from lost-grant's VIOLATION row's first line straight to its last
// ("its expiry"), never showing the middle, and the row after it stayed for two presses. Its
// own stop now has the rows for it (nc18-h): a later stop with a one-row timeline, scrolled up
// to it, is where the test starts.
func TestTimelineScrollsThroughWrappedRow(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	from, to := -1, 0
	for stop := 0; from < 0; stop++ {
		if stop > 40 || m.sim.ended {
			t.Fatal("no stop has lost-grant's row and a timeline shorter than it")
		}
		runToStop(t, m)
		for i, l := range m.tl.lines {
			if strings.Contains(ansi.Strip(l), "VIOLATION lost-grant") {
				if f, e := rowSpan(m.tl.lines, i, m.tl.atW); m.tl.vp.Height+m.narrationLent() < e-f {
					from, to = f, e
				}
				break
			}
		}
		if from < 0 {
			answerAsk(m)
			press(m, "enter")
		}
	}
	if to-from < 2 {
		t.Fatalf("lost-grant's row does not wrap here (rows %d-%d)", from, to)
	}
	for m.focus != panelTimeline {
		press(m, "shift+tab")
	}
	for i := 0; i < 100 && m.tl.vp.YOffset > from; i++ {
		press(m, "up")
	}
	if m.tl.vp.YOffset != from {
		t.Fatalf("scrolled up, the timeline stands at row %d, not at lost-grant's first (%d)", m.tl.vp.YOffset, from)
	}
	tlRows := func() string {
		scr := strings.Split(ansi.Strip(m.View()), "\n")
		for i, r := range scr {
			if strings.Contains(r, "TIMELINE") {
				var b []string
				for _, s := range scr[i+1:] {
					if strings.HasPrefix(s, " ❝") || strings.HasPrefix(s, " ‖") {
						break
					}
					b = append(b, s)
				}
				return strings.Join(b, "\n")
			}
		}
		t.Fatalf("no timeline title:\n%s", ansi.Strip(m.View()))
		return ""
	}
	for _, dir := range []string{"down", "up"} {
		seen := map[string]bool{}
		prev := tlRows()
		seen[prev] = true
		for i := 0; i < 40; i++ {
			if dir == "down" && m.tl.vp.AtBottom() || dir == "up" && m.tl.vp.YOffset < from {
				break
			}
			press(m, dir)
			cur := tlRows()
			if cur == prev {
				t.Errorf("scrolling %s, a press left the timeline as it was:\n%s", dir, cur)
			}
			seen[cur], prev = true, cur
		}
		for j := from; j < to; j++ {
			line := strings.TrimRight(ansi.Strip(m.tl.lines[j]), " ")
			ok := false
			for s := range seen {
				ok = ok || strings.Contains(s, line)
			}
			if !ok {
				t.Errorf("scrolling %s, lost-grant's row %d of %d (%q) never showed", dir, j-from+1, to-from, line)
			}
		}
	}
}

// A stop with no story of its own, at the newest rows, says how much of the story told at the
// stop before is above them: nc15-c, racing-acquires-unsafe at 80x24, 0.090s, found lost-grant's
// row off screen above and no ↑ in the title.
func TestTimelineTitleSaysStoryAbove(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	toStopShowing(t, m, "It ignores the nodes")
	v := ansi.Strip(m.View())
	for _, r := range strings.Split(v, "\n") {
		if strings.HasPrefix(r, "─ timeline") {
			if !strings.Contains(r, "story ↑ ") {
				t.Fatalf("the timeline's title says nothing of the story above: %q\n%s", r, v)
			}
			return
		}
	}
	t.Fatalf("no timeline title:\n%s", v)
}
