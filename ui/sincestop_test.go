package ui

import (
	"strings"
	"testing"
	"time"
)

// firstTimelineRow is the time of the timeline's first row on screen and whether its title says
// "since last stop"; ok is false when there is no timeline or its first row has no time.
func firstTimelineRow(screen string) (at time.Duration, since, ok bool) {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {

		col := -1
		if j := strings.Index(l, "╭─ Timeline"); j >= 0 {
			col = len([]rune(l[:j])) + 1
		} else if strings.Contains(l, "▶ Timeline") || strings.HasPrefix(l, "─ timeline") || strings.HasPrefix(l, "─ ▶ timeline") {
			col = 0
			if j := strings.Index(l, "Timeline"); j >= 0 && !strings.HasPrefix(l, "─") {
				col = len([]rune(l[:j]))
			}
		}
		if col < 0 || i+1 >= len(lines) {
			continue
		}
		row := []rune(lines[i+1])
		if col >= len(row) {
			return 0, false, false
		}
		f := strings.Fields(string(row[col:]))
		if len(f) == 0 || !strings.HasSuffix(f[0], "s") {
			return 0, false, false
		}
		d, err := time.ParseDuration(f[0])
		if err != nil {
			return 0, false, false
		}
		return d, strings.Contains(l, "since last stop"), true
	}
	return 0, false, false
}

// A timeline titled "since last stop" starts at or after the stop before: at 5.076s in
// leader-crash-mid-lease-extend the title said "since last stop · 3 folded" over rows at 4.134s
// and 4.139s, before the stop at 4.904s (newcomer nc16-b): the fold filled its spare rows with
// rows from before the story.
func TestSinceLastStopTitleIsTrue(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		for _, lesson := range []string{"leader-crash-mid-lease-extend", "leader-crash-mid-lease"} {
			m := playLesson(t, lesson, size[0], size[1])
			var prev time.Duration
			checked := 0
			playThrough(t, m, func(stop int, screen string) {
				at, since, ok := firstTimelineRow(screen)
				if ok && since {
					checked++
					if at+time.Millisecond < prev { // rows give whole milliseconds
						t.Errorf("%s %dx%d stop %d (%v): 'since last stop' over a row at %v, before the stop before (%v):\n%s",
							lesson, size[0], size[1], stop, m.v.Now, at, prev, screen)
					}
				}
				prev = m.v.Now
			})
			if checked == 0 {
				t.Errorf("%s %dx%d: no stop titled 'since last stop'", lesson, size[0], size[1])
			}
		}
	}
}
