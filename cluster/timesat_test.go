package cluster

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestAddTimeSaturates(t *testing.T) {
	cases := []struct{ a, b, want time.Duration }{
		{1, 2, 3},
		{Never - 1, 5, Never},
		{Never, Never, Never},
		{-Never, -Never, -Never},
		{-Never + 1, -5, -Never},
		{Never, -Never, 0},
	}
	for _, c := range cases {
		if got := AddTime(c.a, c.b); got != c.want {
			t.Errorf("AddTime(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if durOf(1e30) != Never || durOf(-1e30) != -Never || durOf(math.NaN()) != Never || durOf(12) != 12 {
		t.Error("durOf does not saturate")
	}
}

// realAt used to step one nanosecond at a time when (l-base)/rate overflowed, and never ended.
func TestRealAtOverflowIsNever(t *testing.T) {
	c := clock{rate: 1e-11}
	if got := c.realAt(0, time.Second); got != -1 {
		t.Errorf("rate 1e-11, 1s: got %v, want never (-1)", got)
	}
	c = clock{rate: 0.001, realBase: time.Hour}
	if got := c.realAt(0, 3000*time.Hour); got != -1 {
		t.Errorf("rate 0.001, 3000h: got %v, want never (-1)", got)
	}
	c = clock{rate: MinRate, realBase: time.Hour}
	if got := c.realAt(0, MaxDuration); got != time.Hour+100*MaxDuration {
		t.Errorf("rate %v, %v: got %v", MinRate, MaxDuration, got)
	}
}

// realAt is (about) the first instant at which the clock reads l, for any rate in range.
func TestRealAtIsFirstInstant(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		c := clock{
			rate:      MinRate + r.Float64()*(MaxRate-MinRate),
			realBase:  time.Duration(r.Int64N(int64(MaxDuration))),
			localBase: time.Duration(r.Int64N(int64(2*MaxDuration))) - MaxDuration,
		}
		if r.IntN(4) == 0 {
			c.rate = []float64{MinRate, MaxRate, 1.0 / 3, 0.07}[r.IntN(4)]
		}
		l := c.localBase + time.Duration(r.Int64N(int64(MaxDuration)))
		at := c.realAt(c.localBase, l)
		// Float rounding at 1e16 ns is a few ns: "first" holds to a few local nanoseconds.
		early := at - time.Duration(math.Ceil(4/c.rate)) - 4
		if c.local(at) < l || early > c.realBase && c.local(early) >= l {
			t.Fatalf("%+v: realAt(%v) = %v reads %v, a little before reads %v", c, l, at, c.local(at), c.local(early))
		}
	}
}

// The reproducers, at the edge of what the language now accepts: all end at once.
func TestExtremeClocksEndQuickly(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.Election, c.Tick = MaxTicks, MaxTick })
	must(t, w.Campaign(1))
	must(t, w.SkewRate(1, MinRate))
	must(t, w.ClientSkewRate("c1", MinRate))
	must(t, w.Acquire("c1", "k", MaxDuration))
	must(t, w.SkewOffset(2, -MaxDuration))
	must(t, w.SkewOffset(3, MaxDuration))
	w.Advance(10 * time.Second)
	if w.Events() > 5000 {
		t.Errorf("%d events in 10s of simulated time", w.Events())
	}
	for _, bad := range []error{w.SkewRate(1, 1e-11), w.SkewRate(1, 1e9), w.ClientSkewRate("c1", 1e-11),
		w.Acquire("c1", "k", 3000*time.Hour), w.Delay(1, 2, 2562047*time.Hour), w.PauseClient("c1", MaxDuration+1),
		w.SkewOffset(1, MaxDuration+1)} {
		if bad == nil {
			t.Error("an out-of-range operation was accepted")
		}
	}
}

// With the longest election timeout the leader's Expire retry (now + election timeout) used to
// wrap negative and propose Expire forever at one instant.
func TestLeaseRetryLongElection(t *testing.T) {
	w := newWorld(t, func(c *Config) { c.Election, c.Tick = MaxTicks, 100*time.Millisecond })
	must(t, w.Campaign(1))
	w.Advance(time.Second)
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(5 * time.Second)
	n := w.node(1)
	if n.role != RoleLeader {
		t.Fatalf("n1 is %v", n.role)
	}
	if w.Events() > 5000 {
		t.Errorf("%d events in 6s", w.Events())
	}
	if l := n.leaseOf("k"); l != nil && l.nextTry < w.now {
		t.Errorf("next Expire retry %v is in the past (now %v)", l.nextTry, w.now)
	}
	// A clock at the end of time: the retry saturates instead of wrapping, and no timer is due now.
	n.clk.localBase = Never - time.Second
	n.clearLeases()
	l := &n.rec("k").lease
	l.zero, l.live, l.deadline, l.nextTry = true, true, Never-2*time.Second, Never-2*time.Second
	n.live++
	n.heapOf(l).push(l)
	n.onLeaseTimer()
	if l.nextTry != Never {
		t.Errorf("retry at %v, want Never", l.nextTry)
	}
	if n.leaseAt >= 0 && n.leaseAt <= w.now {
		t.Errorf("lease timer re-armed for now (%v): it would propose Expire forever", n.leaseAt)
	}
}

// rejoin undoes isolate; on a node that is not isolated it used to do nothing, silently.
func TestRejoinNeedsIsolation(t *testing.T) {
	w := newWorld(t, nil)
	if err := w.Rejoin(2); err == nil || err.Error() != "n2 is not isolated: rejoin undoes isolate (heal ends a partition)" {
		t.Fatalf("got %v", err)
	}
	must(t, w.Isolate(2))
	must(t, w.Rejoin(2))
	if w.net.isolated(2) {
		t.Fatal("still isolated")
	}
}
