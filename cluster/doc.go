// Package cluster is the simulated world: virtual time, node clocks, the network, five (3 to 9)
// etcd raft RawNodes replicating the fsm lock machine, the leader's lease manager and session
// layer, clients, the fenced resource, the hook its checkers (package cluster/check) watch it
// through, and the event stream. Every event's wording is in describe.go: Describe (the
// timeline's and the verbose log's sentence) and Label (the mark a sequence diagram puts on a
// lane; the web page reads the diagram's marks).
//
// # Determinism
//
// Same Config and the same operations at the same instants give the same events, and so the
// same trace hash (World.TraceHash), in the TUI and headless alike.
//
//   - One discrete-event queue orders everything; time is simulated (World.Now) and the wall
//     clock is never read.
//   - One seeded stream (math/rand/v2 PCG) feeds every random choice: latencies, drops.
//   - raft v3.7.0 draws election jitter from crypto/rand.Reader, process-global and without a
//     seed in its Config. Each world owns a seeded ChaCha8 stream and installs it there before
//     every step of its nodes (World.Step and every operation go through one place that does
//     so), so a rewind, a test, or a second world in the same goroutine stays reproducible. Two
//     worlds must never step concurrently in one process: parallel runs use processes, and a
//     process that serves many worlds (leaselab serve) steps each inside Exclusive, the
//     process-wide world lock. crypto/rand.Reader stays a dispatcher for the life of the process:
//     during Exclusive another goroutine reading it gets the system's reader, never a world's
//     stream, and SystemRand (captured before any world exists) is for anything cryptographic.
//   - No map iteration order reaches the simulation or its output: keys are sorted, and raft's
//     Progress (a map) is read through RawNode.WithProgress.
//   - Raft's logger is replaced: nothing here writes to stdout or stderr (a TUI owns them).
//   - World.Clone copies a world between steps, raft nodes and all (RawNode has no clone): a
//     graph copy (cluster/internal/deepcopy) that keeps every shared and interior pointer, and
//     rebinds raft's tick (a method value bound to its raft) to the copy. The copy has no
//     subscribers; played on, it gives the same events as the original (tested at many points
//     of a busy run). It refuses, with an error, anything it does not know how to copy.
//
// # The Ready loop
//
// Nodes use RawNode (single-threaded), never Node (goroutines and select are not
// deterministic). Each node handles a Ready in this order: apply the snapshot to storage (if
// any), append the entries, set the hard state, send the messages, restore the state machine
// from the snapshot and apply the committed entries, then Advance. Ready is never called twice
// without Advance, and AsyncStorageWrites stays off. A message is never cloned: what the
// events record of it is copied into MsgInfo when it is sent (Step may mutate it), and the
// message itself reaches its receiver's Step once (the network never duplicates one). A cluster boots from a snapshot at index 1, term
// 1, naming every voter. A restart is a new RawNode on the same storage: the state machine
// restores from the snapshot and raft re-delivers the rest. A snapshot is CreateSnapshot then
// Compact; ReportSnapshot is called when a MsgSnap is delivered or dropped.
//
// # The lease manager (leader only)
//
// Every node keeps a countdown for each applied lock on its own clock, started when it applies
// the Grant (a node that replays its log or restores a snapshot starts afresh, with the full
// lease). A lock is only ever deleted by a committed Expire, so clock drift can never split the
// lock state. The leader works from its applied state: when its countdown for (key, token)
// reaches zero it proposes Expire{key, token}, and if the lock is still there one election
// timeout later it proposes again, so duplicate Expires reach the log when commits are slow; the
// token check makes them harmless. It checks it still leads before proposing. With option
// lease-extend-on-promote a new leader sets each deadline to max(its deadline, now + election
// timeout) at its role change: leaselab's own grace rule, not etcd's. With lease-on-promote
// reset (etcd's lessor: Promote and refresh in its lessor.go) the new leader expires nothing
// until it applies its term's empty entry, then restarts every lease for election timeout plus
// its full lease, or plus the remaining time of its last Checkpoint (option lease-checkpoint D:
// the leader proposes one per running lease every D on its own clock).
//
// # The session layer (leader only)
//
// The leader decides what to propose from its projected state: its applied state plus every
// entry of its own log not yet applied (a leader's log is not truncated while it leads, so this
// is the state its next entry will meet). It pipelines:
//
//   - Grant is proposed if the key is free in the projected state, else the reply is busy.
//   - Release carries the token the client holds and is proposed only if that is the key's
//     projected token, else the reply is not-found (the log's Release has no token, so this is
//     what stops a late Release from ending someone else's newer grant).
//   - A reply decided without a proposal (busy, not-found) is a read: the leader first confirms
//     it still leads with raft's ReadIndex (ReadOnlySafe) and decides on its applied state at or
//     past the read index, proposing instead if the key turned free by then. Every reply a client
//     sees is linearizable (porcupine checks it). unsafe lease-read uses raft's lease-based
//     ReadIndex instead, and a deposed leader with a slow clock then answers from stale state.
//     The lease it trusts is its check-quorum interval on its own clock (World.OwnLease,
//     NodeView.OwnLease), computed from a mirror of raft's electionElapsed that a test holds
//     equal to raft's own.
//   - A keepalive (keepalive.go) is a read too: after a ReadIndex the leader restarts its own
//     countdown and answers renewed, or not-found when the key is not the client's (option
//     keepalive leader, etcd's: nothing replicated); option keepalive replicated proposes
//     Renew, which every node applies.
//   - An acquire ... wait (waitq.go) is never answered busy: while its key is held in the
//     projected state the leader keeps it in an in-memory queue, and proposes its Grant when the
//     key comes free, oldest waiter first; a leader that steps down answers its waiters
//     not-leader. Option lock-delay: after an Expire or a ghost Release, each node records the
//     end of the key's delay on its own clock (the leader already when it proposes one), and the
//     leader answers an acquire of the key delayed until then, proposing nothing.
//   - When a Grant applies on the leader and its client is disconnected, the leader proposes a
//     Release at once (the ghost lock). The apply's event says what the leader found in its
//     Detail (ConnUp, ConnGone; not part of the hash), for the timeline's check row.
//   - Followers never forward proposals: they answer not-leader with the leader they know.
//   - A node never drops a request it accepted: if it steps down, it answers when that log index
//     applies (its result if its own entry applied there, not-leader if another did), or
//     outcome-unknown when a snapshot from the new leader covers that index (it cannot tell
//     which entry took it, and does not guess).
//
// # The client contract
//
// A client does one thing at a time, but for its background keepalives (keepalive every D),
// which run beside its current request. A client times its lease from the moment it sent the
// acquire (or its last renewed keepalive), on its own clock; a request
// with no answer in 2s is a timeout; an outcome-unknown reply ends the request the same way (it
// may still have applied), and the client asks the leader the node named next. A not-leader
// reply sends it to the named leader, never to one it already tried in vain within that
// request; a hint-less one to the next untried node; after a full round it waits one
// heartbeat. A paused client (a stop-the-world pause) does
// nothing while its clock keeps running; a step given to it while paused was decided then and is
// sent when it wakes. A client granted a request it already gave up on releases it at once.
// The fenced resource keeps per key the highest token it accepted and rejects lower ones.
//
// # Membership change (member_ops.go)
//
// A cluster starts with Config.Nodes voters and may grow to n9. Each change is one raft
// ConfChangeV2 the leader proposes; every node applies it with ApplyConfChange when it
// commits, in log order, keeps the returned ConfState, and puts its own in its snapshots
// (StepDownOnRemoval makes a removed leader step down). reconfigure always goes through joint
// consensus (JointImplicit; hold: JointExplicit until leave-joint). A joiner starts with empty
// storage and no configuration and is started when its change is proposed; raft refuses a
// snapshot whose configuration does not name the recipient, so a MsgSnap whose stored snapshot
// predates the recipient's membership carries the sender's applied state instead (etcd's server
// builds every MsgSnap that way). raft gives a proposer no error: it swaps some changes for an
// empty entry and panics on every node applying others, so the world checks every change first
// (raft's own rules, its configuration changer, a learner's sync for promote, removed IDs never
// rejoining, nodes joining in order) and records a refusal as an event; a change raft still
// swapped is reported when its index applies. A node that applied its own removal refuses
// clients like a crashed one. A client retries over the members of the latest configuration a
// reply told it of. A change ends a calm window (stuck.go) like a leader change.
//
// # The checker
//
// The nodes, the clients and the resource are the system under test; what watches them is
// told through one hook (observe.go), one Note at a time: a node tells its world an entry was
// proposed, appended, applied, or its state machine restored, that it was elected (with the
// votes it counted) or moved its commit index as leader (with the members holding that
// entry); a client that it sent a request, got its final answer, or kept a late grant; the
// resource that it decided a write. None knows who listens.
//
// The watchers live in package cluster/check: the invariant checker, the replication tracker
// (the TUI's proposal panel, read back through Watchers.Proposals, and how many came before
// them, Watchers.ProposalCount: View.ProposalsBefore, and where those still kept are in the
// log, View.BeforeIndexes) and the porcupine history, told in that order. None holds the
// world: each note carries its instant, and what breaks is reported through the Sink the
// world gives them (a violation event, so in the trace hash, and in World.Violations). This package cannot import its checkers, so New takes the Attach that
// builds them and refuses nil: every world is built by scenarios.NewWorld, which passes
// check.Attach, and a world without its checkers is never made by accident. World.Clone copies
// the watchers with the world.
//
// The checker is always on, in every world. It watches divergence, token-regression, double-grant,
// stale-write and lost-grant, and the membership invariants: config-divergence, foreign-vote and
// quorumless-commit; check.CheckHistory adds non-linearizable (porcupine over the clients'
// history).
//
// # Time
//
// Every sum of instants and durations goes through AddTime, which saturates instead of
// wrapping; a clock reading at the end of time (Never) is never reached, so nothing is timed
// for it. The operations refuse values outside the language's ranges (MinRate..MaxRate,
// MaxDuration, MinTick..MaxTick, MaxTicks). The world knows where every entry came from (Origin), which is how it tells
// a lost grant from a rightful release. Unsafe switches each remove one mechanism, so a lesson
// can show what it protects.
//
// This package never imports a UI (no bubbletea) or package scenarios; the UI reads World.View,
// an immutable snapshot, and changes a world only through the operations in ops.go.
package cluster
