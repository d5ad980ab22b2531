package cluster

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// fill sets every field of v, recursively, to a value that differs from field to field, and
// fails on a kind it does not know (a new field of such a kind must be taught here).
func fill(t *testing.T, v reflect.Value, n *int, path string) {
	*n++
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(t, v.Field(i), n, path+"."+v.Type().Field(i).Name)
		}
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.Float64:
		v.SetFloat(float64(*n))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), n, path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(t, v.Index(0), n, path+"[0]")
	default:
		t.Fatalf("%s: fill does not know kind %s", path, v.Kind())
	}
}

// The ring keeps every field of an event: a field added to Event and not to evRec (put and
// event) fails here.
func TestEventRingKeepsEveryField(t *testing.T) {
	var e Event
	n := 0
	fill(t, reflect.ValueOf(&e).Elem(), &n, "Event")
	g := newEventRing(2)
	for i := 0; i < 3; i++ { // the third overwrites the first slot
		e.Seq = uint64(i + 1)
		g.put(&e)
		if got := g.latest(1); !reflect.DeepEqual(got[0], e) {
			t.Fatalf("the ring gave back\n%+v\nfor\n%+v", got[0], e)
		}
	}
	// A message event over a slot that held a full one keeps none of its fields.
	info := MsgInfo{Term: 3}
	g.putMsg(9, 10, EvMsgSent, 1, 2, &info)
	want := Event{Seq: 9, At: 10, Kind: EvMsgSent, Node: 1, Peer: 2, Msg: info}
	if got := g.latest(1)[0]; !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", got, want)
	}
}

// A subscriber of some kinds sees exactly the events of those kinds that one of all sees.
func TestSubscribeKinds(t *testing.T) {
	w := newWorld(t, nil)
	var all, some []Event
	w.Subscribe(func(e *Event) {
		if e.Kind == EvApplied || e.Kind == EvMsgDropped {
			all = append(all, *e)
		}
	})
	w.SubscribeKinds(func(e *Event) { some = append(some, *e) }, EvApplied, EvMsgDropped)
	must(t, w.Connect("c1", 1))
	must(t, w.Acquire("c1", "k", time.Second))
	must(t, w.Partition([]int{1, 2}, []int{3, 4, 5}))
	w.Advance(3 * time.Second)
	kinds := map[EventKind]bool{}
	for _, e := range some {
		kinds[e.Kind] = true
	}
	if !kinds[EvApplied] || !kinds[EvMsgDropped] {
		t.Fatalf("the run has no applied or dropped event (%v): the test tests nothing", kinds)
	}
	if !reflect.DeepEqual(all, some) {
		t.Fatalf("SubscribeKinds saw %d events, Subscribe %d of those kinds", len(some), len(all))
	}
}

// Each field of an event alone comes back from the ring, on a message event and on another:
// a field added to Event that the compact record neither keeps nor sends to the wide path
// fails here.
func TestEventRingKnowsEveryField(t *testing.T) {
	var leaves func(v reflect.Value, path string, each func(reflect.Value, string))
	leaves = func(v reflect.Value, path string, each func(reflect.Value, string)) {
		if v.Kind() == reflect.Struct {
			for i := 0; i < v.NumField(); i++ {
				leaves(v.Field(i), path+"."+v.Type().Field(i).Name, each)
			}
			return
		}
		each(v, path)
	}
	var probe Event
	var paths []string
	leaves(reflect.ValueOf(&probe).Elem(), "Event", func(_ reflect.Value, p string) { paths = append(paths, p) })
	for _, kind := range []EventKind{EvMsgDelivered, EvApplied} {
		for n, want := range paths {
			e := Event{Seq: 5, At: 10, Kind: kind}
			k := 0
			leaves(reflect.ValueOf(&e).Elem(), "Event", func(v reflect.Value, p string) {
				if k++; k-1 != n {
					return
				}
				switch v.Kind() {
				case reflect.String:
					v.SetString("x")
				case reflect.Bool:
					v.SetBool(true)
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					v.SetInt(3)
				case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
					v.SetUint(3)
				case reflect.Pointer:
					v.Set(reflect.New(v.Type().Elem()))
				default:
					t.Fatalf("%s: the test does not know kind %s", p, v.Kind())
				}
			})
			g := newEventRing(2)
			g.put(&e)
			if got := g.latest(1)[0]; !reflect.DeepEqual(got, e) {
				t.Fatalf("%s alone on a %s event: the ring gave back\n%+v\nfor\n%+v", want, kind, got, e)
			}
		}
	}
}

// The ring gives back every event as it was, whichever fields it has: compact records (a
// message, a command with its origin, a client's times, strings or none) and wide ones,
// written over slots that held other shapes.
func TestEventRingRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pick := func(n int) bool { return r.IntN(n) == 0 }
	num := func() uint64 {
		if pick(8) {
			return r.Uint64()
		}
		return r.Uint64N(50)
	}
	str := func() string { return []string{"", "", "k1", "c2", "a longer text"}[r.IntN(5)] }
	g := newEventRing(3)
	var want []Event
	seq, at := uint64(0), time.Duration(0)
	for i := 0; i < 20000; i++ {
		seq++
		at += time.Duration(r.Int64N(int64(time.Second)))
		e := Event{Seq: seq, At: at, Kind: EventKind(1 + r.IntN(int(EvLeaseExtended))), Node: r.IntN(6), Peer: r.IntN(6)}
		if pick(50) {
			e.Node = 300
		}
		if e.Kind.IsMessage() || pick(30) {
			e.Msg = MsgInfo{ID: seq - r.Uint64N(seq+1), Sent: at - time.Duration(r.Int64N(int64(at)+1)),
				Type: pb.MessageType(r.IntN(20)), Term: num(), LogTerm: num(), Index: num(), Commit: num(),
				Entries: r.IntN(3), Reject: pick(2), Read: pick(2), Late: pick(2), Again: pick(2)}
			if pick(10) {
				e.Msg.Held = time.Second
			}
		}
		if !e.Kind.IsMessage() || pick(30) {
			e.Index, e.Term, e.Token, e.Req = num(), num(), num(), num()
			e.Result = fsm.Result{Kind: fsm.ResultKind(r.IntN(4)), Token: num(), Existed: pick(2)}
			e.Op, e.Reply, e.Violation, e.Accepted, e.Removed = Op(r.IntN(3)), ReplyKind(r.IntN(3)), ViolationKind(r.IntN(3)), pick(2), pick(2)
			if pick(2) {
				e.Cmd = fsm.Command{Kind: fsm.Kind(r.IntN(4)), LeaseMS: num(), Token: num(), Origin: num(), RemainingMS: num()}
				e.Origin = Origin{ID: num(), Kind: OriginKind(r.IntN(4)), Req: num(), Token: num(), Node: r.IntN(6)}
			}
			if pick(2) {
				e.Sent, e.Lease = time.Duration(num()), time.Duration(num())
			}
		}
		e.Key, e.Cmd.Key, e.Origin.Client, e.Client, e.Text, e.Level, e.Detail = str(), str(), str(), str(), str(), str(), str()
		e.Role = Role(str())
		if pick(20) {
			e.Fault = &Fault{}
		}
		if e.Kind.IsMessage() && e.Req|e.Index|e.Term|e.Token == 0 && e.Cmd == (fsm.Command{Key: e.Cmd.Key}) &&
			e.Origin == (Origin{Client: e.Origin.Client}) && e.Result == (fsm.Result{}) && e.Op == 0 && e.Reply == 0 &&
			e.Violation == 0 && !e.Accepted && !e.Removed && e.Sent == 0 && e.Lease == 0 && e.Key == "" && e.Client == "" &&
			e.Role == "" && e.Level == "" && e.Cmd.Key == "" && e.Origin.Client == "" && e.Fault == nil && pick(2) {
			if i := g.putMsg(e.Seq, e.At, e.Kind, e.Node, e.Peer, &e.Msg); e.Text != "" || e.Detail != "" {
				g.putMsgText(i, e.Text, e.Detail)
			}
		} else {
			g.put(&e)
		}
		want = append(want, e)
		n := min(len(want), 3)
		if got := g.latest(n); !reflect.DeepEqual(got, want[len(want)-n:]) {
			t.Fatalf("event %d: the ring gave back\n%+v\nfor\n%+v", i, got, want[len(want)-n:])
		}
	}
}

// The ring's records hold no pointer: the GC never marks them.
func TestEventRingRecordsHoldNoPointer(t *testing.T) {
	var hasPointers func(reflect.Type) bool
	hasPointers = func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				if hasPointers(t.Field(i).Type) {
					return true
				}
			}
			return false
		case reflect.Array:
			return hasPointers(t.Elem())
		case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer:
			return true
		}
		return false
	}
	for _, v := range []any{evRec{}, evExt{}} {
		if hasPointers(reflect.TypeOf(v)) {
			t.Fatalf("%T holds a pointer: the GC would mark the ring again", v)
		}
	}
	if s := reflect.TypeOf(evRec{}).Size(); s != 64 {
		t.Fatalf("evRec is %d bytes: a record should write one cache line", s)
	}
}

// MsgInfo's four flags sit together, in this order, at its end: the ring copies them as bytes.
func TestMsgBoolsAreMsgInfosFlags(t *testing.T) {
	ty := reflect.TypeOf(MsgInfo{})
	first, _ := ty.FieldByName("Reject")
	for i, name := range []string{"Reject", "Read", "Late", "Again"} {
		f, ok := ty.FieldByName(name)
		if !ok || f.Type.Kind() != reflect.Bool || f.Offset != first.Offset+uintptr(i) {
			t.Fatalf("MsgInfo.%s is not byte %d of the flags from Reject", name, i)
		}
	}
	if first.Offset+4 > ty.Size() {
		t.Fatal("MsgInfo's flags run past its end")
	}
}
