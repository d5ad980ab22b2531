package ui

import (
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
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

// sim paces a scenarios.Playback against the wall clock. The wall clock only decides how far
// each frame asks the playback to go (speed x elapsed, rounded to whole milliseconds); where it
// stops, and every rule of the script, is the playback's.
type sim struct {
	p       *scenarios.Playback
	live    *cluster.World // the world the timeline is subscribed on (a rewind builds a new one)
	tl      *timeline
	dg      *diagram.Recorder // the messages, for the diagram view
	speed   float64
	paused  bool // by the user, or at the script's end
	busy    bool // a job (a long wait or seek) is moving time: frames wait
	ended   bool // the script has run to its end (play mode)
	sandbox bool
	clock   time.Duration    // where frames have got to; the world follows
	carry   float64          // sub-millisecond rest of the frame time, in ns
	last    time.Time        // wall time of the previous frame
	wall    func() time.Time // bounds a frame's work (nil: no bound)
	slice   time.Duration    // simulated time per slice of a frame, adapted to the world's density
	frameAt time.Duration    // wall time between frames (0: frameEvery)
}

// every is the wall time between frames.
func (s *sim) every() time.Duration {
	if s.frameAt > 0 {
		return s.frameAt
	}
	return frameEvery
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

// attach follows the playback's current world.
func (s *sim) attach() {
	if w := s.p.World(); w != s.live {
		s.live = w
		s.tl.attach(w)
		s.dg = attachDiagram(s.dg, w)
	}
}

// diagramRows is how many diagram rows the TUI keeps (the ring holds up to twice as many).
const diagramRows = 3000

// attachDiagram follows a (new) world: a rewound world replays the same events, so the
// recorder keeps what came before the rewind point; a different history starts it afresh
// from the world's recent events.
func attachDiagram(r *diagram.Recorder, w *cluster.World) *diagram.Recorder {
	n := w.Events()
	recent := w.RecentEvents(512)
	if r != nil {
		r.Truncate(n)
	}
	if r == nil || len(recent) > 0 && !r.AgreesWith(recent) || len(recent) == 0 && r.Last() > 0 {
		r = diagram.New(w.Config().Nodes, diagramRows)
		for i := range recent {
			r.Add(&recent[i])
		}
	}
	w.Subscribe(r.Add)
	return r
}

// atPause says the script stopped at a `pause` step.
func (s *sim) atPause() bool { return s.p.AtPause() }

// moving says whether frames should tick: nothing runs while paused, at a script pause, or
// when nothing can happen, so no CPU is used.
func (s *sim) moving() bool { return !s.paused && !s.busy && !s.p.AtPause() && !s.p.Idle() }

// hold stops frames while a job (a long wait or seek) moves time, and lets them go after.
func (s *sim) hold(busy bool) { s.busy = busy }

// pause stops frames.
func (s *sim) pause() { s.paused = true }

// resume starts frames from now (wall) and the world's instant (simulated).
func (s *sim) resume(wall time.Time) {
	s.paused = false
	s.last, s.clock, s.carry = wall, s.p.Now(), 0
}

// frame advances the world for one frame that ended at wall time `at`.
func (s *sim) frame(at time.Time) {
	el := at.Sub(s.last)
	s.last = at
	el = min(max(el, 0), 2*s.every())
	ns := float64(el)*s.speed + s.carry
	d := time.Duration(ns) / time.Millisecond * time.Millisecond
	s.carry = ns - float64(d)
	s.clock = max(s.clock, s.p.Now()) + d
	s.run(s.clock)
}

// frameWork is the wall time one frame may spend simulating. A world too dense for the speed
// asked (fast clocks, 1ms ticks, 100x) runs slower than asked rather than freezing the screen.
const frameWork = 25 * time.Millisecond

// run plays up to target, or to a script pause or the script's end before it, in slices (sliced
// is the same run), giving up at the frame's wall budget: then the clock follows the world.
func (s *sim) run(target time.Duration) {
	var deadline time.Time
	if s.wall != nil {
		deadline = s.wall().Add(frameWork)
	}
	if s.slice == 0 {
		s.slice = 10 * time.Millisecond
	}
	for {
		n := s.p.World().Events()
		st := s.p.RunTo(min(target, cluster.AddTime(s.p.Now(), s.slice)))
		switch n = s.p.World().Events() - n; {
		case n < 1024:
			s.slice = min(time.Minute, s.slice*2)
		case n > 16384:
			s.slice = max(time.Millisecond, s.slice/2)
		}
		if st != scenarios.StopTime || s.p.Now() >= target {
			s.settle(st)
			return
		}
		if s.wall != nil && s.wall().After(deadline) {
			s.settle(st)
			s.clock = s.p.Now()
			return
		}
	}
}

// settle takes in where the playback stopped: frames wait at a script pause, and the script's
// end pauses the room so its verdict can be read.
func (s *sim) settle(st scenarios.Stop) {
	s.attach()
	if st == scenarios.StopPause {
		s.clock = s.p.Now()
	}
	s.noteEnd()
}

// noteEnd pauses once when the script has just ended (play mode), or forgets the end after a
// rewind before it.
func (s *sim) noteEnd() {
	ended := !s.sandbox && s.p.Ended()
	if ended && !s.ended {
		s.paused = true
		s.clock = s.p.Now()
	}
	s.ended = ended
}

// continueScript passes a script `pause`.
func (s *sim) continueScript(wall time.Time) {
	if !s.p.AtPause() {
		return
	}
	s.p.Continue()
	s.resume(wall)
}

// seekJob starts a move to simulated instant t: backward by replaying from a checkpoint (the
// playback keeps the user's actions), forward by playing on. Going back, script pauses on the
// way are passed; going forward with stop, the move ends at the first script pause or ask on
// the way (its narration is not skipped) and at the script's end. The model runs the job a
// piece per message.
func (s *sim) seekJob(t time.Duration, stop bool) (*scenarios.Job, error) {
	t = max(t, 0)
	forward := t >= s.p.Now()
	if !forward {
		// An instant where an event happened, so a wait-until in progress is judged as live
		// and a saved session replays the same (the model says where it landed).
		t = s.tl.instantAtOrBefore(t)
	}
	j, err := s.p.SeekJob(t)
	if j != nil {
		j.Stops = stop && forward
	}
	s.moved()
	return j, err
}

// seek moves to t in one go, passing script pauses (tests and benchmarks; the model runs
// seekJob a piece per message).
func (s *sim) seek(t time.Duration) error {
	j, err := s.seekJob(t, false)
	if err != nil {
		return err
	}
	j.Run(nil)
	s.moved()
	return nil
}

// moved takes in a jump in time (a seek, a wait typed at the prompt).
func (s *sim) moved() {
	s.attach()
	s.noteEnd()
	s.clock, s.carry = s.p.Now(), 0
}

// stepEvent runs on to the next instant something shows; false when nothing is due within a
// simulated second.
func (s *sim) stepEvent() bool {
	st := s.p.NextEvent(s.p.Now() + time.Second)
	if st == scenarios.StopQuiet {
		return false
	}
	s.settle(st)
	s.clock = s.p.Now()
	return true
}

// lockStepLimit is how far j looks ahead for a lock event before it gives up.
const lockStepLimit = time.Minute

// stepLock runs on, an instant with events at a time, to the first instant with a lock event
// (see lockEvent), at most until limit after now; it stops early at a script pause or end.
// It returns the first lock event of that instant.
func (s *sim) stepLock(limit time.Duration) (cluster.Event, bool) {
	end := cluster.AddTime(s.p.Now(), limit)
	for {
		seq := s.tl.lastSeq()
		st := s.p.NextEvent(end)
		if st == scenarios.StopQuiet {
			return cluster.Event{}, false
		}
		s.settle(st)
		s.clock = s.p.Now()
		for _, e := range s.tl.since(seq) {
			if lockEvent(&e) {
				return e, true
			}
		}
		if st != scenarios.StopEvent {
			return cluster.Event{}, false // a script pause or its end
		}
	}
}

// lockEvent says whether e is a moment of the lock itself rather than of raft's upkeep.
func lockEvent(e *cluster.Event) bool {
	switch e.Kind {
	case cluster.EvProposed, cluster.EvApplied:
		return e.Cmd.Key != ""
	case cluster.EvClientReply, cluster.EvCountdownZero, cluster.EvLocalExpiry, cluster.EvWrite:
		return true
	}
	return false
}

// do performs a user action now; it returns how many later actions a rewind had kept and this
// action dropped (acting after a rewind forks history).
func (s *sim) do(st scenarios.Step) (dropped int, err error) {
	dropped, err = s.p.Do(st)
	s.attach()
	return dropped, err
}

// exec performs a step typed at the prompt (it may move time).
func (s *sim) exec(st scenarios.Step) (scenarios.Outcome, error) {
	o, err := s.p.Exec(st)
	s.moved()
	return o, err
}

// ahead is how many recorded user actions lie after now (after a rewind).
func (s *sim) ahead() int { return s.p.Ahead() }

// nextSpeed is the speed one notch along the scale would give.
func (s *sim) nextSpeed(dir int) float64 { return speedAfter(s.speed, dir) }

// speedStep moves one notch along the speed scale.
func (s *sim) speedStep(dir int) { s.speed = speedAfter(s.speed, dir) }

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
