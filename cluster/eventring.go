package cluster

import (
	"time"

	"leaselab/fsm"
)

// eventRing keeps the latest events. Its records hold no pointer: a string is a number in the
// ring's table of names, and an event's Text, Detail and Fault (rare, and of any value) sit in
// a side array at the record's slot. So the GC never marks the ring, and writing an event
// costs no write barrier. Events as a 416-byte Event with nine pointer words cost the world
// about an eighth of its instructions: every event written while the GC marked shaded the
// pointers it overwrote and the ones it wrote, and that stretched every mark phase.
type eventRing struct {
	recs  []evRec  // oldest at head once full
	texts []evText // texts[i] holds recs[i]'s when recs[i].text is set; zero otherwise
	head  int

	// names[id-1] is the string with that id (0 is ""). Client names, keys, roles and levels
	// are few; the table is rebuilt from the records alone when it reaches limit, so a long
	// run with many keys keeps only what its latest events name.
	names  []string
	nameID map[string]uint32
	limit  int
	hits   [64]nameHit // names met lately: most events name what the last ones did
}

type nameHit struct {
	s  string
	id uint32
}

// minNameLimit is the table size that triggers the first rebuild: past what one ring's
// records can name (six names each), so a rebuild always at least halves it.
const minNameLimit = 4096

func newEventRing(n int) eventRing {
	return eventRing{recs: make([]evRec, 0, n), texts: make([]evText, n), nameID: map[string]uint32{}, limit: minNameLimit}
}

// evRec is an Event without its pointers (see eventRing); rec and event convert, and a test
// fills every field of Event to prove they lose nothing.
type evRec struct {
	// What a message event has (putMsg writes only these): two cache lines.
	Seq  uint64
	At   time.Duration
	Node int
	Peer int
	Msg  MsgInfo
	Kind EventKind
	text bool // texts[slot] holds this event's Text, Detail or Fault
	rich bool // a field below is set (put wrote it): putMsg clears the record first

	Req       uint64
	Index     uint64
	Term      uint64
	Result    fsm.Result
	Token     uint64
	Sent      time.Duration
	Lease     time.Duration
	cmdLease  uint64
	cmdToken  uint64
	cmdLeft   uint64 // RemainingMS
	cmdOrigin uint64
	orgID     uint64
	orgReq    uint64
	orgToken  uint64
	orgNode   int
	client    uint32
	role      uint32
	key       uint32
	level     uint32
	cmdKey    uint32
	orgClient uint32
	cmdKind   fsm.Kind
	orgKind   OriginKind
	Op        Op
	Reply     ReplyKind
	Violation ViolationKind
	Accepted  bool
	Removed   bool
}

type evText struct {
	Text   string
	Detail string
	Fault  *Fault
}

// slot is the ring's next record (index i); the texts of the event it overwrites are dropped.
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
	r = &g.recs[i]
	if r.text {
		g.texts[i] = evText{}
		r.text = false
	}
	return r, i
}

// setText keeps an event's Text, Detail and Fault at slot i, if it has any.
func (g *eventRing) setText(r *evRec, i int, text, detail string, f *Fault) {
	if text != "" || detail != "" || f != nil {
		r.text = true
		g.texts[i] = evText{Text: text, Detail: detail, Fault: f}
	}
}

// put records e as the ring's newest event.
func (g *eventRing) put(e *Event) {
	if len(g.names) >= g.limit {
		g.rebuildNames()
	}
	r, i := g.slot()
	*r = evRec{
		Seq: e.Seq, At: e.At, Msg: e.Msg, Node: e.Node, Peer: e.Peer, Req: e.Req, Index: e.Index,
		Term: e.Term, Result: e.Result, Token: e.Token, Sent: e.Sent, Lease: e.Lease,
		cmdLease: e.Cmd.LeaseMS, cmdToken: e.Cmd.Token, cmdLeft: e.Cmd.RemainingMS, cmdOrigin: e.Cmd.Origin,
		orgID: e.Origin.ID, orgReq: e.Origin.Req, orgToken: e.Origin.Token, orgNode: e.Origin.Node,
		client: g.name(e.Client), role: g.name(string(e.Role)), key: g.name(e.Key), level: g.name(e.Level),
		cmdKey: g.name(e.Cmd.Key), orgClient: g.name(e.Origin.Client),
		Kind: e.Kind, cmdKind: e.Cmd.Kind, orgKind: e.Origin.Kind, Op: e.Op, Reply: e.Reply,
		Violation: e.Violation, Accepted: e.Accepted, Removed: e.Removed, rich: true,
	}
	g.setText(r, i, e.Text, e.Detail, e.Fault)
}

// putMsg records a message event (emitMsg's): only these fields are set.
func (g *eventRing) putMsg(seq uint64, at time.Duration, kind EventKind, node, peer int, info *MsgInfo, text, detail string) {
	r, i := g.slot()
	if r.rich {
		*r = evRec{}
	}
	r.Seq, r.At, r.Kind, r.Node, r.Peer, r.Msg = seq, at, kind, node, peer, *info
	g.setText(r, i, text, detail, nil)
}

// event is the record at slot i as the Event it was.
func (g *eventRing) event(i int) Event {
	r := &g.recs[i]
	e := Event{
		Client: g.str(r.client), Role: Role(g.str(r.role)), Key: g.str(r.key), Level: g.str(r.level),
		Cmd: fsm.Command{Kind: r.cmdKind, Key: g.str(r.cmdKey), LeaseMS: r.cmdLease, Token: r.cmdToken,
			RemainingMS: r.cmdLeft, Origin: r.cmdOrigin},
		Origin: Origin{ID: r.orgID, Kind: r.orgKind, Client: g.str(r.orgClient), Req: r.orgReq,
			Token: r.orgToken, Node: r.orgNode},
		Seq: r.Seq, At: r.At, Kind: r.Kind, Node: r.Node, Peer: r.Peer, Req: r.Req, Msg: r.Msg,
		Index: r.Index, Term: r.Term, Result: r.Result, Token: r.Token, Op: r.Op, Reply: r.Reply,
		Violation: r.Violation, Accepted: r.Accepted, Sent: r.Sent, Lease: r.Lease, Removed: r.Removed,
	}
	if r.text {
		t := &g.texts[i]
		e.Text, e.Detail, e.Fault = t.Text, t.Detail, t.Fault
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

func (g *eventRing) name(s string) uint32 {
	if s == "" {
		return 0
	}
	h := &g.hits[(len(s)*7+int(s[0])*3+int(s[len(s)-1]))%len(g.hits)]
	if h.s == s {
		return h.id
	}
	id, ok := g.nameID[s]
	if !ok {
		g.names = append(g.names, s)
		id = uint32(len(g.names))
		g.nameID[s] = id
	}
	*h = nameHit{s, id}
	return id
}

func (g *eventRing) str(id uint32) string {
	if id == 0 {
		return ""
	}
	return g.names[id-1]
}

// rebuildNames starts the table of names again with only those the records use.
func (g *eventRing) rebuildNames() {
	old := g.names
	g.names, g.nameID, g.hits = nil, map[string]uint32{}, [len(g.hits)]nameHit{}
	again := func(id *uint32) {
		if *id != 0 {
			*id = g.name(old[*id-1])
		}
	}
	for i := range g.recs {
		r := &g.recs[i]
		for _, id := range []*uint32{&r.client, &r.role, &r.key, &r.level, &r.cmdKey, &r.orgClient} {
			again(id)
		}
	}
	g.limit = max(minNameLimit, 2*len(g.names))
}
