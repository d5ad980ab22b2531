package check

import "leaselab/cluster"

// Set is one world's watchers: the invariant checker, the replication tracker and the
// linearizability history, told every note in that order (the checker first: what it reports
// is an event, so the order is part of the trace). It holds no world: only the sink it reports
// through. A checkpoint's clone of the world copies it with the world.
type Set struct {
	chk     *checker
	tracker *tracker
	history *history
}

// Attach builds the watchers of a world around its sink: the cluster.Attach every world is
// built with (scenarios.NewWorld).
func Attach(out cluster.Sink) cluster.Watchers {
	return &Set{chk: newChecker(out), tracker: newTracker(), history: newHistory()}
}

// Observe tells each watcher, in that order. The commonest notes go straight to the watchers
// that read them (what each one's observe would do, a test holds them equal): an apply is
// a third of all notes, and three calls that each switch on the kind again ran on every one.
func (s *Set) Observe(e *cluster.Note) {
	switch e.Kind {
	case cluster.EntryApplied:
		s.Applied(e)
	case cluster.EntryAppended:
		s.tracker.placed(e.Cmd.Origin, e.Node, e.Index, e.Term)
	case cluster.EntryProposed:
		s.tracker.proposed(e.Origin, e.Cmd, e.At)
		s.history.onPropose(e.Origin, e.Cmd, e.At)
	default:
		s.observeEach(e)
	}
}

// Applied is an apply's note, by pointer (the world's, rewritten for the next apply).
func (s *Set) Applied(e *cluster.Note) {
	s.chk.onApply(e)
	s.chk.conf.checkConfAt(s.chk, e)
	s.tracker.applied(e)
	s.history.onApply(e)
}

// observeEach tells each watcher through its own observe.
func (s *Set) observeEach(e *cluster.Note) {
	s.chk.observe(e)
	s.tracker.observe(e)
	s.history.observe(e)
}

// Proposals is the tracker's latest n proposals, oldest first.
func (s *Set) Proposals(n int) []*cluster.Proposal { return s.tracker.latest(n) }

// ProposalCount is how many proposals the tracker has followed in all.
func (s *Set) ProposalCount() int { return s.tracker.n }

// of is the watchers attached to w. A world built without Attach is a programming error.
func of(w *cluster.World) *Set {
	s, ok := w.Watchers().(*Set)
	if !ok {
		panic("check: the world was not built with check.Attach")
	}
	return s
}
