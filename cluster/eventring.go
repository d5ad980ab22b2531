package cluster

import (
	"time"
	"unsafe"

	"leaselab/fsm"
)

// eventRing keeps the latest events in two arrays: records without pointers, and beside them
// the strings and Fault of an event that has any. A message event (two thirds of all) writes
// only the first two or three cache lines of its record and no pointer: no write barrier while
// the GC marks, and nothing the GC must mark. The ring used to hold whole Events (424 bytes,
// nine pointer words each, copied in with a bulk write barrier), which stretched every mark
// phase and streamed seven cache lines per event.
type eventRing struct {
	recs  []evRec  // oldest at head once full
	texts []evText // texts[i] is recs[i]'s only when recs[i].text is set (else stale: never read)
	head  int
}

func newEventRing(n int) eventRing {
	return eventRing{recs: make([]evRec, 0, n), texts: make([]evText, n)}
}

// evRec is an Event's fields that are not pointers (see eventRing); put and event convert, and
// a test fills every field of Event to prove they lose nothing.
type evRec struct {
	text bool // texts[slot] holds this event's strings and Fault
	rich bool // a field past the message's is set (put wrote it): putMsg clears the record first
	// tail is the event's fields from Seq on, copied whole: a message event (putMsg) sets
	// only Seq, At, Kind, Node, Peer and Msg, its first 128 bytes.
	tail      eventTail
	cmdLease  uint64
	cmdToken  uint64
	cmdLeft   uint64 // RemainingMS
	cmdOrigin uint64
	orgID     uint64
	orgReq    uint64
	orgToken  uint64
	orgNode   int
	cmdKind   fsm.Kind
	orgKind   OriginKind
}

// eventTail is Event's fields from Seq on, none a pointer, in Event's order and layout
// (TestEventTailIsEventsTail holds them equal), so the ring copies them in one move.
type eventTail struct {
	Seq       uint64
	At        time.Duration
	Kind      EventKind
	Node      int
	Peer      int
	Req       uint64
	Msg       MsgInfo
	Index     uint64
	Term      uint64
	Result    fsm.Result
	Token     uint64
	Op        Op
	Reply     ReplyKind
	Violation ViolationKind
	Accepted  bool
	Sent      time.Duration
	Lease     time.Duration
	Removed   bool
}

// tailOf is e's fields from Seq on, in place.
func tailOf(e *Event) *eventTail { return (*eventTail)(unsafe.Pointer(&e.Seq)) }

// evText is an Event's strings and Fault.
type evText struct {
	Client    string
	Role      Role
	Key       string
	Level     string
	Text      string
	Detail    string
	CmdKey    string
	OrgClient string
	Fault     *Fault
}

// slot is the ring's next record (index i).
func (g *eventRing) slot() (r *evRec, i int) {
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

// put records e as the ring's newest event. It writes every field of the record in place,
// one statement each (a literal or a tuple assignment would be built aside and copied).
func (g *eventRing) put(e *Event) {
	r, i := g.slot()
	r.rich = true
	r.tail = *tailOf(e)
	r.cmdLease, r.cmdToken, r.cmdLeft, r.cmdOrigin, r.cmdKind = e.Cmd.LeaseMS, e.Cmd.Token, e.Cmd.RemainingMS, e.Cmd.Origin, e.Cmd.Kind
	r.orgID, r.orgReq, r.orgToken, r.orgNode, r.orgKind = e.Origin.ID, e.Origin.Req, e.Origin.Token, e.Origin.Node, e.Origin.Kind
	r.text = true
	t := &g.texts[i]
	t.Client, t.Role, t.Key, t.Level = e.Client, e.Role, e.Key, e.Level
	t.Text, t.Detail, t.CmdKey, t.OrgClient, t.Fault = e.Text, e.Detail, e.Cmd.Key, e.Origin.Client, e.Fault
}

// putMsg records a message event (emitMsg's): only these fields are set.
func (g *eventRing) putMsg(seq uint64, at time.Duration, kind EventKind, node, peer int, info *MsgInfo, text, detail string) {
	r, i := g.slot()
	if r.rich {
		*r = evRec{}
	}
	m := &r.tail
	m.Seq, m.At, m.Kind, m.Node, m.Peer = seq, at, kind, node, peer
	m.Msg = *info
	r.text = text != "" || detail != ""
	if r.text {
		g.texts[i] = evText{Text: text, Detail: detail}
	}
}

// event is the record at slot i as the Event it was.
func (g *eventRing) event(i int) Event {
	r := &g.recs[i]
	e := Event{
		Cmd: fsm.Command{Kind: r.cmdKind, LeaseMS: r.cmdLease, Token: r.cmdToken,
			RemainingMS: r.cmdLeft, Origin: r.cmdOrigin},
		Origin: Origin{ID: r.orgID, Kind: r.orgKind, Req: r.orgReq, Token: r.orgToken, Node: r.orgNode},
	}
	*tailOf(&e) = r.tail
	if r.text {
		t := &g.texts[i]
		e.Client, e.Role, e.Key, e.Level = t.Client, t.Role, t.Key, t.Level
		e.Text, e.Detail, e.Cmd.Key, e.Origin.Client, e.Fault = t.Text, t.Detail, t.CmdKey, t.OrgClient, t.Fault
	}
	return e
}

// latest returns up to n of the latest events, oldest first.
func (g *eventRing) latest(n int) []Event {
	all := len(g.recs)
	n = max(0, min(n, all))
	out := make([]Event, n)
	for i := range out {
		out[i] = g.event((g.head + all - n + i) % all) // the ring's oldest is at head
	}
	return out
}
