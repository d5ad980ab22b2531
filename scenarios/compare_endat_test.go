package scenarios

import (
	"testing"
	"time"
)

// endIn plays c to its end in frames of step each (as the TUI's pacer asks: a frame's target
// depends on wall time, so on how fast the terminal draws) and returns the end's instant.
func endIn(c *Comparison, step time.Duration) time.Duration {
	for t := step; ; t += step {
		for {
			st := c.AdvanceTo(t)
			if st == StopPause {
				c.Continue()
				continue
			}
			if st == StopEnd {
				return c.Now()
			}
			if st == StopTime {
				break
			}
		}
	}
}

// The end of a comparison stands at one instant whatever frames played it there. It waits out
// a failed wait's lateWindow, and it found that window over at the first frame past it: compare
// late-expire --unsafe expire-ignores-token ended at 5.976s at 160x48 and 5.969s at 120x40.
func TestCompareEndInstantDoesNotDependOnFrames(t *testing.T) {
	safe := mustLoad(t, "late-expire")
	unsafe, err := WithUnsafe(safe, "expire-ignores-token")
	if err != nil {
		t.Fatal(err)
	}
	var first time.Duration
	for i, step := range []time.Duration{time.Millisecond, 7 * time.Millisecond, 16 * time.Millisecond, 33 * time.Millisecond, time.Second} {
		c, err := NewComparison(safe, unsafe, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		at := endIn(c, step)
		if i == 0 {
			first = at
			continue
		}
		if at != first {
			t.Errorf("frames of %v end at %v; frames of 1ms at %v", step, at, first)
		}
	}
}
