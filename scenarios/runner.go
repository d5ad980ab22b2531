package scenarios

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/cluster/chunks"
)

// Failure is one step that did not hold: an expect that was false, a wait-until that timed out,
// or an action the world refused.
type Failure struct {
	Pos      Pos
	Step     string // the step as written (formatted)
	Expected string
	Found    string
	At       time.Duration // when it failed (the web page marks the instant)
	// Late, for a comparison's paced wait-until, is how much later its condition held after
	// all (within lateWindow): the story's run got there a few ms sooner, a matter of timing
	// (an election's jitter), not of what the two runs differ by. 0 otherwise.
	Late time.Duration
	wait *Cond // a failed wait-until's condition, for Late
}

func (f Failure) String() string {
	return fmt.Sprintf("%s:%d: expected %s, found %s", f.Pos.File, f.Pos.Line, f.Expected, f.Found)
}

// Status is where a runner stopped.
type Status int

const (
	Running  Status = iota // reached the requested instant, script not finished
	AtPause                // stopped at a `pause` step: call Continue
	Finished               // every step has run
)

// Runner plays a scenario on a world, step by step. Headless use calls Run; an interactive
// caller drives a Playback, which owns a Runner.
type Runner struct {
	scenario *Scenario
	world    *cluster.World
	Failures []Failure
	Expects  int // expect steps run
	failedX  int // expect steps that did not hold
	// Waits is the wait-until steps judged to their end (held or not): with the expects they
	// are the story's checks an end line counts, alike in play and in both halves of a compare.
	Waits int
	// Forked is set when the user acted before the script ended (Do): from then on the story is
	// the user's, so the script's remaining checks are skipped (counted in Skipped, never failed)
	// and not logged, and a saved session replays without them. A headless run never forks.
	Forked   bool
	ForkedAt time.Duration
	Skipped  int // expect and wait-until steps skipped after the fork
	// Log is every instantaneous step that ran (the script's and the user's) and every script
	// wait-until judged to its end, in order, with the instant each began (and a wait-until's
	// end): a session saved from it replays exactly. A plain wait is not logged: a saved
	// session measures the time between the steps it logs.
	Log   chunks.List[Executed]
	NoLog bool // keep no Log of the script's steps (a headless run that never saves a session)
	OnSay func(text string, at time.Duration)
	OnAsk func(st *Step, at time.Duration)
	// OnNarrate sees every say, pause and ask as it runs (the web page's narration, which must
	// not need the Log a long headless run does without).
	OnNarrate func(st *Step, at time.Duration)

	// Limits of a headless Run (zero: none). A run that reaches one stops and fails, naming it.
	Budget    time.Duration // simulated time the run may reach
	MaxEvents uint64        // events the world may emit
	Interrupt func() bool   // polled between slices of the run: true stops it (a wall-clock timeout)
	Stopped   string        // the limit that stopped the run, if one did
	// LinTimeout is porcupine's budget for each linearizability check (0: 10s; negative: none,
	// so every check is undecided).
	LinTimeout time.Duration

	pc        int           // next step
	inStep    bool          // steps[pc] is a wait or wait-until in progress
	fresh     bool          // an event happened since the wait-until's condition was last judged
	until     time.Duration // its end (wait) or deadline (wait-until)
	started   time.Duration // when the wait or wait-until in progress began
	coast     bool          // the skipped wait-until in progress is over once until comes
	atPause   bool
	expected  map[cluster.ViolationKind]bool // violation kinds some step expected to see
	finalized bool

	// scriptTook, when set, says how long the script's wait-until at a step index took in the
	// script's own run (no user in it, same seed): a skipped wait-until waits no longer.
	scriptTook func(pc int) (time.Duration, bool)
	waited     func(pc int, took time.Duration) // told when a judged wait-until ends
	// follow, when set, paces this run by another run of the same steps (a comparison's
	// story side): a wait-until here ends at the instant the other run's did (end, once it
	// has), so both take every step at the same instant. Its condition is still judged here,
	// at every event of the wait: held at some instant, or a failure naming the instant.
	follow     func(pc int) (end time.Duration, ok bool)
	followHeld bool // the followed wait-until's condition has held at some instant
}

// ConfigFor turns a scenario header into the world's settings; seed overrides the file's.
func ConfigFor(h Header, seed *uint64) (cluster.Config, error) {
	c := h.Config
	c.Unsafe = cluster.Unsafe{}
	for _, u := range h.Unsafe {
		if err := c.Unsafe.SetByName(u); err != nil {
			return c, err
		}
	}
	if seed != nil {
		c.Seed = *seed
	}
	return c, c.Validate()
}

// NewRunner builds the world a scenario describes. mod, if given, adjusts the config (verbose
// message descriptions, for instance) before the world is built.
func NewRunner(s *Scenario, seed *uint64, mod func(*cluster.Config)) (*Runner, error) {
	cfg, err := ConfigFor(s.Header, seed)
	if err != nil {
		return nil, err
	}
	if mod != nil {
		mod(&cfg)
	}
	w, err := NewWorld(cfg)
	if err != nil {
		return nil, err
	}
	return &Runner{scenario: s, world: w, expected: map[cluster.ViolationKind]bool{}}, nil
}

// World is the world the script runs on.
func (r *Runner) World() *cluster.World { return r.world }

// Done says whether every step has run.
func (r *Runner) Done() bool { return r.pc >= len(r.scenario.Steps) }

// PC is the index of the next step to run.
func (r *Runner) PC() int { return r.pc }

// Current is the step running or about to run (nil when done).
func (r *Runner) Current() *Step {
	if r.Done() {
		return nil
	}
	return &r.scenario.Steps[r.pc]
}

// Continue resumes after a `pause` step.
func (r *Runner) Continue() { r.atPause = false }

// Run plays the whole scenario headless (pauses are ignored) and finalizes it. With limits set
// it plays in slices of simulated time and stops, failing, at the first limit it reaches.
func (r *Runner) Run() {
	limited := r.Budget > 0 || r.MaxEvents > 0 || r.Interrupt != nil
	for !r.Done() {
		t := time.Duration(math.MaxInt64)
		if limited {
			t = cluster.AddTime(r.world.Now(), runSlice)
		}
		if r.Budget > 0 {
			t = min(t, r.Budget)
		}
		switch r.AdvanceTo(t) {
		case AtPause:
			r.Continue()
			continue
		case Finished:
			continue
		}
		if why := r.overLimit(); why != "" {
			r.stop(why)
		}
	}
	r.Finalize()
}

// runSlice is how much simulated time a limited Run plays between looks at its limits: short
// enough that even the densest world the language allows checks them many times a second.
const runSlice = 10 * time.Millisecond

// overLimit names the limit the run has reached, or "".
func (r *Runner) overLimit() string {
	switch {
	case r.Budget > 0 && r.world.Now() >= r.Budget:
		return fmt.Sprintf("its simulated-time budget of %s (raise it with --budget)", shortDur(r.Budget))
	case r.MaxEvents > 0 && r.world.Events() >= r.MaxEvents:
		return fmt.Sprintf("its budget of %d events", r.MaxEvents)
	case r.Interrupt != nil && r.Interrupt():
		return "its wall-clock timeout (raise it with --timeout)"
	}
	return ""
}

// stop ends the run at the step in progress, failing it: the script did not finish.
func (r *Runner) stop(why string) {
	r.Stopped = why
	if st := r.Current(); st != nil {
		r.fail(st, "the scenario to finish within "+why, "still running at "+fmtTime(r.world.Now()))
	}
	r.pc, r.inStep, r.atPause = len(r.scenario.Steps), false, false
}

// AdvanceTo runs steps and the world until simulated time t, a `pause` step, or the end of the
// script, whichever comes first. After the end, the world stays where the last step left it.
func (r *Runner) AdvanceTo(t time.Duration) Status {
	for !r.Done() {
		if r.atPause {
			return AtPause
		}
		st := &r.scenario.Steps[r.pc]
		if !r.inStep {
			if r.begin(st) {
				r.pc++
				continue
			}
			r.inStep = true
		}
		if !r.progress(st, t) {
			return Running
		}
		r.inStep = false
		if st.Kind == StepWaitUntil && !r.Forked {
			r.Waits++
			// Judged to its end: a saved session writes it as the script did, so the replay
			// ends it at the same instant, between the same two events.
			now := r.world.Now()
			if !r.NoLog {
				r.Log.Append(Executed{At: r.started, End: now, Step: *st})
			}
			if r.waited != nil {
				r.waited(r.pc, now-r.started)
			}
		}
		r.pc++
	}
	return Finished
}

// Executed is one step that ran, and when.
type Executed struct {
	At   time.Duration
	End  time.Duration // when it was over: a wait-until's end (its condition held or its limit came), else At
	Step Step
	User bool // done at the keyboard, not by the script
}

// Do performs an action step now, outside the script (the TUI's keys). It is logged only when
// the world accepts it; a refused step changes nothing and returns the world's reason.
func (r *Runner) Do(st Step) error {
	if err := Apply(r.world, &st); err != nil {
		return err
	}
	now := r.world.Now()
	r.Log.Append(Executed{At: now, End: now, Step: st, User: true})
	if !r.Forked && !r.Done() {
		r.Forked, r.ForkedAt = true, now
		if st := r.Current(); r.inStep && st.Kind == StepWaitUntil {
			// The wait-until in progress is no longer judged, nor logged (a saved session
			// waits through it plainly).
			r.Skipped++
			r.capSkipped()
		}
	}
	return nil
}

// lastLogged is when the last logged step was over (the end of a wait-until); 0 if none.
func (r *Runner) lastLogged() time.Duration {
	if e := r.Log.Last(); e != nil {
		return e.End
	}
	return 0
}

// capSkipped bounds a skipped wait-until (the one in progress) by how long the same step took
// in the script's own run, rounded up to a whole millisecond after it began.
//
// After the user forks a lesson its wait-untils are no longer checks, but they still pace the
// script: a wait-until says "when the story has got here, do the next thing". So a skipped one
// still ends when its condition holds (the script's next action comes at the moment of the
// story it was written for, if the user's world gets there), but it never holds the story up
// longer than the lesson did: where the user's change means the condition never comes (a
// crashed leader), the script's remaining steps come when they came in the lesson, not at the
// step's full time limit. Ends fall on whole milliseconds after the step began, so a saved
// session's waits do too.
func (r *Runner) capSkipped() {
	if r.scriptTook == nil {
		return
	}
	if took, ok := r.scriptTook(r.pc); ok {
		r.until = min(r.until, max(r.world.Now(), cluster.AddTime(r.started, ceilMs(took))))
	}
}

// ceilMs rounds d up to a whole millisecond.
func ceilMs(d time.Duration) time.Duration {
	if rem := d % time.Millisecond; rem != 0 {
		return d - rem + time.Millisecond
	}
	return d
}

// deadline is when the wait in progress ends (for a wait-until, its time limit); ok is false
// when no wait or wait-until is in progress.
func (r *Runner) deadline() (at time.Duration, ok bool) {
	return r.until, r.inStep && !r.Done()
}

// begin starts a step; it returns true when the step is complete at once.
func (r *Runner) begin(st *Step) bool {
	w := r.world
	if r.Forked && (st.Kind == StepExpect || st.Kind == StepWaitUntil) {
		// The script's story no longer holds: its checks say nothing about this one. A
		// wait-until still paces the script's next steps, unjudged (see capSkipped).
		r.Skipped++
		if st.Kind == StepExpect {
			return true
		}
	}
	if st.Kind != StepWait && st.Kind != StepWaitUntil {
		if !r.NoLog {
			r.Log.Append(Executed{At: w.Now(), End: w.Now(), Step: *st})
		}
	}
	r.started, r.coast = w.Now(), false
	if r.OnNarrate != nil && (st.Kind == StepSay || st.Kind == StepPause || st.Kind == StepAsk) {
		r.OnNarrate(st, w.Now())
	}
	switch st.Kind {
	case StepWait:
		r.until = cluster.AddTime(w.Now(), st.Dur)
		return false
	case StepWaitUntil:
		r.noteViolations(st.Cond)
		r.until = cluster.AddTime(w.Now(), st.Dur)
		r.fresh, r.followHeld = true, false
		if r.Forked {
			r.capSkipped()
		}
		return false
	case StepExpect:
		r.Expects++
		r.noteViolations(st.Cond)
		if ok, found := r.Eval(st.Cond); !ok {
			r.failedX++
			r.fail(st, FormatCond(st.Cond), found)
		}
	case StepSay:
		if r.OnSay != nil {
			r.OnSay(st.Text, w.Now())
		}
	case StepPause:
		r.atPause = true
	case StepAsk:
		// The TUI waits here for the student's answer; a headless run goes straight on.
		r.atPause = true
		if r.OnAsk != nil {
			r.OnAsk(st, w.Now())
		}
	default:
		if err := Apply(w, st); err != nil {
			r.fail(st, "the step to run", err.Error())
		}
	}
	return true
}

// progress advances a wait or wait-until toward t; true when the step is over.
func (r *Runner) progress(st *Step, t time.Duration) bool {
	w := r.world
	if st.Kind == StepWait || r.coast {
		w.AdvanceTo(min(r.until, t))
		return w.Now() >= r.until
	}
	if r.follow != nil && !r.Forked {
		return r.progressFollowing(st, t)
	}
	// The condition is judged when the step begins, after every event, and at its time limit:
	// never at the instant a caller happens to stop, so slicing a run never changes it.
	limit := min(r.until, t)
	for {
		if r.fresh {
			r.fresh = false
			if ok, _ := r.Eval(st.Cond); ok {
				if !r.Forked {
					return true
				}
				// Skipped: over at the next whole millisecond after it began (capSkipped).
				r.coast = true
				r.until = min(r.until, cluster.AddTime(r.started, ceilMs(w.Now()-r.started)))
				return r.progress(st, t)
			}
		}
		at, ok := w.NextAt()
		if !ok || at > limit {
			break
		}
		w.Step()
		r.fresh = true
	}
	if r.until > t {
		w.AdvanceTo(t)
		return false
	}
	w.AdvanceTo(r.until)
	ok, found := r.Eval(st.Cond)
	if !ok && !r.Forked {
		r.fail(st, FormatCond(st.Cond)+" within "+st.Dur.String(), found)
	}
	return true
}

// progressFollowing advances a followed wait-until (see follow) toward t; true when the
// followed run's wait is over. In step with it, the condition holding ends the wait at the same
// event as there (identical worlds stay identical); else the wait ends at the followed run's
// end, having held at some instant of it or failing there.
func (r *Runner) progressFollowing(st *Step, t time.Duration) bool {
	w := r.world
	for {
		end, known := r.follow(r.pc)
		if r.fresh {
			r.fresh = false
			if ok, _ := r.Eval(st.Cond); ok {
				r.followHeld = true
				if known && w.Now() >= end {
					return true
				}
			}
		}
		limit := min(r.until, t)
		if known {
			limit = min(limit, end)
		}
		at, ok := w.NextAt()
		if !ok || at > limit {
			break
		}
		w.Step()
		r.fresh = true
	}
	end, known := r.follow(r.pc)
	if !known {
		end = r.until // the followed run waits as long at the most: the same step, begun at the same instant
	}
	if end > t {
		w.AdvanceTo(t)
		return false
	}
	w.AdvanceTo(end)
	if r.followHeld {
		return true
	}
	if ok, found := r.Eval(st.Cond); !ok {
		r.fail(st, fmt.Sprintf("%s by %s, where the story's run went on", FormatCond(st.Cond), fmtTime(end)), found)
		r.Failures[len(r.Failures)-1].wait = st.Cond
	}
	return true
}

func (r *Runner) fail(st *Step, expected, found string) {
	r.Failures = append(r.Failures, Failure{Pos: st.Pos, Step: FormatStep(*st), Expected: expected, Found: found, At: r.world.Now()})
}

func (r *Runner) noteViolations(c *Cond) {
	if c.Kind == CondViolations && !c.None && !c.Not {
		r.expected[c.Violation] = true
	}
}

// Finalize runs the end-of-run checks once: the linearizability check, and, in a scenario with
// no unsafe switch, any violation no step expected is a failure of its own.
func (r *Runner) Finalize() {
	if r.finalized {
		return
	}
	r.finalized = true
	lin := check.CheckHistory(r.world, r.linTimeout())
	r.Failures = append(r.Failures, r.unexpected(r.world.Violations())...)
	r.Failures = append(r.Failures, r.undecided(lin)...)
}

// linTimeout bounds the end-of-run linearizability check.
const linTimeout = 10 * time.Second

func (r *Runner) linTimeout() time.Duration {
	if r.LinTimeout != 0 {
		return r.LinTimeout
	}
	return linTimeout
}

// undecided fails a scenario with no unsafe switch whose history porcupine could not settle:
// a check that did not finish proves nothing, so it is never a pass.
func (r *Runner) undecided(lin porcupine.CheckResult) []Failure {
	if lin != porcupine.Unknown || len(r.scenario.Header.Unsafe) > 0 {
		return nil
	}
	end := Pos{File: r.scenario.File, Line: lastLine(r.scenario)}
	return []Failure{{Pos: end, Step: "(end of run)", Expected: "a linearizability verdict", Found: r.undecidedText()}}
}

func (r *Runner) undecidedText() string {
	return fmt.Sprintf("the linearizability check could not be decided (porcupine gave up after %v); undecided is not a pass", r.linTimeout())
}

// unexpected turns the violations no step expected into failures at the script's end (none in
// a scenario with an unsafe switch: there the violations are the point).
func (r *Runner) unexpected(vs []cluster.Violation) []Failure {
	if len(r.scenario.Header.Unsafe) > 0 {
		return nil
	}
	var out []Failure
	end := Pos{File: r.scenario.File, Line: lastLine(r.scenario)}
	for _, v := range vs {
		if !r.expected[v.Kind] {
			out = append(out, Failure{Pos: end, Step: "(end of run)", Expected: "no violations", Found: v.String()})
		}
	}
	return out
}

// Verdict is a run's outcome as `leaselab run` reports it.
type Verdict struct {
	Passed, Failed int  // expect steps that held, and that did not
	Waits          int  // wait-until steps judged to their end, held or not
	Skipped        int  // checks skipped because the user forked the story
	Forked         bool // the user acted before the script ended, at ForkedAt
	ForkedAt       time.Duration
	Failures       []Failure               // every failure: steps in order, then the end-of-run checks
	Violations     []cluster.ViolationKind // the kinds the checker found, in the order first found
	Hash           uint64                  // the trace hash when judged: a plain run to here ends the same
	End            time.Duration           // the instant judged
}

// OK says whether the run passed.
func (v Verdict) OK() bool { return len(v.Failures) == 0 }

// Expects is how many expect steps ran.
func (v Verdict) Expects() int { return v.Passed + v.Failed }

// Checks is how many of the story's checks were judged: its expects and its wait-untils. A
// failed wait-until is a failure like a failed expect, so an end line counting the expects
// alone ("17 checks held") beside one counting both ("11 of 29") read as a bug (nc34).
func (v Verdict) Checks() int { return v.Expects() + v.Waits }

// Verdict is what Finalize would conclude now, computed without touching the world: the
// linearizability check's finding is added to the list, not recorded as an event, so asking
// does not change the run.
func (r *Runner) Verdict() Verdict {
	w := r.world
	v := Verdict{Passed: r.Expects - r.failedX, Failed: r.failedX, Waits: r.Waits, Hash: w.TraceHash(), End: w.Now(),
		Skipped: r.Skipped, Forked: r.Forked, ForkedAt: r.ForkedAt}
	v.Failures = append(v.Failures, r.Failures...)
	vs := w.Violations()
	if !r.finalized {
		vs = check.PendingViolations(w, r.linTimeout())
		v.Failures = append(v.Failures, r.unexpected(vs)...)
		v.Failures = append(v.Failures, r.undecided(check.PendingHistory(w, r.linTimeout()))...)
	}
	for _, x := range vs {
		if !slices.Contains(v.Violations, x.Kind) {
			v.Violations = append(v.Violations, x.Kind)
		}
	}
	return v
}

func lastLine(s *Scenario) int {
	if len(s.Steps) == 0 {
		return 1
	}
	return s.Steps[len(s.Steps)-1].Pos.Line
}

// Passed says whether the run had no failures.
func (r *Runner) Passed() bool { return len(r.Failures) == 0 }

func errNotAction(k StepKind) error { return fmt.Errorf("step kind %d is not an action", k) }

// subjects lists the nodes a per-node condition looks at.
func (r *Runner) subjects(c *Cond) []int {
	w := r.world
	switch c.Subject {
	case SubjectNode:
		return []int{c.Node}
	case SubjectLeader:
		if l := w.Leader(); l != 0 {
			return []int{l}
		}
		return nil
	}
	return w.Members() // every live member: every live node when nothing changed
}
