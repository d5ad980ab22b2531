package cluster

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// RecentEvents copies only the events asked for: a frame asks for one, and a full ring of 512
// must not be copied to hand it back (it was, 30 times a second).
func TestRecentEventsCopiesOnlyWhatIsAsked(t *testing.T) {
	w := newWorld(t, nil)
	w.AdvanceTo(30 * time.Second)
	if w.Events() < 2*uint64(w.Config().RecentEvents) {
		t.Fatalf("only %d events: the ring is not full", w.Events())
	}
	last := w.RecentEvents(w.Config().RecentEvents)
	if got := w.RecentEvents(1); len(got) != 1 || got[0].Seq != last[len(last)-1].Seq {
		t.Fatalf("RecentEvents(1) = %d events, not the newest", len(got))
	}
	one := unsafe.Sizeof(Event{})
	for _, n := range []int{0, 1, 4} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const calls = 1000
		for i := 0; i < calls; i++ {
			w.RecentEvents(n)
		}
		runtime.ReadMemStats(&after)
		if bytes := (after.TotalAlloc - before.TotalAlloc) / calls; bytes > uint64(uintptr(n+1)*one) {
			t.Errorf("RecentEvents(%d) allocates %d bytes a call: more than %d events of %d bytes", n, bytes, n+1, one)
		}
	}
}
