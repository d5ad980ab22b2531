package cluster

import (
	"errors"
	"time"

	"leaselab/fsm"
)

// The nodes, the clients and the resource are the system under test; the invariant checker,
// the replication tracker and the porcupine history watch them from outside (package
// cluster/check). A node tells its world's one hook what happened to an entry (proposed,
// appended to its log, applied, or its state machine restored from a snapshot) and when it
// was elected or moved its commit index as leader, a client what became of its requests, the
// resource what it decided; none knows who listens, the way TigerBeetle's simulator calls
// on_replica_commit and keeps its state checker apart from the replica.

// NoteKind is what happened.
type NoteKind uint8

const (
	EntryProposed   NoteKind = iota + 1 // the leader proposed Cmd (Origin is new)
	EntryAppended                       // the proposer's log (Node is Origin.Node) took its entry at Index/Term; other logs' appends are not noted (the tracker follows the proposer's only)
	EntryApplied                        // Node applied the entry at Index: Result, and the key's lock before
	StateRestored                       // Node's state machine was restored (restart or snapshot) at Index
	LeaderElected                       // Node became leader in Term, with Votes, in configuration Conf
	LeaderCommitted                     // leader Node's commit index moved to Index, held by Holders
	ClientCall                          // Client sent request Req (Op, Key; a release's claimed Token)
	ClientReturn                        // Client's request Req got its final answer (Reply, Token)
	ClientAdopt                         // a late grant (Token) of Client's earlier acquire Req answered its current request Req2
	ResourceWrite                       // the resource decided Client's write to Key with Token (Accepted)
)

// Note is one observation, stamped with the instant it happened (At). Only the fields its
// kind names are meaningful.
type Note struct {
	Kind        NoteKind
	Node        int
	Index, Term uint64
	Cmd         fsm.Command
	Origin      Origin
	At          time.Duration
	Result      fsm.Result
	Prev        fsm.Lock // applied: the key's lock before the entry
	Held        bool     // applied: whether Prev was held
	StateHash   uint64   // applied: the node's lock table after the entry
	NextToken   uint64   // restored: the token the machine issues next

	// Membership: the node's configuration (applied, restored: after the entry; elected,
	// committed: the leader's) and its digest (applied, restored: 0 until some configuration
	// changed anywhere, as every node then holds the one it booted with).
	Conf     Membership
	ConfHash uint64
	Votes    uint16 // elected: bit id: the granted votes of Term it counted, its own included
	Holders  uint16 // committed: bit id: the members whose log holds the leader's entry at Index (or a snapshot past it)

	Client    string // client notes, resource writes
	Req, Req2 uint64 // the client's request ids
	Op        Op
	Key       string
	Token     uint64    // call: a release's claim; return, adopt: the token granted; write: the write's
	Reply     ReplyKind // return: the final answer
	Accepted  bool      // write: the resource's verdict
}

// Watchers is everything that watches a world through its hook, built by the Attach given to
// New. It is told every note, in order, and keeps the latest proposals for the View's
// replication panel.
type Watchers interface {
	// Observe is told every note but an apply, through a note the world keeps (one for each
	// of the commonest kinds, rewritten field by field, so none is left over from another
	// kind): read it, never keep it. By value each note was built and then copied whole into
	// the argument: 416 bytes, on the four notes of every request.
	Observe(*Note)
	// Applied is told each apply (a third of all notes: one per node per entry), through a note
	// the world keeps and rewrites field by field: read it, never keep it. By value the
	// 416-byte note was built in a temporary and copied again into the argument.
	Applied(*Note)
	// Proposals is the latest proposals the tracker follows, oldest first, at most n. The
	// world reads them (View) and never changes them.
	Proposals(n int) []*Proposal
	// ProposalCount is how many proposals the tracker has followed in all, so a view of the
	// latest few knows how many came before them.
	ProposalCount() int
}

// Attach builds a world's watchers around the sink they report through. New requires one, so
// no world runs unchecked by accident: scenarios.NewWorld passes check.Attach.
type Attach func(Sink) Watchers

// errNoWatchers is New's answer to a nil Attach.
var errNoWatchers = errors.New("cluster: a world is built with its checkers (scenarios.NewWorld attaches them)")

// Proposal is one proposal the tracker follows: where the proposer's log put it and what each
// node's apply gave.
type Proposal struct {
	Origin  Origin
	Cmd     fsm.Command
	At      time.Duration
	Index   uint64 // where the proposer's log put it (0 if never appended)
	Term    uint64
	Results [MaxNodes + 1]fsm.Result // by node id, meaningful where Applied has its bit
	Applied uint16                   // bit id: node id applied it
	// Ended: an Expire that deleted a lock another token held (unsafe expire-ignores-token),
	// that lock's token, as the first node to apply it found it; 0 otherwise.
	Ended uint64
}

// Result is what node id's apply gave, if it applied the entry.
func (p *Proposal) Result(id int) (fsm.Result, bool) {
	return p.Results[id], p.Applied&(1<<id) != 0
}

// note tells the watchers, stamped with the instant (the checker first: what it reports is an
// event, so the order is part of the trace). It takes the caller's literal by pointer (on the
// caller's stack: note is inlined) and copies it once, into the world's note for the rare
// kinds. The commonest kinds (a client's call and return, a proposal, the proposer's append)
// write their fields into their own note instead and call observe.
func (w *World) note(e *Note) {
	e.At = w.now
	w.otherNote = *e
	w.watch.Observe(&w.otherNote)
}

// observe tells the watchers one of the world's per-kind notes, stamped with the instant.
func (w *World) observe(nt *Note) {
	nt.At = w.now
	w.watch.Observe(nt)
}

// Sink is how a watcher reports a broken invariant: as an event of the world, so it is in the
// trace hash, and in World.Violations. It is all a watcher gets of the world.
type Sink struct{ w *World }

// Report records v as a violation event now, and returns it stamped with the instant.
func (s Sink) Report(v Violation) Violation {
	w := s.w
	v.At = w.now
	w.emit(Event{Kind: EvViolation, Node: v.Node, Index: v.Index, Key: v.Key, Violation: v.Kind, Text: v.Text, Detail: v.Detail})
	w.violations = append(w.violations, v)
	return v
}

// Watchers is what New attached to the world (package check reads its checkers through it).
func (w *World) Watchers() Watchers { return w.watch }
