package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc34-5: lease-read's n4 read "check 0.9s ✓" at the stops 3.975s and 4.975s and looked frozen.
// It is the same value: n4 checks every 1s of its ×1 clock, on its ticks, so stops a whole
// second apart fall in the same phase. The keys page and the glossary say it counts down and
// starts over at each check, so a repeat reads as a period gone by.
func TestQuorumCheckRepeatsAWholePeriodOnAndSaysWhy(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	seen := map[string]string{} // n4's check at each stop, by instant
	var order []string
	for m.results == nil && len(order) < 12 {
		runToStop(t, m)
		at := simTime(m.sim.p.Now())
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if i := strings.Index(l, "term 3 · check "); i >= 0 && seen[at] == "" {
				seen[at] = strings.Fields(l[i:])[4]
				order = append(order, at)
			}
		}
		if m.curAsk() != nil {
			press(m, "1")
		}
		press(m, "enter")
	}
	if seen["3.975s"] == "" || seen["3.975s"] != seen["4.975s"] {
		t.Fatalf("n4's check at the stops: %v (%v): want one value at 3.975s and 4.975s, a period apart", seen, order)
	}
	press(m, "?")
	flat := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(120, 200), "\n"))), " ")
	if !strings.Contains(flat, "starts over at each check, every election timeout (1s here) of that clock, so two stops a whole second apart show the same value") {
		t.Errorf("the keys page does not say the check starts over:\n%s", flat)
	}
	for _, e := range scenarios.Glossary {
		if strings.HasPrefix(e.Term, "check-quorum") && !strings.Contains(e.Text, "starting over at each check") {
			t.Errorf("the glossary's check-quorum does not say it starts over: %s", e.Text)
		}
	}
}
