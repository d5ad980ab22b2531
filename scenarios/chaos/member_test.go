package chaos

import (
	"strings"
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// Safe mode's generator changes membership in earnest: in 150 seeds, configurations change,
// nodes join past the starting five, reconfigure goes joint, leaders are removed, learners are
// promoted; and the world refuses none of the generated steps with an error.
func TestSafeGeneratorChangesMembership(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 150; seed++ {
		s := Generate(Params{Seed: seed, Duration: 30 * time.Second, Nodes: 5})
		for _, st := range s.Steps {
			switch st.Kind {
			case scenarios.StepAddNode, scenarios.StepAddLearner, scenarios.StepPromote,
				scenarios.StepRemoveNode, scenarios.StepReconfigure, scenarios.StepLeaveJoint:
				seen[st.Kind.Def().Word]++
			}
		}
		r, err := scenarios.NewRunner(s, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		w := r.World()
		w.Subscribe(func(e *cluster.Event) {
			switch {
			case e.Kind == cluster.EvConfApplied && e.Node == 1:
				seen["applied on n1"]++
			case e.Kind == cluster.EvConfApplied && strings.Contains(e.Text, "joint"):
				seen["joint applied"]++
			case e.Kind == cluster.EvRole && e.Role == cluster.RoleFollower && w.Removed(e.Node):
				seen["a removed node's role change"]++
			}
		})
		r.Run()
		if len(r.Failures) > 0 {
			t.Fatalf("seed %d: %v", seed, r.Failures)
		}
		if w.Nodes() > 5 {
			seen["grew"]++
		}
	}
	t.Log(seen)
	for _, k := range []string{"add-node", "add-learner", "promote", "remove-node", "reconfigure", "leave-joint",
		"applied on n1", "joint applied", "a removed node's role change", "grew"} {
		if seen[k] < 5 {
			t.Errorf("%s: only %d in 150 seeds (%v)", k, seen[k], seen)
		}
	}
}

// The shrinker drops an add together with the steps that name the new node, and a held
// reconfigure with its leave-joint: membership noise around a violation goes, the violation
// stays.
func TestShrinkDropsMembershipNoise(t *testing.T) {
	src := `seed 9
latency 5ms-5ms
unsafe unchecked-proposals
campaign n1
wait 500ms
add-node n6
wait 300ms
crash n6
wait 200ms
restart n6
reconfigure n1 n2 n3 n6 hold
wait 300ms
leave-joint
wait 300ms
c1 connect n1
c2 connect n1
c1 acquire orders 5s
c2 acquire orders 5s
wait 500ms
c2 release orders
wait 1s
`
	s, err := scenarios.Parse("noise.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep := Shrink(s, cluster.LostGrant, 500, 10*time.Second)
	if rep.Error != "" {
		t.Fatal(rep.Error)
	}
	for _, w := range []string{"add-node", "n6", "reconfigure", "leave-joint"} {
		if strings.Contains(rep.Text, w) {
			t.Errorf("the reproducer keeps %q:\n%s", w, rep.Text)
		}
	}
	if !strings.Contains(rep.Text, "expect violations lost-grant") {
		t.Errorf("no lost-grant in the reproducer:\n%s", rep.Text)
	}
}
