// Package ui is the bubbletea TUI: the sandbox and lesson playback, with time travel and
// session recording.
//
// The UI owns pacing and drawing, nothing else. Each frame it asks its scenarios.Playback to run
// to the simulated instant the wall clock and the speed allow (RunTo), and takes in where it
// stopped (a script pause, the script's end). Every key that acts becomes one scenario step
// given to Playback.Do (the `:` prompt's line to Playback.Exec), so every session is a scenario:
// recorded, replayed on rewind, saved with w. The screen is drawn from a cluster.View, an
// immutable snapshot taken in Update; View never changes anything. The rest of the package
// reaches the playback only through sim's methods (sim.go, playback.go).
//
// The screen is a list of panels (panel.go: the node columns, replication, network, clients,
// timeline, narration), each a Panel that says where it goes, draws itself into the rectangle
// the layout derived from the list gives it, and answers the keys it takes while focused. The
// root Model keeps the header, the status and help lines, the pages that cover the panels (keys,
// glossary, diagram) and the keys that are not a panel's.
//
// No message does unbounded work: a frame simulates at most frameWork of wall time (a world too
// dense for the speed runs slower than asked), and a long move in time (a `wait` or `wait-until`
// at the prompt, a seek, a rewind's replay) is a scenarios.Job run a piece per message, with its
// progress on the status line; keys arrive between pieces, so q and ctrl-c always quit and esc
// stops the job.
//
// CompareModel (leaselab compare) draws two runs in lockstep from a scenarios.Comparison the
// same way, with the same pacer (pacer.go: the frame's wall budget, seeks as jobs): it asks the
// comparison to run both to an instant (AdvanceTo), stops where it says (a pause, the first
// divergence, the end), and draws two Views; a seek (←, →, d) is a scenarios.CompareJob run a
// piece per message. It has no keys that act on a world, since an action on one side would
// break the lockstep. A lesson with a twin (scenarios.Twin) opens one from play with C
// (twin.go): the Model plays the comparison to its own instant and stop, then hands it the keys,
// its frames and job pieces (told apart by generation) until esc or C gives them back.
//
// leaselab serve builds its sessions' Models with NewServedSandbox and NewServedPlay (the
// session's own renderer; w shows the script instead of writing it, W is off, q sends the
// server's message instead of quitting), and a class's followers with Model.Follower: a
// read-only Model on the teacher's run that refreshes when the server says the run moved,
// answers asks to a hook, and forks a copy of the run (Playback.Clone) with F.
//
// This package must never re-implement a runner rule (when a wait-until is judged, what the
// verdict is, which actions the world refuses), never touch a cluster.World except to read it,
// and never write to stdout or stderr while the program runs.
package ui
