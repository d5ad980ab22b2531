// Package scenarios is the scenario language (lex, parse, format), the runner that plays a
// script against a cluster.World, the Playback that drives a run interactively, and the
// bundled lessons (lessons/*.scenario) and examples (examples/*.scenario, scenarios a lesson
// points to), both embedded. The chaos search is its own package, scenarios/chaos, built on
// this one.
//
// NewWorld is where every world is built, with its checkers (cluster/check) attached: the
// runner calls it, and so playback, compare, chaos and the server. cluster.New requires the
// checkers and cannot import their package itself. The history checks (check.CheckHistory,
// PendingHistory, PendingViolations) read the checkers attached to the runner's world, so a
// checkpoint's clone carries its own.
//
// # Driving a run
//
// Playback is the one driver of time. A caller (the TUI, a side-by-side comparison, a test)
// holds a *Playback and uses only its methods, the way one drives raft's RawNode:
//
//   - RunTo(t) plays the script, the user's recorded actions and the world up to simulated
//     time t, and returns where it stopped: StopTime (at t), StopPause (at a script `pause`;
//     Continue passes it), or StopEnd (the instant the script ran its last step; reported once,
//     asking again runs the world on). NextEvent(limit) runs to the next instant where an
//     event shows (StopEvent), or says StopQuiet without moving when nothing is due.
//   - Do(step) performs an action now. The world may refuse it; then nothing is recorded and
//     the world's reason is returned. An accepted action after a rewind forks history.
//   - Exec(step) performs any step typed at a prompt (wait, wait-until, expect, or an action);
//     ParseStep(line) reads that line against this run's header, with errors by column.
//   - Verdict() is the script's outcome as `leaselab run` reports it, computed without
//     changing the world; SeekTo(t) travels in time (backward by replaying from the latest
//     checkpoint before t, or from the seed).
//   - StartJob(wait or wait-until) and SeekJob(t) do the same long moves a slice at a time
//     (Job.Run), so a caller can show progress and stop one; the slices are one run.
//
// While it moves forward a Playback keeps checkpoints: up to 16 clones of its runner (world,
// raft nodes and all, see cluster.World.Clone) spread over the session, thinned by half with
// the spacing doubled when one more is due, at most 256 MB in all, none of a world over 64 MB
// (a hundred thousand leases). The step log and the worlds' long histories (cluster/chunks)
// are shared between a checkpoint and the live run, not copied. A rewind clones the latest
// checkpoint at or before its target and replays from there, so it costs a few simulated
// minutes of replay for an hour's session instead of the whole hour; a move forward after a
// rewind starts from the latest one kept ahead. An action after a rewind drops the
// checkpoints after it. A checkpoint is never played itself, and a rewind from one ends
// exactly where a replay from the seed ends (tested for every lesson and random sessions with
// forks).
//
// The rules live here and nowhere else: a wait-until is judged when it begins, after every
// event and at its limit, never at the instant a caller happens to stop, so a run cut into any
// slices (frames, keystrokes) is the same run as one RunTo, event for event. A caller paces
// wall time and draws; it never reads a Runner's fields or re-implements these rules.
//
// Session() writes a run as a scenario: the script's steps as written (a wait-until judged to
// its end included, the next wait counted from its end), the user's actions, and waits of
// whole milliseconds between them (a user's action, and AlignMs before a save, land a whole
// number of milliseconds after the step logged before). Once the user forks a script its
// checks are skipped and not written; a skipped wait-until still paces the script's next
// steps, ending when its condition holds or when it ended in the script's own run, whichever
// comes first.
//
// # Comparing two runs
//
// Comparison holds two Playbacks and drives both through RunTo, one instant at a time in one
// goroutine (each world installs its own raft jitter stream when it steps). Once an instant is
// complete on both sides it compares what each node proposed and applied, its countdowns'
// events (zero, renewed, restarted), the lock tables (and the lock-delays running), the
// clients' replies and the resource's verdicts, and keeps the first Divergence. A side's
// verdict is taken when its script ends, with the end-of-run checks of `leaselab run`. When
// both sides play one script, side 1 is paced by side 0 (Runner.follow): each wait-until ends
// on both where it ended on side 0, so both take every step at the same instant; side 0's trace
// hash is exactly a plain run's (and each side's, for two different scripts).
//
// # Determinism
//
// Same scenario and seed, same trace hash. Nothing here reads the wall clock into a run (only
// the report's wall-time figure), and nothing ranges over a map into the world.
//
// This package never draws (no bubbletea) and never changes the world except through
// Apply, the one translation of an action step into a World operation.
package scenarios
