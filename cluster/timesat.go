package cluster

import (
	"math"
	"time"
)

// Limits of the language and of the world's operations. They keep every sum of instants and
// durations far inside int64 nanoseconds (about 292 years), and every run's work finite.
const (
	MinRate     = 0.01                         // slowest clock rate
	MaxRate     = 100.0                        // fastest clock rate
	MaxDuration = 1000 * time.Hour             // longest wait, lease, delay, pause or clock offset
	MinTick     = time.Millisecond             // shortest raft tick
	MaxTick     = time.Minute                  // longest raft tick
	MaxTicks    = 10000                        // largest election or heartbeat tick count
	Never       = time.Duration(math.MaxInt64) // an instant after every other
)

// AddTime is a+b, saturating at ±Never instead of wrapping. Every sum of simulated instants and
// durations goes through it, so a hostile input can stall a countdown but never turn it negative.
func AddTime(a, b time.Duration) time.Duration {
	s := a + b
	switch {
	case b > 0 && s < a:
		return Never
	case b < 0 && s > a:
		return -Never
	}
	return s
}

// durOf converts nanoseconds held in a float, saturating (Go's conversion of an out-of-range
// float is undefined).
func durOf(f float64) time.Duration {
	switch {
	case f >= math.MaxInt64:
		return Never
	case f <= -math.MaxInt64:
		return -Never
	case f != f: // NaN
		return Never
	}
	return time.Duration(f)
}

// checkRate says whether r is a clock rate the world accepts.
func checkRate(r float64) bool { return r >= MinRate && r <= MaxRate }

// checkDuration says whether d is 0..MaxDuration.
func checkDuration(d time.Duration) bool { return d >= 0 && d <= MaxDuration }
