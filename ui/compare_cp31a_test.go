package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At late-expire's asks (4.267s) n1 has applied c2's Grant and its answer is on the wire: the
// ask spoke of "c2's lock" beside c2's "holds nothing · ⋯ acquire orders · waited 1.2s of 2s"
// (nc31-b). c2's line says the answer is on its way, sent and arriving 4ms apart, and n1's net
// cell names the nodes its 600ms delay is on: nothing said its links to clients were quick
// (nc31-c, a comparison has no message diagram nor Network panel).
func TestCompareShowsC2sAnswerOnItsWayAndWhereTheDelayIs(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "n1's answer on its way: granted #2 (4.267s → 4.271s)") {
			t.Errorf("%dx%d: c2's line does not say n1's answer is on its way:\n%s", sz[0], sz[1], v)
		}
		if strings.Contains(v, "waited 1.2s of 2s") {
			t.Errorf("%dx%d: c2's line still reads as waiting for an answer:\n%s", sz[0], sz[1], v)
		}
		if strings.Count(v, "n2-n5 +600ms") != 2 || !strings.Contains(v, "n1 +600ms") {
			t.Errorf("%dx%d: n1's net cell does not name the nodes its delay is on:\n%s", sz[0], sz[1], v)
		}
	}
}
