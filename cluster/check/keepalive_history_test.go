package check_test

import (
	"math"
	"testing"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster/check"
	"leaselab/scenarios"
)

// Keepalives (background and once, leader and replicated, across a failover) are in the
// history, and it is linearizable.
func TestKeepaliveHistoryLinearizable(t *testing.T) {
	for _, rule := range []string{"leader", "replicated"} {
		src := "option keepalive " + rule + `
campaign n1
wait-until leader n1
c1 acquire orders 3s
wait-until c1 holds orders
c1 keepalive orders every 1s
c2 acquire orders 1s
wait 3s
crash n1
wait 3s
c1 keepalive orders
c2 acquire orders 1s
wait 2s
c1 release orders
c1 keepalive orders
wait 2s
`
		s, err := scenarios.Parse("ka.scenario", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		r, err := scenarios.NewRunner(s, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(math.MaxInt64)
		w := r.World()
		keepalives := 0
		for _, op := range check.PorcupineOps(w) {
			if op.Input.(check.LinOp).Op == "keepalive" {
				keepalives++
			}
		}
		if keepalives < 4 {
			t.Errorf("%s: %d keepalives in the history, want at least 4", rule, keepalives)
		}
		if res := check.CheckLinearizable(w, 0); res.Result != porcupine.Ok {
			t.Errorf("%s: history not linearizable: %v", rule, res.Result)
		}
		if vs := w.Violations(); len(vs) > 0 {
			t.Errorf("%s: violations %v", rule, vs)
		}
	}
}
