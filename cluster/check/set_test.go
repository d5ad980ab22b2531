package check

import (
	"reflect"
	"testing"
	"time"

	"leaselab/cluster"
)

// eachSet is a Set told every note through each watcher's own observe.
type eachSet struct{ *Set }

func (s eachSet) Observe(e *cluster.Note) { s.observeEach(e) }
func (s eachSet) Applied(e *cluster.Note) { s.observeEach(e) }

// Set.Observe's shortcuts do what the watchers' own observe does: two worlds, one told each
// note through the shortcuts, one through every watcher's observe, end with equal watchers.
func TestObserveIsObserveEach(t *testing.T) {
	run := func(attach cluster.Attach) (*cluster.World, *Set) {
		var s *Set
		w, err := cluster.New(cluster.DefaultConfig(), func(out cluster.Sink) cluster.Watchers {
			ws := attach(out)
			if e, ok := ws.(eachSet); ok {
				s = e.Set
			} else {
				s = ws.(*Set)
			}
			return ws
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range []string{"c1", "c2", "c3"} {
			if err := w.Acquire(c, "k", time.Second); err != nil {
				t.Fatal(err)
			}
			w.Advance(time.Duration(300*(i+1)) * time.Millisecond)
		}
		if err := w.Partition([]int{1, 2}, []int{3, 4, 5}); err != nil {
			t.Fatal(err)
		}
		w.Advance(3 * time.Second)
		w.Heal()
		w.Advance(3 * time.Second)
		return w, s
	}
	a, sa := run(Attach)
	b, sb := run(func(out cluster.Sink) cluster.Watchers { return eachSet{Attach(out).(*Set)} })
	if a.TraceHash() != b.TraceHash() {
		t.Fatalf("trace hashes differ: %x, %x", a.TraceHash(), b.TraceHash())
	}
	if sa.tracker.n == 0 || len(sa.history.ops) == 0 || len(sa.chk.hashAt) == 0 {
		t.Fatal("the run proposed, called or applied nothing: the test tests nothing")
	}
	if !reflect.DeepEqual(sa.tracker, sb.tracker) || !reflect.DeepEqual(sa.history, sb.history) {
		t.Fatal("the tracker or the history differs")
	}
	ca, cb := *sa.chk, *sb.chk
	ca.out, cb.out = cluster.Sink{}, cluster.Sink{}
	if !reflect.DeepEqual(ca, cb) {
		t.Fatalf("the checkers differ:\n%+v\n%+v", ca, cb)
	}
}
