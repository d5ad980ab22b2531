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

func (c *clock) elapsed(t time.Duration) time.Duration {
	return time.Duration(math.Round(float64(t-c.realBase) * c.rate))
}

// local reads the clock at simulated instant t (t >= realBase).
func (c *clock) local(t time.Duration) time.Duration { return c.localBase + c.elapsed(t) }

// tickLocal reads the offset-free clock that paces ticks.
func (c *clock) tickLocal(t time.Duration) time.Duration { return c.tickBase + c.elapsed(t) }

// realAt is the first simulated instant at which local reaches l, or never (-1) if the clock is
// stopped. base is localBase or tickBase.
func (c *clock) realAt(base, l time.Duration) time.Duration {
	if l <= base {
		return c.realBase
	}
	if c.rate <= 0 {
		return -1
	}
	t := c.realBase + time.Duration(math.Ceil(float64(l-base)/c.rate))
	for base+time.Duration(math.Round(float64(t-c.realBase)*c.rate)) < l {
		t++ // rounding: make sure the clock really reads l at t
	}
	return t
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
	c.localBase += d
	c.offset += d
}

// reset returns to rate 1 with no offset.
func (c *clock) reset(t time.Duration) {
	c.setRate(t, 1)
	c.localBase -= c.offset
	c.offset = 0
}
