package scenarios

import (
	"slices"
	"strings"
	"testing"

	"leaselab/cluster"
)

// The recipe "to add a fault" (cluster/doc.go) holds: one entry in Steps (and the world's
// operation it calls) makes a new kind parse, format, run, count as an action, complete at the
// prompt and name itself in the parser's errors, with no other file touched.
func TestAddStepKindThroughTheTable(t *testing.T) {
	const StepWobble = StepKind(1000)
	saved := slices.Clone(Steps)
	t.Cleanup(func() { Steps = saved; indexSteps(); delete(reserved, "wobble") })
	Steps = append(Steps, StepDef{Kind: StepWobble, Word: "wobble", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.SkewRate(st.Node, cluster.MinRate) }})
	indexSteps()

	s, err := Parse("f.scenario", []byte("nodes 3\nwait 1s\nwobble n2\nwait 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := s.Steps[1]
	if st.Kind != StepWobble || st.Node != 2 || !st.Kind.IsAction() || FormatStep(st) != "wobble n2" {
		t.Fatalf("parsed %+v, formatted %q", st, FormatStep(st))
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if !r.Passed() {
		t.Fatalf("failures %v", r.Failures)
	}
	if got := r.World().View(cluster.ViewOptions{}).Nodes[1].Rate; got != cluster.MinRate {
		t.Fatalf("n2's rate after wobble is %v, want %v", got, cluster.MinRate)
	}
	if starts := StepStarts(3, nil); !slices.Contains(starts, "wobble n3") {
		t.Fatalf("completion lacks the new kind: %v", starts)
	}
	if _, err := ParseStep("wobble c1", s.Header); err == nil || !strings.Contains(err.Error(), "node after wobble") && !strings.Contains(err.Error(), "expected a node") {
		t.Fatalf("wobble c1: %v", err)
	}
	if _, err := Parse("f", []byte("wibble n1\n")); err == nil || !strings.Contains(err.Error(), "pause, expect, wobble, or a client") {
		t.Fatalf("the unknown-command error should list wobble: %v", err)
	}
	if _, err := Parse("f", []byte("wobble acquire k 1s\n")); err == nil || !strings.Contains(err.Error(), "cannot name a client") {
		t.Fatalf("wobble is a word of the language: %v", err)
	}
}

// Every kind the language has is in the table once, and every action can be applied.
func TestStepTableComplete(t *testing.T) {
	for k := StepWait; k <= StepFreeze; k++ {
		d := k.Def()
		if d == nil {
			t.Fatalf("step kind %d has no entry in Steps", k)
		}
		if (d.Class == ClassAction) != (d.Apply != nil) {
			t.Errorf("%s: an action needs Apply, and only an action has one", d.Word)
		}
		if d.Undo != 0 && d.Undo.Def() == nil {
			t.Errorf("%s: undo kind %d is not in the table", d.Word, d.Undo)
		}
	}
	if err := Apply(nil, &Step{Kind: StepSay}); err == nil {
		t.Fatal("Apply of a say should be refused")
	}
}
