package chaos

import (
	"slices"
	"strings"
	"testing"
	"time"

	"leaselab/scenarios"
)

// A swarm seed's fault schedule has no step of a kind the seed leaves out, the left-out sets
// differ between seeds, and swizzle-clog shows up: several nodes isolated one by one, then
// every one of them rejoined.
func TestSwarmLeavesKindsOut(t *testing.T) {
	sets, swizzles := map[string]bool{}, 0
	for seed := uint64(1); seed <= 200; seed++ {
		p := Params{Seed: seed, Duration: 30 * time.Second, Nodes: 5, Swarm: true, Liveness: true}
		s, n := generate(p)
		off := swarmOff(seed)
		if len(off) == len(FaultKinds) {
			t.Fatalf("seed %d leaves every kind out", seed)
		}
		sets[strings.Join(SwarmOff(seed), ",")] = true
		run := 0 // isolates in a row, then their rejoins
		for i, st := range s.Steps[:n] {
			if i == 0 && st.Kind == scenarios.StepCampaign {
				continue // the opening campaign, before any fault
			}
			if k := faultKindOf(st); k != "" && off[k] && !(k == "isolate" || k == "rejoin") {
				t.Fatalf("seed %d leaves out %s but has %q", seed, k, scenarios.FormatStep(st))
			}
			switch st.Kind {
			case scenarios.StepIsolate:
				run++
			case scenarios.StepRejoin:
				if run >= 2 {
					swizzles++
				}
				run = 0
			case scenarios.StepWait:
			default:
				run = 0
			}
		}
		if off["swizzle-clog"] && off["isolate"] && slices.ContainsFunc(s.Steps[:n], func(st scenarios.Step) bool { return st.Kind == scenarios.StepIsolate }) {
			t.Fatalf("seed %d leaves out isolate and swizzle-clog but isolates", seed)
		}
	}
	if len(sets) < 150 {
		t.Errorf("only %d different left-out sets in 200 seeds", len(sets))
	}
	if swizzles < 10 {
		t.Errorf("only %d swizzle-clogs of two nodes or more in 200 seeds", swizzles)
	}
}

// A swarm search finds an unsafe switch's violation too, and its report says which fault kinds
// the finding needed and which the seed left out.
func TestSwarmFindingNeeds(t *testing.T) {
	o := opts(t, 60, "local-expiry")
	o.Swarm, o.ShrinkSeeds, o.ShrinkRuns = true, 1, 400
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding")
	}
	var out strings.Builder
	rep.Print(&out)
	for _, f := range rep.Findings {
		s, err := scenarios.Parse("f", []byte(f.Text))
		if err != nil {
			t.Fatal(err)
		}
		if want := Needs(s.Steps); !slices.Equal(f.Needs, want) {
			t.Errorf("%s needs %v, its steps have %v", f.Name(), f.Needs, want)
		}
		if !strings.Contains(out.String(), "the seed left out "+strings.Join(SwarmOff(f.Seed), ", ")) {
			t.Errorf("report does not say what seed %d left out:\n%s", f.Seed, out.String())
		}
	}
	if !strings.Contains(out.String(), "  needs       ") || !strings.Contains(out.String(), ", swarm\n") {
		t.Errorf("report:\n%s", out.String())
	}
}
