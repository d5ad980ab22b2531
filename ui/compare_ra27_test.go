package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc26-m, racing-acquires' C at 120x40: at 0.070s the unsafe half's note said "(2 checks failed
// here so far: the ✗ rows in the results)" over results reduced to their rule, and the 0.085s
// lost-grant fell between the 0.070s and 0.090s stops. Now, for every seed, the 0.070s stop
// shows c2's rejected answer and both ✗ rows in the unsafe half (the note gives them its rows)
// and c2's busy in the safe half; the 0.090s stop shows the Release entry and the VIOLATION.
func TestRacingAcquiresCompareShowsTheFailedChecksAndTheHarm(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		a := loadScenario(t, "racing-acquires")
		a.Header.Seed = seed
		b, err := scenarios.WithUnsafe(a, "unchecked-proposals")
		if err != nil {
			t.Fatal(err)
		}
		m := newCompareModel(t, a, b, 120, 40)
		playToStopAt(t, m, "0.070s")
		v := ansi.Strip(m.View())
		low := lowerHalf(t, v)
		flat := strings.Join(strings.Fields(strings.NewReplacer("┃", " ").Replace(low)), " ")
		for _, w := range []string{"0.070s c2 gets rejected from n1", "✗ the story has c2 reply busy; here: c2 reply rejected",
			// nc24-m2: the ✗ row reads as a sentence (it was "here: n1 history orders … (and 4 more nodes)")
			"the story has on every node: results applied for 'orders' Granted{token:3}; here, on every node: Granted{token:3}, then GrantRejected"} {
			if !strings.Contains(flat, w) {
				t.Errorf("seed %d 0.070s: the unsafe half lacks %q:\n%s", seed, w, v)
			}
		}
		if strings.Contains(flat, "the ✗ rows in the results") || strings.Contains(low, "no room") {
			t.Errorf("seed %d 0.070s: the unsafe half points at rows it does not show:\n%s", seed, v)
		}
		if up := strings.TrimSuffix(v, low); !strings.Contains(up, "0.070s c2 gets busy from n1") {
			t.Errorf("seed %d 0.070s: the safe half lacks c2's busy:\n%s", seed, v)
		}
		playToStopAt(t, m, "0.090s")
		low = lowerHalf(t, ansi.Strip(m.View()))
		for _, w := range []string{"Release orders", "c2 release", "0.085s VIOLATION lost-grant: Release orders"} {
			if !strings.Contains(low, w) {
				t.Errorf("seed %d 0.090s: the unsafe half lacks %q:\n%s", seed, w, low)
			}
		}
	}
}

// Scrolled (↑), the unsafe half keeps that layout: the note did not come back over results
// reduced to their rule while ↑ moved through them.
func TestRacingAcquiresCompareScrollKeepsTheResultsRows(t *testing.T) {
	a := loadScenario(t, "racing-acquires")
	b, err := scenarios.WithUnsafe(a, "unchecked-proposals")
	if err != nil {
		t.Fatal(err)
	}
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "0.070s")
	for k := 0; k < 3; k++ {
		m.Update(keyMsg("up"))
		low := lowerHalf(t, ansi.Strip(m.View()))
		flat := strings.Join(strings.Fields(strings.NewReplacer("┃", " ").Replace(low)), " ")
		if strings.Contains(flat, "the ✗ rows in the results") || strings.Count(low, "\n┃ 0.070s ") < 4 {
			t.Fatalf("↑ %d: the unsafe half's results gave their rows back to the note:\n%s", k+1, low)
		}
	}
}
