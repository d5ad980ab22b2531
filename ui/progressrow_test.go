package ui

import (
	"fmt"
	"strings"
	"testing"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// The leader's progress row (nc26-b): "n1 sends n5 each entry and, hearing no reject, counts
// them as sent" could not be checked, no panel showed what the leader believes each follower
// holds. snapshot-catch-up's stop that tells it and the one where n1 sends its snapshot quote
// the Replication panel's progress row; both sizes show it, under every seed 1-12, and no
// follower's column claims it (it is the leader's belief, not n5's log).
func TestProgressRowAtSnapshotStops(t *testing.T) {
	base, err := scenarios.Load("snapshot-catch-up")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		for _, size := range [][2]int{{120, 40}, {80, 24}} {
			if testing.Short() && seed > 1 {
				continue
			}
			s := *base
			s.Header.Seed = seed
			m := newPlay(t, &s, size[0], size[1])
			where := fmt.Sprintf("seed %d %dx%d", seed, size[0], size[1])
			var sent, snap bool
			playThrough(t, m, func(stop int, v string) {
				for _, n := range m.v.Nodes { // only a leader tracks its followers, by id
					if n.Role != cluster.RoleLeader && n.Progress != nil {
						t.Errorf("%s stop %d: n%d (%s) has a progress", where, stop, n.ID, n.Role)
					}
					for i := 1; i < len(n.Progress); i++ {
						if n.Progress[i-1].ID >= n.Progress[i].ID {
							t.Errorf("%s stop %d: n%d's progress is not by id: %v", where, stop, n.ID, n.Progress)
						}
					}
				}
				says := strings.Join(m.says(), " ")
				screen := v
				if i := strings.Index(screen, "❝"); i >= 0 {
					screen = screen[:i] // the narration quotes it itself
				}
				for _, q := range []string{"n5 acked 3, sent to 151", "n5 acked 3, snapshot 201 sent"} {
					if !strings.Contains(says, "'"+q+"'") {
						continue
					}
					sent, snap = sent || strings.Contains(q, "sent to"), snap || strings.Contains(q, "snapshot")
					if !strings.Contains(screen, "tracks: ") || !strings.Contains(screen, q) {
						t.Errorf("%s stop %d: the narration quotes %q, not on screen:\n%s", where, stop, q, v)
					}
				}
			})
			if !sent || !snap {
				t.Errorf("%s: no stop quoted the progress row (sent to %v, snapshot %v)", where, sent, snap)
			}
		}
	}
}

// progressText names the followers in id order, the same progress together, and gives way
// from the left: "leader", then the followers with nothing left to send.
func TestProgressTextForms(t *testing.T) {
	l := &cluster.NodeView{ID: 1, LastIndex: 151, FirstIndex: 152, Role: cluster.RoleLeader, Up: true, Progress: []cluster.PeerProgress{
		{ID: 2, Match: 151, Next: 152, State: "replicate"}, {ID: 3, Match: 151, Next: 152, State: "replicate"},
		{ID: 4, Match: 150, Next: 152, State: "replicate"}, {ID: 5, Match: 3, Next: 152, State: "replicate"}}}
	for _, want := range []string{
		"leader n1 tracks: n2 n3 acked 151 · n4 acked 150, sent to 151 · n5 acked 3, sent to 151",
		"n1 tracks: n2 n3 acked 151 · n4 acked 150, sent to 151 · n5 acked 3, sent to 151",
		"n1 tracks: n4 acked 150, sent to 151 · n5 acked 3, sent to 151",
		"n1: n4 acked 150, sent to 151 · n5 acked 3, sent to 151",
	} {
		if got := progressText(l, width(want)); got != want {
			t.Errorf("in %d cells: %q, want %q", width(want), got, want)
		}
	}
	l.Progress[3] = cluster.PeerProgress{ID: 5, Match: 3, Next: 202, State: "snapshot", PendingSnapshot: 201}
	if got := progressText(l, 120); !strings.HasSuffix(got, "n5 acked 3, snapshot 201 sent") {
		t.Errorf("snapshot state: %q", got)
	}
	l.Progress[3] = cluster.PeerProgress{ID: 5, Match: 3, Next: 4, State: "probe"}
	if got := progressText(l, 120); !strings.HasSuffix(got, "n5 acked 3, probe") {
		t.Errorf("probe state: %q", got)
	}
}
