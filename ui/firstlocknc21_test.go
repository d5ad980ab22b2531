package ui

import (
	"strings"
	"testing"

	pb "go.etcd.io/raft/v3/raftpb"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster/diagram"
)

// The diagram's lock view showed only the reply that completed a majority: at first-lock's
// 0.848s one 'MsgAppResp idx 3' before 'n1 ✓ Grant', one reply and n1's own copy, 2 of 5
// (nc21-d). Every commit of a command there now shows replies from a majority with the leader.
func TestDiagramLockViewShowsTheQuorum(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := firstLockAtCommit(t, sz[0], sz[1])
		press(m, "m")
		v := ansi.Strip(m.View())
		n := 0
		for _, row := range strings.Split(v, "\n") {
			if strings.Contains(row, "◀") && strings.Contains(row, "MsgAppResp idx 3") {
				n++
			}
		}
		if n != 2 || !strings.Contains(v, "lock messages") {
			t.Errorf("%dx%d at 0.848s: the lock view shows %d 'MsgAppResp idx 3', want the two that made the majority:\n%s", sz[0], sz[1], n, v)
		}
		press(m, "m")
		for i := 0; i < 3; i++ { // past the ask, to 1.250s
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		// The 'MsgApp after idx 3' the narration quotes shows under v, as it says.
		press(m, "m", "v")
		if v := ansi.Strip(m.View()); !strings.Contains(v, "under v") || !strings.Contains(v, "MsgApp after idx 3 commit 3 +") {
			t.Errorf("%dx%d at 1.250s: the narration's 'MsgApp after idx 3' is not under v as it says:\n%s", sz[0], sz[1], v)
		}
	}
	// Every command the leader applies, at the end: replies from a majority before it.
	m := playLesson(t, "first-lock", 120, 40)
	playThrough(t, m, func(int, string) {})
	vis, _ := m.visualRows()
	from := map[int]bool{}
	seen := 0
	for _, r := range vis {
		switch {
		case r.row == nil:
		case !r.row.Mark && r.row.Msg.To == 1 && r.row.Msg.Info.Type == pb.MessageType_MsgAppResp:
			from[r.row.Msg.From] = true
		case r.row.Mark && r.row.M.Kind == diagram.MarkApply && r.row.M.Node == 1:
			seen++
			if l := m.rowLabel(&r); !strings.HasPrefix(l, "n1 ✓") {
				t.Errorf("n1's apply shares a row with followers' (%q): it applies at a majority, they when told", l)
			}
			if len(from)+1 < 3 {
				t.Errorf("%s at %s: %d replies before it in the lock view, want 2 (3 of 5 with n1's own)", m.rowLabel(&r), simTime(r.row.At), len(from))
			}
			from = map[int]bool{}
		}
	}
	if seen < 3 {
		t.Errorf("the lock view shows %d of n1's applies, want its Grant, Release and Grant", seen)
	}
}

// A row merging one mark on several lanes sits at the first one's time; the last one's was
// added at the label's end only where it fit, and "n1 n3 n4 ✓ Grant orders 5s → Granted{…"
// read as one instant (nc21-d). It follows the lanes' names now, at every width.
func TestDiagramMergedRowShowsItsRange(t *testing.T) {
	for _, name := range []string{"first-lock", "joint-consensus"} {
		m := playLesson(t, name, 80, 24)
		press(m, "m")
		checkMergedRanges(t, m)
	}
}

func checkMergedRanges(t *testing.T, m *Model) {
	t.Helper()
	seen := false
	playThrough(t, m, func(stop int, v string) {
		vis, _ := m.visualRows()
		for _, r := range vis {
			if r.row == nil || !r.row.Mark || r.to <= r.row.At || simTime(r.to) == simTime(r.row.At) {
				continue
			}
			label := m.markLabel(&r)
			for _, row := range strings.Split(v, "\n") {
				if strings.HasPrefix(strings.TrimSpace(row), simTime(r.row.At)) && strings.Contains(row, strings.Fields(label)[0]) && strings.Contains(row, r.row.M.Symbol()) {
					seen = true
					if !strings.Contains(row, "‥"+simTime(r.to)) && !strings.Contains(row, simTime(r.row.At)+"‥") {
						t.Errorf("%s stop %d: a merged row lacks its last time %s: %q", m.base.Name, stop, simTime(r.to), row)
					}
				}
			}
		}
	})
	if !seen {
		t.Errorf("%s: no merged row showed: the test checks nothing", m.base.Name)
	}
}
