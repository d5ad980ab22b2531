package cluster

import (
	"math"
	"time"
)

// clock is a node's or client's local clock, piecewise linear in simulated time:
// local(t) = localBase + (t-realBase)*rate. Offset jumps move localBase (lease deadlines are read
// on it) but not tickBase, which paces raft ticks: a jump does not burst ticks.
type clock struct {
	rate      float64
	realBase  time.Duration
	localBase time.Duration
	tickBase  time.Duration
	offset    time.Duration // sum of jumps since the last reset, for display
}

func newClock() clock { return clock{rate: 1} }

// exactSpan bounds the durations a float64 holds exactly (2^53 ns, with room): at rate 1 the
// float arithmetic below gives back its integer input within it, so elapsed and realAt skip it
// (most clocks never change rate; a test holds the two paths equal).
const exactSpan = time.Duration(1) << 52

func (c *clock) elapsed(t time.Duration) time.Duration {
	if d := t - c.realBase; c.rate == 1 && d > -exactSpan && d < exactSpan {
		return d
	}
	return c.elapsedScaled(t)
}

func (c *clock) elapsedScaled(t time.Duration) time.Duration {
	return durOf(math.Round(float64(t-c.realBase) * c.rate))
}

// local reads the clock at simulated instant t (t >= realBase).
func (c *clock) local(t time.Duration) time.Duration { return AddTime(c.localBase, c.elapsed(t)) }

// tickLocal reads the offset-free clock that paces ticks.
func (c *clock) tickLocal(t time.Duration) time.Duration { return AddTime(c.tickBase, c.elapsed(t)) }

// realAt is the first simulated instant at which local reaches l, or never (-1) if the clock is
// stopped or would reach l only past the end of time (a saturated Never is never reached).
// base is localBase or tickBase.
func (c *clock) realAt(base, l time.Duration) time.Duration {
	if l == Never {
		return -1
	}
	if l <= base {
		return c.realBase
	}
	if c.rate <= 0 {
		return -1
	}
	if c.rate == 1 && base > -exactSpan && l < exactSpan {
		if t := AddTime(c.realBase, l-base); t != Never {
			return t
		}
		return -1
	}
	return c.realAtScaled(base, l)
}

// realAtScaled is realAt past its first checks, for any running rate.
func (c *clock) realAtScaled(base, l time.Duration) time.Duration {
	reaches := func(t time.Duration) bool { return AddTime(base, c.elapsed(t)) >= l }
	t := AddTime(c.realBase, durOf(math.Ceil((float64(l)-float64(base))/c.rate)))
	if t == Never {
		return -1
	}
	if reaches(t) {
		return t
	}
	// Rounding left t a little early: gallop forward, then bisect, in O(log) steps.
	lo, step := t, time.Duration(1)
	for !reaches(AddTime(t, step)) {
		if AddTime(t, step) == Never {
			return -1
		}
		lo, step = AddTime(t, step), step*2
	}
	hi := AddTime(t, step)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if reaches(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

func (c *clock) realAtLocal(l time.Duration) time.Duration { return c.realAt(c.localBase, l) }
func (c *clock) realAtTick(l time.Duration) time.Duration  { return c.realAt(c.tickBase, l) }

// setRate rebases the clock at t and runs it at r from then on (0 stops it).
func (c *clock) setRate(t time.Duration, r float64) {
	c.localBase = c.local(t)
	c.tickBase = c.tickLocal(t)
	c.realBase = t
	c.rate = r
}

// jump moves the local reading by d now; ticks are unaffected.
func (c *clock) jump(d time.Duration) {
	c.localBase = AddTime(c.localBase, d)
	c.offset = AddTime(c.offset, d)
}

// reset returns to rate 1 with no offset.
func (c *clock) reset(t time.Duration) {
	c.setRate(t, 1)
	c.localBase = AddTime(c.localBase, -c.offset)
	c.offset = 0
}
