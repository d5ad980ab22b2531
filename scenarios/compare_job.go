package scenarios

import (
	"time"

	"leaselab/cluster"
)

// CompareJob is a Comparison's move in time (SeekTo) run in slices, as a Job is for one
// Playback: between two slices the caller can draw progress and answer keys, so a rewind over
// a long run never holds the screen. Any slicing ends where SeekTo does.
type CompareJob struct {
	c     *Comparison
	from  time.Duration // where the playing starts: after a rewind, time zero
	limit time.Duration
	slice time.Duration
	done  bool
}

// SeekJob begins a move to instant t: backward by rebuilding both sides from their seeds (at
// once), then forward in slices, continuing pauses and passing the divergence (found again on
// the way); it ends at t, or at the instant both scripts end if that comes first.
func (c *Comparison) SeekJob(t time.Duration) (*CompareJob, error) {
	j := &CompareJob{c: c, limit: max(t, 0)}
	if j.limit < c.Now() {
		if err := c.rebuild(); err != nil {
			return nil, err
		}
	}
	j.from = c.Now()
	return j, nil
}

// Run plays slices until the move is over (true) or more says stop (false; Run may be called
// again). more is asked before every slice; nil runs the move in one go.
func (j *CompareJob) Run(more func() bool) bool {
	c := j.c
	if more == nil {
		more = func() bool { return true }
		j.slice = cluster.Never
	}
	for !j.done {
		if !more() {
			return false
		}
		if j.slice == 0 {
			j.slice = firstSlice
		}
		n := c.Events()
		switch c.AdvanceTo(min(j.limit, cluster.AddTime(c.Now(), j.slice))) {
		case StopPause:
			c.Continue()
		case StopDiverge:
		case StopEnd:
			j.done = true
		default:
			j.done = c.Now() >= j.limit
		}
		switch n = c.Events() - n; {
		case j.slice == cluster.Never: // in one go
		case n < sliceEvents/4:
			j.slice = min(maxSlice, j.slice*2)
		case n > sliceEvents*4:
			j.slice = max(minSlice, j.slice/2)
		}
	}
	return true
}

// Progress is where the move stands: playing from from, now at now, going to limit.
func (j *CompareJob) Progress() (from, now, limit time.Duration) { return j.from, j.c.Now(), j.limit }

// Events is how many events both worlds have recorded.
func (c *Comparison) Events() uint64 { return c.World(0).Events() + c.World(1).Events() }
