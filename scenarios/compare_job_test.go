package scenarios

import (
	"testing"
	"time"
)

// A seek run as a job a slice at a time ends where the same seek in one go does: the same
// instant, the same divergence, the same worlds (events and trace hashes), backward and forward.
func TestCompareSeekJobInSlicesIsSeekTo(t *testing.T) {
	a, b := mustLoad(t, "late-expire"), mustLoad(t, "late-expire-unsafe")
	whole := compareRun(t, a, b)
	end := whole.Now()
	for _, to := range []time.Duration{whole.Div.At + 3*time.Second, time.Second, end + time.Minute} {
		one, err := NewComparison(a, b, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		sliced, _ := NewComparison(a, b, nil, nil)
		for _, c := range []*Comparison{one, sliced} {
			c.Run() // at the end first, so a seek to 1s is a rewind
		}
		if err := one.SeekTo(to); err != nil {
			t.Fatal(err)
		}
		j, err := sliced.SeekJob(to)
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		for !j.Run(func() bool { calls++; return calls%2 == 1 }) { // one slice per call
		}
		if calls < 4 {
			t.Fatalf("seek to %v: %d calls, the job did not run in slices", to, calls)
		}
		if one.Now() != sliced.Now() || (one.Div == nil) != (sliced.Div == nil) {
			t.Fatalf("seek to %v: one go at %v (div %v), sliced at %v (div %v)", to, one.Now(), one.Div, sliced.Now(), sliced.Div)
		}
		if one.Div != nil && one.Div.String() != sliced.Div.String() {
			t.Fatalf("seek to %v: divergence %v, sliced %v", to, one.Div, sliced.Div)
		}
		for i := range one.Sides {
			w1, w2 := one.World(i), sliced.World(i)
			if w1.Events() != w2.Events() || w1.TraceHash() != w2.TraceHash() {
				t.Fatalf("seek to %v, side %d: %d events %x, sliced %d events %x", to, i, w1.Events(), w1.TraceHash(), w2.Events(), w2.TraceHash())
			}
		}
		start := end
		if to < end {
			start = 0 // a rewind replays from the seeds
		}
		if from, now, limit := j.Progress(); from != start || now != sliced.Now() || limit != to {
			t.Fatalf("progress %v %v %v, want from %v to %v", from, now, limit, start, to)
		}
	}
}
