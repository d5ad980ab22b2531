package ui

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// pacer is the one pacing of the TUI, for a lesson or the sandbox (sim) and for a comparison
// (CompareModel): it turns wall time into how far a frame asks the run to go (speed x elapsed,
// in whole milliseconds), plays it in slices within the frame's wall budget, and runs a long
// move in time (a seek, a prompt's wait) as a job, a bounded piece per message.
type pacer struct {
	speed   float64
	paused  bool             // by the user, at a script's end, at a divergence
	clock   time.Duration    // where frames have got to; the run follows
	carry   float64          // sub-millisecond rest of the frame time, in ns
	last    time.Time        // wall time of the previous frame
	wall    func() time.Time // bounds a frame's and a job's work (nil: no bound)
	slice   time.Duration    // simulated time per slice of a frame, adapted to the run's density
	frameAt time.Duration    // wall time between frames (0: frameEvery)
}

// runner is what a pacer plays: a Playback, or a Comparison (both runs in lockstep).
type runner interface {
	Now() time.Duration
	RunTo(t time.Duration) scenarios.Stop
	Events() uint64 // events recorded so far, to adapt the slices to the run's density
}

type playRunner struct{ *scenarios.Playback }

func (r playRunner) Events() uint64 { return r.World().Events() }

type cmpRunner struct{ *scenarios.Comparison }

func (r cmpRunner) RunTo(t time.Duration) scenarios.Stop { return r.AdvanceTo(t) }

// every is the wall time between frames.
func (p *pacer) every() time.Duration {
	if p.frameAt > 0 {
		return p.frameAt
	}
	return frameEvery
}

// start runs frames from wall time wall and the run's instant now.
func (p *pacer) start(wall time.Time, now time.Duration) {
	p.paused = false
	p.last, p.clock, p.carry = wall, now, 0
}

// maxFrameWall is the most wall time one frame (at the default rate) may account for, so a late
// frame (a busy machine, a suspended terminal) does not ask for a burst of simulation.
const maxFrameWall = 2 * frameEvery

// target is the instant a frame that ended at wall time at asks for, the run being at now.
func (p *pacer) target(at time.Time, now time.Duration) time.Duration {
	el := at.Sub(p.last)
	p.last = at
	el = min(max(el, 0), 2*p.every())
	ns := float64(el)*p.speed + p.carry
	d := time.Duration(ns) / time.Millisecond * time.Millisecond
	p.carry = ns - float64(d)
	p.clock = max(p.clock, now) + d
	return p.clock
}

// frameWork is the wall time one frame may spend simulating. A world too dense for the speed
// asked (fast clocks, 1ms ticks, 100x) runs slower than asked rather than freezing the screen.
const frameWork = 25 * time.Millisecond

// play runs r up to target, or to where it stops before (a script pause or end, a divergence),
// in slices (sliced is the same run), giving up at the frame's wall budget: then the clock
// follows the run. It returns where r stopped.
func (p *pacer) play(r runner, target time.Duration) scenarios.Stop {
	var deadline time.Time
	if p.wall != nil {
		deadline = p.wall().Add(frameWork)
	}
	if p.slice == 0 {
		p.slice = 10 * time.Millisecond
	}
	for {
		n := r.Events()
		st := r.RunTo(min(target, cluster.AddTime(r.Now(), p.slice)))
		switch n = r.Events() - n; {
		case n < 1024:
			p.slice = min(time.Minute, p.slice*2)
		case n > 16384:
			p.slice = max(time.Millisecond, p.slice/2)
		}
		if st != scenarios.StopTime || r.Now() >= target {
			return st
		}
		if p.wall != nil && p.wall().After(deadline) {
			p.clock = r.Now()
			return st
		}
	}
}

// mover is a long move in time run in slices: a scenarios.Job (a seek, a prompt's wait) or a
// scenarios.CompareJob (a comparison's seek).
type mover interface {
	Run(more func() bool) bool
	Progress() (from, now, limit time.Duration)
}

const (
	jobWall   = 30 * time.Millisecond // wall time one message may spend on a job
	jobSlices = 64                    // slices per message at most (bounds it with a test's fake wall clock)
)

// job is a long move in progress.
type job struct {
	j    mover
	what string // what was asked, for the status line
	done func() // says how it went
	gen  int
}

// piece runs one bounded piece of a job: at most jobWall of wall time and jobSlices slices.
// True when the job is over.
func (p *pacer) piece(jb *job) bool {
	deadline, n := p.wall().Add(jobWall), 0
	return jb.j.Run(func() bool {
		n++
		return n <= jobSlices && !p.wall().After(deadline)
	})
}

// next asks for the job's next piece.
func (jb *job) next() tea.Cmd {
	gen := jb.gen
	return func() tea.Msg { return jobMsg{gen: gen} }
}

// progress is the status line while the job runs.
func (jb *job) progress() string {
	from, now, limit := jb.j.Progress()
	pct := 0.0
	if limit > from {
		pct = 100 * float64(now-from) / float64(limit-from)
	}
	return fmt.Sprintf("%s: %v of %v (%.0f%%) · esc stops it · q quits", jb.what, (now - from).Round(time.Second), (limit - from).Round(time.Second), pct)
}

// speeds is the log scale `<` and `>` move along (simulated seconds per wall second).
var speeds = []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100}

// nextSpeed is the speed one notch along the scale would give.
func (p *pacer) nextSpeed(dir int) float64 { return speedAfter(p.speed, dir) }

// speedStep moves one notch along the speed scale.
func (p *pacer) speedStep(dir int) { p.speed = speedAfter(p.speed, dir) }

// speedAfter is the speed one notch from cur (the nearest notch, for a speed between two).
func speedAfter(cur float64, dir int) float64 {
	i := 0
	for i < len(speeds) && speeds[i] < cur-1e-9 {
		i++
	}
	if dir > 0 {
		if i < len(speeds) && speeds[i] <= cur+1e-9 {
			i++
		}
	} else {
		i--
	}
	return speeds[min(max(i, 0), len(speeds)-1)]
}
