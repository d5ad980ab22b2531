package cluster

import (
	"testing"
	"time"
)

func replyOf(w *World, c string) ReplyKind { r, _ := w.ClientReply(c); return r }

// held: c1 holds orders through n1, the leader.
func held(t *testing.T, cfg func(*Config)) *World {
	t.Helper()
	w := newWorld(t, cfg)
	must(t, w.Campaign(1))
	waitFor(t, w, 5*time.Second, "n1 leads", func() bool { return w.Leader() == 1 })
	for _, c := range []string{"c1", "c2", "c3"} {
		must(t, w.Connect(c, 1))
	}
	must(t, w.Acquire("c1", "orders", time.Minute))
	waitFor(t, w, 5*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	return w
}

// A waiting acquire hears no busy: it is granted when the key comes free, first come first
// served; a plain acquire meanwhile is busy.
func TestAcquireWaitFirstComeFirstServed(t *testing.T) {
	w := held(t, nil)
	must(t, w.AcquireWait("c2", "orders", time.Minute))
	w.Advance(50 * time.Millisecond)
	must(t, w.AcquireWait("c3", "orders", time.Minute))
	w.Advance(500 * time.Millisecond)
	if r2, r3 := replyOf(w, "c2"), replyOf(w, "c3"); r2 != 0 || r3 != 0 {
		t.Fatalf("replies while c1 holds: c2 %q c3 %q, want none (both wait)", r2, r3)
	}
	w.Release("c1", "orders")
	waitFor(t, w, 5*time.Second, "c2 granted", func() bool { _, ok := w.ClientHolds("c2", "orders"); return ok })
	if tok, _ := w.ClientHolds("c2", "orders"); tok != 2 || replyOf(w, "c3") != 0 {
		t.Fatalf("c2 token %d, c3 reply %q: want c2 token 2 and c3 still waiting", tok, replyOf(w, "c3"))
	}
	w.Release("c2", "orders")
	waitFor(t, w, 5*time.Second, "c3 granted", func() bool { _, ok := w.ClientHolds("c3", "orders"); return ok })
	if tok, _ := w.ClientHolds("c3", "orders"); tok != 3 {
		t.Errorf("c3 token %d, want 3", tok)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history %v, want Ok", res)
	}
}

// The client's timeout bounds the wait: it gives up (timeout); the leader still holds the
// waiter, and its later grant is a late grant the client releases at once.
func TestAcquireWaitTimesOut(t *testing.T) {
	w := held(t, nil)
	must(t, w.SetClientTimeout("c2", 500*time.Millisecond))
	must(t, w.AcquireWait("c2", "orders", time.Minute))
	w.Advance(700 * time.Millisecond)
	if r := replyOf(w, "c2"); r != ReplyTimeout {
		t.Fatalf("c2 reply %q after its timeout, want timeout", r)
	}
	w.Release("c1", "orders")
	w.Advance(2 * time.Second)
	if _, ok := w.ClientHolds("c2", "orders"); ok {
		t.Errorf("c2 holds orders after giving up")
	}
	if l, ok := w.Lock(1, "orders"); ok {
		t.Errorf("n1 lock orders %v: the late grant was not released", l)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations %v", v)
	}
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history %v, want Ok", res)
	}
}

// The queue is the leader's: when it steps down its waiters hear not-leader and retry at the
// new leader, where they wait again.
func TestAcquireWaitLeaderChange(t *testing.T) {
	w := held(t, nil)
	must(t, w.AcquireWait("c2", "orders", time.Minute))
	w.Advance(100 * time.Millisecond)
	notLeader := hasEvent(w, func(e *Event) bool {
		return e.Kind == EvClientReply && e.Client == "c2" && e.Reply == ReplyNotLeader && e.Node == 1
	})
	must(t, w.TransferLeader(2))
	waitFor(t, w, 5*time.Second, "n2 leads", func() bool { return w.Leader() == 2 })
	w.Advance(500 * time.Millisecond)
	if !*notLeader {
		t.Fatalf("c2 never heard not-leader from n1 when it stepped down")
	}
	if r := replyOf(w, "c2"); r != 0 {
		t.Fatalf("c2 reply %q, want none: waiting at n2", r)
	}
	w.Release("c1", "orders")
	waitFor(t, w, 5*time.Second, "c2 granted", func() bool { _, ok := w.ClientHolds("c2", "orders"); return ok })
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history %v, want Ok", res)
	}
}

// option lock-delay: after an expiry the key is granted to nobody for the delay; an acquire
// then hears delayed (nothing proposed), a waiting one waits past it.
func TestLockDelay(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.LockDelay = 2 * time.Second })
	must(t, w.Campaign(1))
	waitFor(t, w, 5*time.Second, "n1 leads", func() bool { return w.Leader() == 1 })
	for _, c := range []string{"c1", "c2", "c3"} {
		must(t, w.Connect(c, 1))
	}
	must(t, w.Acquire("c1", "orders", time.Second))
	waitFor(t, w, 5*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	waitFor(t, w, 5*time.Second, "expired", func() bool { _, ok := w.Lock(1, "orders"); return !ok })
	must(t, w.Acquire("c2", "orders", time.Minute))
	must(t, w.SetClientTimeout("c3", 5*time.Second))
	must(t, w.AcquireWait("c3", "orders", time.Minute))
	w.Advance(200 * time.Millisecond)
	if r := replyOf(w, "c2"); r != ReplyDelayed {
		t.Fatalf("c2 reply %q during the delay, want delayed", r)
	}
	if _, ok := w.Lock(1, "orders"); ok || replyOf(w, "c3") != 0 {
		t.Fatalf("orders granted during the delay (c3 reply %q)", replyOf(w, "c3"))
	}
	waitFor(t, w, 3*time.Second, "c3 granted", func() bool { _, ok := w.ClientHolds("c3", "orders"); return ok })
	if w.Now() < 2*time.Second {
		t.Errorf("c3 granted at %v, before the delay could end", w.Now())
	}
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history %v, want Ok", res)
	}
}

// A client's own release starts no delay: only an expiry or a ghost release does.
func TestLockDelayNotAfterRelease(t *testing.T) {
	w := held(t, func(c *Config) { c.LockDelay = 2 * time.Second })
	w.Release("c1", "orders")
	waitFor(t, w, 5*time.Second, "released", func() bool { return replyOf(w, "c1") == ReplyReleased })
	must(t, w.Acquire("c2", "orders", time.Minute))
	waitFor(t, w, 5*time.Second, "c2 answered", func() bool { return replyOf(w, "c2") != 0 })
	if r := replyOf(w, "c2"); r != ReplyGranted {
		t.Errorf("c2 reply %q after c1's release, want granted", r)
	}
}

// A waiting acquire that times out in a calm cluster chose to wait that long: it is not a stuck
// request (chaos counts those as the retry rules' failure).
func TestAcquireWaitTimeoutNotStuck(t *testing.T) {
	w := held(t, nil)
	must(t, w.AcquireWait("c2", "orders", time.Minute))
	w.Advance(3 * time.Second)
	if r := replyOf(w, "c2"); r != ReplyTimeout {
		t.Fatalf("c2 reply %q, want timeout", r)
	}
	if s := w.StuckRequests(); len(s) != 0 {
		t.Errorf("stuck: %v", s)
	}
}
