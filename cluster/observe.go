package cluster

import (
	"time"

	"leaselab/fsm"
)

// The nodes are the system under test; the invariant checker, the replication tracker and the
// porcupine history watch it from outside. A node tells its world's one hook what happened to
// an entry (proposed, appended to its log, applied, or its state machine restored from a
// snapshot) and knows nothing of who listens, the way TigerBeetle's simulator calls
// on_replica_commit and keeps its state checker apart from the replica.

// entryKind is what happened to an entry.
type entryKind uint8

const (
	entryProposed entryKind = iota + 1 // the leader proposed Cmd (Origin is new)
	entryAppended                      // Node's log took the entry at Index/Term
	entryApplied                       // Node applied the entry at Index: Result, and the key's lock before
	stateRestored                      // Node's state machine was restored (restart or snapshot)
)

// entryNote is one observation. Only the fields its kind names are meaningful.
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
}

// entryObserver is what registers on the hook.
type entryObserver interface{ observe(*entryNote) }

// note tells every observer, in registration order (the checker first: what it reports is an
// event, so the order is part of the trace). One note is reused: observers must not keep it.
func (w *World) note(e entryNote) {
	w.noteBuf = e
	for _, o := range w.observers {
		o.observe(&w.noteBuf)
	}
}
