package cluster

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// The fast hash of message events must be the general one exactly: it is the trace's identity.
func TestHashMsgEventIsHashEvent(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "partition", "cut", "random drop", "node down", "a text longer than eight bytes"}
	for i := 0; i < 20000; i++ {
		e := Event{
			Seq: r.Uint64(), At: time.Duration(r.Int64()), Kind: EvMsgSent + EventKind(r.IntN(3)),
			Node: r.IntN(10), Peer: r.IntN(10), Text: words[r.IntN(len(words))], Detail: words[r.IntN(len(words))],
			Msg: MsgInfo{ID: r.Uint64(), Sent: time.Duration(r.Int64()), Held: time.Duration(r.Int64()),
				Type: pb.MessageType(r.IntN(20)), Term: r.Uint64N(4), LogTerm: r.Uint64N(4), Index: r.Uint64N(4),
				Commit: r.Uint64N(4), Entries: r.IntN(3), Reject: r.IntN(2) == 0},
		}
		h := r.Uint64()
		if got, want := hashMsgEvent(h, e.Seq, e.At, e.Kind, e.Node, e.Peer, &e.Msg, e.Text), hashEvent(h, &e); got != want {
			t.Fatalf("event %+v: hashMsgEvent %x, hashEvent %x", e, got, want)
		}
	}
}

// emitMsg records what emit would: the same events in the ring and the same trace hash, also
// where it reuses a ring slot that emit filled with a richer event.
func TestEmitMsgIsEmit(t *testing.T) {
	small := func(c *Config) { c.RecentEvents = 3 }
	a, b := newWorld(t, small), newWorld(t, small)
	info := MsgInfo{Type: pb.MessageType_MsgApp, Term: 2, Index: 7, Commit: 6, Entries: 1}
	rich := Event{Kind: EvApplied, Node: 3, Client: "c1", Key: "k", Text: "t", Detail: "d", Role: RoleLeader,
		Fault: &Fault{}, Index: 4, Term: 2, Token: 9, Level: "info", Req: 5}
	for i := 0; i < 10; i++ {
		if i%3 == 0 {
			a.emit(rich)
			b.emit(rich)
			continue
		}
		text := []string{"", "cut"}[i%2]
		a.emit(Event{Kind: EvMsgDropped, Node: 1, Peer: 2, Msg: info, Text: text, Detail: "d"})
		b.emitMsg(EvMsgDropped, 1, 2, &info, text, "d")
	}
	if a.TraceHash() != b.TraceHash() {
		t.Fatalf("trace hashes differ: %x, %x", a.TraceHash(), b.TraceHash())
	}
	if got, want := b.RecentEvents(3), a.RecentEvents(3); !reflect.DeepEqual(got, want) {
		t.Fatalf("events differ:\n%+v\n%+v", got, want)
	}
	// A subscriber sees what the ring keeps, also where emitMsg's event follows a richer one.
	c := newWorld(t, small)
	var seen []Event
	c.Subscribe(func(e *Event) { seen = append(seen, *e) })
	c.emit(rich)
	c.emitMsg(EvMsgDropped, 1, 2, &info, "cut", "d")
	c.emitMsg(EvMsgSent, 1, 2, &info, "", "")
	if want := c.RecentEvents(3); !reflect.DeepEqual(seen, want) {
		t.Fatalf("a subscriber saw\n%+v\nthe ring keeps\n%+v", seen, want)
	}
}

// item.set must copy every field: a field added to item and not to set fails here.
func TestItemSetCopiesEveryField(t *testing.T) {
	from := item{at: 1, seq: 2, sent: 3, kind: itDeliver, node: 4, from: 5, gen: 6, inc: 7, ok: true,
		msg: &pb.Message{}, info: MsgInfo{ID: 8, Term: 9}, cl: &client{}, req: &request{}, rep: &reply{}, write: &write{}}
	v := reflect.ValueOf(from)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Fatalf("the test leaves item.%s zero: give it a value", v.Type().Field(i).Name)
		}
	}
	// Over an empty slot, over a slot holding another item, and an empty item over a full slot.
	other := item{at: 9, msg: &pb.Message{}, cl: &client{}, req: &request{}, rep: &reply{}, write: &write{}}
	for _, c := range []struct{ to, from item }{{item{}, from}, {other, from}, {other, item{}}} {
		to := c.to
		to.set(&c.from)
		if !reflect.DeepEqual(to, c.from) {
			t.Fatalf("set copied\n%+v\nwant\n%+v", to, c.from)
		}
		for _, p := range [][2]any{{to.msg, c.from.msg}, {to.cl, c.from.cl}, {to.req, c.from.req}, {to.rep, c.from.rep}, {to.write, c.from.write}} {
			if p[0] != p[1] {
				t.Fatalf("set kept a pointer of the slot's old item: %p, want %p", p[0], p[1])
			}
		}
	}
}

// randomEntryEvent is an event with only the fields recordEntry writes, of one of its kinds.
func randomEntryEvent(r *rand.Rand) Event {
	num := func() uint64 { return []uint64{0, 0, 1, 7, r.Uint64()}[r.IntN(5)] }
	str := func() string { return []string{"", "k1", "a key longer than eight bytes"}[r.IntN(3)] }
	e := Event{Kind: []EventKind{EvProposed, EvAppended, EvApplied, EvCommitted}[r.IntN(4)], Node: r.IntN(10),
		Index: num(), Term: num(), Key: str(),
		Cmd:    fsm.Command{Kind: fsm.Kind(r.IntN(4)), Key: str(), LeaseMS: num(), Token: num(), Origin: num(), RemainingMS: num()},
		Origin: Origin{ID: num(), Kind: OriginKind(r.IntN(4)), Client: str(), Req: num(), Token: num(), Node: r.IntN(6)},
		Result: fsm.Result{Kind: fsm.ResultKind(r.IntN(4)), Token: num(), Existed: r.IntN(2) == 0}}
	if r.IntN(4) == 0 {
		e.Cmd, e.Origin = fsm.Command{}, Origin{}
	}
	return e
}

// entryOf is e as recordEntry takes it.
func entryOf(e *Event) *entryEvent {
	return &entryEvent{Kind: e.Kind, Node: e.Node, Index: e.Index, Term: e.Term, Cmd: e.Cmd, Origin: e.Origin, Result: e.Result, Key: e.Key}
}

// recordEntry records what emit would: the same events in the ring, the same trace hash and
// the same events to a subscriber, also where it reuses slots that other shapes filled; with
// no subscriber it takes its one-pass path.
func TestRecordEntryIsEmit(t *testing.T) {
	for _, subscribed := range []bool{true, false} {
		recordEntryIsEmit(t, subscribed)
	}
}

func recordEntryIsEmit(t *testing.T, subscribed bool) {
	small := func(c *Config) { c.RecentEvents = 3 }
	a, b := newWorld(t, small), newWorld(t, small)
	var seenA, seenB []Event
	if subscribed {
		a.Subscribe(func(e *Event) { seenA = append(seenA, *e) })
		b.Subscribe(func(e *Event) { seenB = append(seenB, *e) })
	}
	r := rand.New(rand.NewPCG(7, 8))
	info := MsgInfo{Type: pb.MessageType_MsgApp, Term: 2, Index: 7, Commit: 6, Entries: 1}
	rich := Event{Kind: EvClientReply, Node: 3, Client: "c1", Key: "k", Text: "t", Detail: "d", Req: 5, Sent: 4}
	for i := 0; i < 3000; i++ {
		switch r.IntN(4) {
		case 0:
			a.emit(rich)
			b.emit(rich)
		case 1:
			a.emitMsg(EvMsgSent, 1, 2, &info, "", "")
			b.emitMsg(EvMsgSent, 1, 2, &info, "", "")
		default:
			e := randomEntryEvent(r)
			a.emit(e)
			b.recordEntry(entryOf(&e))
		}
		if a.TraceHash() != b.TraceHash() {
			t.Fatalf("subscribed %v, event %d: trace hashes differ: %x, %x", subscribed, i, a.TraceHash(), b.TraceHash())
		}
		if got, want := b.RecentEvents(3), a.RecentEvents(3); !reflect.DeepEqual(got, want) {
			t.Fatalf("subscribed %v, event %d: events differ:\n%+v\n%+v", subscribed, i, got, want)
		}
	}
	if !reflect.DeepEqual(seenA, seenB) {
		t.Fatal("a subscriber saw other events")
	}
}

// hashStr's tail of two overlapping loads is the bytes' little-endian word, at every length.
func TestHashStrTail(t *testing.T) {
	s := "abcdefghijklmnopq"
	for n := 0; n <= len(s); n++ {
		var want uint64
		for i, c := range []byte(s[n/8*8 : n]) {
			want |= uint64(c) << (8 * i)
		}
		if got := tail(s[n/8*8 : n]); got != want {
			t.Fatalf("tail of %q: %x, want %x", s[n/8*8:n], got, want)
		}
	}
}

// A client-shaped event is hashed and kept by its fast path exactly as by the general one; an
// event with any other field set is not client-shaped.
func TestClientEventFastPath(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	num := func() uint64 { return []uint64{0, 0, 1, r.Uint64()}[r.IntN(4)] }
	str := func() string { return []string{"", "c1", "k1", "a key longer than eight bytes"}[r.IntN(4)] }
	g1, g2 := newEventRing(3), newEventRing(3)
	shaped := 0
	for i := 0; i < 30000; i++ {
		e := Event{Seq: uint64(i + 1), At: time.Duration(i), Kind: EventKind(1 + r.IntN(int(EvLeaseExtended))),
			Node: r.IntN(10), Peer: r.IntN(10), Client: str(), Key: str(), Req: num(), Token: num(),
			Op: Op(r.IntN(5)), Reply: ReplyKind(r.IntN(12)), Sent: time.Duration(num()), Lease: time.Duration(num())}
		other := r.IntN(3) == 0
		if other { // one field outside the shape
			switch r.IntN(6) {
			case 0:
				e.Index = 1
			case 1:
				e.Text = "t"
			case 2:
				e.Cmd.Origin = 2
			case 3:
				e.Msg.Entries = 1
			case 4:
				e.Result.Existed = true
			case 5:
				e.Role = RoleLeader
			}
		}
		if got := clientShaped(&e); got != (!other && !e.Kind.IsMessage()) {
			t.Fatalf("event %+v: clientShaped %v", e, got)
		}
		if !clientShaped(&e) {
			continue
		}
		shaped++
		h := r.Uint64()
		if got, want := hashClientEvent(h, &e), hashEvent(h, &e); got != want {
			t.Fatalf("event %+v: hashClientEvent %x, hashEvent %x", e, got, want)
		}
		g1.putClient(&e)
		g2.put(&e)
		if a, b := g1.latest(3), g2.latest(3); !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a[len(a)-1], e) {
			t.Fatalf("event %+v: putClient kept\n%+v\nput kept\n%+v", e, a, b)
		}
	}
	if shaped == 0 {
		t.Fatal("no client-shaped event: the test tests nothing")
	}
}

// msgEvent (a message event with no text, no subscriber) records what emit would: the same
// ring and trace hash, for messages that fit a record and ones that do not (held, or sent long
// before), also over slots that other shapes filled.
func TestMsgEventIsEmit(t *testing.T) {
	small := func(c *Config) { c.RecentEvents = 5 }
	a, b := newWorld(t, small), newWorld(t, small)
	r := rand.New(rand.NewPCG(3, 4))
	rich := Event{Kind: EvClientReply, Node: 3, Client: "c1", Key: "k", Text: "t", Detail: "d", Req: 5, Sent: 4}
	for i := 0; i < 2000; i++ {
		if r.IntN(5) == 0 {
			a.emit(rich)
			b.emit(rich)
			continue
		}
		num := func() uint64 { return []uint64{0, 1, 7, r.Uint64()}[r.IntN(4)] }
		seq := a.Events() + 1
		info := MsgInfo{ID: seq - r.Uint64N(3), Sent: a.Now() - time.Duration(r.IntN(3)), Type: pb.MessageType(r.IntN(20)),
			Term: num(), LogTerm: num(), Index: num(), Commit: num(), Entries: r.IntN(3),
			Reject: r.IntN(2) == 0, Read: r.IntN(2) == 0, Late: r.IntN(2) == 0, Again: r.IntN(2) == 0}
		switch r.IntN(6) {
		case 0:
			info.Held = time.Millisecond
		case 1:
			info.ID = seq - 1<<33
		case 2:
			info.Sent = a.Now() - 5*time.Second
		case 3:
			info.Entries = 1 << 33
		}
		node, peer := 1+r.IntN(5), []int{1 + r.IntN(5), 300}[r.IntN(2)]
		a.emit(Event{Kind: EvMsgSent + EventKind(r.IntN(3)), Node: node, Peer: peer, Msg: info})
		e := a.RecentEvents(1)[0]
		b.msgEvent(e.Kind, node, peer, &info)
		if a.TraceHash() != b.TraceHash() {
			t.Fatalf("event %d %+v: trace hashes differ", i, e)
		}
		if got, want := b.RecentEvents(5), a.RecentEvents(5); !reflect.DeepEqual(got, want) {
			t.Fatalf("event %d: events differ:\n%+v\n%+v", i, got, want)
		}
	}
}

// fill writes every field of a message's info, over whatever the slot held.
func TestFillMsgInfo(t *testing.T) {
	m := &pb.Message{Type: pb.MessageType_MsgHeartbeatResp.Enum(), Term: new(uint64(3)), LogTerm: new(uint64(2)),
		Index: new(uint64(9)), Commit: new(uint64(8)), Reject: new(true), RejectHint: new(uint64(4)), Context: []byte("r"),
		Entries: []*pb.Entry{{}, {}}}
	want := MsgInfo{ID: 5, Sent: 6, Held: 7, Type: pb.MessageType_MsgHeartbeatResp, Term: 3, LogTerm: 2, Index: 9,
		Commit: 8, Entries: 2, Hint: 4, Reject: true, Read: true}
	dirty := MsgInfo{ID: 1, Sent: 1, Held: 1, Type: 1, Term: 1, LogTerm: 1, Index: 1, Commit: 1, Entries: 1,
		Hint: 1, HintEnd: true, Resend: 1, Then: ThenIgnore, Reject: true, Read: true, Late: true, Again: true}
	v := reflect.ValueOf(dirty)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Fatalf("the test leaves MsgInfo.%s zero: give it a value", v.Type().Field(i).Name)
		}
	}
	got := dirty
	got.fill(m, 5, 6, 7)
	if got != want {
		t.Fatalf("fill wrote\n%+v\nwant\n%+v", got, want)
	}
	got = dirty
	got.fill(&pb.Message{Type: pb.MessageType_MsgApp.Enum()}, 0, 0, 0)
	if want := (MsgInfo{Type: pb.MessageType_MsgApp}); got != want {
		t.Fatalf("fill wrote\n%+v\nwant\n%+v", got, want)
	}
}
