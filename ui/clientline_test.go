package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// At 120x40 the lease view of a client is on screen whole: gc-pause's second pause says "look
// at its line", and c1's line must show the pause, the lease that ran out by its own clock and
// its reply, each uncut (a long line goes on below in the box's spare rows); the box title too.
func TestClientLeaseViewFitsAt120(t *testing.T) {
	s, err := scenarios.Load("gc-pause")
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 40)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	v := m.View()
	for _, want := range []string{"c1 ‖ paused→5.044s · 1 queued", "holds orders #1 ran out (own clock)", "last granted #1 orders · asks n1", "Clients · key orders (k) · lease 3s (l)"} {
		if !strings.Contains(v, want) {
			t.Errorf("at gc-pause's second pause the screen lacks %q:\n%s", want, v)
		}
	}
	if !strings.Contains(m.clientLine("c1", 40), "‖ paused→") {
		t.Errorf("a cut client line should keep the pause first: %q", m.clientLine("c1", 40))
	}
}
