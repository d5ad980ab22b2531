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
	const StepFreeze = StepKind(1000)
	saved := slices.Clone(Steps)
	t.Cleanup(func() { Steps = saved; indexSteps(); delete(reserved, "freeze") })
	Steps = append(Steps, StepDef{Kind: StepFreeze, Word: "freeze", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.SkewRate(st.Node, cluster.MinRate) }})
	indexSteps()

	s, err := Parse("f.scenario", []byte("nodes 3\nwait 1s\nfreeze n2\nwait 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := s.Steps[1]
	if st.Kind != StepFreeze || st.Node != 2 || !st.Kind.IsAction() || FormatStep(st) != "freeze n2" {
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
		t.Fatalf("n2's rate after freeze is %v, want %v", got, cluster.MinRate)
	}
	if starts := StepStarts(3, nil); !slices.Contains(starts, "freeze n3") {
		t.Fatalf("completion lacks the new kind: %v", starts)
	}
	if _, err := ParseStep("freeze c1", s.Header); err == nil || !strings.Contains(err.Error(), "node after freeze") && !strings.Contains(err.Error(), "expected a node") {
		t.Fatalf("freeze c1: %v", err)
	}
	if _, err := Parse("f", []byte("frieze n1\n")); err == nil || !strings.Contains(err.Error(), "snapshot, say, ask, pause, expect, freeze, or a client") {
		t.Fatalf("the unknown-command error should list freeze: %v", err)
	}
	if _, err := Parse("f", []byte("freeze acquire k 1s\n")); err == nil || !strings.Contains(err.Error(), "cannot name a client") {
		t.Fatalf("freeze is a word of the language: %v", err)
	}
}

// Every kind the language has is in the table once, and every action can be applied.
func TestStepTableComplete(t *testing.T) {
	for k := StepWait; k <= StepAsk; k++ {
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
