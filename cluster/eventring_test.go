package cluster

import (
	"fmt"
	"reflect"
	"testing"
	"time"
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
	g.putMsg(9, 10, EvMsgSent, 1, 2, &info, "", "")
	want := Event{Seq: 9, At: 10, Kind: EvMsgSent, Node: 1, Peer: 2, Msg: info}
	if got := g.latest(1)[0]; !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", got, want)
	}
}

// The table of names is rebuilt with what the records still name, and they read the same.
func TestEventRingRebuildsNames(t *testing.T) {
	g := newEventRing(4)
	for i := 0; i < 3*minNameLimit; i++ {
		g.put(&Event{Seq: uint64(i), Key: fmt.Sprintf("k%d", i), Client: "c1"})
	}
	if len(g.names) > minNameLimit {
		t.Fatalf("%d names kept", len(g.names))
	}
	for i, e := range g.latest(4) {
		if want := fmt.Sprintf("k%d", 3*minNameLimit-4+i); e.Key != want || e.Client != "c1" {
			t.Fatalf("event %d: key %q client %q, want %q c1", i, e.Key, e.Client, want)
		}
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
