package check_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster/check"
	"leaselab/scenarios"
	"leaselab/scenarios/chaos"
)

// Checking each key's history a segment at a time gives the verdict of one check of the whole
// history, for safe runs and for runs an unsafe switch makes non-linearizable; and it does
// forget what it checked.
func TestSegmentsGiveTheWholeVerdict(t *testing.T) {
	defer check.SetSegmentMin(check.SetSegmentMin(64))
	inits := 0
	run := func(s *scenarios.Scenario, min int) (porcupine.CheckResult, int, int) {
		check.SetSegmentMin(min)
		r, err := scenarios.NewRunner(s, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for r.AdvanceTo(math.MaxInt64) == scenarios.AtPause {
			r.Continue()
		}
		w := r.World()
		res := check.CheckLinearizable(w, 0)
		if res.Result == porcupine.Illegal {
			// The failing segment keeps porcupine's view: it starts from the state the checked
			// part left (an "init" operation) and renders as HTML.
			for _, op := range res.Ops {
				if op.Input.(check.LinOp).Op == "init" {
					inits++
				}
			}
			var html bytes.Buffer
			if err := porcupine.Visualize(check.LockModel, res.Info, &html); err != nil || html.Len() == 0 {
				t.Errorf("visualize: %v", err)
			}
		}
		return check.CheckHistory(w, 0), check.LinOpCount(w), len(check.PorcupineOps(w))
	}
	forgot, illegal := 0, 0
	for _, unsafe := range [][]string{nil, {"expire-ignores-token"}, {"unchecked-proposals"}, {"local-expiry"}} {
		for seed := uint64(1); seed <= 25; seed++ {
			s := chaos.Generate(chaos.Params{Seed: seed, Duration: 60e9, Nodes: 5, Unsafe: unsafe})
			whole, n1, _ := run(s, math.MaxInt)
			cut, n2, kept := run(s, 2)
			if whole != cut || n1 != n2 {
				t.Errorf("%v seed %d: whole %v (%d ops), in segments %v (%d ops)", unsafe, seed, whole, n1, cut, n2)
			}
			forgot += n2 - kept // kept counts "init" operations too: a lower bound
			if whole == porcupine.Illegal {
				illegal++
			}
		}
	}
	if forgot == 0 || illegal == 0 || inits == 0 {
		t.Errorf("the test proves little: %d operations forgotten, %d illegal histories", forgot, illegal)
	}
	t.Logf("%d operations checked and forgotten on the way; %d illegal histories (%d init operations in them)", forgot, illegal, inits)
}
