package chaos

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// A kind added to the step table with a Chaos share is drawn by the generator, its arguments
// from its shape, with no rule of its own (the recipe "to add a fault" in the README).
func TestGeneratorDrawsANewTableKind(t *testing.T) {
	const stepFreeze = scenarios.StepKind(1000)
	saved := slices.Clone(scenarios.Steps)
	t.Cleanup(func() { scenarios.Steps = saved })
	scenarios.Steps = append(scenarios.Steps, scenarios.StepDef{Kind: stepFreeze, Word: "freeze",
		Args: []scenarios.Arg{scenarios.ArgNode, scenarios.ArgDur}, Class: scenarios.ClassAction, Chaos: 19,
		Apply: func(w *cluster.World, st *scenarios.Step) error { return w.PauseClient("c1", st.Dur) }})
	found := 0
	for seed := uint64(1); seed <= 5; seed++ {
		for _, st := range Generate(Params{Seed: seed, Duration: 30 * time.Second, Nodes: 5}).Steps {
			if st.Kind != stepFreeze {
				continue
			}
			found++
			if st.Node < 1 || st.Node > 5 || st.Dur < 100*time.Millisecond || st.Dur > 3*time.Second {
				t.Fatalf("seed %d: freeze drawn as %+v", seed, st)
			}
		}
	}
	if found == 0 {
		t.Fatal("a kind with half the mix's share was never drawn")
	}
}

// Every kind in the generator's mix can be drawn: by its own rule, or from a shape chaos knows
// (drawArgs panics on one it does not).
func TestEveryChaosKindDrawable(t *testing.T) {
	g := &gen{r: rand.New(rand.NewPCG(1, genStream)), p: Params{Nodes: 5}, down: make([]bool, 6),
		offline: map[string]bool{}, clients: []string{"c1"}, keys: []string{"k"}}
	h := scenarios.DefaultHeader()
	for i := range scenarios.Steps {
		d := &scenarios.Steps[i]
		if d.Chaos == 0 {
			continue
		}
		if d.Class != scenarios.ClassAction {
			t.Fatalf("%s has a chaos share but is no action", d.Word)
		}
		if faultRules[d.Kind] == nil {
			st := g.drawArgs(d)
			if _, err := scenarios.ParseStep(scenarios.FormatStep(st), h); err != nil || st.Kind != d.Kind {
				t.Fatalf("%s drawn as %q: %v", d.Word, scenarios.FormatStep(st), err)
			}
		}
	}
}
