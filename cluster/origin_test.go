package cluster

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

// The screen words an origin one way in every panel ("ghost release", as the Replication
// panel has it); logs and traces keep String's hyphenated words.
func TestOriginLabel(t *testing.T) {
	for _, c := range []struct {
		o            Origin
		label, trace string
	}{
		{Origin{Kind: OriginGhost, Node: 1, Token: 3}, "n1 ghost release #3", "n1 ghost-release #3"},
		{Origin{Kind: OriginExpire, Node: 2, Token: 1}, "n2 lease expiry #1", "n2 lease-expiry #1"},
		{Origin{Kind: OriginExpire, Node: 2, Token: 1, Req: 1}, "n2 lease expiry #1", "n2 lease-expiry #1"},
		{Origin{Kind: OriginExpire, Node: 2, Token: 1, Req: 2}, "n2 lease expiry #1, 2nd", "n2 lease-expiry #1"},
		{Origin{Kind: OriginExpire, Node: 2, Token: 1, Req: 3}, "n2 lease expiry #1, 3rd", "n2 lease-expiry #1"},
		{Origin{Kind: OriginAcquire, Client: "c-1", Req: 4}, "c-1 acquire req4", "c-1 acquire req4"},
	} {
		if c.o.Label() != c.label || c.o.String() != c.trace {
			t.Errorf("%+v: label %q, string %q; want %q, %q", c.o, c.o.Label(), c.o.String(), c.label, c.trace)
		}
	}
}

// The world keeps every proposal's origin, for the life of the run, in a record with no
// pointer in it (the GC never scans them), and gives each back whole: client, request, token,
// node and kind.
func TestOriginsKeptWhole(t *testing.T) {
	if typ := reflect.TypeOf(originRec{}); hasPointers(typ) {
		t.Fatalf("%v holds pointers: the GC scans every one kept", typ)
	}
	w := newWorld(t, nil)
	var proposed []Origin
	w.Subscribe(func(e *Event) {
		if e.Kind == EvProposed {
			proposed = append(proposed, e.Origin)
		}
	})
	w.Advance(2 * time.Second)
	for i, c := range []string{"c1", "c2", "c1"} {
		if err := w.Acquire(c, fmt.Sprintf("k%d", i), 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		w.Advance(100 * time.Millisecond)
	}
	w.Release("c2", "k1")
	w.Advance(3 * time.Second) // the other two expire: the leader's own proposals
	kinds := map[OriginKind]bool{}
	for _, o := range proposed {
		kinds[o.Kind] = true
		if got := w.origin(o.ID); got != o {
			t.Errorf("origin %d kept as %+v, proposed as %+v", o.ID, got, o)
		}
	}
	if !kinds[OriginAcquire] || !kinds[OriginRelease] || !kinds[OriginExpire] {
		t.Errorf("the run proposed only %v: the test proves little", kinds)
	}
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	case reflect.Array:
		return hasPointers(t.Elem())
	}
	return false
}

// The lease manager's retry says so: late-expire's two Expires of c1's token both read "[n1 lease
// expiry #1]" in the timeline, and a newcomer could not tell the retry from the first (nc20-i).
func TestLeaseExpiryRetrySaysItsTry(t *testing.T) {
	w := lateExpire(t, false)
	var labels []string
	for _, p := range w.View(ViewOptions{Proposals: 16}).Proposals {
		if p.Origin.Kind == OriginExpire && p.Cmd.Key == "orders" {
			labels = append(labels, p.Origin.Label())
		}
	}
	want := []string{"n1 lease expiry #2", "n1 lease expiry #2, 2nd"} // the warmup took token 1
	if !reflect.DeepEqual(labels, want) {
		t.Errorf("orders' Expires are labelled %q, want %q", labels, want)
	}
}
