package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc23-m: racing-acquires only told what an unchecked Release does ("would have deleted c1's
// lock"). At its release stop C shows the same script with the check off beside it, and the
// line the narration quotes from it is on screen, at both sizes and every seed 1-12.
func TestRacingAcquiresTwinShowsTheDeletedLock(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			s, err := scenarios.Load("racing-acquires")
			if err != nil {
				t.Fatal(err)
			}
			s.Header.Seed = seed
			m := newPlay(t, s, sz[0], sz[1])
			toStopSaying(t, m, "Press C")
			rows := strings.Split(m.View(), "\n")
			if !strings.Contains(rows[len(rows)-1], "C beside unsafe run") {
				t.Fatalf("seed %d %dx%d: the key line does not offer C: %s", seed, sz[0], sz[1], rows[len(rows)-1])
			}
			press(m, "C")
			if m.twin == nil {
				t.Fatalf("seed %d %dx%d: C opened nothing", seed, sz[0], sz[1])
			}
			v := ansi.Strip(m.View())
			want := []string{"unsafe: unchecked-proposals", "✖ c1 believes it holds orders #3; every node has deleted it"}
			if sz[0] == 120 {
				want = append(want, "Release orders", "Released · c2 release")
			}
			for _, w := range want {
				if !strings.Contains(v, w) {
					t.Errorf("seed %d %dx%d: the comparison lacks %q:\n%s", seed, sz[0], sz[1], w, v)
				}
			}
			press(m, "esc")
			if m.twin != nil {
				t.Fatalf("seed %d %dx%d: esc did not come back", seed, sz[0], sz[1])
			}
		}
	}
}

// nc23-m: "both reach n1 at 0.055s" beside a Network panel naming c1's request alone ("c1 → n1:
// acquire orders · in 5ms · +9 more"). Alike requests of several clients share a row.
func TestNetworkGroupsAlikeClientRequests(t *testing.T) {
	m := playLesson(t, "racing-acquires", 120, 40)
	toStopSaying(t, m, "both reach n1")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "⇢ c1,c2 → n1: acquire orders · in 5ms · +8 more") {
		t.Errorf("the Network panel does not show both requests:\n%s", v)
	}
}

// nc24-m: beside the unsafe leader's second Grant the safe half read "≠ 0.055s n1 (nothing at
// this instant)", though the safe n1 proposed c1's Grant in that instant. Each half says for
// whose request: the safe one proposed nothing for c2's acquire.
func TestRacingAcquiresDivergenceNamesTheRequest(t *testing.T) {
	m := playLesson(t, "racing-acquires", 120, 40)
	toStopSaying(t, m, "Press C")
	press(m, "C")
	if m.twin == nil {
		t.Fatal("C opened nothing")
	}
	w := 58
	safe := ansi.Strip(strings.Join(m.twin.divLines(0, w), " "))
	unsafe := ansi.Strip(strings.Join(m.twin.divLines(1, w), " "))
	if !strings.Contains(safe, "n1 proposes nothing for c2's acquire") || strings.Contains(safe, "nothing at this instant") {
		t.Errorf("safe half's divergence: %q", safe)
	}
	if !strings.Contains(strings.Join(strings.Fields(unsafe), " "), "n1 proposes Grant orders 5s for c2's acquire") {
		t.Errorf("unsafe half's divergence: %q", unsafe)
	}
}
