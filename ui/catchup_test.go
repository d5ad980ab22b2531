package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// snapshot-catch-up at 120x40: once indexes have three digits every node column still shows
// commit and applied whole, and with three keys (orders the longest, bills #102 the widest
// token) each running lock keeps its countdown bar. (The third key was 'invoices': nc26-b read
// its end rows lose their "t1" for the room an "E invoices #102" would need.)
func TestCatchUpColumnsWhole(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	sawBar := false
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if strings.Contains(v, "applied …") || strings.Contains(v, "commit 20┃") || strings.Contains(v, "applied 2…") {
			t.Fatalf("stop %d: a node column cuts commit or applied:\n%s", stop, v)
		}
		if regexp.MustCompile(`bills +#102 +60s`).MatchString(v) {
			t.Fatalf("stop %d: a lock row lost its bar:\n%s", stop, v)
		}
		sawBar = sawBar || regexp.MustCompile(`bills +#102 █`).MatchString(v)
		answerAsk(m)
		press(m, "enter")
	}
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if !sawBar && !regexp.MustCompile(`bills +#102 █`).MatchString(v) {
		t.Fatalf("bills #102 never showed its bar:\n%s", v)
	}
	if !strings.Contains(v, "commit 204 applied 204") {
		t.Fatalf("the end screen lacks commit 204 applied 204:\n%s", v)
	}
}

// A countdown with less than 0.05s left draws no filled cell (lease-expiry showed one at
// 3.054s), and reads its milliseconds, not "0.0s": beside the leader's EXPIRED HERE, "0.0s" on
// a follower that applied the Grant a few ms later read as the same state drawn two ways.
func TestZeroLabelEmptyBar(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	for left, want := range map[time.Duration]string{20 * time.Millisecond: "20ms", 1500 * time.Microsecond: "2ms", 49 * time.Millisecond: "49ms", 60 * time.Millisecond: "0.1s"} {
		n := &cluster.NodeView{Up: true, Locks: []cluster.LockView{{Key: "orders", Token: 1, LeaseMS: 3000, Remaining: left}}}
		for _, compact := range []bool{false, true} {
			l := newLine(22)
			m.lockState(l, n, "orders", compact, 0)
			got := ansi.Strip(l.String())
			if !strings.Contains(got, " "+want) || strings.Contains(got, "0.0s") || left < 50*time.Millisecond && strings.Contains(got, "█") {
				t.Errorf("%v left, compact %v: %q, want %q and no filled cell", left, compact, got, want)
			}
		}
	}
}

// snapshot-catch-up at 80x24, where a row has room for one key: when the narration compares
// n5's restored countdown with n1's, both show ('orders', held, before 'jobs', released).
func TestCatchUpRestoredLockCompact(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 80, 24)
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if strings.Contains(v, "not the 51s left") { // the line may wrap before it
			rows := strings.Split(v, "\n")
			n1, n5 := rows[2], rows[6]
			if !strings.Contains(n1, "orders #1 ████") || !strings.Contains(n5, "orders #1 █████ 1m") {
				t.Fatalf("n1's and n5's countdowns for orders do not both show:\n%s", v)
			}
			return
		}
		answerAsk(m)
		press(m, "enter")
	}
	t.Fatal("the restored countdown's narration never showed")
}

// A node column's log names a command whole (Release, not Rel; a Grant's lease as a scenario
// writes it, 1m, else left to the Replication panel) rather than cutting it, and in one form
// from stop to stop: snapshot-catch-up's "202 t1 G jobs 1m" read "202 t1 Grant jobs 1m" once
// n5's restore had dropped the Grant of the 'orders' it still holds, whose Expire may come
// (nc20-l: "entry names shrink to fit").
func TestLogColumnNamesWhole(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	row := regexp.MustCompile(`✓ 202 t1 [^┃│]*`)
	forms := map[string]int{}
	playThrough(t, m, func(stop int, v string) {
		if strings.Contains(v, "Rel jobs") || strings.Contains(v, "jobs 1…") {
			t.Fatalf("stop %d: the log columns cut their commands:\n%s", stop, v)
		}
		for _, r := range row.FindAllString(v, -1) {
			forms[strings.TrimSpace(r)] = stop
		}
	})
	if len(forms) != 1 {
		t.Errorf("entry 202 reads %d ways from stop to stop: %v", len(forms), forms)
	}
}

// A key a node has not applied anything for yet says so (the lone "·" was never explained).
func TestLockNotAppliedYetSaysSo(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	n := &cluster.NodeView{Up: true}
	l := newLine(14)
	m.lockState(l, n, "orders", false, 0)
	if got := ansi.Strip(l.String()); !strings.HasPrefix(got, "· not yet") {
		t.Fatalf("%q", got)
	}
}

// A down node's column says what the crash took (its applied index and lock table lived in
// memory) and what it kept (the commit index of its hard state); no "?" beside a key it never
// learned. Both layouts name the memory: the compact one's bare "orders lost" read as if the
// lock had been deleted, while the full one said "(memory lost)" as the README does.
func TestDownColumnSaysMemoryLost(t *testing.T) {
	said := regexp.MustCompile(`orders +\(memory lost\)`)
	// bare says whether a row has a "lost" that does not follow "memory " or "mem ".
	bare := func(row string) bool {
		for _, at := range regexp.MustCompile("lost").FindAllStringIndex(row, -1) {
			if !strings.HasSuffix(row[:at[0]], "memory ") && !strings.HasSuffix(row[:at[0]], "mem ") {
				return true
			}
		}
		return false
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "crash-restart", sz[0], sz[1])
		for range 2 {
			runToStop(t, m)
			answerAsk(m)
			press(m, "enter")
		}
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if strings.Contains(v, "?") && strings.Contains(v, "(down)") || !said.MatchString(v) || !(strings.Contains(v, "applied —") || strings.Contains(v, "/—")) {
			t.Errorf("%dx%d: n3's column:\n%s", sz[0], sz[1], v)
		}
	}
	// Every stop, both layouts: with two keys in a compact row too (invoices then orders).
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "crash-restart", sz[0], sz[1])
		seen := 0
		for stop := 0; stop < 20 && !m.sim.ended; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			seen += strings.Count(v, "(memory lost)")
			for _, row := range strings.Split(v, "\n") {
				if bare(row) {
					t.Errorf("%dx%d stop %d: a lost lock table that does not say memory: %q", sz[0], sz[1], stop, row)
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if seen < 3 { // 'invoices', granted while n3 was down, is not among them (TestDownColumnNeverHadKey)
			t.Errorf("%dx%d: (memory lost) showed %d times over the lesson", sz[0], sz[1], seen)
		}
	}
}

// A down node's lock table lists as lost only the keys it had applied: 'invoices', granted and
// released after n3 crashed, read "invoices (memory lost)" as if n3 had once held it (nc19-k).
func TestDownColumnNeverHadKey(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "crash-restart", sz[0], sz[1])
		runToStop(t, m)
		press(m, "enter")
		runToStop(t, m) // 0.092s: c2 took and released 'invoices' while n3 was down
		v := ansi.Strip(m.View())
		if regexp.MustCompile(`invoices +\(mem(ory)? lost\)`).MatchString(v) || !regexp.MustCompile(`invoices +\(never had( it)?\)`).MatchString(v) || sz[0] == 120 && !regexp.MustCompile(`orders +\(memory lost\)`).MatchString(v) {
			t.Errorf("%dx%d: n3's column:\n%s", sz[0], sz[1], v)
		}
	}
}

// The clients box's title gives way by whole words when focused: its "▶ " cut the key hint to
// "(k, l…" at 120x40 (nc19-k).
func TestClientsTitleFocusedWhole(t *testing.T) {
	m := playLesson(t, "crash-restart", 120, 40)
	runToStop(t, m)
	for m.focus != panelClients {
		press(m, "shift+tab")
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "▶ Clients · a: your own acquire, orders 30s ━") {
		t.Errorf("focused clients title:\n%s", v)
	}
}

// A node that caught up from a snapshot a leader sent has no lock on a key released before it
// (a snapshot keeps held locks only), and applied no entry for it: its row says the snapshot
// had it free. snapshot-catch-up's n5 read "jobs · not yet" beside n1-n4's "— released" once
// its restore covered 100 Grants of jobs (nc22-l); before its restore, "· not yet" is right.
func TestCatchUpKeyFreeInSnapshot(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	sawBefore, sawAfter := false, false
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		n5 := &m.v.Nodes[4]
		switch {
		case n5.Restored == 0 && n5.Applied == 3 && m.v.Nodes[0].Applied >= 203:
			sawBefore = true
			if !strings.Contains(v, "jobs   · not yet      │") {
				t.Errorf("stop %d: before its restore n5's jobs row does not read not yet:\n%s", stop, v)
			}
		case n5.Restored == 201 && n5.Applied == 201:
			sawAfter = true
			if !strings.Contains(v, "jobs   · free in snap │") || strings.Contains(v, "not yet") {
				t.Errorf("stop %d: after its restore n5's jobs row does not read free in snap:\n%s", stop, v)
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	if !sawBefore || !sawAfter {
		t.Fatalf("no stop before (%v) or just after (%v) n5's restore", sawBefore, sawAfter)
	}
	// The compact form, and a node that never restored one still says not yet.
	for _, c := range []struct {
		restored uint64
		compact  bool
		want     string
	}{{201, true, "· free in snap"}, {201, false, "· free in snapshot"}, {0, true, "· not yet"}} {
		l := newLine(30)
		m.lockState(l, &cluster.NodeView{Up: true, Restored: c.restored}, "jobs", c.compact, 0)
		if got := strings.TrimSpace(ansi.Strip(l.String())); got != c.want {
			t.Errorf("restored %d, compact %v: %q, want %q", c.restored, c.compact, got, c.want)
		}
	}
}

// The Replication box's title fits its legend to the title's room (the box's width less a
// corner, a rule and a space each side): at 120x40, "↑ 197 earlier" cut it to "✓appli…".
func TestReplicationTitleWhole(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	v := ansi.Strip(m.View())
	title := regexp.MustCompile(`╭─ Replication · ↑ \d+ earlier[^╮]*╮`).FindString(v)
	if title == "" || strings.Contains(title, "…") || !strings.Contains(title, "✓applied ") {
		t.Fatalf("the Replication title is missing or cut: %q\n%s", title, v)
	}
}
