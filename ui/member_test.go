package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// The sandbox's membership keys and `:` steps are scenario steps: the node column appears when
// n6 joins, a removed node says so, the header shows the voter set once it changed, and the
// saved session replays every step.
func TestSandboxMembership(t *testing.T) {
	m := newSandbox(t, 3, 5, 120, 40)
	typeLine(m, "campaign n1")
	playFor(m, time.Second)
	if strings.Contains(m.View(), "voters ") {
		t.Fatal("the header shows voters before any change")
	}
	press(m, "A")
	playFor(m, time.Second)
	if len(m.v.Nodes) != 6 || len(m.lay.cols) != 6 {
		t.Fatalf("after A: %d nodes, %d columns", len(m.v.Nodes), len(m.lay.cols))
	}
	press(m, "2", "X")
	playFor(m, time.Second)
	typeLine(m, "add-learner n7")
	playFor(m, time.Second)
	screen := m.View()
	for _, want := range []string{"voters n1 n3 n4 n5 n6", "⊘ n2", "◇ n7"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 220, Height: 45})
	screen = m.View()
	// The timeline's newest rows are the learner's catch-up (the leader hears n7 reject its
	// append and sends it a snapshot), which pushed the older "conf remove n2" row above them.
	// A removed node's title says removed, as the compact row does: "⊘ n2 follower" read as
	// following someone (nc37-g).
	for _, want := range []string{"⊘ n2 removed", "◇ n7 follower", "n1 sends a snapshot at 5 to n7", "n7 restores snap 5"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	screen = m.View()
	for _, want := range []string{"⊘ n2 removed", "◇ n7 learner", "voters n1 n3 n4 n5 n6"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the compact screen lacks %q:\n%s", want, screen)
		}
	}
	src := scenarios.Format(m.sim.p.Session("s.scenario"))
	for _, want := range []string{"add-node n6", "remove-node n2", "add-learner n7"} {
		if !strings.Contains(src, want) {
			t.Errorf("the saved session lacks %q:\n%s", want, src)
		}
	}
	s, err := scenarios.Parse("s.scenario", []byte(src))
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	r, err := scenarios.NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if r.World().TraceHash() != m.sim.p.World().TraceHash() || r.World().Nodes() != 7 {
		t.Fatal("the saved session replays differently")
	}
}
