package cluster

import (
	"time"
	"unsafe"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// eventRing keeps the latest events as compact records, written where they are read back
// rarely (a screen asks for the latest few), so what costs is the memory each event writes: a
// ring larger than the first-level cache misses it on every line it writes, and those lines
// push out raft's own. An event writes one 64-byte line (evRec) for its numbers, a second
// (evExt) only if it carries a command and origin or a client's times, and its strings
// (evText) only if it has some, each field it has and no other. A message event (two thirds
// of all) and a committed event write one line and no pointer. An event whose numbers do not
// fit the compact form (a held message, an ID older than 2^32 events...) is kept whole in
// wide, allocated the first time one happens. The ring used to write 288 bytes of record and
// 136 of strings for every rich event, and three lines for a message.
//
// The ring is given the world's events in order, numbered one after the other: a record does
// not keep its Seq, which follows from the newest's (last).
type eventRing struct {
	recs  []evRec  // oldest at head once full
	exts  []evExt  // exts[i] is recs[i]'s when recs[i].flags has extCmd or extClient
	texts []evText // texts[i]'s fields named by recs[i].tmask are its strings
	wide  []Event  // wide[i] is recs[i]'s event when recs[i].flags has fWide; nil until one is
	head  int
	last  uint64 // Seq of the newest event
}

func newEventRing(n int) eventRing {
	return eventRing{recs: make([]evRec, 0, n), exts: make([]evExt, n), texts: make([]evText, n)}
}

// evRec is an event's numbers in 64 bytes. s and b mean one thing for a message event and
// another for the rest (see put and putMsg); a field of an event that is not set is zero.
type evRec struct {
	at    time.Duration
	s     [5]uint64 // message: Msg.Term, LogTerm, Index, Commit, Seq-ID | (At-Sent)<<32; else Index, Term, Token, Result.Token, Req
	u     uint32    // message: Msg.Entries
	kind  EventKind
	node  uint8
	peer  uint8
	flags uint8
	tmask uint8    // bit f: texts holds string field f (txKey...)
	b     [7]uint8 // message: Msg.Type, then Reject, Read, Late, Again (msgBools); else Op, Reply, Violation, Result.Kind, Cmd.Kind, Origin.Kind
}

// evRec.flags.
const (
	fWide      uint8 = 1 << iota // the event is wide[i]; nothing else of the record is read
	fExtCmd                      // exts[i] holds Cmd and Origin's numbers
	fExtClient                   // exts[i] holds Sent and Lease
	fAccepted
	fRemoved
	fExisted // Result.Existed
	fExtHint // a message's: exts[i] holds its reject hint (Hint, HintEnd)
)

// msgBools is MsgInfo's four flags, Reject to Again, as bytes (they sit together at its end, a
// test holds them so): the ring copies them in one move.
type msgBools [4]uint8

func boolsOf(m *MsgInfo) *msgBools { return (*msgBools)(unsafe.Pointer(&m.Reject)) }

// u8 is b as 0 or 1, without a branch.
func u8(b bool) uint8 { return *(*uint8)(unsafe.Pointer(&b)) }

// evExt is an event's command and origin (fExtCmd: Cmd.LeaseMS, Token, Origin, RemainingMS,
// Origin.ID, Req, Token, Node) or a client's times (fExtClient: Sent, Lease), or a message's
// reject hint (fExtHint: Hint, HintEnd, Resend, Then, rare, so the record stays 64 bytes); no event has two
// (one that does is kept wide).
type evExt [8]uint64

// evText is an event's strings, the ones an applied event has first: a record's tmask says
// which of them are its own (the others are stale, never read). An event with a Fault (rare)
// is kept wide.
type evText struct {
	Key, CmdKey, OrgClient, Client, Text string
	Role                                 Role
	Level, Detail                        string
}

// evText fields, as bits of evRec.tmask.
const (
	txKey uint8 = 1 << iota
	txCmdKey
	txOrgClient
	txClient
	txText
	txRole
	txLevel
	txDetail
)

// slot is the ring's next record (index i), for the event numbered seq.
func (g *eventRing) slot(seq uint64) (r *evRec, i int) {
	g.last = seq
	if len(g.recs) < cap(g.recs) {
		g.recs = g.recs[:len(g.recs)+1]
		i = len(g.recs) - 1
	} else {
		i = g.head
		if g.head++; g.head == len(g.recs) {
			g.head = 0
		}
	}
	return &g.recs[i], i
}

// put records e (numbered e.Seq) as the ring's newest event. Every field of the record is
// written, one statement each (a literal would be built aside and copied).
func (g *eventRing) put(e *Event) {
	r, i := g.slot(e.Seq)
	if !g.compact(e) {
		g.putWide(r, i, e)
		return
	}
	r.at, r.kind, r.node, r.peer = e.At, e.Kind, uint8(e.Node), uint8(e.Peer)
	if e.Kind.IsMessage() {
		g.msgFields(r, e.Seq, e.At, &e.Msg)
		r.flags = g.msgHint(i, &e.Msg)
	} else {
		g.plainFields(r, i, e)
	}
	var m uint8
	if e.Key != "" || e.Cmd.Key != "" || e.Origin.Client != "" || e.Client != "" || e.Text != "" || e.Role != "" || e.Level != "" || e.Detail != "" {
		t := &g.texts[i]
		if e.Key != "" {
			t.Key, m = e.Key, m|txKey
		}
		if e.Cmd.Key != "" {
			t.CmdKey, m = e.Cmd.Key, m|txCmdKey
		}
		if e.Origin.Client != "" {
			t.OrgClient, m = e.Origin.Client, m|txOrgClient
		}
		if e.Client != "" {
			t.Client, m = e.Client, m|txClient
		}
		if e.Text != "" {
			t.Text, m = e.Text, m|txText
		}
		if e.Role != "" {
			t.Role, m = e.Role, m|txRole
		}
		if e.Level != "" {
			t.Level, m = e.Level, m|txLevel
		}
		if e.Detail != "" {
			t.Detail, m = e.Detail, m|txDetail
		}
	}
	r.tmask = m
}

// msgFields writes a message's numbers into r.
func (g *eventRing) msgFields(r *evRec, seq uint64, at time.Duration, m *MsgInfo) {
	r.s[0], r.s[1], r.s[2], r.s[3] = m.Term, m.LogTerm, m.Index, m.Commit
	r.s[4] = seq - m.ID | uint64(at-m.Sent)<<32
	r.u = uint32(m.Entries)
	r.b[0] = uint8(m.Type)
	*(*msgBools)(r.b[1:5]) = *boolsOf(m)
}

// msgHint keeps a message's reject hint in exts[i], if it has one, and gives the record's flags.
func (g *eventRing) msgHint(i int, m *MsgInfo) uint8 {
	if m.Hint|uint64(u8(m.HintEnd))|m.Resend|uint64(m.Then) == 0 {
		return 0
	}
	x := &g.exts[i]
	x[0], x[1], x[2], x[3] = m.Hint, uint64(u8(m.HintEnd)), m.Resend, uint64(m.Then)
	return fExtHint
}

// plainFields writes the numbers of an event that is not a message into r (and exts[i]).
func (g *eventRing) plainFields(r *evRec, i int, e *Event) {
	r.s[0], r.s[1], r.s[2], r.s[3], r.s[4] = e.Index, e.Term, e.Token, e.Result.Token, e.Req
	r.u = 0
	r.b[0], r.b[1], r.b[2], r.b[3] = uint8(e.Op), uint8(e.Reply), uint8(e.Violation), uint8(e.Result.Kind)
	r.b[4], r.b[5] = uint8(e.Cmd.Kind), uint8(e.Origin.Kind)
	flags := u8(e.Accepted)*fAccepted | u8(e.Removed)*fRemoved | u8(e.Result.Existed)*fExisted
	c, o := &e.Cmd, &e.Origin
	if c.LeaseMS|c.Token|c.Origin|c.RemainingMS|o.ID|o.Req|o.Token != 0 || o.Node != 0 {
		flags |= fExtCmd
		x := &g.exts[i]
		x[0], x[1], x[2], x[3] = c.LeaseMS, c.Token, c.Origin, c.RemainingMS
		x[4], x[5], x[6], x[7] = o.ID, o.Req, o.Token, uint64(o.Node)
	} else if e.Sent != 0 || e.Lease != 0 {
		flags |= fExtClient
		x := &g.exts[i]
		x[0], x[1] = uint64(e.Sent), uint64(e.Lease)
	}
	r.flags = flags
}

// compact says whether e's numbers fit a record (and an evExt).
func (g *eventRing) compact(e *Event) bool {
	if e.Fault != nil || e.Due != 0 { // Due: a frozen node's late countdown, rare: kept wide
		return false
	}
	c, o := &e.Cmd, &e.Origin
	cmdSet := c.LeaseMS|c.Token|c.Origin|c.RemainingMS|o.ID|o.Req|o.Token|uint64(o.Node) != 0
	if e.Kind.IsMessage() {
		return msgFits(e.Seq, e.At, e.Node, e.Peer, &e.Msg) && !cmdSet &&
			e.Req|e.Index|e.Term|e.Token|e.Result.Token|uint64(e.Sent)|uint64(e.Lease) == 0 &&
			uint32(e.Op)|uint32(e.Reply)|uint32(e.Violation)|uint32(e.Result.Kind)|uint32(c.Kind)|uint32(o.Kind)|
				uint32(u8(e.Result.Existed))|uint32(u8(e.Accepted))|uint32(u8(e.Removed)) == 0
	}
	m := &e.Msg
	return uint(e.Node)|uint(e.Peer) < 256 && !(cmdSet && e.Sent|e.Lease != 0) &&
		m.ID|uint64(m.Sent)|uint64(m.Held)|uint64(m.Type)|m.Term|m.LogTerm|m.Index|m.Commit|uint64(m.Entries)|
			m.Hint|uint64(u8(m.HintEnd))|m.Resend|uint64(m.Then)|uint64(*(*uint32)(unsafe.Pointer(boolsOf(m)))) == 0
}

// msgFits says whether a message event's numbers fit a record: held on no delay rule, sent less
// than 2^32 events and 2^32 ns (4.3 s) before, a node id, a type and an entry count that fit.
// (seq-ID and at-Sent wrap to more than that when ID or Sent is later.)
func msgFits(seq uint64, at time.Duration, node, peer int, m *MsgInfo) bool {
	return uint64(m.Held)|(seq-m.ID|uint64(at-m.Sent))>>32|uint64(uint(node)|uint(peer)|uint(uint32(m.Type)))>>8|
		uint64(uint(m.Entries))>>32 == 0
}

func (g *eventRing) putWide(r *evRec, i int, e *Event) {
	if g.wide == nil {
		g.wide = make([]Event, cap(g.recs))
	}
	g.wide[i] = *e
	r.at, r.kind, r.flags = e.At, e.Kind, fWide
}

// putClient records a clientShaped event e (numbered e.Seq).
func (g *eventRing) putClient(e *Event) {
	r, i := g.slot(e.Seq)
	r.at, r.kind, r.node, r.peer = e.At, e.Kind, uint8(e.Node), uint8(e.Peer)
	r.s[0], r.s[1], r.s[2], r.s[3], r.s[4] = 0, 0, e.Token, 0, e.Req
	r.u = 0
	r.b[0], r.b[1], r.b[2], r.b[3], r.b[4], r.b[5] = uint8(e.Op), uint8(e.Reply), 0, 0, 0, 0
	r.flags = 0
	if e.Sent|e.Lease != 0 {
		r.flags = fExtClient
		x := &g.exts[i]
		x[0], x[1] = uint64(e.Sent), uint64(e.Lease)
	}
	var m uint8
	if len(e.Key)|len(e.Client) != 0 {
		t := &g.texts[i]
		if e.Key != "" {
			t.Key, m = e.Key, txKey
		}
		if e.Client != "" {
			t.Client, m = e.Client, m|txClient
		}
	}
	r.tmask = m
}

// putMsg records a message event (emitMsg's) with no text: only these fields are set. It
// returns the slot, for putMsgText.
func (g *eventRing) putMsg(seq uint64, at time.Duration, kind EventKind, node, peer int, m *MsgInfo) int {
	r, i := g.slot(seq)
	if !msgFits(seq, at, node, peer, m) {
		g.putWide(r, i, &Event{Seq: seq, At: at, Kind: kind, Node: node, Peer: peer, Msg: *m})
		return i
	}
	r.at, r.kind, r.node, r.peer, r.flags, r.tmask = at, kind, uint8(node), uint8(peer), 0, 0
	r.s[0], r.s[1], r.s[2], r.s[3] = m.Term, m.LogTerm, m.Index, m.Commit
	r.s[4] = seq - m.ID | uint64(at-m.Sent)<<32
	r.u = uint32(m.Entries)
	r.b[0] = uint8(m.Type)
	*(*msgBools)(r.b[1:5]) = *boolsOf(m)
	r.flags = g.msgHint(i, m)
	return i
}

// putMsgText gives the message event putMsg put at slot i its Text and Detail.
func (g *eventRing) putMsgText(i int, text, detail string) {
	if r := &g.recs[i]; r.flags&fWide != 0 {
		g.wide[i].Text, g.wide[i].Detail = text, detail
	} else {
		t := &g.texts[i]
		t.Text, t.Detail = text, detail
		r.tmask = txText | txDetail
	}
}

// event is the record at slot i, numbered seq, as the Event it was.
func (g *eventRing) event(i int, seq uint64) Event {
	r := &g.recs[i]
	if r.flags&fWide != 0 {
		return g.wide[i]
	}
	e := Event{Seq: seq, At: r.at, Kind: r.kind, Node: int(r.node), Peer: int(r.peer)}
	if r.kind.IsMessage() {
		e.Msg = MsgInfo{Term: r.s[0], LogTerm: r.s[1], Index: r.s[2], Commit: r.s[3],
			ID: seq - r.s[4]&(1<<32-1), Sent: r.at - time.Duration(r.s[4]>>32),
			Type: pb.MessageType(r.b[0]), Entries: int(r.u)}
		*boolsOf(&e.Msg) = *(*msgBools)(r.b[1:5])
		if r.flags&fExtHint != 0 {
			x := &g.exts[i]
			e.Msg.Hint, e.Msg.HintEnd, e.Msg.Resend, e.Msg.Then = x[0], x[1] != 0, x[2], RejectThen(x[3])
		}
	} else {
		e.Index, e.Term, e.Token, e.Result.Token, e.Req = r.s[0], r.s[1], r.s[2], r.s[3], r.s[4]
		e.Op, e.Reply, e.Violation, e.Result.Kind, e.Cmd.Kind = Op(r.b[0]), ReplyKind(r.b[1]), ViolationKind(r.b[2]), fsm.ResultKind(r.b[3]), fsm.Kind(r.b[4])
		e.Origin.Kind = OriginKind(r.b[5])
		e.Accepted, e.Removed, e.Result.Existed = r.flags&fAccepted != 0, r.flags&fRemoved != 0, r.flags&fExisted != 0
		if x := &g.exts[i]; r.flags&fExtCmd != 0 {
			e.Cmd.LeaseMS, e.Cmd.Token, e.Cmd.Origin, e.Cmd.RemainingMS = x[0], x[1], x[2], x[3]
			e.Origin.ID, e.Origin.Req, e.Origin.Token, e.Origin.Node = x[4], x[5], x[6], int(x[7])
		} else if r.flags&fExtClient != 0 {
			e.Sent, e.Lease = time.Duration(x[0]), time.Duration(x[1])
		}
	}
	if m := r.tmask; m != 0 {
		t := &g.texts[i]
		if m&txKey != 0 {
			e.Key = t.Key
		}
		if m&txCmdKey != 0 {
			e.Cmd.Key = t.CmdKey
		}
		if m&txOrgClient != 0 {
			e.Origin.Client = t.OrgClient
		}
		if m&txClient != 0 {
			e.Client = t.Client
		}
		if m&txText != 0 {
			e.Text = t.Text
		}
		if m&txRole != 0 {
			e.Role = t.Role
		}
		if m&txLevel != 0 {
			e.Level = t.Level
		}
		if m&txDetail != 0 {
			e.Detail = t.Detail
		}
	}
	return e
}

// latest returns up to n of the latest events, oldest first.
func (g *eventRing) latest(n int) []Event {
	all := len(g.recs)
	n = max(0, min(n, all))
	out := make([]Event, n)
	for i := range out {
		out[i] = g.event((g.head+all-n+i)%all, g.last-uint64(n-1-i)) // the ring's oldest is at head
	}
	return out
}
