package scenarios

import (
	"fmt"
	"time"

	"leaselab/cluster"
)

// Job is a long move in time asked for interactively (a `wait` or `wait-until` at the prompt, a
// seek or a rewind's replay), run in slices: between two slices the caller can draw progress and
// answer keys, so however far the job goes it can be watched and stopped. A job cut into any
// slices ends where one uninterrupted call would.
type Job struct {
	p     *Playback
	cond  *Cond         // wait-until's condition; nil for a plain move to limit
	from  time.Duration // where it started
	start time.Duration // where its playing starts: from, or after a rewind the checkpoint's instant
	limit time.Duration // the instant it moves to (wait-until: its time limit)
	slice time.Duration // simulated time the next slice of a plain move covers
	// Stops makes a plain move end at the first script pause (or ask) and at the script's end,
	// instead of passing them.
	Stops   bool
	skipped bool // a plain move looked for a checkpoint ahead
	done    bool
	out     Outcome
}

// A plain move's slice adapts to the world's density so that a slice is some thousands of
// events: from a millisecond (the densest world the language allows) up to a minute (an idle one).
const (
	minSlice    = time.Millisecond
	maxSlice    = time.Minute
	sliceEvents = 4096
	firstSlice  = 10 * time.Millisecond
)

// StartJob begins a `wait` or `wait-until` step as the user, now (Exec runs it to its end).
func (p *Playback) StartJob(st Step) (*Job, error) {
	j := &Job{p: p, from: p.Now(), start: p.Now()}
	switch st.Kind {
	case StepWait:
		j.limit = cluster.AddTime(j.from, st.Dur)
	case StepWaitUntil:
		j.cond, j.limit = st.Cond, cluster.AddTime(j.from, st.Dur)
	default:
		return nil, fmt.Errorf("%s is not a wait", FormatStep(st))
	}
	return j, nil
}

// SeekJob begins a move to instant t: backward by going back (at once) to the latest checkpoint
// before t, or to the seed, and then replaying forward in slices like any other job.
func (p *Playback) SeekJob(t time.Duration) (*Job, error) {
	j := &Job{p: p, from: p.Now(), limit: max(t, 0)}
	if j.limit < p.Now() {
		if err := p.rewind(j.limit); err != nil {
			return nil, err
		}
	}
	j.start = p.Now()
	return j, nil
}

// Run plays slices until the job is over (true) or more says stop (false; Run may be called
// again). more is asked before every slice; nil runs the job in one go.
func (j *Job) Run(more func() bool) bool {
	if j.done {
		return true
	}
	p := j.p
	if more == nil {
		more = func() bool { return true }
		j.slice = cluster.Never
	}
	if j.cond == nil {
		if !j.Stops && !j.skipped {
			j.skipped = true
			p.skipAhead(j.limit) // a move forward that passes everything may start further on
		}
		for p.Now() < j.limit {
			if !more() {
				return false
			}
			if j.slice == 0 {
				j.slice = firstSlice
			}
			n := p.World().Events()
			if j.moveTo(min(j.limit, cluster.AddTime(p.Now(), j.slice))) {
				return j.finish(false, "")
			}
			switch n = p.World().Events() - n; {
			case n < sliceEvents/4:
				j.slice = min(maxSlice, j.slice*2)
			case n > sliceEvents*4:
				j.slice = max(minSlice, j.slice/2)
			}
		}
		j.moveTo(j.limit) // the instant itself, even for a move of zero
		return j.finish(false, "")
	}
	// wait-until: judged now, after every instant with events, and at its limit, as in a script.
	for {
		if ok, _ := p.r.Check(j.cond); ok {
			return j.finish(true, "")
		}
		if p.AtPause() {
			p.Continue()
		}
		at, ok := p.nextInstant()
		if !ok || at > j.limit {
			break
		}
		if !more() {
			return false
		}
		p.RunTo(at)
	}
	p.passTo(j.limit)
	ok, found := p.r.Check(j.cond)
	return j.finish(ok, found)
}

// moveTo runs to t, passing script pauses and the end unless the job Stops there (then true).
func (j *Job) moveTo(t time.Duration) (stopped bool) {
	if !j.Stops {
		j.p.passTo(t)
		return false
	}
	st := j.p.RunTo(t)
	return st == StopPause || st == StopEnd
}

// passTo runs to t, passing script pauses and the script's end on the way.
func (p *Playback) passTo(t time.Duration) {
	for {
		switch p.RunTo(t) {
		case StopPause:
			p.Continue()
		case StopEnd:
		default:
			return
		}
	}
}

func (j *Job) finish(held bool, found string) bool {
	j.done = true
	j.out = Outcome{From: j.from, To: j.p.Now(), Held: held, Found: found}
	return true
}

// Outcome is how the job went (valid once Done).
func (j *Job) Outcome() Outcome { return j.out }

// Progress is where the job stands: playing from from (after a rewind, the instant it went
// back to), now at now, going to limit.
func (j *Job) Progress() (from, now, limit time.Duration) { return j.start, j.p.Now(), j.limit }
