package scenarios

import (
	"cmp"
	"maps"
	"slices"
	"time"

	"leaselab/cluster"
)

// Checkpoints make a rewind cheap however long the session: while the playback moves forward
// it keeps copies of its runner (world cloned, raft nodes and all) spread over the session, and
// a rewind starts from the latest one at or before the target instead of replaying from the
// seed. A checkpoint is never played: restoring one plays a fresh clone of it.
//
// At most maxCheckpoints are kept, at least cpEvery apart and within checkpointBytes in all;
// when one more would pass either bound, every other one is dropped and the spacing doubles.
// So memory stays bounded, and the replay a rewind costs grows with the session's length
// divided by maxCheckpoints: a few simulated minutes for an hour-long session. A world too big
// to copy within maxCheckpointBytes (a hundred thousand live leases, a long log never
// compacted) is not copied, as copying it would hold the screen up: rewinds there replay.
const (
	maxCheckpoints     = 16
	checkpointBytes    = 256 << 20
	maxCheckpointBytes = 64 << 20 // copied in well under a second
	firstCheckpoint    = time.Minute
)

type checkpoint struct {
	r     *Runner
	next  int   // the playback's next user action at that instant
	bytes int64 // roughly what the copy holds
}

func (c checkpoint) at() time.Duration { return c.r.world.Now() }

// KeepCheckpoints turns checkpoints on (the default) or off (a playback that never rewinds,
// such as one side of a comparison).
func (p *Playback) KeepCheckpoints(on bool) {
	p.cps, p.cpTried = nil, 0
	p.cpEvery = 0
	if on {
		p.cpEvery = firstCheckpoint
	}
}

// Checkpoints is how many checkpoints are kept and their spacing (for tests and benchmarks).
func (p *Playback) Checkpoints() (n int, every time.Duration) { return len(p.cps), p.cpEvery }

// checkpointDue is the instant the next checkpoint should be taken at, or Never.
func (p *Playback) checkpointDue() time.Duration {
	if p.cpEvery == 0 {
		return cluster.Never
	}
	now := p.Now()
	i, _ := slices.BinarySearchFunc(p.cps, now, func(c checkpoint, t time.Duration) int {
		return cmp.Compare(c.at(), t+1) // the first one after now
	})
	last := time.Duration(0)
	if i > 0 {
		last = p.cps[i-1].at()
	}
	if p.cpTried <= now {
		last = max(last, p.cpTried) // one was due there, but the world was too big to copy
	}
	// Checkpoints kept from before a rewind still serve: skip past the ones close enough.
	for ; i < len(p.cps) && p.cps[i].at() <= last+p.cpEvery; i++ {
		last = p.cps[i].at()
	}
	return cluster.AddTime(last, p.cpEvery)
}

// checkpoint keeps a copy of the runner as it is now. A world that cannot be cloned turns
// checkpoints off (rewinds then replay from the seed, slower but the same) and fails the
// verdict: a clone that breaks (a Go or raft upgrade the copy does not know) must show.
func (p *Playback) checkpoint() {
	p.cpTried = p.Now()
	if p.r.world.CloneSize() > p.cpMaxBytes {
		return
	}
	r, bytes, err := p.r.clone()
	if err != nil {
		p.KeepCheckpoints(false)
		p.r.Failures = append(p.r.Failures, Failure{Pos: Pos{File: p.base.File}, Step: "(checkpoint)",
			Expected: "a copy of the world to rewind to", Found: err.Error()})
		return
	}
	if bytes > p.cpMaxBytes { // the estimate was low: keep it no more, and try less often
		p.cpEvery *= 2
		return
	}
	c := checkpoint{r: r, next: p.next, bytes: bytes}
	i, _ := slices.BinarySearchFunc(p.cps, c.at(), func(c checkpoint, t time.Duration) int {
		return cmp.Compare(c.at(), t)
	})
	p.cps = slices.Insert(p.cps, i, c)
	for len(p.cps) > maxCheckpoints || len(p.cps) > 1 && p.checkpointsHold() > p.cpTotal {
		// Keep every other one: the spacing doubles.
		kept := p.cps[:0]
		for i, c := range p.cps {
			if i%2 == 1 {
				kept = append(kept, c)
			}
		}
		clear(p.cps[len(kept):])
		p.cps = kept
		p.cpEvery *= 2
	}
}

// checkpointsHold is roughly the memory the checkpoints take (their step logs and the
// worlds' histories share their full chunks with the live run and cost nothing more).
func (p *Playback) checkpointsHold() int64 {
	n := int64(0)
	for _, c := range p.cps {
		n += c.bytes
	}
	return n
}

// dropCheckpointsFrom forgets the checkpoints at or after t: history changed there (a fork).
func (p *Playback) dropCheckpointsFrom(t time.Duration) {
	i := len(p.cps)
	for i > 0 && p.cps[i-1].at() >= t {
		i--
	}
	clear(p.cps[i:])
	p.cps = p.cps[:i]
}

// rewind puts the playback at the latest checkpoint at or before t (a clone of it), or at the
// seed when there is none. The caller plays on to t.
func (p *Playback) rewind(t time.Duration) error {
	if i := p.latest(t); i >= 0 && p.restore(i) {
		return nil
	}
	return p.rebuild()
}

// skipAhead moves a playback that is going forward to t to the latest checkpoint after now and
// at or before t (kept from before a rewind), so that going forward again after a rewind does
// not replay what is already known.
func (p *Playback) skipAhead(t time.Duration) {
	if i := p.latest(t); i >= 0 && p.cps[i].at() > p.Now() {
		p.restore(i)
	}
}

// latest is the index of the latest checkpoint at or before t, or -1.
func (p *Playback) latest(t time.Duration) int {
	i := len(p.cps) - 1
	for i >= 0 && p.cps[i].at() > t {
		i--
	}
	return i
}

// restore puts the playback at a clone of checkpoint i (the checkpoint itself is never played);
// false if it cannot be cloned.
func (p *Playback) restore(i int) bool {
	r, _, err := p.cps[i].r.clone()
	if err != nil {
		return false
	}
	p.r, p.next = r, p.cps[i].next
	return true
}

// clone is an independent copy of the runner as it is now, its world cloned; bytes is roughly
// what the world's copy holds.
func (r *Runner) clone() (c *Runner, bytes int64, err error) {
	w, bytes, err := r.world.Clone()
	if err != nil {
		return nil, 0, err
	}
	cr := *r
	c = &cr
	c.world = w
	c.Log = r.Log.Clone() // shares the full chunks: a long log costs nothing to copy
	c.Failures = slices.Clip(r.Failures)
	c.expected = maps.Clone(r.expected)
	return c, bytes, nil
}
