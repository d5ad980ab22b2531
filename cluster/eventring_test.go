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

// eventTail mirrors Event from Seq on, field for field and byte for byte: tailOf reads an
// Event's as one, so a field added to Event after Seq (or a pointer among them) fails here.
func TestEventTailIsEventsTail(t *testing.T) {
	ev, tail := reflect.TypeOf(Event{}), reflect.TypeOf(eventTail{})
	seq, _ := ev.FieldByName("Seq")
	if got, want := tail.Size(), ev.Size()-seq.Offset; got != want {
		t.Fatalf("eventTail is %d bytes, Event from Seq on %d", got, want)
	}
	n := 0
	for i := 0; i < ev.NumField(); i++ {
		f := ev.Field(i)
		if f.Offset < seq.Offset {
			continue
		}
		if n >= tail.NumField() {
			t.Fatalf("Event.%s has no field in eventTail", f.Name)
		}
		g := tail.Field(n)
		if g.Name != f.Name || g.Type != f.Type || g.Offset != f.Offset-seq.Offset {
			t.Fatalf("eventTail.%s (%s at %d) is not Event.%s (%s at %d from Seq)", g.Name, g.Type, g.Offset, f.Name, f.Type, f.Offset-seq.Offset)
		}
		n++
	}
	if n != tail.NumField() {
		t.Fatalf("eventTail has %d fields, Event %d from Seq on", tail.NumField(), n)
	}
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
	if hasPointers(reflect.TypeOf(evRec{})) {
		t.Fatal("evRec holds a pointer: the GC would mark the ring again")
	}
}
