package diagram

import (
	"fmt"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/fsm"
)

// MsgKind says what travels: a raft message between nodes, or a client's request or reply.
type MsgKind uint8

const (
	Raft    MsgKind = iota
	Request         // client -> node
	Reply           // node -> client
)

// State is how a message ended (so far).
type State uint8

const (
	InFlight  State = iota // sent, not yet delivered or lost
	Delivered              // reached its receiver
	Dropped                // lost: Why says how
)

// Entry is one log entry a MsgApp carries (or a MsgAppResp acknowledges).
type Entry struct {
	Index  uint64
	Cmd    fsm.Command   // zero for an empty entry
	Conf   string        // a conf-change entry: what it changes ("conf add n6")
	Client string        // the client whose request proposed it, if any
	Term   uint64        // the term it was appended in
	At     time.Duration // when this node appended it
}

// Msg is one message: sent at Sent by From, delivered or lost at At by To.
type Msg struct {
	ID       uint64 // the Seq of its send event (client messages: of the client-send or reply)
	Kind     MsgKind
	From, To int    // nodes (1-based); 0 on a client's side
	Client   string // the client end of a request or reply
	Sent, At time.Duration
	Info     cluster.MsgInfo // raft messages
	Entries  []Entry         // MsgApp: its command entries (empty ones counted in Info.Entries)
	Op       string          // request: acquire/release/...; reply: granted, busy, not-leader...
	Key      string
	Token    uint64
	Lease    time.Duration
	Hint     int // not-leader, outcome-unknown: the leader the node named
	Req      uint64
	State    State
	Why      string // dropped: partition, cut, random drop, node down, disconnected...
	Lock     bool   // matters for locks (the default filter)
	Commits  bool   // a MsgAppResp that moved the leader's commit index
	Unknown  bool   // a MsgApp whose entries the recorder no longer remembers
	Detail   string // raft.DescribeMessage when the world was asked for it
}

// Latency is how long the message took (or has been on the wire so far).
func (m *Msg) Latency() time.Duration { return m.At - m.Sent }

// Keys reports whether the message is about key k (its commands, request or reply).
func (m *Msg) HasKey(k string) bool {
	if m.Key == k {
		return true
	}
	for _, e := range m.Entries {
		if e.Cmd.Key == k {
			return true
		}
	}
	return false
}

// HasClient reports whether the message is client c's request or reply, or carries a command
// one of c's requests proposed.
func (m *Msg) HasClient(c string) bool {
	if m.Client == c {
		return true
	}
	for _, e := range m.Entries {
		if e.Client == c {
			return true
		}
	}
	return false
}

// MarkKind is what a lane mark shows.
type MarkKind uint8

const (
	MarkRole        MarkKind = iota // a node's role changed (Text: the role)
	MarkCrash                       // a node crashed
	MarkRestart                     // a node restarted
	MarkIsolated                    // a node was isolated
	MarkRejoined                    // an isolated node rejoined
	MarkApply                       // a node applied a command (Cmd, Result)
	MarkZero                        // a node's countdown for Key/Token reached zero
	MarkLocalExpiry                 // unsafe: a node deleted a lock on its own clock
	MarkFault                       // a network, clock or configuration change (Node 0: the whole cluster)
	MarkClient                      // a client changed (disconnects, pauses, gives up...)
	MarkViolation                   // the checker found a violation
	MarkWrite                       // Client's write with Token reached the resource (Accepted)
	// Page marks (recorded only by a page recorder, NewPage: the TUI never sees them).
	MarkCommit      // Node's commit index moved to Index
	MarkOverwritten // Node's entry at Index (Cmd, appended at Since) was replaced by another term's
)

// Mark is something that happened on one lane (Node, or Client when Node is 0).
type Mark struct {
	Kind   MarkKind
	Node   int
	Client string
	Text   string
	Role   cluster.Role
	Cmd    fsm.Command
	Result fsm.Result
	Index  uint64
	Key    string
	Token  uint64
	Late   bool           // an applied Expire that found nothing to delete
	Fault  *cluster.Fault // what a fault mark (or a client's clock change) did: the event's Fault
	// Page marks: a write's verdict, a role's term, when an overwritten entry was appended,
	// and how many heartbeats had been lost up to this mark (a partition's count).
	Accepted bool
	Term     uint64
	Since    time.Duration
	LostHB   uint64
}

// Row is one line of the diagram: a message (at its delivery or loss) or a mark.
type Row struct {
	Seq   uint64 // the event it comes from: rows are in Seq order
	At    time.Duration
	Mark  bool
	Msg   Msg
	M     Mark
	Lanes LaneStates // every node's state once this row happened
	// Paused is the client lanes paused once this row happened: bit i for Lanes.Clients[i].
	Paused uint64
	nth    uint64 // a page recorder's routine message: its number among routine messages
}

// LaneState is what a node's lane shows: its role, and whether it is isolated.
type LaneState uint8

const (
	LaneFollower     LaneState = iota
	LaneLeader                        // leads
	LaneCandidate                     // campaigning
	LaneDown                          // crashed
	LanePreCandidate                  // asking whether it could win (pre-vote)
	LaneIsolated     LaneState = 0x10 // a flag: cut off from every other node
)

// LaneStates is the state of nodes 1..9 (index 0 unused).
type LaneStates [10]LaneState

// Role is the node's role part of its state.
func (s LaneState) Role() LaneState { return s &^ LaneIsolated }

// Isolated says whether the node is isolated.
func (s LaneState) Isolated() bool { return s&LaneIsolated != 0 }

// Lanes lists the diagram's lanes: nodes first, then clients in order of first mention.
type Lanes struct {
	Nodes   int
	Clients []string
}

// Index is the lane number of node n (1-based) or client c (node 0).
func (l *Lanes) Index(node int, client string) int {
	if node > 0 {
		return node - 1
	}
	for i, c := range l.Clients {
		if c == client {
			return l.Nodes + i
		}
	}
	return -1
}

// Len is how many lanes there are.
func (l *Lanes) Len() int { return l.Nodes + len(l.Clients) }

// Name is lane i's label: "n1", "c2".
func (l *Lanes) Name(i int) string {
	if i < l.Nodes {
		return fmt.Sprintf("n%d", i+1)
	}
	return l.Clients[i-l.Nodes]
}

// IsHeartbeat says whether a raft message type is a heartbeat (shown only on request).
func IsHeartbeat(t pb.MessageType) bool {
	return t == pb.MessageType_MsgHeartbeat || t == pb.MessageType_MsgHeartbeatResp
}

// lockType says whether a raft message of this type matters for locks whatever it carries.
func lockType(t pb.MessageType) bool {
	switch t {
	case pb.MessageType_MsgVote, pb.MessageType_MsgVoteResp, pb.MessageType_MsgPreVote,
		pb.MessageType_MsgPreVoteResp, pb.MessageType_MsgSnap, pb.MessageType_MsgTimeoutNow:
		return true
	}
	return false
}
