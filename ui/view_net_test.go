package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	raftpb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// TestNetworkNeverSaysNoPartitionOverACut: a one-way cut is a partition to a reader, so the
// Network panel (120x40) and the compact net line (80x24) never print "no partition" while a
// link is cut; with no rule at all they do, and a real partition still names its sides.
func TestNetworkNeverSaysNoPartitionOverACut(t *testing.T) {
	for _, c := range []struct {
		steps      string
		want, nope string
	}{
		{"cut n1 -> n3\ncut n1 -> n4\n", "cut n1→n3 n1→n4", "no partition"},
		{"cut n2 n5\n", "cut n2↔n5", "no partition"},
		{"", "no partition", "cut "},
		{"partition n1 n2 | n3 n4 n5\n", "partition ", "no partition"},
	} {
		src := "campaign n1\nwait-until leader n1\n" + c.steps + "wait 10ms\nsay \"here\"\npause\n"
		s, err := scenarios.Parse("net.scenario", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := newPlay(t, s, sz[0], sz[1])
			runToStop(t, m)
			v := m.View()
			if !strings.Contains(v, c.want) || strings.Contains(v, c.nope) {
				t.Errorf("%q at %dx%d: want %q and no %q:\n%s", c.steps, sz[0], sz[1], c.want, c.nope, v)
			}
		}
	}
}

// A MsgApp's entry count is named: a bare "MsgApp n1→n2 t1 +1" read as one more message.
func TestNetworkNamesEntryCount(t *testing.T) {
	for n, want := range map[int]string{1: "MsgApp        n1→n2 t1 · 1 entry", 3: "n1→n2 t1 · 3 entries"} {
		got := msgText(cluster.MsgInfo{Type: raftpb.MsgApp, Term: 1, Entries: n}, 1, 2)
		if !strings.Contains(got, want) || strings.Contains(got, "+") {
			t.Errorf("%d entries: %q, want %q", n, got, want)
		}
	}
	if got := msgText(cluster.MsgInfo{Type: raftpb.MsgHeartbeat, Term: 1}, 1, 2); strings.Contains(got, "entr") {
		t.Errorf("a heartbeat: %q", got)
	}
}

// TestNetworkDroppedRowKeepsItsReason: a dropped message's row in the Network panel closes up
// its type column rather than cut its reason (nc23-l, snapshot-catch-up at 120x40 while c1's
// commands ran: "n1→n5 t1 · 1 entry (pa…").
func TestNetworkDroppedRowKeepsItsReason(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	runToStop(t, m)
	press(m, "enter")
	seen := false
	for at := m.sim.p.Now(); at < 4*time.Second && !m.sim.atPause(); at += 5 * time.Millisecond {
		m.sim.run(at)
		m.refresh()
		for _, row := range strings.Split(ansi.Strip(m.View()), "\n") {
			i := strings.Index(row, "✗ MsgApp ")
			if i < 0 {
				continue
			}
			seen = true
			if !strings.Contains(row[i:], "(partition)") {
				t.Fatalf("at %v a dropped row lost its reason: %s", at, row)
			}
		}
	}
	if !seen {
		t.Fatal("no dropped MsgApp row was on screen")
	}
}
