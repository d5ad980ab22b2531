package cluster

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// A request that cannot be answered within its timeout in a calm window is counted stuck; the
// same request in a window with a fault in force, or with its client paused, is not.
// (Releases of keys nobody holds: answered not-found, so no late grant follows.)
func TestStuckRequests(t *testing.T) {
	w := newWorld(t, func(c *Config) {
		c.ClientTimeout = 10 * time.Millisecond
		c.LatencyMin, c.LatencyMax = 20*time.Millisecond, 20*time.Millisecond
	})
	electN1(t, w)
	w.Advance(time.Second)
	must(t, w.Connect("c1", 1))
	w.Release("c1", "k")
	w.Advance(200 * time.Millisecond)
	if reply, _ := w.ClientReply("c1"); reply != ReplyTimeout {
		t.Fatalf("c1's last reply = %q, want timeout (10ms is shorter than one 40ms round trip)", reply)
	}
	// It gave up before a calm cluster was bound to answer: the client's choice, not stuck.
	if st := w.StuckRequests(); len(st) != 0 || 10*time.Millisecond >= w.cfg.CalmBound() {
		t.Fatalf("a 10ms timeout (calm bound %v): stuck = %q, want none", w.cfg.CalmBound(), st)
	}
	// A patient request that times out in a calm window is stuck (the retry rules promise
	// none; one is made here by hand, as no calm cluster leaves one unanswered).
	w.Advance(3 * time.Second)
	c := w.client("c1")
	timeout := func(key string) {
		req := &request{cl: c, op: OpRelease, key: key, sentAt: w.now - 2*time.Second, wait: 2 * time.Second}
		w.onTimeout(req)
	}
	timeout("k")
	if st := w.StuckRequests(); len(st) != 1 || !strings.Contains(st[0], "c1's release k") {
		t.Fatalf("a 2s timeout in a calm cluster: stuck = %q, want c1's release", st)
	}
	must(t, w.Drop(4, 5, 1))
	timeout("j")
	if st := w.StuckRequests(); len(st) != 1 {
		t.Fatalf("a drop rule was in force: stuck = %q, want only the first", st)
	}
	w.Heal()
	w.Advance(3 * time.Second)
	must(t, w.PauseClient("c1", 50*time.Millisecond))
	timeout("i")
	if st := w.StuckRequests(); len(st) != 1 {
		t.Fatalf("the client paused: stuck = %q, want only the first", st)
	}
}

// A request that times out while a majority of the voters is down is not stuck, even though its
// window was otherwise calm and the leader (check-quorum off: it never steps down) led
// throughout: no leader could have answered it (chaos --swarm --liveness seed 3863 counted one,
// with n2 and n3 of the voters n1 n2 n3 n5 crashed before the request).
func TestNoQuorumIsNotStuck(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.CheckQuorum = false })
	electN1(t, w)
	w.Advance(time.Second)
	for _, id := range []int{3, 4, 5} {
		must(t, w.Crash(id))
	}
	w.Advance(time.Second)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(3 * time.Second)
	if reply, _ := w.ClientReply("c1"); reply != ReplyTimeout || w.Leader() != 1 {
		t.Fatalf("c1's reply = %q with n%d leading, want timeout under n1", reply, w.Leader())
	}
	if st := w.StuckRequests(); len(st) != 0 {
		t.Errorf("stuck = %q, want none: 2 of 5 voters up", st)
	}
	// With a quorum back up the same calm window would count: the check is the quorum's.
	must(t, w.Restart(3))
	w.Advance(3 * time.Second)
	req := &request{cl: w.client("c1"), op: OpRelease, key: "k", sentAt: w.now - 2*time.Second, wait: 2 * time.Second}
	w.onTimeout(req)
	if st := w.StuckRequests(); len(st) != 1 {
		t.Errorf("stuck = %q, want the hand-made one: 3 of 5 voters up", st)
	}
}

// cX timeout: a setting for the requests the client sends after it, on its own clock; one in
// flight keeps its deadline.
func TestClientTimeoutSetting(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	w.Advance(time.Second)
	for _, id := range []int{2, 3, 4} {
		must(t, w.Crash(id)) // no commit: every request runs to its timeout
	}
	must(t, w.Connect("c1", 1))
	var replies []time.Duration
	w.Subscribe(func(e *Event) {
		if e.Kind == EvClientReply && e.Reply == ReplyTimeout {
			replies = append(replies, e.At)
		}
	})
	start := w.Now()
	must(t, w.Acquire("c1", "a", time.Second)) // sent with the default 2s
	must(t, w.SetClientTimeout("c1", 500*time.Millisecond))
	must(t, w.Acquire("c1", "b", time.Second)) // queued: sent after the first times out, with 500ms
	w.Advance(3 * time.Second)
	if len(replies) != 2 || replies[0]-start != 2*time.Second || replies[1]-replies[0] != 500*time.Millisecond {
		t.Fatalf("timeouts at %v after the start (want 2s, then 500ms later)", replies)
	}
	// On the client's clock: at rate 2 its 500ms pass in 250ms of simulated time.
	must(t, w.ClientSkewRate("c1", 2))
	replies = nil
	at := w.Now()
	must(t, w.Acquire("c1", "c", time.Second))
	w.Advance(time.Second)
	if len(replies) != 1 || replies[0]-at != 250*time.Millisecond {
		t.Fatalf("at rate 2: timed out %v after sending, want 250ms", replies)
	}
	for _, d := range []time.Duration{9 * time.Millisecond, time.Hour + time.Millisecond, 0} {
		if err := w.SetClientTimeout("c1", d); err == nil {
			t.Errorf("timeout %v accepted", d)
		}
	}
}

// The retry order: within a round every node once, in order after the one that refused; then
// one heartbeat interval's wait before the next round.
func TestRetryOrder(t *testing.T) {
	w := newWorld(t, nil)
	for _, id := range []int{2, 3, 4} {
		must(t, w.Crash(id)) // n1 and n5 alone can elect nobody
	}
	var sends []int
	var at []time.Duration
	w.Subscribe(func(e *Event) {
		if e.Kind == EvClientSend {
			sends, at = append(sends, e.Node), append(at, e.At)
		}
	})
	must(t, w.Connect("c1", 3))
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(time.Second)
	want := []int{3, 4, 5, 1, 2, 3, 4, 5, 1, 2}
	if len(sends) < len(want) || !slices.Equal(sends[:len(want)], want) {
		t.Fatalf("c1 asked %v, want %v first", sends, want)
	}
	wait := w.Config().RetryWait()
	for i := 1; i < len(want); i++ {
		gap := at[i] - at[i-1]
		if i == 5 && gap < wait || i != 5 && gap >= wait {
			t.Errorf("send %d came %v after the one before (round wait %v)", i+1, gap, wait)
		}
	}
}

// A step given to a paused client is decided when given: its write carries the token the client
// held then, even though the release before it completes (in its inbox) by the time it wakes.
// Its clock runs through the pause, so its lease view runs down.
func TestPausedClientDecidesWhenGiven(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", 500*time.Millisecond))
	waitFor(t, w, time.Second, "c1 holds k", func() bool { _, ok := w.ClientHolds("c1", "k"); return ok })
	w.Release("c1", "k")
	must(t, w.PauseClient("c1", time.Second))
	w.Write("c1", "k", "v")
	c := w.client("c1")
	w.Advance(600 * time.Millisecond)
	if c.holds["k"] == nil {
		t.Fatal("the release's answer was handled while c1 was paused")
	}
	if _, ok := w.ClientHolds("c1", "k"); ok {
		t.Error("c1 paused past its lease still holds k: its clock stopped")
	}
	w.Advance(time.Second)
	if reply, _ := w.ClientReply("c1"); reply != ReplyReleased {
		t.Errorf("c1's reply after waking = %q, want released", reply)
	}
	if wr := c.lastWrite; wr == nil || wr.token != 1 {
		t.Fatalf("c1's write = %+v, want token 1 (held when the write was given)", wr)
	}
	w.Write("c1", "k", "v2")
	w.Advance(100 * time.Millisecond)
	if wr := c.lastWrite; wr.token != 0 {
		t.Errorf("a write given after the release carries token %d, want 0", wr.token)
	}
}

// The first guesses LANGUAGE.md gives as examples.
func TestFirstGuessAsDocumented(t *testing.T) {
	for name, want := range map[string]int{"c1": 4, "c2": 5, "c3": 3} {
		if got := FirstGuess(name, 5); got != want {
			t.Errorf("FirstGuess(%s, 5) = n%d, LANGUAGE.md says n%d", name, got, want)
		}
	}
	w := newWorld(t, nil)
	w.AddClient("c1")
	if g := w.View(ViewOptions{}).Clients[0].Guess; g != 4 {
		t.Errorf("a fresh c1's view says it asks n%d, want n4", g)
	}
}

// A stepped-down node whose request's index a snapshot from the new leader covers cannot tell
// which entry took that index. It does not guess and does not go silent: it answers
// outcome-unknown naming the new leader, long before the client's timeout. The client ends the
// request as a timeout would (its history entry stays open), goes to that leader next, and a
// granted that still came for the request would be released as a late grant.
func TestSnapshotOvertakesPendingRequest(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.CheckQuorum = false; c.SnapshotEvery = 3 })
	electN1(t, w)
	w.Advance(200 * time.Millisecond)
	must(t, w.Partition([]int{1}, []int{2, 3, 4, 5}))
	must(t, w.Campaign(2))
	waitFor(t, w, 5*time.Second, "n2 leads", func() bool { return w.node(2).role == RoleLeader })
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(50 * time.Millisecond)
	if len(w.node(1).pending) != 1 {
		t.Fatalf("n1 should hold c1's uncommitted acquire: %d pending", len(w.node(1).pending))
	}
	c1 := w.clientByName["c1"]
	req := c1.cur
	must(t, w.Connect("c2", 2))
	for _, key := range []string{"a", "b", "c", "d", "e"} {
		must(t, w.Acquire("c2", key, time.Minute))
	}
	w.Advance(500 * time.Millisecond)
	restored := false
	var answer *Event
	w.Subscribe(func(e *Event) {
		restored = restored || e.Kind == EvSnapshotRestored && e.Node == 1
		if e.Kind == EvClientReply && e.Client == "c1" && answer == nil {
			ev := *e // the pointer is reused
			answer = &ev
		}
	})
	w.Heal()
	w.Advance(3 * time.Second)
	if !restored {
		t.Fatal("n1 was not caught up by a snapshot; the test no longer tests anything")
	}
	if n := len(w.node(1).pending); n != 0 {
		t.Errorf("n1 still holds %d requests its snapshot overtook", n)
	}
	if answer == nil || answer.Reply != ReplyOutcomeUnknown || answer.Node != 1 || answer.Peer != 2 {
		t.Fatalf("c1's first answer = %+v, want outcome-unknown from n1 naming n2", answer)
	}
	if got, want := answer.Describe(), "c1 gets outcome-unknown from n1 (a snapshot covered its entry; try n2)"; got != want {
		t.Errorf("timeline line %q, want %q", got, want)
	}
	if wait := answer.At - req.sentAt; wait >= w.cfg.ClientTimeout/2 {
		t.Errorf("c1 was answered %v after sending, not well before its %v timeout", wait, w.cfg.ClientTimeout)
	}
	if reply, _ := w.ClientReply("c1"); reply != ReplyOutcomeUnknown {
		t.Errorf("c1's reply = %q, want outcome-unknown", reply)
	}
	// (What the history makes of an outcome-unknown answer: check's TestOutcomeUnknownStaysOpen.)
	if st := w.StuckRequests(); len(st) != 0 {
		t.Errorf("stuck = %q, want none (c1 was answered)", st)
	}
	// n1's Grant sat in a minority and was overwritten: the retry is granted at n2, first ask.
	var asked []int
	w.Subscribe(func(e *Event) {
		if e.Kind == EvClientSend && e.Client == "c1" {
			asked = append(asked, e.Node)
		}
	})
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(500 * time.Millisecond)
	if reply, tok := w.ClientReply("c1"); reply != ReplyGranted || !slices.Equal(asked, []int{2}) {
		t.Errorf("c1's next acquire: %v #%d after asking %v, want granted asking n2 only", reply, tok, asked)
	}
	// A granted for the ended request (it cannot come here; forced) is released as a late grant.
	late := false
	w.Subscribe(func(e *Event) { late = late || e.Kind == EvClient && strings.HasPrefix(e.Text, "late grant, released") })
	c1.onReply(&item{kind: itReply, cl: c1, rep: &reply{req: req, attempt: req.attempt, from: 2, kind: ReplyGranted, token: 99, sent: w.now}})
	w.Advance(500 * time.Millisecond)
	if !late {
		t.Error("a granted after outcome-unknown was not released as a late grant")
	}
	if res := TestCheckHistory(w, time.Minute); res != "Ok" {
		t.Errorf("history check = %q, want Ok", res)
	}
	if v := w.Violations(); len(v) != 0 {
		t.Errorf("violations: %v", v)
	}
}

// A client whose clock jumps past its deadline times out at once; that is not a stuck request.
func TestClockJumpIsNotStuck(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	w.Advance(time.Second)
	must(t, w.Connect("c1", 1))
	w.Release("c1", "k")
	must(t, w.ClientSkewOffset("c1", 5*time.Second))
	w.Advance(100 * time.Millisecond)
	if reply, _ := w.ClientReply("c1"); reply != ReplyTimeout {
		t.Fatalf("c1's reply = %q, want timeout (its clock passed the deadline)", reply)
	}
	if st := w.StuckRequests(); len(st) != 0 {
		t.Errorf("stuck = %q, want none", st)
	}
}

// Offsets add up to at most ±MaxDuration: 2,600 jumps of +1000h once reached the end of
// simulated time, where n3's countdowns read as over and never fired, so as leader it never
// expired a 3s lock and a healthy cluster held it for ever. Now all but the first are refused,
// and the lock ends.
func TestOffsetsStopShortOfTheEndOfTime(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", 3*time.Second))
	w.Advance(time.Second)
	refused := 0
	for range 2600 {
		if err := w.SkewOffset(3, MaxDuration); err != nil {
			refused++
		}
	}
	if refused != 2599 {
		t.Fatalf("%d of 2600 jumps refused, want all but the first", refused)
	}
	if err := w.SkewOffset(3, -2*MaxDuration-time.Nanosecond); err == nil {
		t.Fatal("a jump past -1000h in all accepted")
	}
	must(t, w.TransferLeader(3))
	w.Advance(30 * time.Second)
	for id := 1; id <= 5; id++ {
		if held := w.View(ViewOptions{}).Nodes[id-1].Locks; len(held) != 0 {
			t.Fatalf("n%d still holds %v after 30s of a 3s lease", id, held)
		}
	}
	must(t, w.Connect("c2", w.Leader()))
	must(t, w.Acquire("c2", "k", time.Second))
	w.Advance(time.Second)
	if r, tok := w.ClientReply("c2"); r != ReplyGranted || tok != 2 {
		t.Fatalf("c2: %v %d, want granted 2", r, tok)
	}
	// A client's clock too; a reset sets the offset back to 0, and jumps are allowed again.
	must(t, w.ClientSkewOffset("c1", MaxDuration))
	if err := w.ClientSkewOffset("c1", time.Millisecond); err == nil {
		t.Fatal("a client's offset past 1000h in all accepted")
	}
	must(t, w.ClientSkewReset("c1"))
	must(t, w.ClientSkewOffset("c1", time.Millisecond))
}
