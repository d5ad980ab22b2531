package cluster

import (
	"time"

	"leaselab/fsm"
)

// The nodes are the system under test; the invariant checker, the replication tracker and the
// porcupine history watch it from outside. A node tells its world's one hook what happened to
// an entry (proposed, appended to its log, applied, or its state machine restored from a
// snapshot), a client what became of its requests, the resource what it decided; none knows
// who listens, the way TigerBeetle's simulator calls
// on_replica_commit and keeps its state checker apart from the replica.

// entryKind is what happened.
type entryKind uint8

const (
	entryProposed entryKind = iota + 1 // the leader proposed Cmd (Origin is new)
	entryAppended                      // Node's log took the entry at Index/Term
	entryApplied                       // Node applied the entry at Index: Result, and the key's lock before
	stateRestored                      // Node's state machine was restored (restart or snapshot)
	clientCall                         // client sent request req (op, key; a release's claimed token)
	clientReturn                       // client's request req got its final answer (reply, token)
	clientAdopt                        // a late grant (token) of client's earlier acquire req answered its current request req2
	resourceWrite                      // the resource decided client's write to key with token (accepted)
)

// entryNote is one observation, stamped with the instant it happened (at). Only the fields its
// kind names are meaningful.
type entryNote struct {
	kind        entryKind
	node        int
	index, term uint64
	cmd         fsm.Command
	origin      Origin
	at          time.Duration
	result      fsm.Result
	prev        fsm.Lock // applied: the key's lock before the entry
	held        bool     // applied: whether prev was held
	stateHash   uint64   // applied: the node's lock table after the entry
	nextToken   uint64   // restored: the token the machine issues next

	client    string // client notes, resource writes
	req, req2 uint64 // the client's request ids
	op        Op
	key       string
	token     uint64    // call: a release's claim; return, adopt: the token granted; write: the write's
	reply     ReplyKind // return: the final answer
	accepted  bool      // write: the resource's verdict
}

// entryObserver is what registers on the hook.
type entryObserver interface{ observe(*entryNote) }

// note tells every observer, in registration order (the checker first: what it reports is an
// event, so the order is part of the trace), stamped with the instant. One note is reused:
// observers must not keep it.
func (w *World) note(e entryNote) {
	w.noteBuf = e
	w.noteBuf.at = w.now
	for _, o := range w.observers {
		o.observe(&w.noteBuf)
	}
}

// sink is how an observer reports a broken invariant: as an event of the world, so it is in the
// trace hash. It is all an observer gets of the world.
type sink struct{ w *World }

// report records v as a violation event now, and returns it stamped with the instant.
func (s sink) report(v Violation) Violation {
	v.At = s.w.now
	s.w.emit(Event{Kind: EvViolation, Node: v.Node, Index: v.Index, Key: v.Key, Violation: v.Kind, Text: v.Text, Detail: v.Detail})
	return v
}
