package cluster

import (
	"math/rand/v2"
	"testing"
	"time"
)

// At rate 1, elapsed and realAt skip the float arithmetic; what they return is what it gives,
// near zero, at large instants and durations, and around the edge of the span a float holds
// exactly.
func TestClockRateOneIsScaled(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	edges := []time.Duration{0, 1, time.Second, exactSpan - 1, exactSpan, exactSpan + 1, 1 << 53, 1<<53 + 1, 1 << 60}
	pick := func() time.Duration { // 0 to 2^60 and a little: instants and durations, up to 36 years
		d := edges[r.IntN(len(edges))] + time.Duration(r.IntN(5))
		if r.IntN(3) == 0 {
			d = time.Duration(r.Int64N(int64(time.Hour)))
		}
		return d
	}
	for i := 0; i < 100000; i++ {
		c := clock{rate: 1, realBase: pick(), localBase: pick()}
		if r.IntN(4) == 0 {
			c.localBase = -c.localBase
		}
		now := AddTime(c.realBase, pick()) // a clock is read from its realBase on
		if got, want := c.elapsed(now), c.elapsedScaled(now); got != want {
			t.Fatalf("elapsed(%d) with realBase %d: %d, scaled %d", now, c.realBase, got, want)
		}
		l := pick()
		if r.IntN(4) == 0 {
			l = -l
		}
		want := c.realAtScaled(c.localBase, l)
		if l == Never {
			want = -1
		} else if l <= c.localBase {
			want = c.realBase
		}
		if got := c.realAt(c.localBase, l); got != want {
			t.Fatalf("realAt(%d, %d) with realBase %d: %d, scaled %d", c.localBase, l, c.realBase, got, want)
		}
	}
}
