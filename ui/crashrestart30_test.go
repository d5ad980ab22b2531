package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// While n3 is down, the Replication panel marks what its log on disk holds (◆ on entry 3, as
// its column shows), ✖ only where it lacks the entry (4 and 5): a bare ✖ on entry 3 hid that
// the log survives, the lesson's point (nc30-a). And once n1 has not heard from n3 since a
// quorum check, the leader's progress row shows what the narration explains ("n3 acked 3,
// sent to 5", raft's Match and Next), gone once n3 has caught up.
func TestCrashRestartDownMarksAndLaggingRow(t *testing.T) {
	eachSeed(t, "crash-restart", 4, func(m *Model, w int, at string) {
		line := func(v, with string) string {
			for _, l := range strings.Split(v, "\n") {
				if strings.Contains(l, with) {
					return l
				}
			}
			return ""
		}
		runToStop(t, m) // n3 has crashed
		v := ansi.Strip(m.View())
		if l := line(v, "Granted{token:1}"); l != "" && (!strings.Contains(l, "◆") || strings.Contains(l, "✖")) {
			t.Errorf("%s: n3 is down holding entry 3 committed; its row should mark ◆, no ✖: %q", at, l)
		} else if l == "" && w == 120 {
			t.Errorf("%s: no Replication row for entry 3:\n%s", at, v)
		}
		press(m, "enter")
		runToStop(t, m)
		v = ansi.Strip(m.View())
		if l := line(v, "Grant invoices 10s"); w == 120 && !strings.Contains(l, "✖") {
			t.Errorf("%s: n3 is down and lacks entry 4; its row should mark ✖: %q", at, l)
		}
		press(m, "enter")
		runToStop(t, m) // 5s later, before the restart
		v = ansi.Strip(m.View())
		if !strings.Contains(v, "n3 acked 3, sent to 5") {
			t.Errorf("%s: the narration reads the leader's row 'n3 acked 3, sent to 5', not on screen:\n%s", at, v)
		}
		for i := 0; !m.sim.ended && i < 20; i++ {
			press(m, "enter", "1")
			runToStop(t, m)
		}
		if v = ansi.Strip(m.View()); strings.Contains(v, "tracks:") {
			t.Errorf("%s: n3 has caught up; the progress row should be gone:\n%s", at, v)
		}
	})
}

// The lagging row is a leader's whose check-quorum passes: split-brain-attempt's stale n4, cut
// off with n2, would otherwise name its belief ("n4 tracks: n1 n5 acked 0, probe · n3 acked 6")
// beside the real leader n3, a story that lesson does not tell.
func TestStaleLeaderShowsNoLaggingRow(t *testing.T) {
	m := playLesson(t, "split-brain-attempt", 120, 40)
	for i := 0; i < 60 && !m.sim.ended; i++ {
		runToStop(t, m)
		if v := ansi.Strip(m.View()); strings.Contains(v, "n4 tracks:") {
			t.Fatalf("stop %d: a stale leader's progress row:\n%s", i, v)
		}
		answerAsk(m)
		press(m, "enter")
	}
}
