package cluster

import (
	"slices"
	"strings"
	"testing"
	"time"

	"leaselab/fsm"
)

// Each test here shows one lesson's mechanism on the bare world, and each unsafe switch makes the
// checker fire on the same run that is clean without it.

func granted(t uint64) fsm.Result { return fsm.Result{Kind: fsm.Granted, Token: t} }
func expired(existed bool) fsm.Result {
	return fsm.Result{Kind: fsm.Expired, Existed: existed}
}

var released = fsm.Result{Kind: fsm.Released}

func allHistories(t *testing.T, w *World, key string, want ...fsm.Result) {
	t.Helper()
	for id := 1; id <= w.Nodes(); id++ {
		if !w.Up(id) {
			continue
		}
		if got := w.KeyHistory(id, key); !slices.Equal(got, want) {
			t.Errorf("n%d history %s = %v, want %v", id, key, got, want)
		}
	}
}

func hasEvent(w *World, f func(e *Event) bool) *bool {
	found := false
	w.Subscribe(func(e *Event) {
		if f(e) {
			found = true
		}
	})
	return &found
}

// lateExpire: commits slower than an election timeout, so the leader proposes its Expire for
// token 1 twice, and c2's Grant lands between the two.
func lateExpire(t *testing.T, unsafe bool) *World {
	w := newWorld(t, func(c *Config) { c.CheckQuorum = false; c.Unsafe.ExpireIgnoresToken = unsafe })
	electN1(t, w)
	must(t, w.Acquire("c2", "warmup", time.Second)) // c2 learns who leads
	waitFor(t, w, 5*time.Second, "warmup granted", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyGranted })
	must(t, w.Acquire("c1", "orders", 3*time.Second))
	waitFor(t, w, 5*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	waitFor(t, w, 5*time.Second, "warmup expired", func() bool { _, ok := w.Lock(1, "warmup"); return !ok })
	for id := 2; id <= 5; id++ {
		must(t, w.Delay(1, id, 600*time.Millisecond))
	}
	waitFor(t, w, 5*time.Second, "n1 countdown zero", func() bool { _, zero, _ := w.Countdown(1, "orders"); return zero })
	must(t, w.Acquire("c2", "orders", 5*time.Second))
	waitFor(t, w, 10*time.Second, "c2 granted", func() bool { r, _ := w.ClientReply("c2"); return r == ReplyGranted })
	w.Advance(4 * time.Second)
	return w
}

func TestLateExpireIsHarmless(t *testing.T) {
	w := lateExpire(t, false)
	allHistories(t, w, "orders", granted(2), expired(true), granted(3), expired(false))
	for id := 1; id <= 5; id++ {
		if l, ok := w.Lock(id, "orders"); !ok || l.Token != 3 {
			t.Errorf("n%d lock orders = %v %v, want token 3", id, l, ok)
		}
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

func TestUnsafeExpireIgnoresTokenLosesGrant(t *testing.T) {
	w := lateExpire(t, true)
	allHistories(t, w, "orders", granted(2), expired(true), granted(3), expired(true))
	if !w.HasViolation(LostGrant) {
		t.Errorf("no lost-grant; violations: %v", w.Violations())
	}
	// The non-linearizable finding says what the retried Expire did beside what it answered,
	// as its Replication row does ("deletes c2's lock #3"): its claim alone read as
	// contradicting that row (nc20-i). The first Expire, which did free its token, says no more.
	TestCheckHistory(w, 0)
	text := ""
	for _, v := range w.Violations() {
		if v.Kind == NonLinearizable {
			text = v.Detail
		}
	}
	if !strings.Contains(text, "answered existed:true: it claims it freed #2, but it deleted #3") ||
		strings.Count(text, "but it deleted") != 1 {
		t.Errorf("non-linearizable finding %q: want the retried Expire of #2 to say it deleted #3, the first nothing more", text)
	}
}

// fastLeaderClock: the leader's clock runs at 1.5x, so it expires c1's 3s lease after 2s.
func fastLeaderClock(t *testing.T, noFencing bool) *World {
	w := newWorld(t, func(c *Config) { c.Unsafe.NoFencing = noFencing })
	electN1(t, w)
	must(t, w.SkewRate(1, 1.5))
	must(t, w.Acquire("c1", "orders", 3*time.Second))
	waitFor(t, w, 5*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	start := w.Now()
	waitFor(t, w, 5*time.Second, "orders expired", func() bool { _, ok := w.Lock(1, "orders"); return !ok })
	if real := w.Now() - start; real < 1900*time.Millisecond || real > 2200*time.Millisecond {
		t.Errorf("fast leader expired after %v real, want about 2s", real)
	}
	must(t, w.Acquire("c2", "orders", 3*time.Second))
	w.Write("c2", "orders", "from c2")
	waitFor(t, w, 5*time.Second, "c2 write", func() bool { d, _ := w.ClientWrite("c2"); return d })
	if tok, ok := w.ClientHolds("c1", "orders"); !ok || tok != 1 {
		t.Fatalf("c1 should still believe it holds orders token 1 (own clock), got %d %v", tok, ok)
	}
	w.Write("c1", "orders", "from c1")
	waitFor(t, w, 5*time.Second, "c1 write", func() bool { d, _ := w.ClientWrite("c1"); return d })
	return w
}

func TestFastLeaderClockFenced(t *testing.T) {
	w := fastLeaderClock(t, false)
	if _, acc := w.ClientWrite("c2"); !acc {
		t.Error("c2's write with token 2 was rejected")
	}
	if _, acc := w.ClientWrite("c1"); acc {
		t.Error("c1's stale write with token 1 was accepted")
	}
	if got := w.ResourceToken("orders"); got != 2 {
		t.Errorf("resource token = %d, want 2", got)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

func TestUnsafeNoFencingStaleWrite(t *testing.T) {
	w := fastLeaderClock(t, true)
	if _, acc := w.ClientWrite("c1"); !acc {
		t.Error("without fencing c1's write should be accepted")
	}
	if !w.HasViolation(StaleWrite) {
		t.Errorf("no stale-write; violations: %v", w.Violations())
	}
}

func TestGhostLockReleased(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	lost := hasEvent(w, func(e *Event) bool { return e.Kind == EvReplyLost && e.Client == "c1" && e.Reply == ReplyGranted })
	ghost := hasEvent(w, func(e *Event) bool { return e.Kind == EvProposed && e.Origin.Kind == OriginGhost })
	w.Release("c1", "hello") // c1 learns who leads, so its acquire goes straight there
	waitFor(t, w, 3*time.Second, "c1 checked in", func() bool { r, _ := w.ClientReply("c1"); return r == ReplyNotFound })
	must(t, w.Acquire("c1", "orders", 10*time.Second))
	w.Disconnect("c1")
	waitFor(t, w, 3*time.Second, "released everywhere", func() bool {
		for id := 1; id <= 5; id++ {
			if r, ok := w.LastResult(id, "orders"); !ok || r != released {
				return false
			}
		}
		return true
	})
	allHistories(t, w, "orders", granted(1), released)
	if !*lost || !*ghost {
		t.Errorf("reply lost %v, ghost release proposed %v", *lost, *ghost)
	}
	w.Advance(3 * time.Second)
	if r, _ := w.ClientReply("c1"); r != ReplyTimeout {
		t.Errorf("c1's reply = %q, want timeout", r)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

// lateRelease: c1 pauses past its lease, c2 gets the key, c1 wakes and releases token 1.
func lateRelease(t *testing.T, unchecked bool) *World {
	w := newWorld(t, func(c *Config) { c.Unsafe.UncheckedProposals = unchecked })
	electN1(t, w)
	must(t, w.Acquire("c1", "orders", time.Second))
	waitFor(t, w, 3*time.Second, "c1 granted", func() bool { _, ok := w.ClientHolds("c1", "orders"); return ok })
	must(t, w.PauseClient("c1", 4*time.Second))
	w.Release("c1", "orders") // queued until c1 wakes
	waitFor(t, w, 3*time.Second, "expired", func() bool { _, ok := w.Lock(1, "orders"); return !ok })
	must(t, w.Acquire("c2", "orders", 10*time.Second))
	waitFor(t, w, 3*time.Second, "c2 granted", func() bool { _, ok := w.ClientHolds("c2", "orders"); return ok })
	waitFor(t, w, 6*time.Second, "c1 answered", func() bool { r, _ := w.ClientReply("c1"); return r != ReplyGranted })
	w.Advance(time.Second)
	return w
}

func TestLateReleaseRefused(t *testing.T) {
	w := lateRelease(t, false)
	if r, _ := w.ClientReply("c1"); r != ReplyNotFound {
		t.Errorf("c1's late release got %q, want not-found", r)
	}
	allHistories(t, w, "orders", granted(1), expired(true), granted(2))
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
	if res := TestCheckHistory(w, 0); res != "Ok" {
		t.Errorf("linearizability: %v", res)
	}
}

func TestUnsafeUncheckedProposalsLoseGrant(t *testing.T) {
	w := lateRelease(t, true)
	allHistories(t, w, "orders", granted(1), expired(true), granted(2), released)
	if !w.HasViolation(LostGrant) {
		t.Errorf("no lost-grant; violations: %v", w.Violations())
	}
	TestCheckHistory(w, 0)
	if !w.HasViolation(NonLinearizable) {
		t.Errorf("c1's release of c2's lock should be non-linearizable")
	}
}

// skewedFollowers: the followers' clocks disagree; with local expiry the nodes delete on their
// own clocks and c2's Grant meets different tables.
func skewedFollowers(t *testing.T, local bool) *World {
	w := newWorld(t, func(c *Config) { c.Unsafe.LocalExpiry = local })
	electN1(t, w)
	must(t, w.SkewRate(2, 0.7))
	must(t, w.SkewRate(3, 1.3))
	must(t, w.Acquire("c1", "orders", 3*time.Second))
	waitFor(t, w, 3*time.Second, "granted everywhere", func() bool {
		for id := 1; id <= 5; id++ {
			if _, ok := w.Lock(id, "orders"); !ok {
				return false
			}
		}
		return true
	})
	must(t, w.SkewOffset(4, 2*time.Second)) // after the grant: its countdown jumps 2s ahead
	waitFor(t, w, 5*time.Second, "n4 countdown zero", func() bool {
		_, z, ok := w.Countdown(4, "orders")
		return z || !ok
	})
	if _, ok := w.Lock(4, "orders"); ok == local {
		t.Errorf("n4's countdown ended: lock still held = %v with local-expiry = %v", ok, local)
	}
	waitFor(t, w, 5*time.Second, "n1 free", func() bool { _, ok := w.Lock(1, "orders"); return !ok })
	must(t, w.Acquire("c2", "orders", 3*time.Second))
	w.Advance(2 * time.Second)
	return w
}

func TestSkewedFollowersAgree(t *testing.T) {
	w := skewedFollowers(t, false)
	allHistories(t, w, "orders", granted(1), expired(true), granted(2))
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

func TestUnsafeLocalExpiryDiverges(t *testing.T) {
	w := skewedFollowers(t, true)
	if !w.HasViolation(Divergence) {
		t.Errorf("no divergence; violations: %v", w.Violations())
	}
}

func TestCrashedNodeReplaysAndAgrees(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	must(t, w.Crash(3))
	for i := 0; i < 5; i++ {
		must(t, w.Acquire("c1", "orders", time.Minute))
		w.Release("c1", "orders")
	}
	waitFor(t, w, 5*time.Second, "c1 done", func() bool { return !w.ClientBusy("c1") })
	// c2 may first try the crashed n3 and time out: it asks until it is granted.
	for r := ReplyKind(0); r != ReplyGranted; r, _ = w.ClientReply("c2") {
		must(t, w.Acquire("c2", "orders", time.Minute))
		waitFor(t, w, 5*time.Second, "c2 answered", func() bool { return !w.ClientBusy("c2") })
	}
	must(t, w.Restart(3))
	waitFor(t, w, 5*time.Second, "converged", w.Converged)
	if w.StateHash(3) != w.StateHash(1) || w.Applied(3) != w.Applied(1) {
		t.Errorf("n3 after replay: applied %d hash %x, leader applied %d hash %x", w.Applied(3), w.StateHash(3), w.Applied(1), w.StateHash(1))
	}
	// Its countdown restarted at the full lease on its own clock.
	if rem, _, ok := w.Countdown(3, "orders"); !ok || rem < 59*time.Second {
		t.Errorf("n3 countdown after restart = %v %v, want about the full minute", rem, ok)
	}
	if got := w.KeyHistory(3, "orders"); len(got) != 11 || got[10] != granted(6) {
		t.Errorf("n3 history = %v", got)
	}
}

func TestLaggingNodeCatchesUpBySnapshot(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.SnapshotEvery = 50 })
	electN1(t, w)
	restored := hasEvent(w, func(e *Event) bool { return e.Kind == EvSnapshotRestored && e.Node == 5 })
	must(t, w.Isolate(5))
	for i := 0; i < 100; i++ {
		must(t, w.Acquire("c1", "k", time.Minute))
		w.Release("c1", "k")
	}
	must(t, w.Acquire("c1", "held", time.Minute))
	waitFor(t, w, 30*time.Second, "workload done", func() bool { return !w.ClientBusy("c1") })
	if w.Commit(1) < 200 {
		t.Fatalf("only %d committed", w.Commit(1))
	}
	w.Heal()
	waitFor(t, w, 10*time.Second, "n5 caught up", func() bool { return w.Applied(5) == w.Commit(1) })
	if !*restored {
		t.Error("n5 caught up without a snapshot")
	}
	if w.StateHash(5) != w.StateHash(1) {
		t.Error("n5 disagrees with the leader after the snapshot")
	}
	if l, ok := w.Lock(5, "held"); !ok || l.Token != 101 {
		t.Errorf("n5 lock held = %v %v, want token 101", l, ok)
	}
	// The token counter came with the snapshot: the next grant on n5 is 102 too.
	must(t, w.Acquire("c2", "next", time.Minute))
	waitFor(t, w, 3*time.Second, "n5 applied next", func() bool { _, ok := w.Lock(5, "next"); return ok })
	if l, _ := w.Lock(5, "next"); l.Token != 102 {
		t.Errorf("n5 issued token %d after the snapshot, want 102", l.Token)
	}
}

func TestLongChaoticRunConverges(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.Seed = 3; c.SnapshotEvery = 30 })
	step := func(d time.Duration) {
		for end := w.Now() + d; w.Now() < end; {
			for i, c := range []string{"c1", "c2", "c3"} {
				key := []string{"a", "b"}[(int(w.Now()/time.Second)+i)%2]
				if !w.ClientBusy(c) {
					must(t, w.Acquire(c, key, 800*time.Millisecond))
					w.Write(c, key, "v")
					w.Release(c, key)
				}
			}
			w.Advance(50 * time.Millisecond)
		}
	}
	step(5 * time.Second)
	must(t, w.Partition([]int{1, 2}, []int{3, 4, 5}))
	must(t, w.SkewRate(4, 1.4))
	step(8 * time.Second)
	must(t, w.Crash(3))
	must(t, w.SkewOffset(5, -time.Second))
	step(8 * time.Second)
	w.Heal()
	must(t, w.DropAll(15))
	step(8 * time.Second)
	must(t, w.Restart(3))
	must(t, w.Isolate(w.Leader()))
	step(8 * time.Second)
	w.Heal()
	must(t, w.Crash(1))
	must(t, w.SkewRate(2, 0.6))
	step(8 * time.Second)
	must(t, w.Restart(1))
	step(10 * time.Second)
	w.Advance(5 * time.Second) // quiet: let it settle
	if w.Now() < 60*time.Second {
		t.Fatalf("ran only %v", w.Now())
	}
	if !w.Converged() {
		t.Fatal("not converged after 60s")
	}
	h := w.StateHash(1)
	for id := 2; id <= 5; id++ {
		if w.StateHash(id) != h || w.Applied(id) != w.Applied(1) {
			t.Errorf("n%d applied %d hash %x; n1 applied %d hash %x", id, w.Applied(id), w.StateHash(id), w.Applied(1), h)
		}
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("linearizability: %v", res)
	}
	if w.Commit(1) < 100 {
		t.Errorf("too little progress: commit %d", w.Commit(1))
	}
}

func TestTransferLeader(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	if err := w.TransferLeader(9); err == nil {
		t.Fatal("transfer to a node that does not exist was accepted")
	}
	must(t, w.TransferLeader(4))
	waitFor(t, w, 3*time.Second, "n4 leads", func() bool { return w.Leader() == 4 })
	if w.Role(1) != RoleFollower {
		t.Fatalf("n1 is %s after handing over", w.Role(1))
	}
	must(t, w.Crash(2))
	if err := w.TransferLeader(2); err == nil {
		t.Fatal("transfer to a down node was accepted")
	}
}

// The view says which Expire deleted a lock another token held, from the nodes' own applies
// and the tracker: the screen read it from the Grant proposals before the Expire, so it
// fetched eight proposals to learn it, and with fewer (80x24 shows one) n1's lock read "—
// expired". Here the view holds only the newest proposal.
func TestViewSaysAnExpireDeletedAnotherTokensLock(t *testing.T) {
	for _, unsafe := range []bool{false, true} {
		w := lateExpire(t, unsafe)
		want, wantEnded := uint64(0), uint64(0)
		if unsafe {
			want, wantEnded = 2, 3 // the warmup took token 1: c1 holds 2, c2 3
		}
		v := w.View(ViewOptions{Proposals: 1})
		for _, n := range v.Nodes {
			for _, r := range n.Last {
				if r.Key == "orders" && r.DeletedBy != want {
					t.Errorf("unsafe %v: n%d's orders %v deleted by Expire #%d, want %d", unsafe, n.ID, r.Result, r.DeletedBy, want)
				}
			}
		}
		for _, p := range w.View(ViewOptions{Proposals: 16}).Proposals {
			if p.Cmd.Kind != fsm.Expire || p.Cmd.Key != "orders" {
				continue
			}
			if p.Origin.TryText() == "" && p.Ended != 0 || p.Origin.TryText() != "" && p.Ended != wantEnded {
				t.Errorf("unsafe %v: %s [%s] ended %d, want %d on the retry, 0 on the first", unsafe, p.Cmd, p.Origin.Label(), p.Ended, wantEnded)
			}
		}
	}
}
