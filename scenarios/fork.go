package scenarios

import "slices"

// Clone is an independent copy of the playback at its instant: the runner is cloned as a
// checkpoint is (world, raft nodes and all), the user's actions and the checkpoints so far are
// shared (never changed in place). A class's student forks the class's lesson this way into a
// run of their own; played on, the copy gives the events the original would.
func (p *Playback) Clone() (*Playback, error) {
	r, _, err := p.r.clone()
	if err != nil {
		return nil, err
	}
	c := *p
	c.r = r
	c.user = slices.Clip(p.user)
	c.cps = slices.Clip(p.cps)
	c.pace = nil // built again when needed
	return &c, nil
}

// LimitCheckpoints bounds what the checkpoints may hold in all, and so the biggest world
// copied (a server with many sessions gives each a smaller share than the TUI's).
func (p *Playback) LimitCheckpoints(total int64) {
	p.cpTotal = min(p.cpTotal, total)
	p.cpMaxBytes = min(p.cpMaxBytes, total)
}
