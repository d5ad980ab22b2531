package scenarios

import (
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/check"
)

// Issue 22.3: requests that time out (the leader cut off in a minority) must not keep their key's
// history, and porcupine's final check, open for the rest of the run. Before, an hour of the
// steady workload with such partitions kept about 10,000 operations for the final check; a
// timed-out request now ends where its entry applied, and one whose entry never applied waits
// outside every check.
func TestTimedOutRequestsDoNotHoldTheHistory(t *testing.T) {
	s, err := Parse("steady.scenario", steadyFaults(time.Hour, 10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.NoLog = true
	timeouts := 0
	r.World().Subscribe(func(e *cluster.Event) {
		if e.Kind == cluster.EvClientReply && (e.Reply == cluster.ReplyTimeout || e.Reply == cluster.ReplyOutcomeUnknown) {
			timeouts++
		}
	})
	peak := peakHeap(r.Run)
	if !r.Passed() {
		t.Fatal(r.Failures)
	}
	w := r.World()
	kept, all := len(check.PorcupineOps(w)), check.LinOpCount(w)
	if timeouts < 6 {
		t.Fatalf("only %d requests timed out: the test no longer tests anything", timeouts)
	}
	if kept > 500 {
		t.Errorf("%d of %d operations kept for the final check after %d timed-out requests, want at most 500", kept, all, timeouts)
	}
	if peak > 150<<20 {
		t.Errorf("peak heap %d MB, want under 150 MB", peak>>20)
	}
	t.Logf("%d timed-out requests; %d of %d operations kept; peak heap %d MB", timeouts, kept, all, peak>>20)
}
