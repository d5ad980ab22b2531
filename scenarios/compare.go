package scenarios

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
)

// Side is one half of a comparison: a scenario played by its own Playback on its own world.
type Side struct {
	Scenario *Scenario
	Label    string // "safe", or "unsafe: " and the scenario's switches
	p        *Playback
	obs      *observer
	Verdict  *Verdict // set when its script has finished
}

// Comparison plays two scenarios in lockstep, one instant at a time, in one goroutine (each
// world installs its own raft jitter stream when it steps, so neither disturbs the other). After
// every instant at which either side has an event it compares what each node applied, each
// node's lock table, the clients' replies and the resource's verdicts, and keeps the first
// difference.
type Comparison struct {
	Sides [2]*Side
	Div   *Divergence // the first divergence, nil while the runs agree
	// Shared says both sides play the same script, so its narration is told once (side 0's)
	// and side 1's pauses do not stop the clock.
	Shared bool

	ended bool // StopEnd was reported
	// peeked says Div was found by peek mid-instant with one side having done nothing yet: the
	// rest of the instant may show what that side did there (under keep a new leader's Expire
	// comes from its lease timer, after the promotion an extend run answers at once), and the
	// divergence is then completed from the whole instant.
	peeked bool
	// The story's first `say` stops both runs once, like a pause, when the script does not
	// pause there itself: etcd-failover-reset's opening line ("Watch n1's countdown…") went by
	// at 1x while the class read it, and its first pause came 3s later.
	told, holding bool
	sayScan       int   // how much of side 0's log holdAtFirstSay has looked at
	heldLog       int   // side 0's log length at the hold: the next stop's narration starts there
	lateScan      int   // side 1's failures lateChecks has seen
	late          []int // side 1's failed waits whose condition may still hold a moment later
	a, b          *Scenario
	seed          *uint64
	mod           func(*cluster.Config)
}

// NewComparison builds both sides at time zero. seed, if set, overrides both files' seeds; mod,
// if set, adjusts both worlds' configs.
func NewComparison(a, b *Scenario, seed *uint64, mod func(*cluster.Config)) (*Comparison, error) {
	c := &Comparison{a: a, b: b, seed: seed, mod: mod, Shared: a.File == b.File}
	return c, c.rebuild()
}

func (c *Comparison) rebuild() error {
	c.Div, c.peeked, c.ended, c.told, c.holding, c.sayScan, c.heldLog, c.lateScan, c.late = nil, false, false, false, false, 0, 0, 0, nil
	for i, s := range []*Scenario{c.a, c.b} {
		seed := s.Header.Seed
		if c.seed != nil {
			seed = *c.seed
		}
		p, err := NewPlayback(s, seed, c.mod)
		if err != nil {
			return fmt.Errorf("%s: %v", s.File, err)
		}
		// A Playback rebuilds its world only when seeking back, which a Comparison never asks
		// of it (it rebuilds both sides instead), so the observer stays on the live world, and
		// the side keeps no checkpoints.
		p.KeepCheckpoints(false)
		c.Sides[i] = &Side{Scenario: s, Label: Label(s), p: p, obs: newObserver(p.World())}
	}
	c.Sides[0].Label, c.Sides[1].Label = PairLabels(c.a, c.b)
	if c.Shared && len(c.a.Steps) == len(c.b.Steps) {
		c.pace()
	}
	return nil
}

// pace makes side 1 take every step of a shared script at the instant side 0 takes it: each
// wait-until ends on both sides when it ends on side 0, the run the story was written for,
// and side 1 judges its own condition over the same stretch. Left to itself, side 1's waits
// took other times (one that never holds there waits out its limit), so its script drifted:
// its actions came seconds late, at other moments of its own run, and it sat at one step while
// the other side told the next part of the story. In step, the two runs are one experiment:
// the same actions at the same instants, with only the switch or option between them; a wait
// that does not hold on side 1 is a failure of that side, said where and when.
func (c *Comparison) pace() {
	ends := map[int]time.Duration{}
	a, b := c.Sides[0].p.r, c.Sides[1].p.r
	a.waited = func(pc int, _ time.Duration) { ends[pc] = a.world.Now() }
	b.follow = func(pc int) (time.Duration, bool) {
		e, ok := ends[pc]
		return e, ok
	}
}

// PairLabels names two sides by what tells them apart. Two runs that differ only by options
// (`compare A --without lock-delay`) are "with lock-delay 3s" and "without lock-delay": both
// are as safe as the seed, and calling the one without the option "safe" said the opposite of
// what the comparison shows. Otherwise each side is its Label.
func PairLabels(a, b *Scenario) (string, string) {
	if !slices.Equal(a.Header.Unsafe, b.Header.Unsafe) {
		return Label(a), Label(b)
	}
	var la, lb []string
	for _, o := range offOptions {
		va, vb := o.on(&a.Header.Config), o.on(&b.Header.Config)
		switch {
		case va == vb:
		case vb == "":
			la, lb = append(la, "with "+va), append(lb, o.without())
		case va == "":
			la, lb = append(la, o.without()), append(lb, "with "+vb)
		default:
			la, lb = append(la, "with "+va), append(lb, "with "+vb)
		}
	}
	if len(la) == 0 {
		return Label(a), Label(b)
	}
	return strings.Join(la, ", "), strings.Join(lb, ", ")
}

// Label says what a side is: "safe", or "unsafe: " and its switches; then each option that
// --without can switch off, when it is on ("safe, lock-delay 3s"). A comparison names its two
// sides with PairLabels.
func Label(s *Scenario) string {
	l := "safe"
	if len(s.Header.Unsafe) > 0 {
		l = "unsafe: " + strings.Join(s.Header.Unsafe, ", ")
	}
	for _, v := range Options(&s.Header.Config) {
		l += ", " + v
	}
	return l
}

// Options are the options c sets that --without can switch off, as a scenario writes them
// ("lease-on-promote extend", "lock-delay 3s"): the extensions a lesson is about, which the
// TUI's header names as it names an unsafe switch.
func Options(c *cluster.Config) []string {
	var out []string
	for _, o := range offOptions {
		if v := o.on(c); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// offOptions are the options `compare A --without NAME` switches off: the extensions whose
// value is a mechanism one can be without (an unsafe switch is for the seed's safety
// mechanisms; these come from real systems and are off by default).
// offOption is an option --without can switch off.
type offOption struct {
	name string
	on   func(c *cluster.Config) string // the option as the label says it; "" when off
	off  func(c *cluster.Config)
	// back is what the run without it falls back to, said with the name where "without" alone
	// does not say it: "without lease-on-promote (keep)" (a student had to wait for a stop's
	// narration to learn what the other half ran).
	back string
}

// without is the side label of a run with o switched off.
func (o *offOption) without() string {
	if o.back != "" {
		return "without " + o.name + " (" + o.back + ")"
	}
	return "without " + o.name
}

var offOptions = []offOption{
	{"lock-delay", func(c *cluster.Config) string {
		if c.LockDelay == 0 {
			return ""
		}
		return "lock-delay " + c.LockDelay.String()
	}, func(c *cluster.Config) { c.LockDelay = 0 }, ""},
	// Back to the seed's keep: etcd's reset (or leaselab's extend) beside what it replaces.
	{"lease-on-promote", func(c *cluster.Config) string {
		if c.LeaseOnPromote == cluster.PromoteKeep {
			return ""
		}
		return "lease-on-promote " + c.LeaseOnPromote.String()
	}, func(c *cluster.Config) { c.LeaseOnPromote = cluster.PromoteKeep }, "keep"},
	{"lease-checkpoint", func(c *cluster.Config) string {
		if c.LeaseCheckpoint == 0 {
			return ""
		}
		return "lease-checkpoint " + c.LeaseCheckpoint.String()
	}, func(c *cluster.Config) { c.LeaseCheckpoint = 0 }, ""},
}

// OffOptions are the names --without takes.
func OffOptions() []string {
	var out []string
	for _, o := range offOptions {
		out = append(out, o.name)
	}
	return out
}

// WithoutOption is a copy of s with the option name switched off (its steps are shared, not
// copied): `compare A --without lock-delay` plays A beside A with no lock-delay.
func WithoutOption(s *Scenario, name string) (*Scenario, error) {
	for _, o := range offOptions {
		if o.name != name {
			continue
		}
		if o.on(&s.Header.Config) == "" {
			return nil, fmt.Errorf("%s has no option %s to switch off", s.Name, name)
		}
		u := *s
		o.off(&u.Header.Config)
		u.Header.Set = map[string]bool{}
		for k, v := range s.Header.Set {
			u.Header.Set[k] = v && k != "option "+name && !(name == "lease-on-promote" && k == "option lease-extend-on-promote")
		}
		return &u, nil
	}
	return nil, fmt.Errorf("unknown option %q for --without (options: %s)", name, strings.Join(OffOptions(), ", "))
}

// WithUnsafe is a copy of s with one more unsafe switch on (its steps are shared, not copied).
func WithUnsafe(s *Scenario, name string) (*Scenario, error) {
	if !slices.Contains(UnsafeNames, name) {
		return nil, fmt.Errorf("unknown unsafe switch %q (switches: %s)", name, strings.Join(UnsafeNames, ", "))
	}
	if slices.Contains(s.Header.Unsafe, name) {
		return nil, fmt.Errorf("%s already has unsafe %s", s.Name, name)
	}
	u := *s
	u.Header.Unsafe = append(slices.Clone(s.Header.Unsafe), name)
	u.Header.Set = map[string]bool{"unsafe": true}
	for k, v := range s.Header.Set {
		u.Header.Set[k] = v
	}
	return &u, nil
}

// Now is the simulated instant both sides have reached.
func (c *Comparison) Now() time.Duration {
	return max(c.Sides[0].p.Now(), c.Sides[1].p.Now())
}

// Ended says whether the comparison has reported its end (StopEnd): both scripts finished,
// and a failed wait's lateWindow after them.
func (c *Comparison) Ended() bool { return c.ended }

// Done says whether both scripts have finished.
func (c *Comparison) Done() bool { return c.Sides[0].Verdict != nil && c.Sides[1].Verdict != nil }

// Paused says whether a side waits at a `pause` step (for a shared script, side 0 only).
func (c *Comparison) Paused() bool {
	return c.holding || c.Sides[0].p.AtPause() || !c.Shared && c.Sides[1].p.AtPause()
}

// holdAtFirstSay stops both runs at the instant side 0's first `say` ran, unless its script
// pauses there anyway (Continue passes the hold).
func (c *Comparison) holdAtFirstSay() {
	if c.told {
		return
	}
	log := c.Sides[0].p.Log()
	for ; c.sayScan < log.Len(); c.sayScan++ {
		if log.At(c.sayScan).Step.Kind == StepSay {
			c.told = true
			c.holding = !c.Paused()
			if c.holding {
				c.heldLog = log.Len()
			}
			return
		}
	}
}

// lateWindow is how soon after a failed paced wait its condition must hold on side 1 for the
// failure to be timing only (compare etcd-failover-reset: the keep run's new leader came 2ms
// after the reset run's, and "leader none" counted as one of "9 of 9" the option changed).
const lateWindow = 100 * time.Millisecond

// lateChecks looks again, at each instant, at side 1's failed waits of the last lateWindow:
// one whose condition holds now was late only, and says by how much (Failure.Late). It reads
// the world (Check), so the run is the same.
func (c *Comparison) lateChecks() {
	r := c.Sides[1].p.r
	for ; c.lateScan < len(r.Failures); c.lateScan++ {
		if r.Failures[c.lateScan].wait != nil {
			c.late = append(c.late, c.lateScan)
		}
	}
	now := r.world.Now()
	keep := c.late[:0]
	for _, k := range c.late {
		f := &r.Failures[k]
		if now-f.At > lateWindow {
			continue
		}
		if ok, _ := r.Check(f.wait); ok {
			f.Late = max(now-f.At, time.Millisecond)
			if v := c.Sides[1].Verdict; v != nil && k < len(v.Failures) {
				v.Failures[k].Late = f.Late // the verdict, taken at the script's end, has a copy
			}
			continue
		}
		if now-f.At < lateWindow {
			keep = append(keep, k) // looked at once more at the window's last instant
		}
	}
	c.late = keep
}

// lateDue is the instant the oldest failed wait's lateWindow closes, when one is open. It is an
// instant AdvanceTo stops at like an event's: the end waits for it, and found at whatever frame
// came first past it, the end's instant hung on wall time (5.976s at 160x48, 5.969s at 120x40).
func (c *Comparison) lateDue() (time.Duration, bool) {
	if len(c.late) == 0 {
		return 0, false
	}
	f := c.Sides[1].p.r.Failures
	at := f[c.late[0]].At
	for _, k := range c.late[1:] {
		at = min(at, f[k].At)
	}
	return at + lateWindow, true
}

// AtStoryStart says both runs are held at the story's first say.
func (c *Comparison) AtStoryStart() bool { return c.holding }

// Continue resumes both sides after a `pause` (or the hold at the story's first say).
func (c *Comparison) Continue() {
	c.holding = false
	for _, s := range c.Sides {
		s.p.Continue()
	}
}

// NextAt is the next instant either side has something due at: an event, the end of a wait.
// ok is false when neither has anything left.
func (c *Comparison) NextAt() (time.Duration, bool) {
	var at time.Duration
	found := false
	for _, s := range c.Sides {
		if t, ok := s.p.nextInstant(); ok && (!found || t < at) {
			at, found = t, true
		}
	}
	return at, found
}

// AdvanceTo moves both sides to instant t in lockstep. It stops early, with both sides at the
// same instant, at a script's pause, at the first divergence (once its instant is complete on
// both sides; a pause at that instant is reported as the pause, with Div already set), and once
// at the instant both scripts are done. Past the end of its script a
// world runs on (as a played lesson does), so the two still stand at the same instant.
func (c *Comparison) AdvanceTo(t time.Duration) Stop {
	for {
		c.holdAtFirstSay()
		if c.Paused() {
			c.peek()
			return StopPause
		}
		// What is due right now runs first on both sides (the steps after a pause, say), so a
		// pause among them stops both at this very instant.
		c.stepTo(c.Now())
		c.holdAtFirstSay()
		if c.Paused() {
			c.peek()
			return StopPause
		}
		// The instant reached is now complete on both sides: compare what they did in it.
		c.lateChecks()
		if c.compare() {
			return StopDiverge
		}
		// The end waits out the last failed waits' lateWindow, so that one whose condition held
		// a moment later is counted as timing (lock-delay's keep side: c2's write was rejected
		// 2ms after the script ended, and the end showed it in flight and counted it).
		if c.Done() && !c.ended && len(c.late) == 0 {
			c.ended = true
			return StopEnd
		}
		at, ok := c.NextAt()
		if dl, open := c.lateDue(); open && (!ok || dl < at) {
			at, ok = dl, true
		}
		if !ok || at > t {
			break
		}
		c.stepTo(at)
	}
	for _, s := range c.Sides {
		c.advanceSide(s, t)
	}
	return StopTime
}

// stepTo plays both sides to instant at.
func (c *Comparison) stepTo(at time.Duration) {
	a, b := c.Sides[0], c.Sides[1]
	c.advanceSide(a, at)
	c.advanceSide(b, at)
	// A shared script's pause stops the clock through side 0 (whose narration is shown); side 1
	// waits there only while side 0 does, which is always the case until the runs diverge.
	for c.Shared && b.p.AtPause() && !a.p.AtPause() {
		b.p.Continue()
		c.advanceSide(b, at)
	}
}

// compare looks at the records of the instant just completed; true when it is the first
// divergence.
func (c *Comparison) compare() bool {
	a, b := c.Sides[0], c.Sides[1]
	defer func() { a.obs.cur, b.obs.cur = a.obs.cur[:0], b.obs.cur[:0] }()
	if c.Div != nil {
		if c.peeked {
			c.peeked = false
			if d := diverge(a.obs.cur, b.obs.cur); d != nil && d.At == c.Div.At && d.Subject == c.Div.Subject {
				c.Div = d
			}
		}
		return false
	}
	c.Div = diverge(a.obs.cur, b.obs.cur)
	if c.Div == nil {
		c.Div = lockTables(c.Now(), a.p.World(), b.p.World())
	}
	return c.Div != nil
}

// peek looks, at a script pause, at what the instant has done so far: a pause at the very
// instant the runs part must show that they parted (a student reads the screen there). When
// nothing differs yet the records are kept, so the instant is compared whole once it completes.
func (c *Comparison) peek() {
	if c.Div != nil {
		return
	}
	a, b := c.Sides[0], c.Sides[1]
	if d := diverge(a.obs.cur, b.obs.cur); d != nil {
		c.Div = d
		if d.A == "" || d.B == "" {
			c.peeked = true // the records stay: compare completes it once the instant is whole
			return
		}
	} else if d := lockTables(c.Now(), a.p.World(), b.p.World()); d != nil {
		c.Div = d
	} else {
		return
	}
	a.obs.cur, b.obs.cur = a.obs.cur[:0], b.obs.cur[:0]
}

// advanceSide plays one side to t. At the script's end it takes the verdict as `leaselab run`
// does (its end-of-run checks included, so the trace is a plain run's), then the world runs on.
func (c *Comparison) advanceSide(s *Side, t time.Duration) {
	if s.Verdict == nil {
		if s.p.RunTo(t) != StopEnd {
			return
		}
		s.p.r.Finalize()
		v := s.p.Verdict()
		s.Verdict = &v
	}
	s.p.RunTo(t)
}

// Run plays both scripts to their ends headless (pauses are continued).
func (c *Comparison) Run() {
	for {
		switch c.AdvanceTo(1<<63 - 1) {
		case StopPause:
			c.Continue()
		case StopEnd:
			return
		}
	}
}

// SeekTo rebuilds both sides at instant t: forward by playing on, backward by replaying from
// the seeds. Pauses on the way are continued; the first divergence is found again on the way.
func (c *Comparison) SeekTo(t time.Duration) error {
	j, err := c.SeekJob(t)
	if err == nil {
		j.Run(nil)
	}
	return err
}

// Report writes both verdicts, each client's first answer that differs between the runs, and
// the first divergence (or "no divergence"), as `leaselab compare --print` prints them.
func (c *Comparison) Report(out io.Writer) {
	nameW, labelW := 0, 0
	for _, s := range c.Sides {
		nameW, labelW = max(nameW, len(s.Scenario.Name)), max(labelW, len(s.Label))
	}
	for i, s := range c.Sides {
		v := s.Verdict
		if v == nil { // not finished: Report after Run
			fmt.Fprintf(out, "%c  %-*s  %-*s  (running)\n", 'A'+i, nameW, s.Scenario.Name, labelW, s.Label)
			continue
		}
		verdict := "PASS"
		if !v.OK() {
			verdict = "FAIL"
		}
		viol := "none"
		if len(v.Violations) > 0 {
			viol = strings.Join(words(v.Violations...), ", ")
		}
		failed := ""
		if n := len(v.Failures); n > 0 {
			failed = fmt.Sprintf(", %d failed", n)
		}
		fmt.Fprintf(out, "%c  %-*s  %-*s  %s  %d expects%s, violations: %s\n", 'A'+i,
			nameW, s.Scenario.Name, labelW, s.Label, verdict, v.Expects(), failed, viol)
		for _, f := range v.Failures {
			if f.Late > 0 {
				fmt.Fprintf(out, "     %s (held %s later: timing, not the difference)\n", f, f.Late.Round(time.Millisecond))
				continue
			}
			fmt.Fprintf(out, "     %s\n", f)
		}
	}
	// What the clients were told otherwise, each one's first different answer (A | B).
	for _, d := range c.ClientDiffs() {
		a, b := "(nothing)", "(nothing)"
		if d.AOK {
			a = d.A + " at " + fmtTime(d.AtA)
		}
		if d.BOK {
			b = d.B + " at " + fmtTime(d.AtB)
		}
		fmt.Fprintf(out, "%s told otherwise: %s | %s\n", d.Client, a, b)
	}
	if c.Div == nil {
		fmt.Fprintln(out, "no divergence")
		return
	}
	fmt.Fprintln(out, c.Div)
}

// Narration is side i's narration since its script's last stop (a `pause` or an `ask`): the
// `say` texts in order, and an ask: the one the script waits at now (waiting), or the one the
// stretch began after (the run went on past it).
func (c *Comparison) Narration(i int) (says []string, ask *Step, waiting bool) {
	p := c.Sides[i].p
	log := p.Log()
	j := log.Len() - 1
	if j >= 0 && log.At(j).Step.Kind == StepAsk && p.AtPause() {
		ask, waiting = &log.At(j).Step, true
		j--
	}
	for ; j >= 0; j-- {
		st := &log.At(j).Step
		if (st.Kind == StepPause || i == 0 && !c.holding && j < c.heldLog) && len(says) > 0 {
			break // (the hold at the first say is a stop too: its say was read there)
		}
		if st.Kind == StepAsk {
			if !waiting {
				ask = st
			}
			break
		}
		if st.Kind == StepSay {
			says = append(says, st.Text)
		}
	}
	slices.Reverse(says)
	return says, ask, waiting
}

// NarrationFrom is the instant of the stop side i's narration (Narration) was said after: the
// events it tells of are newer. 0 when it starts the script.
func (c *Comparison) NarrationFrom(i int) time.Duration {
	p := c.Sides[i].p
	log := p.Log()
	j := log.Len() - 1
	if j >= 0 && log.At(j).Step.Kind == StepAsk && p.AtPause() {
		j--
	}
	said := false
	for ; j >= 0; j-- {
		st := &log.At(j).Step
		if (st.Kind == StepPause || i == 0 && !c.holding && j < c.heldLog) && said || st.Kind == StepAsk {
			return log.At(j).At
		}
		said = said || st.Kind == StepSay
	}
	return 0
}

// SaidAfterLastStop is whether side i's script said something after its last stop (a `pause`,
// an `ask`, or the hold at the story's first say): says Narration returns at the end that no stop
// showed.
func (c *Comparison) SaidAfterLastStop(i int) bool {
	log := c.Sides[i].p.Log()
	for j := log.Len() - 1; j >= 0; j-- {
		switch st := &log.At(j).Step; {
		case st.Kind == StepPause || st.Kind == StepAsk || i == 0 && !c.holding && j < c.heldLog:
			return false
		case st.Kind == StepSay:
			return true
		}
	}
	return false
}

// StretchFrom is the instant of side i's last stop at an earlier instant than now: the events
// its newest narration tells of happened after it. (Several stops at one instant tell of the
// same events: etcd-failover-reset's stops at 4.073s all look back to 4.047s.)
func (c *Comparison) StretchFrom(i int) time.Duration {
	p := c.Sides[i].p
	log := p.Log()
	now := c.Now()
	for j := log.Len() - 1; j >= 0; j-- {
		if e := log.At(j); (e.Step.Kind == StepPause || e.Step.Kind == StepAsk) && e.At < now {
			return e.At
		}
	}
	return 0
}

// NarrationStretch is the stretch of side i's run its narration (Narration) tells of: from the
// instant of its last stop before the narration was said (as StretchFrom) to the instant it was
// said. Past the stop, while running or after a rewind that lands before the next stop, the
// narration still shows and its rows are still those: looking back from now named the next
// stretch's rows (late-expire's 3.050s say, running, showed 4.043s's second Expire; rewound to
// 3.253s, none).
func (c *Comparison) NarrationStretch(i int) (from, to time.Duration) {
	p := c.Sides[i].p
	log := p.Log()
	to = c.Now()
	said := false
	for j := log.Len() - 1; j >= 0; j-- {
		e := log.At(j)
		if e.Step.Kind == StepSay && !said {
			to, said = e.At, true
		}
		if said && (e.Step.Kind == StepPause || e.Step.Kind == StepAsk) && e.At < to {
			return e.At, to
		}
	}
	return 0, to
}

// Progress is how many of side i's steps have run, of how many.
func (c *Comparison) Progress(i int) (done, total int) {
	s := c.Sides[i]
	return s.p.PC(), len(s.Scenario.Steps)
}

// World is side i's world as of now (for drawing: read it, never act on it).
func (c *Comparison) World(i int) *cluster.World { return c.Sides[i].p.World() }

// StepFailures is side i's failed steps so far (expects, wait-untils), in order: for a shared
// script's side 1, where its run does not do what the story says.
func (c *Comparison) StepFailures(i int) []Failure { return c.Sides[i].p.r.Failures }

// Twin is the run a lesson is about beside, for play's compare key: a lesson with an unsafe
// switch beside its copy without it (the safe run); a safe lesson that has an unsafe lesson
// (UnsafeTwinOf) beside its own copy with that lesson's switches on (the unsafe run: the
// harm the safe lesson's check prevents, seen rather than told, nc23-m); else one with an
// option --without can switch off beside its copy without that option. Those are the pairs
// `compare A --unsafe S` and `compare A --without O` build, from the same scenario in memory
// (no file is read but the bundled unsafe lesson's header). name says the twin's run in a
// word or two, short enough for the 80-column key line ("keep", "safe run", "unsafe run",
// "no lock-delay"); nil when s has no twin.
func Twin(s *Scenario) (twin *Scenario, name string) {
	if len(s.Header.Unsafe) > 0 {
		u := *s
		u.Header.Unsafe = nil
		u.Header.Set = map[string]bool{}
		for k, v := range s.Header.Set {
			u.Header.Set[k] = v && k != "unsafe"
		}
		return &u, "safe run"
	}
	if sw := UnsafeTwinSwitches(s.Name); len(sw) > 0 {
		u := s
		for _, name := range sw {
			var err error
			if u, err = WithUnsafe(u, name); err != nil {
				return nil, ""
			}
		}
		return u, "unsafe run"
	}
	for _, o := range offOptions {
		if o.on(&s.Header.Config) == "" {
			continue
		}
		u, err := WithoutOption(s, o.name)
		if err != nil {
			return nil, ""
		}
		if o.back != "" {
			return u, o.back
		}
		return u, "no " + o.name
	}
	return nil, ""
}
