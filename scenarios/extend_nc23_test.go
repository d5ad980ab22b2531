package scenarios

import (
	"strings"
	"testing"

	"leaselab/cluster"
)

// nc23-c: at the takeover the extend half of `C` read "n2 (nothing at this instant)" beside
// keep's "proposes Expire invoices #1", though n2 had just extended both locks: the extension
// is what the extend run did there, and the divergence says it.
func TestExtendDivergenceNamesTheExtension(t *testing.T) {
	extend := mustLoad(t, "leader-crash-mid-lease-extend")
	keep, err := WithoutOption(extend, "lease-on-promote")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewComparison(extend, keep, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Run()
	if c.Div == nil || !strings.HasPrefix(c.Div.A, "extends invoices #1 to 1s left") || !strings.HasPrefix(c.Div.B, "proposes Expire invoices #1") {
		t.Errorf("divergence: %v", c.Div)
	}
}

// nc23-c: after n1 crashed every follower answered c2 "not-leader (try n1)", pointing at a
// DOWN node with nothing saying so. The row says the node it names is down; a hint at a live
// leader reads as before.
func TestNotLeaderHintSaysLeaderDown(t *testing.T) {
	s := mustLoad(t, "leader-crash-mid-lease-extend")
	var rows []string
	_, err := RunScenario(s, RunOptions{Observe: func(w *cluster.World) {
		w.Subscribe(func(e *cluster.Event) {
			if e.Kind == cluster.EvClientReply && e.Reply == cluster.ReplyNotLeader {
				rows = append(rows, e.Describe())
			}
		})
	}})
	if err != nil {
		t.Fatal(err)
	}
	var down, live bool
	for _, r := range rows {
		down = down || strings.HasSuffix(r, "(try n1, down)")
		live = live || strings.HasSuffix(r, "from n4 (try n1)") // c1's acquire, n1 leading
	}
	if !down || !live {
		t.Errorf("not-leader rows: %q", rows)
	}
}
