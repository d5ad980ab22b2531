package diagram

import (
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/check"
)

// Every mark the diagram (and so the web page) puts on a lane says what the event's Label says:
// the diagram words no event itself. The run has roles, applies, commits, countdowns at zero, a
// crash and restart, a write, an isolation and its rejoin, and a client fault.
func TestMarksSayTheEventsLabel(t *testing.T) {
	w, err := cluster.New(cluster.DefaultConfig(), check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := NewPage(w.Config().Nodes)
	labels := map[uint64]string{}
	w.Subscribe(func(e *cluster.Event) { labels[e.Seq] = e.Label() })
	w.Subscribe(r.Add)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(w.Acquire("c1", "orders", time.Second))
	w.Advance(2 * time.Second)
	w.Write("c1", "orders", "x")
	lead := w.Leader()
	must(w.Isolate(lead))
	w.Advance(3 * time.Second)
	must(w.Rejoin(lead))
	must(w.Crash(3))
	must(w.PauseClient("c1", 500*time.Millisecond))
	w.Advance(time.Second)
	must(w.Restart(3))
	w.Advance(3 * time.Second)
	must(w.AddNode(6))
	w.Advance(3 * time.Second)
	kinds := map[MarkKind]bool{}
	for _, row := range r.Rows() {
		if !row.Mark || row.M.Kind == MarkOverwritten {
			continue
		}
		kinds[row.M.Kind] = true
		if want, ok := labels[row.Seq]; !ok || row.M.Text != want {
			t.Errorf("mark %v at %v says %q, its event's Label %q", row.M.Kind, row.At, row.M.Text, want)
		}
	}
	for _, k := range []MarkKind{MarkRole, MarkApply, MarkCommit, MarkZero, MarkCrash, MarkRestart, MarkWrite, MarkIsolated, MarkRejoined, MarkClient} {
		if !kinds[k] {
			t.Errorf("no %v mark: the run does not show it", k)
		}
	}
}
