package cluster

import (
	"testing"
	"time"
)

// leaseReadStory is the lease-read lesson on the bare world: n1 leads on a clock at rate, is
// isolated while c1 holds orders, the majority elects a new leader and c1 releases through it,
// then c2 (which learned that n1 leads) asks n1 for the key.
func leaseReadStory(t *testing.T, leaseRead bool, rate float64) *World {
	t.Helper()
	w := newWorld(t, func(c *Config) { c.Unsafe.LeaseRead = leaseRead })
	must(t, w.Campaign(2))
	waitFor(t, w, 5*time.Second, "n2 leads", func() bool { return w.Leader() == 2 })
	must(t, w.Acquire("c1", "orders", time.Minute)) // c1 learns that n2 leads
	waitFor(t, w, 5*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	must(t, w.TransferLeader(1))
	waitFor(t, w, 5*time.Second, "n1 leads", func() bool { return w.Leader() == 1 })
	must(t, w.SkewRate(1, rate))
	must(t, w.Acquire("c2", "orders", time.Minute)) // c2 learns that n1 leads
	waitFor(t, w, 5*time.Second, "c2 busy", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyBusy })
	w.Advance(2300 * time.Millisecond) // just past one of n1's quorum checks
	must(t, w.Isolate(1))
	waitFor(t, w, 5*time.Second, "a new leader", func() bool { return w.Leader() > 1 })
	w.Release("c1", "orders")
	waitFor(t, w, 5*time.Second, "c1 released", func() bool { r, _ := w.ClientReply("c1"); return r == ReplyReleased })
	w.Advance(time.Second)
	must(t, w.Acquire("c2", "orders", 10*time.Second))
	w.Advance(100 * time.Millisecond)
	return w
}

// With lease-based reads and a slow clock, the deposed n1 still believes it leads and answers
// busy from its stale state: porcupine finds no valid order.
func TestUnsafeLeaseReadStaleBusy(t *testing.T) {
	w := leaseReadStory(t, true, 0.5)
	if w.Role(1) != RoleLeader {
		t.Fatalf("n1 is %v, want still leader by its slow clock", w.Role(1))
	}
	if r, _ := w.ClientReply("c2"); r != ReplyBusy || w.ClientBusy("c2") {
		t.Errorf("c2 reply %q (busy with a request: %v), want a fresh busy", r, w.ClientBusy("c2"))
	}
	if l, ok := w.Lock(1, "orders"); !ok || l.Token != 1 {
		t.Errorf("n1 lock orders %v %v, want token 1 (stale)", l, ok)
	}
	if res := TestCheckHistory(w, time.Minute); res != "Illegal" {
		t.Errorf("history %v, want Illegal", res)
	}
	if !w.HasViolation(NonLinearizable) {
		t.Errorf("violations %v, want non-linearizable", w.Violations())
	}
}

// The safe ReadIndex needs a quorum round n1 cannot get: c2 waits, n1 steps down, and c2 gets
// the key from the new leader.
func TestSafeReadIndexNoStaleAnswer(t *testing.T) {
	w := leaseReadStory(t, false, 0.5)
	if r, _ := w.ClientReply("c2"); r != ReplyBusy || !w.ClientBusy("c2") {
		t.Errorf("c2 reply %q, still waiting %v: want no answer yet", r, w.ClientBusy("c2"))
	}
	waitFor(t, w, 5*time.Second, "c2 granted", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyGranted })
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history %v, want Ok", res)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

// At rate 1 the same story is safe even with lease-based reads: n1's check-quorum deposes it
// before c2 asks. The slow clock is what stretches its lease past the new leader's election.
func TestUnsafeLeaseReadNeedsTheSlowClock(t *testing.T) {
	w := leaseReadStory(t, true, 1)
	if w.Role(1) == RoleLeader {
		t.Errorf("n1 still leads at rate 1")
	}
	waitFor(t, w, 5*time.Second, "c2 granted", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyGranted })
	TestCheckHistory(w, time.Minute)
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

func TestLeaseReadNeedsCheckQuorum(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Unsafe.LeaseRead, cfg.CheckQuorum = true, false
	if _, err := New(cfg, TestAttach); err == nil {
		t.Fatal("a world with lease-read and no check-quorum was built")
	}
	var u Unsafe
	must(t, u.SetByName("lease-read"))
	if !u.LeaseRead || len(u.Names()) != 1 || u.Names()[0] != "lease-read" {
		t.Errorf("SetByName(lease-read) gave %+v, names %v", u, u.Names())
	}
}
