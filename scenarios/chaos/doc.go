// Package chaos is `leaselab chaos`: it generates random fault schedules as scenarios (one per
// seed, deterministic from it), runs them against the always-on invariant checker and
// porcupine's linearizability check, and shrinks every kind of violation it finds to a short
// scenario file a person can play in the TUI, with porcupine's HTML visualization beside it.
// main.go owns the command line: it parses and checks the flags into Options, calls Run, prints
// the Report and turns Report.Passed into the exit status.
//
// Worlds in one process must never step concurrently (raft's jitter source is process-global),
// so parallel seeds run in worker processes, each stepping one world at a time: the executable
// re-run with WorkerEnv set, which must call ServeWorker (settings and jobs come as JSON lines on
// stdin). A reproducer is checked by replaying it as `leaselab run` does before it is reported.
//
// The modes on top of the generator, each in its own file: liveness.go (--liveness: a tail that
// heals the world and checks progress, its failures shrunk like violations), swarm.go (--swarm:
// fault kinds left out per seed, swizzle-clog, what a finding needs), determinism.go
// (--check-determinism: every seed again in another process), shard.go (--shard, --json,
// Merge), ttf.go (time to find, which tunes the generator). A non-linearizable reproducer is
// explained by check.ExplainHistory.
// This package never draws and never reaches into a world except through scenarios' runner and
// cluster's queries.
package chaos
