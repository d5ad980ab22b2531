package cluster

import (
	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// LogEntry is one entry of a node's log as the scenario language's log conditions read it.
type LogEntry struct {
	Term  uint64
	Empty bool        // raft's empty entry (a new leader's first of its term)
	Conf  bool        // a membership change
	Cmd   fsm.Command // a lock command (Kind 0 when the entry is empty, conf or undecodable)
}

// Entry is node id's entry at index idx in its persisted log, which survives a crash (so it is
// read on a down node too); ok is false when the log does not hold it: compacted into a
// snapshot, or beyond the last index.
func (w *World) Entry(id int, idx uint64) (LogEntry, bool) {
	n := w.node(id)
	if idx == 0 || idx < n.firstIndex() || idx > n.lastIndex() {
		return LogEntry{}, false
	}
	ents := n.entries(idx, idx)
	if len(ents) != 1 {
		return LogEntry{}, false
	}
	e := ents[0]
	le := LogEntry{Term: e.GetTerm()}
	switch {
	case e.GetType() == pb.EntryType_EntryConfChange || e.GetType() == pb.EntryType_EntryConfChangeV2:
		le.Conf = true
	case len(e.GetData()) == 0:
		le.Empty = true
	default:
		le.Cmd, _ = n.command(e)
	}
	return le, true
}

// LastIndex is the last index of node id's persisted log (down or up).
func (w *World) LastIndex(id int) uint64 { return w.node(id).lastIndex() }

// Voters are the voters of the current configuration (World.Current; while joint, the new
// set), in order.
func (w *World) Voters() []int { return w.Current().Voters }
