package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// How n1 learned that n5 needs a snapshot, n5's reject of its append, showed only under v and
// m (nc20-l: "the one step I couldn't explain"). The lock events hold it just before n1's
// "sends a snapshot" row, and at the stop that tells it both sizes show it on the main screen.
func TestSnapshotRejectOnMainScreen(t *testing.T) {
	const reject, snap = "n1 hears n5 reject after 203 (ends 3): sends snapshot", "n1 sends a snapshot at 201 to n5"
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "snapshot-catch-up", size[0], size[1])
		told := false
		playThrough(t, m, func(stop int, v string) {
			if !strings.Contains(strings.Join(m.says(), " "), "does your log hold 203?") {
				return
			}
			told = true
			if !regexp.MustCompile(`\d\.\d{3}s +` + regexp.QuoteMeta(reject)).MatchString(v) { // a timeline row, not the say's quote
				t.Errorf("%dx%d stop %d: the narration tells of n5's reject, the screen does not show it:\n%s", size[0], size[1], stop, v)
			}
		})
		if !told {
			t.Fatalf("%dx%d: no stop tells of n5's reject", size[0], size[1])
		}
		c := ansi.Strip(m.sim.tl.content(filterLock, ringSize, 200, m.st))
		i, j := strings.Index(c, reject), strings.Index(c, snap)
		if i < 0 || j < i || strings.Count(c[i:j], "\n") != 1 {
			t.Errorf("%dx%d: the lock events lack the reject right before the snapshot:\n%s", size[0], size[1], c)
		}
	}
}
