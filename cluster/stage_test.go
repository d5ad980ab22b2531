package cluster

import (
	"testing"
	"time"
)

// A crashed node's mark on an entry it applied before the crash is "down", not "applied": its
// lock table is gone until it replays its log (crash-restart showed ✓ on that row beside the
// node's "applied —"). Once restarted and replayed, the mark is "applied" again.
func TestDownNodeIsNotApplied(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	must(t, w.Acquire("c1", "orders", 30*time.Second))
	waitFor(t, w, 5*time.Second, "n3 applies the Grant", func() bool { _, ok := w.Lock(3, "orders"); return ok })
	stageOn3 := func() Stage {
		v := w.View(ViewOptions{})
		for _, p := range v.Proposals {
			if p.Cmd.Key == "orders" {
				return p.Stages[2]
			}
		}
		t.Fatal("no proposal for orders in the view")
		return 0
	}
	if s := stageOn3(); s != StageApplied {
		t.Fatalf("before the crash: n3's stage %v, want applied", s)
	}
	must(t, w.Crash(3))
	if s := stageOn3(); s != StageDown {
		t.Fatalf("n3 is down: stage %v, want down", s)
	}
	must(t, w.Restart(3))
	waitFor(t, w, 5*time.Second, "n3 replays the Grant", func() bool { return stageOn3() == StageApplied })
}
