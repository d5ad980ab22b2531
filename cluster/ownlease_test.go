package cluster

import (
	"reflect"
	"testing"
	"time"
)

// raftElectionElapsed reads raft's own (unexported) electionElapsed, to check the mirror.
func raftElectionElapsed(n *node) int {
	return int(reflect.ValueOf(n.rn).Elem().FieldByName("raft").Elem().FieldByName("electionElapsed").Int())
}

// The mirror of electionElapsed that the own lease is computed from equals raft's own on every
// leader after every event, through elections, transfers (repeated ones too), partitions,
// crashes and clock skews.
func TestOwnLeaseMirrorsElectionElapsed(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.Unsafe.LeaseRead = true; c.Seed = 3 })
	checked := 0
	step := func(d time.Duration) {
		end := w.Now() + d
		for {
			at, ok := w.NextAt()
			if !ok || at > end {
				break
			}
			w.Step()
			for _, n := range w.nodes {
				if n.up && n.role == RoleLeader {
					checked++
					if got, want := n.checkTicks, raftElectionElapsed(n); got != want {
						t.Fatalf("at %v: n%d checkTicks %d, raft's electionElapsed %d", w.Now(), n.id, got, want)
					}
				}
			}
		}
	}
	electN1(t, w)
	step(1500 * time.Millisecond)
	must(t, w.TransferLeader(3))
	must(t, w.TransferLeader(3)) // the same pending transfer: raft does not reset
	step(2 * time.Second)
	must(t, w.SkewRate(3, 0.6))
	must(t, w.Acquire("c1", "orders", 2*time.Second))
	step(1300 * time.Millisecond)
	must(t, w.Isolate(3))
	step(5 * time.Second)
	w.Heal()
	step(2 * time.Second)
	if l := w.Leader(); l != 0 {
		must(t, w.TransferLeader(l)) // to itself: ignored
		must(t, w.Crash(l))
	}
	step(3 * time.Second)
	for id := 1; id <= 5; id++ {
		if !w.Up(id) {
			must(t, w.Restart(id))
		}
	}
	must(t, w.Partition([]int{1, 2}, []int{3, 4, 5}))
	step(6 * time.Second)
	if checked < 1000 {
		t.Errorf("only %d leader checks", checked)
	}
}

// The own lease is exactly the time to the step-down: a leader cut off steps down when its
// own lease, read just after it lost every follower, runs out (to the tick), on its own clock.
func TestOwnLeasePredictsStepDown(t *testing.T) {
	for _, rate := range []float64{0.5, 1, 1.7} {
		w := newWorld(t, func(c *Config) { c.Unsafe.LeaseRead = true })
		electN1(t, w)
		must(t, w.SkewRate(1, rate))
		w.Advance(1234 * time.Millisecond)
		if _, ok := w.OwnLease(2); ok {
			t.Errorf("a follower has an own lease")
		}
		must(t, w.Isolate(1))
		lease, ok := w.OwnLease(1)
		if !ok || lease <= 0 || lease > 2*w.Config().ElectionTimeout() {
			t.Fatalf("rate %v: own lease %v %v, want in (0, two election timeouts]", rate, lease, ok)
		}
		start := w.node(1).clk.local(w.Now())
		waitFor(t, w, 10*time.Second, "n1 steps down", func() bool { return w.Role(1) != RoleLeader })
		took := w.node(1).clk.local(w.Now()) - start
		t.Logf("rate %v: own lease %v, stepped down after %v on its clock", rate, lease, took)
		if d := took - lease; d < 0 || d > time.Millisecond {
			t.Errorf("rate %v: own lease %v, n1 stepped down after %v on its clock", rate, lease, took)
		}
		if _, ok := w.OwnLease(1); ok {
			t.Errorf("a deposed leader has an own lease")
		}
	}
	w := newWorld(t, nil)
	electN1(t, w)
	if _, ok := w.OwnLease(1); ok {
		t.Error("an own lease without lease-read")
	}
}
