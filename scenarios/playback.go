package scenarios

import (
	"fmt"
	"time"

	"leaselab/cluster"
)

// Playback is a scenario being played interactively: the script, plus the user's own actions at
// the instants they were taken. Because the world is deterministic, any instant can be rebuilt
// by replaying from the seed (time travel), and the whole session saved as a scenario.
type Playback struct {
	Base *Scenario
	Seed uint64
	Mod  func(*cluster.Config) // applied to every world built (e.g. recent-event buffer size)
	R    *Runner
	user []Executed // the user's actions, in order; kept across rewinds until the user forks
	next int        // the first user action not yet applied to R
}

// NewPlayback starts a scenario at time zero with the given seed.
func NewPlayback(base *Scenario, seed uint64, mod func(*cluster.Config)) (*Playback, error) {
	p := &Playback{Base: base, Seed: seed, Mod: mod}
	return p, p.rebuild()
}

func (p *Playback) rebuild() error {
	r, err := NewRunner(p.Base, &p.Seed, p.Mod)
	if err != nil {
		return err
	}
	p.R, p.next = r, 0
	return nil
}

// World is the world as of now.
func (p *Playback) World() *cluster.World { return p.R.W }

// Now is the simulated time.
func (p *Playback) Now() time.Duration { return p.R.W.Now() }

// AdvanceTo plays the script and the recorded user actions up to t. It stops early at a script
// `pause` (the caller continues with R.Continue). After the script's end the world runs on.
func (p *Playback) AdvanceTo(t time.Duration) Status {
	for p.next < len(p.user) && p.user[p.next].At <= t {
		u := p.user[p.next]
		if st := p.advance(u.At); st == AtPause && p.Now() < u.At {
			return st
		}
		_ = p.R.Do(u.Step)
		p.next++
	}
	return p.advance(t)
}

func (p *Playback) advance(t time.Duration) Status {
	st := p.R.AdvanceTo(t)
	if st == Finished {
		p.R.W.AdvanceTo(t)
	}
	return st
}

// Do performs a user action now. Acting after a rewind forks history: the user's later actions
// are dropped.
func (p *Playback) Do(st Step) error {
	p.user = append(p.user[:p.next], Executed{At: p.Now(), Step: st, User: true})
	p.next++
	return p.R.Do(st)
}

// SeekTo rebuilds the world at instant t: forward by playing on, backward by replaying from the
// seed (keeping the user's actions). Script pauses passed on the way are continued.
func (p *Playback) SeekTo(t time.Duration) error {
	if t < p.Now() {
		if err := p.rebuild(); err != nil {
			return err
		}
	}
	for p.AdvanceTo(t) == AtPause {
		p.R.Continue()
	}
	return nil
}

// UserActions is how many actions the user has recorded (including ones ahead after a rewind).
func (p *Playback) UserActions() int { return len(p.user) }

// Session returns everything that ran so far as a scenario: the header (with this seed), then
// every step at the instant it ran, with waits between, ending at now. Playing it reproduces
// this session event for event.
func (p *Playback) Session(name string) *Scenario {
	h := p.Base.Header
	h.Seed = p.Seed
	set := map[string]bool{}
	for k, v := range h.Set {
		set[k] = v
	}
	set["seed"], set["title"] = true, true
	h.Set = set
	if p.Base.Name != "" && h.Title == p.Base.Name {
		h.Title = "session"
	}
	h.Title = fmt.Sprintf("%s (saved session)", h.Title)
	s := &Scenario{File: name, Name: scenarioName(name), Header: h}
	at := time.Duration(0)
	for _, e := range p.R.Log {
		if e.At > at {
			s.Steps = append(s.Steps, Step{Kind: StepWait, Dur: e.At - at})
			at = e.At
		}
		st := e.Step
		st.Pos = Pos{}
		s.Steps = append(s.Steps, st)
	}
	if now := p.Now(); now > at {
		s.Steps = append(s.Steps, Step{Kind: StepWait, Dur: now - at})
	}
	return s
}
