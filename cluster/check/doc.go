// Package check watches a world from outside: the invariant checker (the lock table's
// divergence, token-regression, double-grant, stale-write and lost-grant; the membership's
// config-divergence, foreign-vote and quorumless-commit), the replication tracker the TUI's
// proposal panel shows, and the clients' history that porcupine checks for linearizability
// (non-linearizable).
//
// They are fed only through the world's hook (cluster.Note: entries proposed, appended,
// applied, state restored, a leader elected or committing, a client's calls and answers, the
// resource's writes), hold no world, and report through the cluster.Sink the world gives them,
// so a violation is an event of the run and in its trace hash. Attach builds them; every world
// is built with it (scenarios.NewWorld), and a checkpoint's clone of the world copies them.
//
// The history is checked a segment per key as the run goes (segment.go): what is linearizable
// is forgotten, so a long run's memory and final check stay bounded; an undecided check
// (porcupine out of time) is reported as Unknown, never as a pass. CheckHistory reports a
// non-linearizable history as a violation; PendingHistory and PendingViolations ask without
// reporting (asking does not change the run); ExplainHistory finds a small set of operations
// that cannot be ordered.
//
// This package imports cluster and fsm, never scenarios or a UI.
package check
