package check

import "leaselab/cluster"

// Set is one world's watchers: the invariant checker, the replication tracker and the
// linearizability history, told every note in that order (the checker first: what it reports
// is an event, so the order is part of the trace). It holds no world: only the sink it reports
// through. A checkpoint's clone of the world copies it with the world.
//
// The checker is told each note as it happens. The tracker and the history report nothing, so
// they are told later, a batch at a time (later, caughtUp), and always before anyone reads
// them: told each note between two raft steps, their code evicted raft's from the instruction
// cache, and they cost a loaded run more than their instructions (see BenchmarkLoadedVsBare).
type Set struct {
	chk     *checker
	tracker *tracker
	history *history
	later   []cluster.Note // notes the tracker and history have not been told yet, in order
}

// laterBatch is how many notes wait for the tracker and history at most.
const laterBatch = 64

// Attach builds the watchers of a world around its sink: the cluster.Attach every world is
// built with (scenarios.NewWorld).
func Attach(out cluster.Sink) cluster.Watchers {
	return &Set{chk: newChecker(out), tracker: newTracker(), history: newHistory(),
		later: make([]cluster.Note, 0, laterBatch)}
}

// Observe tells the checker now, and the tracker and history once a batch has waited.
func (s *Set) Observe(e cluster.Note) {
	s.chk.observe(&e)
	s.later = append(s.later, e)
	if len(s.later) >= laterBatch {
		s.catchUp()
	}
}

// catchUp tells the tracker and history every note that waits, in order. Whatever reads them
// calls it first (of, Proposals).
func (s *Set) catchUp() {
	for i := range s.later {
		s.tracker.observe(&s.later[i])
		s.history.observe(&s.later[i])
	}
	s.later = s.later[:0]
}

// Proposals is the tracker's latest n proposals, oldest first.
func (s *Set) Proposals(n int) []*cluster.Proposal {
	s.catchUp()
	return s.tracker.latest(n)
}

// of is the watchers attached to w, every note told. A world built without Attach is a
// programming error.
func of(w *cluster.World) *Set {
	s, ok := w.Watchers().(*Set)
	if !ok {
		panic("check: the world was not built with check.Attach")
	}
	s.catchUp()
	return s
}
