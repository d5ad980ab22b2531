package cluster

import (
	"testing"
	"time"
)

// A leader's "check 0.8s ✓" (NodeView.QuorumCheck, QuorumActive) foretells its check-quorum: cut
// off just after a check, the ✓ of the answers from before the cut carries the next check
// (it passes, to the tick, on the leader's own clock, and the leader stays), the count starts
// again with ✗, and that check deposes it, again to the tick. lease-read's narration leans on it.
func TestQuorumCheckForetellsCheckQuorum(t *testing.T) {
	for _, rate := range []float64{0.5, 1, 1.7} {
		w := newWorld(t, nil)
		electN1(t, w)
		must(t, w.SkewRate(1, rate))
		w.Advance(1234 * time.Millisecond)
		view := func(id int) NodeView { return w.View(ViewOptions{}).Nodes[id-1] }
		if f := view(2); f.HasQuorumCheck {
			t.Errorf("rate %v: a follower shows a quorum check", rate)
		}
		must(t, w.Isolate(1))
		l := view(1)
		if !l.HasQuorumCheck || !l.QuorumActive || l.QuorumCheck <= 0 || l.QuorumCheck > w.Config().ElectionTimeout() {
			t.Fatalf("rate %v: just cut off, n1 shows check %v active %v (%v), want within an election timeout and active",
				rate, l.QuorumCheck, l.QuorumActive, l.HasQuorumCheck)
		}
		clk := func() time.Duration { return w.node(1).clk.local(w.Now()) }
		start := clk()
		// Up to just before the check: still active; just after it: still leading, not active.
		waitFor(t, w, 10*time.Second, "n1's check passes", func() bool { return !view(1).QuorumActive })
		if w.Role(1) != RoleLeader {
			t.Fatalf("rate %v: n1 stepped down at a check its ✓ said would pass", rate)
		}
		if d := clk() - start - l.QuorumCheck; d < 0 || d > time.Millisecond {
			t.Errorf("rate %v: check foretold in %v, came after %v on n1's clock", rate, l.QuorumCheck, clk()-start)
		}
		l, start = view(1), clk()
		if !l.HasQuorumCheck || l.QuorumActive {
			t.Fatalf("rate %v: after the passing check n1 shows %+v", rate, l)
		}
		waitFor(t, w, 10*time.Second, "n1 steps down", func() bool { return w.Role(1) != RoleLeader })
		if d := clk() - start - l.QuorumCheck; d < 0 || d > time.Millisecond {
			t.Errorf("rate %v: failing check foretold in %v, n1 stepped down after %v on its clock", rate, l.QuorumCheck, clk()-start)
		}
		if view(1).HasQuorumCheck {
			t.Errorf("rate %v: a deposed leader shows a quorum check", rate)
		}
	}
	// With unsafe lease-read the own lease says it instead.
	w := newWorld(t, func(c *Config) { c.Unsafe.LeaseRead = true })
	electN1(t, w)
	if w.View(ViewOptions{}).Nodes[0].HasQuorumCheck {
		t.Error("a quorum check next to the own lease")
	}
}

// NodeView.ChecksPassed counts a leader's passing checks, one per election timeout of its own
// clock (a rate-2 clock passes two per second), and a new leader counts from 0 (nc34-g: its
// "check 0.6s ✓" alone read the same at stops a whole second apart).
func TestChecksPassedCountsEachPassingCheck(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	view := func(id int) NodeView { return w.View(ViewOptions{}).Nodes[id-1] }
	if n := view(1).ChecksPassed; n != 0 {
		t.Fatalf("just elected, n1 has passed %d checks", n)
	}
	prev := view(1).QuorumCheck
	for want := 1; want <= 3; want++ {
		w.Advance(prev + time.Millisecond) // just past its next check, on a true clock
		l := view(1)
		if l.ChecksPassed != want {
			t.Fatalf("after check %d n1 counts %d", want, l.ChecksPassed)
		}
		prev = l.QuorumCheck
	}
	must(t, w.SkewRate(1, 2))
	w.Advance(2 * w.Config().ElectionTimeout())
	if n := view(1).ChecksPassed; n != 7 {
		t.Errorf("2s more at twice the speed: n1 counts %d, want 7", n)
	}
	must(t, w.TransferLeader(2))
	waitFor(t, w, 10*time.Second, "n2 leads", func() bool { return w.Role(2) == RoleLeader })
	if l := view(2); !l.HasQuorumCheck || l.ChecksPassed != 0 || view(1).ChecksPassed != 0 {
		t.Errorf("the new leader n2 counts %d (check %v), the old n1 %d; want 0 and none", l.ChecksPassed, l.HasQuorumCheck, view(1).ChecksPassed)
	}
}
