package ui

import (
	"slices"
	"testing"
	"time"

	"leaselab/cluster/diagram"
	"leaselab/scenarios"
)

// crash-restart's catch-up narration quotes the diagram: the reject saying where n3's log
// ends, and the heartbeats to n3 reading commit 3 (the others' commit 5). Under every seed the
// lessons are checked with (1 to 12) the diagram has those rows, n3 → n1 and n1 → n3.
func TestCrashRestartCatchUpRowsEverySeed(t *testing.T) {
	s, err := scenarios.Load("crash-restart")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		p, err := scenarios.NewPlayback(s, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := diagram.New(p.World().Config().Nodes, diagramRows)
		p.World().Subscribe(rec.Add)
		for i := 0; !p.Ended(); i++ {
			if i > 1000 {
				t.Fatalf("seed %d: the script did not end", seed)
			}
			if p.RunTo(p.Now()+time.Minute) == scenarios.StopPause {
				p.Continue()
			}
		}
		var got []string
		for _, r := range rec.Rows() {
			if !r.Mark {
				got = append(got, r.Msg.Ends()+" "+r.Msg.Label())
			}
		}
		for _, want := range []string{"n3→n1 MsgAppResp reject idx 5 · log ends at 3", "n1→n3 MsgApp after idx 5 commit 5",
			"n1→n3 MsgHeartbeat commit 3", "n1→n2 MsgHeartbeat commit 5", "n1→n3 MsgApp [Grant invoices 10s +1]"} {
			if !slices.Contains(got, want) {
				t.Errorf("seed %d: no row %q", seed, want)
			}
		}
	}
}
