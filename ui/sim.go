package ui

import (
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/scenarios"
)

// frameEvery is the wall time between frames (a served session's may be longer: frameAt).
const frameEvery = time.Second / 30

// sim paces a scenarios.Playback against the wall clock (its pacer). The wall clock only
// decides how far each frame asks the playback to go; where it stops, and every rule of the
// script, is the playback's.
type sim struct {
	pacer
	p       *scenarios.Playback
	live    *cluster.World // the world the timeline is subscribed on (a rewind builds a new one)
	tl      *timeline
	dg      *diagram.Recorder // the messages, for the diagram view
	busy    bool              // a job (a long wait or seek) is moving time: frames wait
	ended   bool              // the script has run to its end (play mode)
	sandbox bool
}

func newSim(base *scenarios.Scenario, seed uint64, speed float64, sandbox bool) (*sim, error) {
	p, err := scenarios.NewPlayback(base, seed, nil)
	if err != nil {
		return nil, err
	}
	if speed <= 0 {
		speed = 1
	}
	s := &sim{pacer: pacer{speed: min(100, max(0.1, speed))}, p: p, tl: &timeline{conns: dropsConnection(base)}, sandbox: sandbox}
	s.attach()
	return s, nil
}

// dropsConnection says whether the script disconnects a client: then the timeline shows every
// leader's look at a client's connection as its Grant applies, up too (timeline.conns).
func dropsConnection(base *scenarios.Scenario) bool {
	for i := range base.Steps {
		if base.Steps[i].Kind == scenarios.StepDisconnect {
			return true
		}
	}
	return false
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
func (s *sim) resume(wall time.Time) { s.start(wall, s.p.Now()) }

// frame advances the world for one frame that ended at wall time `at`.
func (s *sim) frame(at time.Time) { s.run(s.target(at, s.p.Now())) }

// run plays up to target, or to a script pause or the script's end before it, within the
// frame's wall budget.
func (s *sim) run(target time.Duration) { s.settle(s.play(playRunner{s.p}, target)) }

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
