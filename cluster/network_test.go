package cluster

import (
	"math/rand/v2"
	"testing"
	"time"
)

// plain, which lets a message skip the rule lookups, is exactly "no rule in force" (calm)
// after every change any operation makes: random cuts, drops, delays, partitions, isolations,
// rejoins, joins and heals, and rules set back to nothing.
func TestPlainFollowsRules(t *testing.T) {
	w := newWorld(t, nil)
	r := rand.New(rand.NewPCG(7, 8))
	node := func() int { return 1 + r.IntN(w.Nodes()) }
	sawPlain, sawRule := false, false
	for step := 0; step < 2000; step++ {
		a, b := node(), node()
		switch r.IntN(9) {
		case 0:
			_ = w.Cut(a, b, r.IntN(2) == 0)
		case 1:
			_ = w.Drop(a, b, float64(r.IntN(2)*30))
		case 2:
			_ = w.DropAll(float64(r.IntN(2) * 10))
		case 3:
			_ = w.Delay(a, b, time.Duration(r.IntN(2))*5*time.Millisecond)
		case 4:
			_ = w.Partition([]int{a}, []int{b})
		case 5:
			_ = w.Isolate(a)
		case 6:
			_ = w.Rejoin(a)
		case 7, 8:
			w.Heal()
		}
		if w.net.plain != w.net.calm() {
			t.Fatalf("step %d: plain %v, calm %v", step, w.net.plain, w.net.calm())
		}
		sawPlain = sawPlain || w.net.plain
		sawRule = sawRule || !w.net.plain
	}
	w.net.grow(w.Nodes() + 1)
	if w.net.plain != w.net.calm() {
		t.Fatalf("after a join: plain %v, calm %v", w.net.plain, w.net.calm())
	}
	if !sawPlain || !sawRule {
		t.Fatalf("the test never saw both: plain %v, a rule %v", sawPlain, sawRule)
	}
}
