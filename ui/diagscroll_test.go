package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster/diagram"
)

// Scrolled back into history, the diagram fills its window with the rows that follow (it drew
// about 9 rows, then empty lanes in their present state: "n1 looks down at 0.01s", nc18-b), and
// each ↑ moves the selection one row: the window holds still while the selection moves, or
// moves one row with it, never jumping or shrinking (nc18-b saw the selection last, then first).
func TestDiagramScrollBackFillsAndFollows(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease", 120, 40)
	runToStop(t, m) // past n1's election, a stop of its own
	press(m, "enter")
	playFor(m, 3*time.Second)
	press(m, "m", "v") // every message: history well over a window
	const n = 26
	press(m, "up")
	var prev []dgRow
	prevSel := -1
	for step := 0; step < 500; step++ {
		out, sel := m.visibleRows(n)
		if len(out) != n {
			t.Fatalf("step %d: %d rows drawn of %d", step, len(out), n)
		}
		if sel < 0 || out[sel].row.Seq != m.dg.sel {
			t.Fatalf("step %d: the selection is not in its window", step)
		}
		if prev != nil {
			still := out[0].row == prev[0].row && sel == prevSel-1
			moved := out[1].row == prev[0].row && sel == prevSel
			if !still && !moved {
				t.Fatalf("step %d: ↑ moved the selection from %d to %d of the window, and the window's top from %s to %s", step, prevSel, sel, simTime(prev[0].row.At), simTime(out[0].row.At))
			}
		}
		was, wasN := m.dg.sel, m.dg.selN
		press(m, "up")
		if m.dg.sel == was && m.dg.selN == wasN {
			break // the oldest row
		}
		prev, prevSel = out, sel
	}
	// At the top of history the screen's rows are the oldest ones: no empty lanes.
	lines := strings.Split(m.View(), "\n")
	hdr := lineOf(lines, "time", "n1", "n5")
	if hdr < 0 {
		t.Fatalf("no lane header:\n%s", m.View())
	}
	for i := hdr + 1; !strings.Contains(lines[i], "────"); i++ {
		if f := strings.Fields(strings.Trim(lines[i], "┃│ ")); len(f) == 0 || !strings.HasSuffix(f[0], "s") {
			t.Fatalf("row %d has no message or mark:\n%s", i-hdr, m.View())
		}
	}
	// ↓ moves back the same way: one row, window still or one row with it.
	for i := 0; i < 2*n; i++ {
		press(m, "down")
	}
	out, sel := m.visibleRows(n)
	if len(out) != n || sel != n-1-n/3 || out[sel].row.Seq != m.dg.sel {
		t.Fatalf("after 2n ↓ from the top: the selection at %d of %d drawn", sel, len(out))
	}
}

// A message lost as it left is a stub that stops short of every lane: its label names the
// node it was for (nc18-a read four "MsgHeartbeat commit 4 ✗ partition" rows and could not
// tell them apart).
func TestDiagramLostAtSendNamesTarget(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	stubs := func() int {
		k := 0
		for _, r := range m.sim.dg.Rows() {
			if !r.Mark && r.Msg.State == diagram.Dropped && r.Msg.At == r.Msg.Sent && r.Msg.Info.Type == pb.MessageType_MsgHeartbeat {
				k++
			}
		}
		return k
	}
	stepUntil(t, m, 8*time.Second, func() bool { return stubs() >= 4 })
	press(m, "m", "v")
	v := m.View()
	named := 0
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "MsgHeartbeat") && strings.Contains(l, "✗ partition") {
			if !regexp.MustCompile(`→n\d ✗ partition`).MatchString(l) {
				t.Fatalf("a lost heartbeat names no target: %q", l)
			}
			named++
		}
	}
	if named == 0 {
		t.Fatalf("no lost heartbeat on screen:\n%s", v)
	}
}

// m's hint is every key whole beside the script's pause note, at 120x40 and 80x24: it ended in
// "paused:…" at 120x40 (nc18-a), then in "· o only" there (fl29: the rest read as lost), and at
// 80x24 it kept "↑/↓ select" alone. At a question still to answer, too (first-lock's asks).
func TestDiagramHintFitsWhole(t *testing.T) {
	keys := []string{"↑/↓ select", "v all messages", "o only key/client", "m back"}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, lesson := range []string{"lease-read", "first-lock"} {
			m := playLesson(t, lesson, sz[0], sz[1])
			stepUntil(t, m, 10*time.Second, func() bool { return m.sim.atPause() && m.sim.p.Now() > 0 })
			for stop := 0; stop < 40 && !m.sim.ended; stop++ {
				asking := m.pendingAsk() != nil
				if stop > 0 && !asking && lesson == "first-lock" {
					press(m, "enter") // on to first-lock's first question
					runToStop(t, m)
					continue
				}
				press(m, "m")
				lines := strings.Split(m.View(), "\n")
				status := strings.TrimRight(ansi.Strip(lines[len(lines)-2]), " ")
				if !strings.Contains(status, "enter continues") && !strings.Contains(status, "answer") {
					t.Errorf("%s %dx%d: the pause note is gone: %q", lesson, sz[0], sz[1], status)
				}
				for _, k := range keys {
					if !strings.Contains(status, k) {
						t.Errorf("%s %dx%d: the hint lacks %q: %q", lesson, sz[0], sz[1], k, status)
					}
				}
				press(m, "m")
				if asking || lesson == "lease-read" {
					break
				}
			}
		}
	}
}

// A Replication panel row's text keeps a gap before the border: at 120x40 lease-read's "empty"
// row ran into it once "Grant orders 10s" widened the command column ("a new leader's first
// entry││", nc18-a).
func TestReplicationGapRowKeepsAGap(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	stepUntil(t, m, 7*time.Second, func() bool { return m.sim.p.Now() >= 5949*time.Millisecond })
	seen := false
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		i := strings.Index(l, "empty ")
		if i < 0 || !strings.Contains(l[i:], "new leader") {
			continue
		}
		seen = true
		if regexp.MustCompile(`(leader|entry)[│┃]`).MatchString(l) {
			t.Errorf("the row's text runs into the border: %q", l)
		}
	}
	if !seen {
		t.Fatalf("no empty entry row on screen:\n%s", m.View())
	}
}

// The resource's verdicts are marks on the writer's lane (nc18-b found no row for
// leader-crash-mid-lease's fenced writes at 2.115s and 2.119s).
func TestDiagramShowsResourceWrites(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease", 120, 40)
	stepUntil(t, m, 4*time.Second, func() bool { return m.sim.p.Now() >= 2150*time.Millisecond })
	press(m, "m")
	v := ansi.Strip(m.View())
	if !regexp.MustCompile(`c2 • write orders #2 accepted`).MatchString(v) || !regexp.MustCompile(`c1 • write orders #1 (refused|rejected)`).MatchString(v) {
		t.Fatalf("no marks for the resource's verdicts:\n%s", v)
	}
}

// Selecting a row says so in whole parts behind the pause note at 80x24 ("… selected · ↓…").
func TestDiagramSelectStatusWhole(t *testing.T) {
	m := playLesson(t, "lease-read", 80, 24)
	stepUntil(t, m, 10*time.Second, func() bool { return m.sim.atPause() && m.sim.p.Now() > 0 })
	press(m, "m", "up")
	lines := strings.Split(m.View(), "\n")
	status := strings.TrimRight(ansi.Strip(lines[len(lines)-2]), " ")
	if !strings.Contains(status, "script paused here") || !strings.HasSuffix(status, "selected") {
		t.Fatalf("status %q", status)
	}
}
