package cluster

import (
	"testing"
	"time"
)

// kaWorld elects n1, has c1 take orders for 3s through it and keep it alive every second.
func kaWorld(t *testing.T, mod func(*Config)) *World {
	t.Helper()
	w := newWorld(t, mod)
	electN1(t, w)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "orders", 3*time.Second))
	waitFor(t, w, 2*time.Second, "c1 holds orders", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	must(t, w.Keepalive("c1", "orders", time.Second))
	return w
}

// keepalive leader: only the leader's countdown restarts; the followers count on from their
// apply of the Grant and reach zero, while the lock stays held everywhere and c1 holds it.
func TestKeepaliveLeaderRenewsOnlyTheLeader(t *testing.T) {
	w := kaWorld(t, nil)
	w.Advance(4500 * time.Millisecond)
	if rem, _, ok := w.Countdown(1, "orders"); !ok || rem < 1500*time.Millisecond {
		t.Fatalf("leader's countdown %v (ok %v): its keepalives should have kept it above 1.5s", rem, ok)
	}
	for id := 2; id <= 5; id++ {
		if _, zero, ok := w.Countdown(id, "orders"); !ok || !zero {
			t.Errorf("n%d's countdown is not at zero: a keepalive reached it, but keepalive leader replicates nothing", id)
		}
		if l, ok := w.Lock(id, "orders"); !ok || l.Token != 1 {
			t.Errorf("n%d lost the lock: %v %v", id, l, ok)
		}
	}
	if tok, ok := w.ClientHolds("c1", "orders"); !ok || tok != 1 {
		t.Fatalf("c1 does not hold orders after 4.5s of keepalives (a 3s lease)")
	}
	if v := w.View(ViewOptions{}); len(v.Clients) != 1 || len(v.Clients[0].Holds) != 1 || v.Clients[0].Holds[0].Every != time.Second {
		t.Fatalf("c1's view %+v: want its hold shown renewed every 1s", v.Clients)
	}
	if r, _ := w.ClientReply("c1"); r != ReplyGranted {
		t.Fatalf("c1's reply %v: background renewals must not change the foreground reply", r)
	}
	if vs := w.Violations(); len(vs) > 0 {
		t.Fatalf("violations: %v", vs)
	}
}

// keepalive leader with lease-on-promote keep: after the leader crashes, the new leader
// expires on its own countdown, started at its apply of the Grant: the renewed lease ends while
// c1 still holds it by its own clock, and c2 gets the key.
func TestKeepaliveLeaderKeepEndsRenewedLeaseEarly(t *testing.T) {
	w := kaWorld(t, nil)
	w.Advance(4 * time.Second)
	must(t, w.Crash(1))
	waitFor(t, w, 3*time.Second, "the lock expires", func() bool { _, held := w.Lock(2, "orders"); return !held })
	if _, ok := w.ClientHolds("c1", "orders"); !ok {
		t.Fatalf("at %v c1 no longer holds orders: the test wants the lock to end before its renewed lease", w.Now())
	}
	must(t, w.Acquire("c2", "orders", time.Second))
	waitFor(t, w, 3*time.Second, "c2 granted", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyGranted })
	// c1's next renewal reaches the new leader, which answers not-found: the loop stops and c1
	// lets the lock go.
	waitFor(t, w, 3*time.Second, "c1 learns", func() bool { return len(w.clientByName["c1"].loops) == 0 })
	if _, ok := w.ClientHolds("c1", "orders"); ok {
		t.Fatalf("c1 still holds orders after its keepalive was answered not-found")
	}
}

// keepalive replicated: a Renew entry restarts every node's countdown.
func TestKeepaliveReplicatedRenewsEveryNode(t *testing.T) {
	w := kaWorld(t, func(c *Config) { c.Keepalive = KeepaliveReplicated })
	w.Advance(4500 * time.Millisecond)
	for id := 1; id <= 5; id++ {
		if rem, _, ok := w.Countdown(id, "orders"); !ok || rem < 1500*time.Millisecond {
			t.Errorf("n%d's countdown %v (ok %v): a replicated renewal restarts every node's", id, rem, ok)
		}
	}
}

// A keepalive once: renewed while the client holds the lock, not-found after its release (and
// the background loop stops at the release).
func TestKeepaliveOnceRepliesAndStops(t *testing.T) {
	for _, rule := range []KeepaliveRule{KeepaliveLeader, KeepaliveReplicated} {
		w := kaWorld(t, func(c *Config) { c.Keepalive = rule })
		must(t, w.Keepalive("c1", "orders", 0))
		waitFor(t, w, time.Second, "renewed", func() bool { r, _ := w.ClientReply("c1"); return r == ReplyRenewed })
		w.Release("c1", "orders")
		waitFor(t, w, time.Second, "released", func() bool { r, _ := w.ClientReply("c1"); return r == ReplyReleased })
		if n := len(w.clientByName["c1"].loops); n != 0 {
			t.Fatalf("%v: %d keepalive loops after the release", rule, n)
		}
		must(t, w.Keepalive("c1", "orders", 0))
		waitFor(t, w, time.Second, "not-found", func() bool { r, _ := w.ClientReply("c1"); return r == ReplyNotFound })
	}
}
