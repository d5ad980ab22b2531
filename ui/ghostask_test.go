package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// ghost-lock's first ask (c1's acquire is on the wire and c1 has gone: what becomes of
// 'orders'?) is to be reasoned from the screen, not told (nc34-x): before it, a stop shows
// the rule at work on c2 ("n1 checks c2's connection: up → c2 keeps jobs #1", as its Grant
// applies), and at the ask c1's line shows ⊘. No stop before it shows or says what a gone
// client's Grant leads to (a ghost release, a Release no client sent).
func TestGhostLockFirstAskReasonedFromScreen(t *testing.T) {
	eachSeed(t, "ghost-lock", 2, func(m *Model, w int, at string) {
		sawCheck := false
		for !m.sim.ended {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			sawCheck = sawCheck || strings.Contains(v, "n1 checks c2's connection: up → c2 keeps jobs #1")
			for _, w := range []string{"ghost release", "checks c1's connection", "Release orders"} {
				if strings.Contains(v, w) {
					t.Errorf("%s: before the first ask the screen shows %q:\n%s", at, w, v)
				}
			}
			if a := m.pendingAsk(); a != nil {
				if !sawCheck {
					t.Errorf("%s: no stop before the first ask showed n1 checking c2's connection as its Grant applied", at)
				}
				if !strings.Contains(v, "c1 ⊘ disconnected") {
					t.Errorf("%s: at the first ask c1's line shows no ⊘:\n%s", at, v)
				}
				return
			}
			press(m, "enter")
		}
		t.Errorf("%s: the first ask never came", at)
	})
}
