package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A node's reply to a client on its way is a dashed row in the message diagram, as the messages
// between nodes on the wire are: at first-lock's question at 0.848s n1's 'granted' to c1 was in
// the Network panel alone, and a newcomer looked for it under m and v (fl29).
func TestDiagramShowsReplyOnTheWire(t *testing.T) {
	eachSeed(t, "first-lock", 3, func(m *Model, w int, at string) {
		for m.pendingAsk() == nil && !m.sim.ended {
			press(m, "enter")
			runToStop(t, m)
		}
		onWire := false
		for _, f := range m.v.Net.ClientFlights {
			onWire = onWire || !f.ToNode && f.Client == "c1" && f.What == "reply granted"
		}
		if !onWire {
			t.Fatalf("%s: at the first question no granted reply to c1 is on the wire", at)
		}
		for _, all := range []bool{false, true} {
			press(m, "m")
			if all {
				press(m, "v")
			}
			v := ansi.Strip(m.View())
			row := ""
			for _, l := range strings.Split(v, "\n") {
				if strings.Contains(l, "granted #1") {
					row = l
				}
			}
			if !strings.Contains(row, "→0.") || !strings.Contains(row, "┄") || !strings.Contains(row, "on the wire") {
				t.Errorf("%s (all messages: %v): the diagram has no dashed row for n1's granted on its way to c1:\n%s", at, all, v)
			}
			press(m, "m")
		}
	})
}
