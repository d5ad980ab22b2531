package diagram

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/check"
)

// liveHeap is the heap's live bytes after a collection (runtime/metrics).
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// A page recorder's memory does not grow with an idle run: routine messages are sampled (their
// count stays exact), so the rows kept and the live heap stay flat from the first simulated
// quarter hour to the second hour.
func TestPageRecorderIdleRunStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("two simulated hours")
	}
	w, err := cluster.New(cluster.DefaultConfig(), check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := NewPage(w.Config().Nodes)
	w.Subscribe(r.Add)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	w.AdvanceTo(15 * time.Minute)
	early := liveHeap()
	w.AdvanceTo(2 * time.Hour)
	late := liveHeap()
	seen, every := r.RoutineSeen()
	t.Logf("2h idle: %d routine messages seen, one in %d kept, %d rows; live heap %.1f MB at 15m, %.1f MB at 2h",
		seen, every, len(r.Rows()), float64(early)/1e6, float64(late)/1e6)
	if seen < 100000 || every < 16 {
		t.Fatalf("%d routine messages seen, one in %d kept: the run is not what the test thinks", seen, every)
	}
	if n := len(r.Rows()); n > 2*RoutineBudget+100 {
		t.Errorf("%d rows kept, want at most about %d", n, 2*RoutineBudget)
	}
	if late > early+8<<20 {
		t.Errorf("live heap grew from %.1f MB to %.1f MB", float64(early)/1e6, float64(late)/1e6)
	}
}

// Past its detail budget a page recorder drops the oldest half of the detail rows and says so
// in one gap, and keeps every row of the story's frame (roles, faults, crashes...).
func TestPageRecorderWindowsDetail(t *testing.T) {
	w, err := cluster.New(cluster.DefaultConfig(), check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := NewPageWith(w.Config().Nodes, 200, 2000)
	all := New(w.Config().Nodes, 0) // the unbounded recorder, to compare with
	w.Subscribe(r.Add)
	w.Subscribe(all.Add)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		_ = w.Acquire("c1", fmt.Sprintf("k%d", i%3), time.Second)
		if i%50 == 25 {
			_ = w.Isolate(2 + i%3)
		}
		if i%50 == 40 {
			w.Heal()
		}
		w.Advance(100 * time.Millisecond)
		w.Release("c1", fmt.Sprintf("k%d", i%3))
		w.Advance(100 * time.Millisecond)
	}
	gaps := r.Gaps()
	if len(gaps) != 1 || gaps[0].Lock == 0 || gaps[0].From >= gaps[0].To {
		t.Fatalf("gaps %+v, want one with lock messages", gaps)
	}
	detail, frames := 0, 0
	for _, row := range r.Rows() {
		switch {
		case row.Mark && frame(&row.M):
			frames++
		case row.Mark || row.Msg.Lock:
			detail++
			if row.At < gaps[0].To {
				t.Fatalf("a detail row at %v is inside the gap %v..%v", row.At, gaps[0].From, gaps[0].To)
			}
		}
	}
	allFrames := 0
	for _, row := range all.Rows() {
		if row.Mark && frame(&row.M) && row.M.Kind != MarkWrite {
			allFrames++
		}
	}
	if detail > 2000 || detail < 1000 {
		t.Errorf("%d detail rows kept, want 1000..2000", detail)
	}
	if frames < allFrames {
		t.Errorf("%d frame rows kept, the run had %d", frames, allFrames)
	}
	t.Logf("gap %v..%v (%d lock, %d routine, %d marks); %d detail and %d frame rows kept", gaps[0].From, gaps[0].To, gaps[0].Lock, gaps[0].Routine, gaps[0].Marks, detail, frames)
}
