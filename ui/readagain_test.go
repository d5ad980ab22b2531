package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// racing-acquires at 0.090s: after c2's release was answered, the diagram (m, v) showed a
// second round of "MsgHeartbeat commit 5 ReadIndex" to n2-n5 that nothing explained (nc31-i):
// n1's regular heartbeat, sent just before the read's answers came in, carrying the read that
// still waited. Its row says "again" and its details say why, under seeds 1 to 12.
func TestRepeatedReadIndexHeartbeatExplained(t *testing.T) {
	found := 0
	eachSeed(t, "racing-acquires", 2, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "cleanup code")
		press(m, "m", "v")
		screen := ansi.Strip(m.View())
		if strings.Count(screen, "MsgHeartbeat commit 5 ReadIndex") > 4 && !strings.Contains(screen, "ReadIndex again") {
			t.Fatalf("%s: a second ReadIndex round with no 'again':\n%s", at, screen)
		}
		for i := 0; i < 30 && !strings.Contains(screen, "ReadIndex again\n") && !strings.Contains(screen, "ReadIndex again "); i++ {
			press(m, "up")
			screen = ansi.Strip(m.View())
		}
		if !strings.Contains(screen, "ReadIndex again") {
			return // this seed's heartbeat tick fell outside the read's wait: no second round
		}
		found++
		for i := 0; i < 30 && !strings.Contains(screen, "sent before this read's answers came in"); i++ {
			press(m, "up")
			screen = ansi.Strip(m.View())
		}
		flat := strings.Join(strings.Fields(screen), " ")
		if !strings.Contains(flat, "again: the leader's regular heartbeat (one per tick of its clock), sent before this read's answers came in") {
			t.Errorf("%s: no selected 'again' row tells why it was sent:\n%s", at, screen)
		}
	})
	if found == 0 {
		t.Fatal("no seed showed a ReadIndex heartbeat marked again")
	}
}
