package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// add-node-mid-lease tells its snapshots in the rows the timeline prints, and the rows it
// names are on screen at 120x40 and 80x24 (nc37-e): "after each 4 applied entries" beside
// "snapshots at 5" is counted out, the ask's explanation says the leader compacted its log
// (why n6 cannot replay it), and the snapshot-sent and snapshot-restored rows, once only
// described and below the view at 80x24, are quoted and shown, with the tracker's "snapshot 6
// sent" agreeing with them.
func TestAddNodeMidLeaseSnapshotRows(t *testing.T) {
	row := func(text string) *regexp.Regexp {
		return regexp.MustCompile(`\d\.\d{3}s\s+\S?\s*` + regexp.QuoteMeta(text))
	}
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "add-node-mid-lease", size[0], size[1])
		seen := map[string]bool{}
		for stop := 0; stop < 40 && !m.sim.ended; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			switch {
			case strings.Contains(v, "each 4 entries it applies"):
				seen["count"] = true
				if !strings.Contains(v, "'n1 snapshots at 5'") || !row("n1 snapshots at 5:").MatchString(v) {
					t.Errorf("%dx%d: the narration counts to 'n1 snapshots at 5' beside no such row:\n%s", size[0], size[1], v)
				}
			case m.curAsk() != nil:
				seen["ask"] = true
				answerAsk(m)
				v = ansi.Strip(m.View())
				if !strings.Contains(v, "n1 compacted its log") {
					t.Errorf("%dx%d: the ask's explanation does not say the leader compacted its log:\n%s", size[0], size[1], v)
				}
			case strings.Contains(v, "n1 committed and applied the change"):
				// A stop whose says name no key showed 'scratch', the newest event's.
				seen["committed"] = true
				if !row("n1 commits 6:").MatchString(v) {
					t.Errorf("%dx%d: the narration names 'n1 commits 6: …', not on screen:\n%s", size[0], size[1], v)
				}
				if size[0] == 80 && !regexp.MustCompile(`n1 leader .* orders `).MatchString(v) {
					t.Errorf("%dx%d: n1's row does not show 'orders':\n%s", size[0], size[1], v)
				}
			case strings.Contains(v, "n6 restored the leader's snapshot"):
				seen["restored"] = true
				for _, r := range []string{"n1 sends a snapshot at 6 to n6", "n6 restores snap 6"} {
					if !row(r).MatchString(v) {
						t.Errorf("%dx%d: the narration names the row %q, not on screen:\n%s", size[0], size[1], r, v)
					}
				}
				if strings.Contains(v, "snapshot 5 sent") {
					t.Errorf("%dx%d: the tracker says snapshot 5 sent beside snap 6:\n%s", size[0], size[1], v)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		for _, k := range []string{"count", "ask", "committed", "restored"} {
			if !seen[k] {
				t.Errorf("%dx%d: no stop for %s", size[0], size[1], k)
			}
		}
	}
}
