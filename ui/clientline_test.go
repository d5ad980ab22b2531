package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// At 120x40 the lease view of a client is on screen whole: gc-pause's fourth pause (3.050s, the
// second there) says "look at its line", and c1's line must show the pause, the lease that ran out by its own clock and
// where it asks next, each uncut (a long line goes on below in the box's spare rows; its reply,
// the grant of that very lock, is not said twice); the box title too.
func TestClientLeaseViewFitsAt120(t *testing.T) {
	m := playLesson(t, "gc-pause", 120, 40)
	for range 3 {
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	v := m.View()
	for _, want := range []string{"c1 ‖ paused→5.044s · write orders #1 queued", "held orders #1 · ran out 3.017s (own clock)", "asks n1", "Clients · a: your own acquire, orders (k) 3s (l)"} {
		if !strings.Contains(v, want) {
			t.Errorf("at gc-pause's fourth pause the screen lacks %q:\n%s", want, v)
		}
	}
	if !strings.Contains(m.clientLine("c1", 40), "‖ paused→") {
		t.Errorf("a cut client line should keep the pause first: %q", m.clientLine("c1", 40))
	}
}

// At 80x24 the replication section names its node columns (in its rule, above the marks) and
// the node table's locks title is whole.
func TestCompactReplicationNamesNodes(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	for range 4 { // to pause 5, c1's Grant appended
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	var rule, row string
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.HasPrefix(l, "─ replication") {
			rule = l
		}
		if strings.Contains(l, "Grant orders") && rule != "" && row == "" {
			row = l
		}
	}
	i := strings.Index(rule, "n1 n2 n3 n4 n5")
	if i < 0 || row == "" {
		t.Fatalf("no node names in the replication rule, or no entry row:\n%s", m.View())
	}
	// n1's column: the same cell in the rule and in the entry row holds n1's name and its mark.
	if col := len([]rune(rule[:i])); !strings.ContainsRune("○◆✓", []rune(row)[col]) {
		t.Errorf("n1's name (cell %d) is not above n1's mark:\n%s\n%s", col, rule, row)
	}
	if !strings.Contains(m.View(), "locks: countdowns, own clock") {
		t.Errorf("the locks title is cut:\n%s", m.View())
	}
}

// A write the resource has decided is shown once, with its verdict: while the reply travels
// back, the client's line no longer also shows it pending ("⋯ write orders" next to "write #1
// ✓ accepted").
func TestDecidedWriteNotPending(t *testing.T) {
	m := newSandbox(t, 3, 5, 120, 40)
	playFor(m, 2*time.Second) // a leader
	press(m, "a")
	playFor(m, time.Second)
	press(m, "f")
	w := m.sim.p.World()
	for i := 0; ; i++ {
		if decided, _ := w.ClientWrite("c1"); decided {
			break
		}
		if i > 1000 || !m.sim.stepEvent() {
			t.Fatal("the write was never decided")
		}
	}
	m.refresh()
	if !w.ClientBusy("c1") {
		t.Fatal("the reply should still be on its way")
	}
	line := m.clientLine("c1", 200)
	if strings.Contains(line, "⋯ write") || !strings.Contains(line, "write #1 ✓ accepted") {
		t.Errorf("c1's line once the resource decided, before the reply: %q", line)
	}
}

// A client's write verdict says when the resource decided it, and while another write of the
// client waits to go out it is the previous one: gc-pause's c2, paused with its second write
// queued, read "write #2 ✓ accepted" as that write already through, and once it went through
// its line read as before (nc23-e).
func TestWriteVerdictTellsWritesApart(t *testing.T) {
	m := playLesson(t, "gc-pause", 120, 40)
	var queued, after string
	playThrough(t, m, func(stop int, screen string) {
		line := m.clientLine("c2", 200)
		if w := m.clientView("c2"); w != nil && w.Paused && strings.Contains(line, "write orders #2 queued") && queued == "" {
			queued = line
		}
		if strings.Contains(screen, "✗ c1#1  ✓ c2#2") && after == "" {
			after = line
		}
	})
	if queued == "" || after == "" {
		t.Fatalf("no stop with c2's second write queued (%q) or accepted (%q)", queued, after)
	}
	first := regexp.MustCompile(`previous write #2 ✓ accepted at (\d+\.\d{3}s)`).FindStringSubmatch(queued)
	if first == nil {
		t.Fatalf("c2's line with its second write queued does not call the accepted one previous, with its time: %q", queued)
	}
	second := regexp.MustCompile(`write #2 ✓ accepted at (\d+\.\d{3}s)`).FindStringSubmatch(after)
	if second == nil || strings.Contains(after, "previous") || second[1] == first[1] {
		t.Errorf("c2's line after its second write reads like the first: %q, then %q", queued, after)
	}
}
