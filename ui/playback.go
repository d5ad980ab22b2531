package ui

import (
	"time"

	"leaselab/cluster"
	"leaselab/cluster/chunks"
	"leaselab/scenarios"
)

// The rest of ui reads and drives the playback only through these methods of sim (and sim's
// pacing in sim.go): one narrow door, so what the TUI may ask of a run is listed in one place.

func (s *sim) now() time.Duration                    { return s.p.Now() }
func (s *sim) world() *cluster.World                 { return s.p.World() }
func (s *sim) pc() int                               { return s.p.PC() }
func (s *sim) seed() uint64                          { return s.p.Seed() }
func (s *sim) log() *chunks.List[scenarios.Executed] { return s.p.Log() }
func (s *sim) verdict() scenarios.Verdict            { return s.p.Verdict() }

// forked says whether (and when) a user action changed a lesson's story.
func (s *sim) forked() (time.Duration, bool) { return s.p.Forked() }

// waiting is the end of the script's plain wait in progress, if one is.
func (s *sim) waiting() (time.Duration, bool) { return s.p.Waiting() }

// parseStep reads a line typed at the prompt as a step of this run.
func (s *sim) parseStep(line string) (scenarios.Step, error) { return s.p.ParseStep(line) }

// waitJob begins a `wait` or `wait-until` typed at the prompt, run a piece per message.
func (s *sim) waitJob(st scenarios.Step) (*scenarios.Job, error) { return s.p.StartJob(st) }

// session is the run so far as a scenario (saved, shown or exported under name).
func (s *sim) session(name string) *scenarios.Scenario { return s.p.Session(name) }

// actions is how many actions the run has recorded.
func (s *sim) actions() int { return s.p.UserActions() }

// align moves the run on by less than a millisecond, so a saved file's last wait is whole
// milliseconds too.
func (s *sim) align() {
	s.p.AlignMs()
	s.moved()
}

// limitCheckpoints bounds the bytes the run's rewind checkpoints may take.
func (s *sim) limitCheckpoints(total int64) { s.p.LimitCheckpoints(total) }

// fork is a paused copy of the run at its instant, with the same pacing (a follower's F).
func (s *sim) fork(frameAt time.Duration) (*sim, error) {
	p, err := s.p.Clone()
	if err != nil {
		return nil, err
	}
	f := &sim{pacer: pacer{speed: s.speed, paused: true, wall: s.wall, frameAt: frameAt}, p: p, tl: &timeline{conns: s.tl.conns}, sandbox: s.sandbox}
	f.attach()
	return f, nil
}
