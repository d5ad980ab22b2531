package ui

import (
	"time"

	"leaselab/scenarios"
)

// speeds is the log scale `<` and `>` move along (simulated seconds per wall second).
var speeds = []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100}

const (
	frameEvery = time.Second / 30
	// maxFrameWall caps the wall time one frame may account for, so a late frame (a busy
	// machine, a suspended terminal) does not ask for a burst of simulation: bounded work.
	maxFrameWall = 2 * frameEvery
)

// sim drives a scenarios.Playback frame by frame. The wall clock only decides how far each
// frame advances (speed x elapsed, rounded to whole milliseconds); everything else is the
// world's own simulated time.
type sim struct {
	p       *scenarios.Playback
	runner  *scenarios.Runner // the runner the timeline is subscribed on
	tl      *timeline
	speed   float64
	paused  bool // by the user
	atPause bool // stopped at a script `pause`
	ended   bool // the script has run to its end (play mode)
	idle    bool // nothing is queued and no script or recorded action is left: nothing moves
	sandbox bool
	clock   time.Duration // where frames have got to; the world follows
	carry   float64       // sub-millisecond rest of the frame time, in ns
	last    time.Time     // wall time of the previous frame
}

func newSim(base *scenarios.Scenario, seed uint64, speed float64, sandbox bool) (*sim, error) {
	p, err := scenarios.NewPlayback(base, seed, nil)
	if err != nil {
		return nil, err
	}
	if speed <= 0 {
		speed = 1
	}
	s := &sim{p: p, tl: &timeline{}, speed: min(100, max(0.1, speed)), sandbox: sandbox}
	s.attach()
	return s, nil
}

// attach follows the playback's current runner (a rewind builds a new one).
func (s *sim) attach() {
	if s.runner == s.p.R {
		return
	}
	s.runner = s.p.R
	s.tl.attach(s.p.World())
}

// moving says whether frames should tick: nothing runs while paused, so no CPU is used.
func (s *sim) moving() bool { return !s.paused && !s.atPause && !s.idle }

// resume starts frames from now (wall) and the world's instant (simulated).
func (s *sim) resume(wall time.Time) {
	s.paused = false
	s.last, s.clock, s.carry = wall, s.p.Now(), 0
}

// frame advances the world for one frame that ended at wall time `at`.
func (s *sim) frame(at time.Time) {
	el := at.Sub(s.last)
	s.last = at
	el = min(max(el, 0), maxFrameWall)
	ns := float64(el)*s.speed + s.carry
	d := time.Duration(ns) / time.Millisecond * time.Millisecond
	s.carry = ns - float64(d)
	s.clock = max(s.clock, s.p.Now()) + d
	s.run(s.clock)
}

// run plays up to target. While the script runs, the world only ever stops at event instants
// and at the end of the wait in progress: a `wait-until` is then judged at exactly the instants
// a headless run judges it, so the TUI run is the headless run, event for event (see
// upstream_test.go). When the script ends, the world stops there too.
func (s *sim) run(target time.Duration) {
	p := s.p
	scripted := !p.R.Done()
	for !p.R.Done() {
		at, ok := p.World().NextAt()
		if dl, in := p.R.Deadline(); in && (!ok || dl < at) {
			at, ok = dl, true
		}
		if !ok {
			break // nothing queued and no wait to end: no instant to stop at
		}
		if at > target {
			s.settle(scenarios.Running)
			return
		}
		if st := p.AdvanceTo(at); st == scenarios.AtPause {
			s.settle(st)
			return
		}
	}
	if scripted && p.R.Done() {
		s.settle(scenarios.Finished)
		return
	}
	s.settle(p.AdvanceTo(target))
}

// settle records where the playback stopped.
func (s *sim) settle(st scenarios.Status) {
	s.attach()
	if st == scenarios.AtPause {
		s.atPause = true
		s.clock = s.p.Now()
	}
	if !s.sandbox && !s.ended && s.p.R.Done() {
		s.ended, s.paused = true, true
		s.clock = s.p.Now()
	}
	_, queued := s.p.World().NextAt()
	s.idle = !queued && s.p.R.Done() && s.ahead() == 0
}

// continueScript passes a script `pause`.
func (s *sim) continueScript(wall time.Time) {
	if !s.atPause {
		return
	}
	s.p.R.Continue()
	s.atPause = false
	s.resume(wall)
}

// seek moves to simulated instant t: backward by replaying from the seed (the playback keeps
// the user's actions), forward by playing on. Script pauses on the way are passed.
func (s *sim) seek(t time.Duration) error {
	t = max(t, 0)
	if t < s.p.Now() {
		// An instant where an event happened, so a wait-until in progress is judged as live.
		t = s.tl.instantAtOrBefore(t)
		if err := s.p.SeekTo(t); err != nil {
			return err
		}
	} else {
		for {
			s.atPause = false
			s.run(t)
			if !s.atPause {
				break
			}
			s.p.R.Continue()
		}
	}
	s.atPause = false
	s.attach()
	s.ended = !s.sandbox && s.p.R.Done()
	s.clock, s.carry = s.p.Now(), 0
	return nil
}

// stepEvent runs queued happenings until one makes an event (a tick alone shows nothing), all
// of those due at that instant included; it gives up after a simulated second.
func (s *sim) stepEvent() bool {
	w := s.p.World()
	n, limit := w.Events(), s.p.Now()+time.Second
	for w.Events() == n && !s.atPause {
		at, ok := w.NextAt()
		if !ok || at > limit {
			return false
		}
		s.settle(s.p.AdvanceTo(at))
		w = s.p.World()
	}
	s.clock = s.p.Now()
	return true
}

// do performs a user action now; it returns how many later actions a rewind had kept and this
// action dropped (acting after a rewind forks history).
func (s *sim) do(st scenarios.Step) (dropped int, err error) {
	dropped = s.ahead()
	err = s.p.Do(st)
	s.attach()
	return dropped, err
}

// ahead is how many recorded user actions lie after now (after a rewind).
func (s *sim) ahead() int {
	done := 0
	for _, e := range s.p.R.Log {
		if e.User {
			done++
		}
	}
	return s.p.UserActions() - done
}

// speedStep moves one notch along the speed scale.
func (s *sim) speedStep(dir int) {
	i := 0
	for i < len(speeds) && speeds[i] < s.speed-1e-9 {
		i++
	}
	if dir > 0 {
		if i < len(speeds) && speeds[i] <= s.speed+1e-9 {
			i++
		}
	} else {
		i--
	}
	s.speed = speeds[min(max(i, 0), len(speeds)-1)]
}
