package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// An unsafe lesson's switch is named on screen at every stop, at 80x24 as at 120x40: nc15-c,
// racing-acquires-unsafe at 80x24, found the header's "⚠ unsafe" shrink to a bare ⚠ once the
// violations were named, and "unchecked-proposals" nowhere but on the ? legend. The compact
// net line names it where the header has no room; the header keeps "⚠ unsafe" where neither has.
func TestUnsafeSwitchNamedOnScreen(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			m := playLesson(t, l.Name, sz[0], sz[1])
			us := m.v.Config.Unsafe.Names()
			if len(us) == 0 {
				continue
			}
			playThrough(t, m, func(stop int, v string) {
				head := strings.SplitN(v, "\n", 2)[0]
				if !strings.Contains(head, "⚠ unsafe") && !strings.Contains(v, us[0]) {
					t.Errorf("%s %dx%d stop %d: the header says %q and no line names %s:\n%s", l.Name, sz[0], sz[1], stop, head, us[0], v)
				}
				// Where the net line has room: racing-acquires-unsafe's is plain throughout.
				if l.Name == "racing-acquires-unsafe" && !strings.Contains(v, us[0]) {
					t.Errorf("%s %dx%d stop %d: %s named nowhere on screen:\n%s", l.Name, sz[0], sz[1], stop, us[0], v)
				}
			})
		}
	}
}
