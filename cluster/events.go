package cluster

import (
	"time"
	"unsafe"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// EventKind names what happened.
type EventKind uint8

const (
	EvMsgSent          EventKind = iota + 1 // Node -> Peer, Msg
	EvMsgDelivered                          // Node -> Peer, Msg
	EvMsgDropped                            // Node -> Peer, Msg; Text says why
	EvProposed                              // Node proposed Cmd (Origin says why); Index/Term once known
	EvAppended                              // Node appended Index/Term Cmd to its log
	EvCommitted                             // Node's commit index moved to Index
	EvApplied                               // Node applied Index/Term Cmd with Result
	EvRole                                  // Node became Role in Term, knowing leader Peer
	EvTerm                                  // Node's term moved to Term
	EvCountdownZero                         // Node's local countdown for Key/Token reached zero
	EvLocalExpiry                           // unsafe local-expiry: Node deleted Key/Token on its own clock
	EvClientSend                            // Client sent request Req (Op, Key) to Node
	EvClientReply                           // Client received Reply from Node
	EvReplyLost                             // a reply for Client was lost (disconnected)
	EvRequestAtNode                         // Node received Client's request
	EvWrite                                 // Client's write with Token reached the resource; Accepted says the verdict
	EvSnapshotTaken                         // Node snapshotted at Index and compacted
	EvSnapshotSent                          // Node sent a snapshot at Index to Peer
	EvSnapshotRestored                      // Node restored a snapshot at Index
	EvCrash                                 // Node crashed
	EvRestart                               // Node restarted
	EvFault                                 // a network or clock change: Fault, and Text in words
	EvClient                                // a client state change (disconnect, pause...); Text describes it
	EvViolation                             // the checker found a Violation, described by Text
	EvRaftLog                               // a line raft logged on Node
	EvError                                 // something went wrong that is not a violation (undecodable entry)
	EvLeasesReset                           // lease-on-promote reset: leader Node restarted every lease on applying Index
	EvJoin                                  // Node was started empty, to join the cluster (membership.go)
	EvConfProposed                          // Node (the leader) proposed a configuration change at Index; Text says which
	EvConfApplied                           // Node applied the configuration change at Index; Text is the configuration now
	EvConfRefused                           // a membership step was refused (Text says why), or raft put an empty entry at Index in its place
	EvLeaseRenewed                          // keepalive leader: leader Node restarted its countdown for Key/Token (Lease: the lock's lease)
	EvLeaseExtended                         // lease-on-promote extend: new leader Node pushed Key/Token's deadline to one election timeout from now (Text: the time left)
)

var eventKindNames = [...]string{
	EvMsgSent: "msg-sent", EvMsgDelivered: "msg-delivered", EvMsgDropped: "msg-dropped",
	EvProposed: "proposed", EvAppended: "appended", EvCommitted: "committed", EvApplied: "applied",
	EvRole: "role", EvTerm: "term", EvCountdownZero: "countdown-zero", EvLocalExpiry: "local-expiry",
	EvClientSend: "client-send", EvClientReply: "client-reply", EvReplyLost: "reply-lost",
	EvRequestAtNode: "request-at-node", EvWrite: "write", EvSnapshotTaken: "snapshot-taken",
	EvSnapshotSent: "snapshot-sent", EvSnapshotRestored: "snapshot-restored", EvCrash: "crash",
	EvRestart: "restart", EvFault: "fault", EvClient: "client", EvViolation: "violation",
	EvRaftLog: "raft-log", EvError: "error", EvLeasesReset: "leases-reset", EvJoin: "join", EvConfProposed: "conf-proposed",
	EvConfApplied: "conf-applied", EvConfRefused: "conf-refused", EvLeaseRenewed: "lease-renewed",
	EvLeaseExtended: "lease-extended",
}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "unknown"
}

// IsMessage says whether the event is about a raft message.
func (k EventKind) IsMessage() bool { return k >= EvMsgSent && k <= EvMsgDropped }

// MsgInfo is the part of a raft message the world keeps (a message itself is mutated by Step).
// ID, Sent and Held tie a delivery or drop to its send; they follow from the other events, so
// they are not part of the trace hash.
type MsgInfo struct {
	ID      uint64        // the Seq of the message's msg-sent event
	Sent    time.Duration // when it left
	Held    time.Duration // extra time a delay rule holds it on the wire
	Type    pb.MessageType
	Term    uint64
	LogTerm uint64
	Index   uint64
	Commit  uint64
	Entries int
	// Hint, on a rejected MsgAppResp: raft's RejectHint, the index after which the follower
	// asks the leader to resend (LogTerm is its term there). HintEnd: that is where the
	// follower's log ends (raft's usual case; a diverging tail gives an earlier hint). The
	// diagram says them ("reject idx 5 · log ends at 3"); neither is part of the hash.
	Hint    uint64
	HintEnd bool
	// On a reject the leader hears (set at delivery from its progress for that follower
	// around raft's Step, not part of the hash): what it did with it. ThenResend: it sends
	// entries again from Resend; ThenSnapshot: its log no longer holds Resend, so a snapshot;
	// ThenIgnore: a stale reject (it already had a newer answer from that follower), or it no
	// longer leads. The timeline says it ("… : resends from 7").
	Resend uint64
	Then   RejectThen
	Reject bool
	// Read: a heartbeat, or its answer, that carries a ReadIndex request (a leader confirming
	// it still leads before a busy or not-found); not part of the hash.
	Read bool
	// On a delivered answer to a ReadIndex heartbeat (not part of the hash, set at delivery):
	// Late, the node it reaches no longer leads, so raft ignores it; Again, the same follower
	// already confirmed this read (raft's regular heartbeat carries a pending read's context, so
	// a read that spans a heartbeat tick is confirmed twice by each follower). On a ReadIndex
	// heartbeat (set at its send), Again: the leader sent that follower this read already, and
	// this is its regular heartbeat carrying it again.
	Late, Again bool
}

// RejectThen is what a leader did with a follower's reject of its append (MsgInfo.Then).
type RejectThen uint8

const (
	ThenNone     RejectThen = iota // not a reject a leader heard
	ThenResend                     // it sends entries again from MsgInfo.Resend
	ThenSnapshot                   // it sends a snapshot: its log no longer holds those entries
	ThenIgnore                     // stale, or it no longer leads: it does nothing
)

// fill writes every field of i: m's, and id, sent and held (a queue slot's info is written in
// place, over the last delivery's).
func (i *MsgInfo) fill(m *pb.Message, id uint64, sent, held time.Duration) {
	typ := m.GetType()
	i.ID, i.Sent, i.Held, i.Type = id, sent, held, typ
	i.Term, i.LogTerm, i.Index, i.Commit = m.GetTerm(), m.GetLogTerm(), m.GetIndex(), m.GetCommit()
	i.Entries = len(m.GetEntries())
	i.Reject = m.GetReject()
	i.Hint, i.HintEnd = m.GetRejectHint(), false // HintEnd: the world's send knows the sender's log
	i.Resend, i.Then = 0, 0                      // set at delivery (rejectThen)
	i.Read = (typ == pb.MsgHeartbeat || typ == pb.MsgHeartbeatResp) && len(m.GetContext()) > 0
	i.Late, i.Again = false, false
}

// Event is one thing that happened, at a simulated instant. Only the fields its Kind names are
// meaningful. Seq numbers events from 1 in the order they happened. The world keeps its
// latest events as compact records (eventring.go): a field added here must be added there too
// (TestEventRingKnowsEveryField fails until it is).
type Event struct {
	Client string
	Role   Role
	Key    string
	Level  string // raft-log: raft's log level (info, warn, error)
	Text   string
	// Detail is an optional longer description (raft.DescribeMessage); not part of the hash, so
	// asking for it does not change a run's identity.
	Detail string
	// Fault is what a fault event changed (Text is its String); not part of the hash, which
	// has the Text.
	Fault  *Fault
	Cmd    fsm.Command
	Origin Origin

	Seq       uint64
	At        time.Duration
	Kind      EventKind
	Node      int
	Peer      int
	Req       uint64 // client request id
	Msg       MsgInfo
	Index     uint64
	Term      uint64
	Result    fsm.Result
	Token     uint64
	Op        Op            // client-send, request-at-node: what the client asks
	Reply     ReplyKind     // client-reply, reply-lost: the answer
	Violation ViolationKind // violation
	Accepted  bool          // write: whether the resource accepted it
	// Sent is when a client request or reply left, on the events that mark its arrival
	// (request-at-node, client-reply from a node, reply-lost); not part of the hash.
	Sent time.Duration
	// Lease is an acquire's lease on client-send (for the message's label); not part of the hash.
	Lease time.Duration
	// Removed says, on conf-applied, that the change took Node out of the configuration (the
	// Text names the members left); not part of the hash, which has the Text.
	Removed bool
	// Due is, on countdown-zero, when the countdown ran out if that was before At: a frozen
	// node's lease timer fires only when it wakes (0 otherwise; not part of the hash).
	Due time.Duration
}

// Role is what a node is: leader, follower, candidate, pre-candidate, or down.
type Role string

const (
	RoleLeader       Role = "leader"
	RoleFollower     Role = "follower"
	RoleCandidate    Role = "candidate"
	RolePreCandidate Role = "pre-candidate"
	RoleDown         Role = "down"
)

// Roles lists every role, in the order a legend names them.
var Roles = []Role{RoleLeader, RoleFollower, RoleCandidate, RolePreCandidate, RoleDown}

// Glyph is the role's symbol wherever it is drawn (TUI, diagram, web page), so colour is
// never the only clue.
func (r Role) Glyph() string {
	switch r {
	case RoleLeader:
		return "★"
	case RoleCandidate:
		return "◐"
	case RolePreCandidate:
		return "◔"
	case RoleDown:
		return "✖"
	}
	return "●"
}

// word is the one-word field of an event kind that has one (op, reply, violation kind, write
// verdict, log level), as the trace and the hash spell it.
func (e *Event) word() string {
	switch e.Kind {
	case EvClientSend, EvRequestAtNode:
		return e.Op.String()
	case EvClientReply, EvReplyLost:
		return e.Reply.String()
	case EvViolation:
		return e.Violation.String()
	case EvWrite:
		if e.Accepted {
			return "accepted"
		}
		return "rejected"
	case EvRaftLog:
		return e.Level
	}
	return ""
}

// hashEvent folds an event into the running trace hash that proves two runs equal. It is not
// FNV: each field is mixed in a word at a time by hashU64 (xor, multiply by the golden-ratio
// constant, xor-shift). A mask of the fields that are set comes first and only those follow,
// so a message event (most of a trace) costs a dozen words, not thirty: hashing runs on every
// event. It is a fingerprint for comparing runs, not a cryptographic hash.
func hashEvent(h uint64, e *Event) uint64 {
	var mask uint64
	set := func(bit uint, on bool) {
		if on {
			mask |= 1 << bit
		}
	}
	cmd := e.Cmd.LeaseMS ^ e.Cmd.Token<<20 ^ e.Cmd.Origin<<40 ^ e.Cmd.RemainingMS<<10
	res := uint64(e.Result.Kind)<<8 | b2u(e.Result.Existed) | e.Result.Token<<16
	org := e.Origin.ID<<8 | uint64(e.Origin.Kind)
	set(0, e.Client != "")
	set(1, e.Req != 0)
	set(2, e.Kind.IsMessage())
	set(3, e.Index != 0)
	set(4, e.Term != 0)
	set(5, e.Cmd.Kind != 0)
	set(6, e.Cmd.Key != "")
	set(7, cmd != 0)
	set(8, res != 0)
	set(9, org != 0)
	set(10, e.Role != "")
	set(11, e.Key != "")
	set(12, e.Token != 0)
	word := e.word()
	set(13, word != "")
	set(14, e.Text != "")
	h = hashU64(h, e.Seq)
	h = hashU64(h, uint64(e.At))
	h = hashU64(h, uint64(e.Kind)|mask<<8)
	h = hashU64(h, uint64(e.Node)<<32|uint64(e.Peer))
	if mask == 0 {
		return h
	}
	if mask&(1<<0) != 0 {
		h = hashStr(h, e.Client)
	}
	if mask&(1<<1) != 0 {
		h = hashU64(h, e.Req)
	}
	if mask&(1<<2) != 0 {
		h = hashMsg(h, &e.Msg)
	}
	if mask&(1<<3) != 0 {
		h = hashU64(h, e.Index)
	}
	if mask&(1<<4) != 0 {
		h = hashU64(h, e.Term)
	}
	if mask&(1<<5) != 0 {
		h = hashU64(h, uint64(e.Cmd.Kind))
	}
	if mask&(1<<6) != 0 {
		h = hashStr(h, e.Cmd.Key)
	}
	if mask&(1<<7) != 0 {
		h = hashU64(h, cmd)
	}
	if mask&(1<<8) != 0 {
		h = hashU64(h, res)
	}
	if mask&(1<<9) != 0 {
		h = hashU64(h, org)
	}
	if mask&(1<<10) != 0 {
		h = hashStr(h, string(e.Role))
	}
	if mask&(1<<11) != 0 {
		h = hashStr(h, e.Key)
	}
	if mask&(1<<12) != 0 {
		h = hashU64(h, e.Token)
	}
	if mask&(1<<13) != 0 {
		h = hashStr(h, word)
	}
	if mask&(1<<14) != 0 {
		h = hashStr(h, e.Text)
	}
	return h
}

// hashMsgEvent is hashEvent for an event emitMsg wrote: a message kind, and of the hashed
// fields only Seq, At, Node, Peer, Msg and Text set, so the mask is known (a test holds the two
// equal).
func hashMsgEvent(h, seq uint64, at time.Duration, kind EventKind, node, peer int, m *MsgInfo, text string) uint64 {
	mask := uint64(1 << 2)
	if text != "" {
		mask |= 1 << 14
	}
	h = hashU64(h, seq)
	h = hashU64(h, uint64(at))
	h = hashU64(h, uint64(kind)|mask<<8)
	h = hashU64(h, uint64(node)<<32|uint64(peer))
	h = hashU64(h, uint64(m.Type)|uint64(m.Entries)<<8) // hashMsg, written out: no call on the hottest path
	h = hashU64(h, m.Term)
	h = hashU64(h, m.LogTerm)
	h = hashU64(h, m.Index)
	h = hashU64(h, m.Commit)
	if text != "" {
		h = hashStr(h, text)
	}
	return h
}

// entryEvent is an event with only these fields set: a proposed, appended or applied entry or
// a commit (kinds without a word), a third of all events. recordEntry records it without
// building an Event; callers pass one literal by pointer, so its fields are not copied as
// arguments twice. It holds no pointer but its strings', so the literal stays on the stack.
type entryEvent struct {
	Index, Term uint64
	Cmd         fsm.Command
	Origin      Origin
	Result      fsm.Result
	Key         string
	Node        int
	Kind        EventKind
}

// cmdWord, resultWord and originWord are the words hashEvent folds e's command numbers,
// result and origin into.
func (e *entryEvent) cmdWord() uint64 {
	c := &e.Cmd
	return c.LeaseMS ^ c.Token<<20 ^ c.Origin<<40 ^ c.RemainingMS<<10
}

func (e *entryEvent) resultWord() uint64 {
	return uint64(e.Result.Kind)<<8 | uint64(u8(e.Result.Existed)) | e.Result.Token<<16
}

func (e *entryEvent) originWord() uint64 { return e.Origin.ID<<8 | uint64(e.Origin.Kind) }

// nz is 1 if x is not zero, else 0, without a branch.
func nz(x uint64) uint64 { return (x | -x) >> 63 }

// clientShaped says whether e has no field set but Client, Node, Peer, Req, Key, Token, Op,
// Reply, Sent and Lease (and Seq, At, Kind): the shape of a client's send, a request's arrival
// at a node and a reply, which hashClientEvent and putClient take without looking at the rest.
func clientShaped(e *Event) bool {
	m, c, o := &e.Msg, &e.Cmd, &e.Origin
	return !e.Kind.IsMessage() && e.Fault == nil &&
		uint(e.Node)|uint(e.Peer) < 256 &&
		len(e.Role)|len(e.Level)|len(e.Text)|len(e.Detail)|len(c.Key)|len(o.Client) == 0 &&
		e.Index|e.Term|e.Result.Token|c.LeaseMS|c.Token|c.Origin|c.RemainingMS|o.ID|o.Req|o.Token|uint64(o.Node) == 0 &&
		uint32(e.Result.Kind)|uint32(c.Kind)|uint32(o.Kind)|uint32(e.Violation)|
			uint32(u8(e.Result.Existed))|uint32(u8(e.Accepted))|uint32(u8(e.Removed)) == 0 &&
		m.ID|uint64(m.Sent)|uint64(m.Held)|uint64(m.Type)|m.Term|m.LogTerm|m.Index|m.Commit|uint64(m.Entries)|
			m.Hint|uint64(u8(m.HintEnd))|m.Resend|uint64(m.Then)|uint64(*(*uint32)(unsafe.Pointer(boolsOf(m)))) == 0
}

// hashClientEvent is hashEvent for a clientShaped event (a test holds the two equal).
func hashClientEvent(h uint64, e *Event) uint64 {
	word := ""
	if kindsWithWord&(1<<e.Kind) != 0 {
		word = e.word()
	}
	mask := nz(uint64(len(e.Client))) | nz(e.Req)<<1 | nz(uint64(len(e.Key)))<<11 | nz(e.Token)<<12 | nz(uint64(len(word)))<<13
	h = hashU64(h, e.Seq)
	h = hashU64(h, uint64(e.At))
	h = hashU64(h, uint64(e.Kind)|mask<<8)
	h = hashU64(h, uint64(e.Node)<<32|uint64(e.Peer))
	if e.Client != "" {
		h = hashStr(h, e.Client)
	}
	if e.Req != 0 {
		h = hashU64(h, e.Req)
	}
	if e.Key != "" {
		h = hashStr(h, e.Key)
	}
	if e.Token != 0 {
		h = hashU64(h, e.Token)
	}
	if word != "" {
		h = hashStr(h, word)
	}
	return h
}

// kindsWithWord is the kinds whose word (Event.word) may be set: bit k for kind k.
const kindsWithWord = 1<<EvClientSend | 1<<EvRequestAtNode | 1<<EvClientReply | 1<<EvReplyLost |
	1<<EvViolation | 1<<EvWrite | 1<<EvRaftLog

// FNVOffset is the trace hash of an empty run: FNV-1a's offset basis, kept as the starting
// value (the mixing that follows is hashU64's, not FNV's).
const FNVOffset uint64 = 14695981039346656037

// hashU64 folds one word into the hash: a multiply and a shift per word, not per byte (hashing
// runs for every event, so it is on the simulator's hot path).
func hashU64(h, v uint64) uint64 {
	h ^= v
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// hashStr folds s in 8 bytes at a time, the last 0 to 7 as one little-endian word (tail), then
// its length.
func hashStr(h uint64, s string) uint64 {
	for len(s) >= 8 {
		h = hashU64(h, uint64(s[0])|uint64(s[1])<<8|uint64(s[2])<<16|uint64(s[3])<<24|
			uint64(s[4])<<32|uint64(s[5])<<40|uint64(s[6])<<48|uint64(s[7])<<56)
		s = s[8:]
	}
	return hashU64(hashU64(h, tail(s)), uint64(len(s)))
}

// tail is s (under 8 bytes) as a little-endian word: two loads that overlap where s is shorter
// than both, instead of a loop over its bytes (keys and client names are 2 or 3 bytes).
func tail(s string) uint64 {
	switch n := len(s); {
	case n >= 4:
		lo := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
		hi := uint64(s[n-4]) | uint64(s[n-3])<<8 | uint64(s[n-2])<<16 | uint64(s[n-1])<<24
		return lo | hi<<(8*(n-4))
	case n >= 2:
		return uint64(s[0]) | uint64(s[1])<<8 | (uint64(s[n-2])|uint64(s[n-1])<<8)<<(8*(n-2))
	case n == 1:
		return uint64(s[0])
	}
	return 0
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// hashMsg adds a message's fields to h: hashEvent and its fast path hashMsgEvent share it.
func hashMsg(h uint64, m *MsgInfo) uint64 {
	h = hashU64(h, uint64(m.Type)|uint64(m.Entries)<<8)
	h = hashU64(h, m.Term)
	h = hashU64(h, m.LogTerm)
	h = hashU64(h, m.Index)
	return hashU64(h, m.Commit)
}
