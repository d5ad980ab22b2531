package scenarios

import (
	"errors"
	"fmt"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/chunks"
)

// Playback is a scenario being played interactively: the script, plus the user's own actions at
// the instants they were taken. Because the world is deterministic, any instant can be rebuilt
// by replaying from the seed (time travel), and the whole session saved as a scenario.
//
// A caller drives it the way one drives raft's RawNode, through methods only: RunTo moves
// simulated time and says where it stopped, Do performs a step, Verdict judges without
// changing anything. The caller decides only how far to go (the TUI paces wall time against
// simulated time); every rule about when a step runs or a condition is judged lives here.
type Playback struct {
	base *Scenario
	seed uint64
	mod  func(*cluster.Config) // applied to every world built (e.g. recent-event buffer size)
	r    *Runner
	user []Executed  // the user's actions, in order; kept across rewinds until the user forks
	next int         // the first user action not yet applied to r
	pace *scriptPace // the script's own run, for a forked run's skipped wait-untils (lazily)

	cps     []checkpoint  // copies of r along the session, by time (checkpoint.go)
	cpEvery time.Duration // their spacing; 0: none kept
	cpTried time.Duration // when one was last due
	// cpMaxBytes is the biggest world copied (maxCheckpointBytes; tests lower it).
	cpMaxBytes int64
	cpTotal    int64 // what all checkpoints may hold (checkpointBytes; LimitCheckpoints)
}

// Stop says where a driver stopped: Playback.RunTo and NextEvent, Comparison.AdvanceTo.
type Stop int

const (
	StopTime    Stop = iota // reached the instant asked for
	StopEvent               // NextEvent: something happened at Now
	StopPause               // at a script `pause` step: Continue passes it
	StopEnd                 // the script ran its last step at Now; asking again runs the world on
	StopQuiet               // NextEvent: nothing happens before the limit; time did not move
	StopDiverge             // Comparison: the first divergence happened at the instant reached
)

var stopNames = [...]string{"time", "event", "pause", "end", "quiet", "diverge"}

func (s Stop) String() string {
	if int(s) < len(stopNames) {
		return stopNames[s]
	}
	return fmt.Sprintf("Stop(%d)", int(s))
}

// NewPlayback starts a scenario at time zero with the given seed.
func NewPlayback(base *Scenario, seed uint64, mod func(*cluster.Config)) (*Playback, error) {
	p := &Playback{base: base, seed: seed, mod: mod, cpEvery: firstCheckpoint, cpMaxBytes: maxCheckpointBytes, cpTotal: checkpointBytes}
	return p, p.rebuild()
}

func (p *Playback) rebuild() error {
	r, err := NewRunner(p.base, &p.seed, p.mod)
	if err != nil {
		return err
	}
	r.scriptTook = p.scriptTook
	p.r, p.next = r, 0
	return nil
}

// scriptPace is the script played on its own with the playback's seed, no user in it, only as
// far as a forked run has asked: how long each of its wait-until steps took. It depends on
// nothing the user does, so it survives rewinds.
type scriptPace struct {
	r    *Runner
	took map[int]time.Duration // by step index
}

// paceEvents bounds the script's own run: a long script forked late would otherwise replay
// everything before the fork in one go, at a keystroke. A wait-until that ended past it paces
// a forked run only by its own limit. The bound counts events, never wall time, and a step
// counts only if it ended within it, so the answer never depends on what was asked before.
var paceEvents uint64 = 1_000_000

// scriptTook is how long the wait-until at step pc took in the script's own run.
func (p *Playback) scriptTook(pc int) (time.Duration, bool) {
	if p.pace == nil {
		r, err := NewRunner(p.base, &p.seed, p.mod)
		if err != nil {
			return 0, false
		}
		s := &scriptPace{r: r, took: map[int]time.Duration{}}
		r.NoLog = true
		r.waited = func(pc int, took time.Duration) {
			if r.world.Events() <= paceEvents {
				s.took[pc] = took
			}
		}
		p.pace = s
	}
	s := p.pace
	for {
		if took, ok := s.took[pc]; ok {
			return took, true
		}
		if s.r.Done() || s.r.pc > pc || s.r.world.Events() > paceEvents {
			return 0, false
		}
		t := cluster.AddTime(s.r.world.Now(), time.Second) // a slice: the bound is looked at between
		if dl, in := s.r.deadline(); in {
			t = min(t, dl)
		}
		if s.r.AdvanceTo(t) == AtPause {
			s.r.Continue()
		}
	}
}

// World is the world as of now, for reading (views, subscriptions). A rewind builds a new one,
// so callers ask again rather than keep it. Change it only through Do.
func (p *Playback) World() *cluster.World { return p.r.world }

// Now is the simulated time.
func (p *Playback) Now() time.Duration { return p.r.world.Now() }

// Seed is the seed every rebuild uses.
func (p *Playback) Seed() uint64 { return p.seed }

// PC is the index of the script's next step; Ended says every step has run.
func (p *Playback) PC() int       { return p.r.pc }
func (p *Playback) Ended() bool   { return p.r.Done() }
func (p *Playback) AtPause() bool { return p.r.atPause && !p.r.Done() }

// Log is every instantaneous step that ran so far (script and user), in order. Read only.
func (p *Playback) Log() *chunks.List[Executed] { return &p.r.Log }

// lastLogged is when the last step logged was over (a saved session measures waits from it).
func (p *Playback) lastLogged() time.Duration { return p.r.lastLogged() }

// AlignMs plays on, less than a millisecond, to the next instant a whole number of
// milliseconds after the last logged step (unless already there, or at a script pause, whose
// instant is the script's), so that a step taken or a session saved now is preceded, in the
// saved file, by a wait of whole milliseconds: `wait 38.141s`, not `wait 38.14064366s`.
func (p *Playback) AlignMs() {
	for !p.AtPause() {
		r := (p.Now() - p.lastLogged()) % time.Millisecond
		if r == 0 {
			return
		}
		// A script step logged on the way moves the grid: measure again from it.
		p.RunTo(p.Now() - r + time.Millisecond)
	}
}

// Waiting is the end of the plain `wait` step in progress, if one is (not a wait-until: its
// end depends on the run). A saved session writes the user's idle time as such waits.
func (p *Playback) Waiting() (end time.Duration, ok bool) {
	st := p.r.Current()
	if st == nil || st.Kind != StepWait || p.r.atPause {
		return 0, false
	}
	return p.r.deadline()
}

// Continue passes a script `pause`.
func (p *Playback) Continue() { p.r.Continue() }

// Forked says whether the user acted before the script ended, and when (see Runner.Forked).
func (p *Playback) Forked() (time.Duration, bool) { return p.r.ForkedAt, p.r.Forked }

// Ahead is how many recorded user actions lie after now (after a rewind).
func (p *Playback) Ahead() int { return len(p.user) - p.next }

// UserActions is how many actions the user has recorded (including ones ahead after a rewind).
func (p *Playback) UserActions() int { return len(p.user) }

// Idle says nothing can happen by itself: nothing queued in the world, no script step left and
// no recorded action ahead. Time passing would change nothing.
func (p *Playback) Idle() bool {
	_, queued := p.r.world.NextAt()
	return !queued && p.r.Done() && p.Ahead() == 0
}

// RunTo plays the script, the recorded user actions and the world up to simulated time t. It
// stops early at a script `pause` (Continue passes it) and at the instant the script ends
// (StopEnd, reported once; asking again runs the world on). A run cut into any slices is the
// same run as one call: a wait-until is judged after events and at its limit, never where a
// caller happens to stop.
func (p *Playback) RunTo(t time.Duration) Stop {
	// Stopping on the way to keep a checkpoint is one more slice of the same run.
	for due := p.checkpointDue(); due < t; due = p.checkpointDue() {
		if st := p.runTo(due); st != StopTime {
			return st
		}
		p.checkpoint()
	}
	return p.runTo(t)
}

func (p *Playback) runTo(t time.Duration) Stop {
	for p.next < len(p.user) && p.user[p.next].At <= t {
		u := p.user[p.next]
		if st := p.script(u.At); st != StopTime && p.Now() < u.At {
			return st
		}
		if p.AtPause() {
			return StopPause
		}
		if err := p.r.Do(u.Step); err != nil {
			// It was accepted when recorded, and a replay repeats the run event for event: a
			// refusal now means the run is not deterministic. The verdict says so.
			p.r.fail(&u.Step, "the replayed action to be accepted as when it was recorded (a replay repeats the run)", err.Error())
		}
		p.next++
	}
	return p.script(t)
}

// script runs the script (then the bare world) to t.
func (p *Playback) script(t time.Duration) Stop {
	if p.r.Done() {
		p.r.world.AdvanceTo(t)
		return StopTime
	}
	switch p.r.AdvanceTo(t) {
	case AtPause:
		return StopPause
	case Finished:
		return StopEnd
	}
	return StopTime
}

// NextEvent runs on to the next instant where something shows (an event: a tick alone shows
// nothing), every event of that instant included. It stops at a script pause or end on the
// way, and gives up, without moving, when nothing would happen before limit.
func (p *Playback) NextEvent(limit time.Duration) Stop {
	w := p.r.world
	n := w.Events()
	for w.Events() == n {
		if p.AtPause() {
			return StopPause
		}
		at, ok := p.nextInstant()
		if !ok || at > limit {
			return StopQuiet
		}
		if st := p.RunTo(at); st != StopTime {
			return st
		}
	}
	return StopEvent
}

// nextInstant is the next time anything is due: a queued happening, the end of the script's
// wait in progress, or a recorded user action.
func (p *Playback) nextInstant() (time.Duration, bool) {
	at, ok := p.r.world.NextAt()
	if dl, in := p.r.deadline(); in && (!ok || dl < at) {
		at, ok = dl, true
	}
	if p.next < len(p.user) && (!ok || p.user[p.next].At < at) {
		at, ok = p.user[p.next].At, true
	}
	return at, ok
}

// Do performs a user action now. The world may refuse it (crash a node already down, transfer
// leadership with no leader...): then nothing is recorded or changed and the refusal is
// returned. An accepted action after a rewind forks history: the later recorded actions are
// dropped, and dropped says how many.
func (p *Playback) Do(st Step) (dropped int, err error) {
	if !st.Kind.IsAction() {
		return 0, fmt.Errorf("%s is not an action", FormatStep(st))
	}
	st.Pos = Pos{}
	// A user acts a whole number of milliseconds after the step logged before.
	p.AlignMs()
	if err := p.r.Do(st); err != nil {
		return 0, err
	}
	dropped = p.Ahead()
	p.dropCheckpointsFrom(p.Now()) // history is different from here on
	p.user = append(p.user[:p.next], Executed{At: p.Now(), Step: st, User: true})
	p.next++
	return dropped, nil
}

// Outcome is what a step done at the prompt came to.
type Outcome struct {
	From, To time.Duration // simulated time before and after
	Held     bool          // expect, wait-until: the condition held (at To)
	Found    string        // when it did not: what was there instead
	Dropped  int           // an action after a rewind: later recorded actions it dropped
}

// ErrScriptOnly refuses steps that only make sense in a file.
var ErrScriptOnly = errors.New("say, ask and pause belong in scenario files")

// Exec performs any one step as the user, now: an action through Do; `wait D` plays on D;
// `wait-until C` plays on until C holds or its time runs out (judged as a script judges it:
// now, after every event, and at the limit); `expect C` is judged now without changing the run.
// Script pauses on the way are passed. Only actions are recorded: waiting and asking leave the
// session as it was.
func (p *Playback) Exec(st Step) (Outcome, error) {
	o := Outcome{From: p.Now()}
	var err error
	switch st.Kind {
	case StepWait, StepWaitUntil:
		j, err := p.StartJob(st)
		if err != nil {
			return o, err
		}
		j.Run(nil)
		return j.Outcome(), nil
	case StepExpect:
		o.Held, o.Found = p.r.Check(st.Cond)
	case StepSay, StepPause, StepAsk:
		err = ErrScriptOnly
	default:
		o.Dropped, err = p.Do(st)
	}
	o.To = p.Now()
	return o, err
}

// ParseStep reads one line of the scenario language as a step of this run (its node count,
// its clients), for a prompt. Errors give the column: "col 7: ...".
func (p *Playback) ParseStep(line string) (Step, error) {
	return parseStepIn(line, p.base.Header, p.World().Nodes())
}

// Verdict is the script's outcome as `leaselab run` would report it, computed without
// touching the world.
func (p *Playback) Verdict() Verdict { return p.r.Verdict() }

// SeekTo rebuilds the world at instant t: forward by playing on, backward by replaying from the
// latest checkpoint before t, or from the seed (keeping the user's actions); forward from the
// latest checkpoint kept ahead, if any. Script pauses and the script's end on the way are passed.
func (p *Playback) SeekTo(t time.Duration) error {
	if t < p.Now() {
		if err := p.rewind(t); err != nil {
			return err
		}
	} else {
		p.skipAhead(t)
	}
	p.passTo(t)
	return nil
}

// Session returns everything that ran so far as a scenario: the header (with this seed), then
// every step at the instant it ran, with waits between, ending at now. A script's wait-until
// judged to its end is written as the script wrote it, at the instant it began, and the next
// wait counts from its end: a lesson's session reads like the lesson. Playing it reproduces
// this session event for event.
func (p *Playback) Session(name string) *Scenario {
	h := p.base.Header
	h.Seed = p.seed
	set := map[string]bool{}
	for k, v := range h.Set {
		set[k] = v
	}
	set["seed"], set["title"] = true, true
	h.Set = set
	if p.base.Name != "" && h.Title == p.base.Name {
		h.Title = "session"
	}
	h.Title = fmt.Sprintf("%s (saved session)", h.Title)
	s := &Scenario{File: name, Name: scenarioName(name), Header: h}
	at := time.Duration(0)
	for _, e := range p.r.Log.All() {
		if e.At > at {
			s.Steps = append(s.Steps, Step{Kind: StepWait, Dur: e.At - at})
		}
		st := e.Step
		st.Pos = Pos{}
		s.Steps = append(s.Steps, st)
		at = max(at, e.At, e.End) // a wait-until: the next wait counts from its end
	}
	if now := p.Now(); now > at {
		s.Steps = append(s.Steps, Step{Kind: StepWait, Dur: now - at})
	}
	return s
}
