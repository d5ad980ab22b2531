// Package serve is leaselab serve: the whole TUI over SSH, one bubbletea program per session
// (github.com/charmbracelet/wish v1), and a class that many students follow live.
//
// # Roles
//
// A teacher is a session whose verified public key is in --teacher-keys: the public-key
// callback marks the key's permissions, and the role is read from the permissions x/crypto/ssh
// attaches to the authenticated connection (those of the key whose signature was checked),
// never from the last key a callback saw (CVE-2024-45337). Everyone else is a student: any
// key, or keyboard-interactive with no questions (off when --student-keys limits who may
// connect). The `none` method is never accepted (OpenSSH would take it and never offer the
// teacher's key).
//
// # A session
//
// Each session runs through wish middlewares: logging, commands (refuses any command but
// `play NAME`), activeterm (a terminal is required), gate (a slot, or the reason there is
// none; the session's end), and wish's bubbletea middleware, which runs the program that
// Server.program makes and forwards window changes. The program's renderer is the session's
// own lipgloss renderer: its colours from the client's TERM, its background from the
// terminal's answer to the OSC 11 query. That answer is read by the session's input (input.go),
// which hands the program everything else the client types: wish's MakeRenderer reads the
// answer itself, before the program, and on a client that never answers that read never
// returns (a session cannot be read with a deadline). Here a client that does not answer
// within a second gets a dark background and loses no key.
//
// # The class
//
// A teacher opens a lesson or the sandbox as the class (c in the menu). The class is the
// teacher's ui.Model; each student who joins gets a ui.Follower on the same run: their own
// size, panels, scroll, diagram and focus, no key that acts or moves time. A fan-out goroutine
// tells followers the class moved at most followerHz times a second, through a one-slot
// mailbox per session whose pump alone calls Program.Send (bubbletea v1.3.10's Send blocks
// while the program's renderer writes to a stalled client): the latest frame wins and nobody
// waits for a slow client. Followers with the same FollowKey at the same version share one
// world snapshot and one drawn frame; a follower that kept its view shows it without
// refreshing. Its program's renderer draws only a placeholder: the session's screen
// (screen.go) writes the shared frame, cut to its width once, and the bytes that turn one
// frame into the next are made once for all the followers that showed the same frame. At an ask, answers are tallied on the teacher's status line; the teacher's own
// answer reveals the answer to everyone. F forks a copy of the class's run (Playback.Clone,
// the checkpoint clone) and F again rejoins.
//
// # Locks and randomness
//
// The class's lock (class.mu) covers everything that reads or changes its run: the teacher's
// Update and View, each follower's refresh and drawing, a fork's clone. Every Update that may
// step a world runs inside cluster.Exclusive, the process-wide world lock (raft's jitter
// source is global), taken inside class.mu. Drawing a private session happens outside both.
// The SSH server's cryptography (ServerConfig.Rand, the host key) reads cluster.SystemRand,
// captured before any world existed.
//
// # Security and bounds
//
//   - No shell commands, exec (but `play NAME`, a bundled lesson by name), subsystems, port
//     forwarding or X11: each is refused, with a message where the protocol has room for one.
//     Agent forwarding is acknowledged by the library but never used; the session says so.
//   - A served session writes no file: w shows its script on screen, W (the web export) is off.
//   - At most --max-sessions sessions (default 200), and twice that many connections before
//     authentication; the next is refused with a one-line reason. A connection with no live
//     session for 20 s (handshakeTimeout) is closed, so idle ones cannot fill the slots.
//     One connection holds at most maxChannels sessions; a session keeps at most maxEnv
//     environment requests of maxEnvBytes each (the library keeps each until the session ends).
//     A session channel's input is read as it comes: at most maxEarlyInput before its shell
//     (more closes it; x/crypto/ssh would keep up to a 2 MB window on a channel nobody reads).
//   - A client's window counts as at most 500x200 cells: a frame's memory grows with its cells.
//   - User names, commands and TERM reach the screens and the log with control bytes escaped;
//     a user name is kept cut to maxName cells, a log line to maxLogLine bytes.
//   - A session takes at most inputRate bytes a second of its client's input after a burst of
//     inputBurst, and drops the rest: every byte is a message its session handles. What it
//     lets through waits for the program in a queue of at most maxKeysQueued, so the
//     client's end is seen at once however far behind the program is.
//   - Each session's world: the sandbox's five nodes (3 to 9 in a lesson's header), no held
//     keys option (--keys is not a serve flag), at most 24 h of simulated time and 64 MB of
//     world (keys, leases, log: World.CloneSize) — past either the session ends with a
//     message, as past maxActions recorded actions (each is kept until the run ends);
//     checkpoints at most 32 MB in all (the TUI allows 256 MB). Every message
//     a session handles does bounded work (a frame simulates at most 25 ms of wall time; long
//     moves in time run as jobs, a piece per message), and all stepping shares one lock, so one
//     session cannot take the machine. A follower forks at most once per forkEvery: a fork
//     copies the class's world holding the class's lock; a menu opens at most one thing per
//     openEvery (a lesson builds a world holding the world lock).
//   - --idle closes a session with no key for that long, with a message. SIGTERM (and ctrl-c)
//     close every session with a message, then the server exits 0.
//   - A panic in a session is caught, logged and ends that session only.
package serve
