package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/fsm"
)

// stops plays a lesson to its end and hands each stop's screen (asks answered after) to f.
func stops(t *testing.T, m *Model, f func(stop int, v string)) {
	t.Helper()
	for stop := 0; stop < 40 && !m.sim.ended; stop++ {
		runToStop(t, m)
		f(stop, ansi.Strip(m.View()))
		answerAsk(m)
		press(m, "enter")
	}
}

// The header's first field, the lesson's number and name, reads the same at every stop: it
// does not switch to the title at an ask and back at a pause (#21: snapshot-catch-up), and a
// lesson whose title fits still shows its number and name (minority-leader).
func TestHeaderSteadyAcrossStops(t *testing.T) {
	for _, name := range []string{"snapshot-catch-up", "minority-leader", "ghost-lock"} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, name, sz[0], sz[1])
			first := ""
			stops(t, m, func(stop int, v string) {
				head := strings.Split(strings.Split(v, "\n")[0], " │ ")[0]
				if first == "" {
					first = head
				}
				if head != first || !strings.Contains(head, name) {
					t.Errorf("%s %dx%d stop %d: the header begins %q, at the first stop %q", name, sz[0], sz[1], stop, head, first)
				}
			})
			if _, n, _ := lessonNumber(name); sz[0] == 120 && !strings.Contains(first, itoa(n)+" "+name) {
				t.Errorf("%s at 120x40: the header lacks the lesson's number: %q", name, first)
			}
		}
	}
}

// An unsafe switch shows on screen at every size: in the header, and for no-fencing in the
// resource panel (which must not read as if it still fenced) or the compact network line.
func TestUnsafeShownOnScreen(t *testing.T) {
	m := playLesson(t, "fast-leader-clock-unsafe", 120, 40)
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if !strings.Contains(strings.Split(v, "\n")[0], "⚠ unsafe: no-fencing") || !strings.Contains(v, "⚠ NOT fenced: accepts every write") || strings.Contains(v, "highest token accepted") || strings.Contains(v, "is refused") {
		t.Fatalf("120x40: the unsafe switch is not on screen:\n%s", v)
	}
	m = playLesson(t, "fast-leader-clock-unsafe", 80, 24)
	runToStop(t, m)
	v = ansi.Strip(m.View())
	if !strings.Contains(strings.Split(v, "\n")[0], "⚠ unsafe") || !strings.Contains(v, "⚠ NOT fenced") {
		t.Fatalf("80x24: the unsafe switch is not on screen:\n%s", v)
	}
	m = playLesson(t, "fast-leader-clock", 120, 40)
	runToStop(t, m)
	if v := ansi.Strip(m.View()); strings.Contains(v, "⚠") || !strings.Contains(v, "fenced · highest token accepted") {
		t.Fatalf("a safe lesson reads as unsafe, or its resource does not say it fences:\n%s", v)
	}
}

// gc-pause at 80x24: the ask relies on the resource having accepted token 2, and the
// narration on c1 being paused with its write queued: both show, the resource labelled as the
// fenced one it is (as 120x40's box says "fenced · highest token accepted" beside the same ask;
// the compact line never said it) and every client named whole (c3, never used, gives way
// whole rather than c2's countdown: TestCompactClientsKeepCountdownsOverUnused).
func TestCompactGCPauseShowsResourceAndPause(t *testing.T) {
	m := playLesson(t, "gc-pause", 80, 24)
	sawPause, sawRes := false, false
	stops(t, m, func(stop int, v string) {
		sawPause = sawPause || strings.Contains(v, "c1 ‖ paused") && strings.Contains(v, " · write #1 queued")
		if m.pendingAsk() != nil {
			sawRes = true
			if !strings.Contains(v, "│ fenced resource: orders high #2 ✓c2#2") {
				t.Errorf("stop %d, the ask: the resource and its highest token are not on screen as such:\n%s", stop, v)
			}
		}
		// Every client's name whole on the clients' rows (it read "c3 unus…"): none cut,
		// and each named (TestCompactClientsKeepEveryName).
		for _, row := range strings.Split(v, "\n") {
			if strings.Contains(row, "▸c1") && strings.Contains(row, "…") {
				t.Errorf("stop %d: a client is cut: %q", stop, row)
			}
		}
		checkClientNames(t, m, "gc-pause", stop)
	})
	if !sawPause || !sawRes {
		t.Fatalf("paused mark seen %v, ask seen %v", sawPause, sawRes)
	}
}

// At 80x24 the focused section says so, and a scrolled timeline says how to get back.
func TestCompactFocusAndScroll(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	runToStop(t, m)
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	if !strings.HasPrefix(rows[1], "▶node") {
		t.Fatalf("the node table has the focus and does not say so: %q", rows[1])
	}
	press(m, "shift+tab")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "─ ▶ CLIENTS (focus)") || strings.Contains(v, "▶node") {
		t.Fatalf("shift+tab: the clients section does not show the focus:\n%s", v)
	}
	press(m, "shift+tab")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "─ ▶ TIMELINE (focus)") || strings.Contains(v, "CLIENTS") {
		t.Fatalf("shift+tab: the timeline does not show the focus:\n%s", v)
	}
	press(m, "pgup")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "scrolled: ↓ newest") {
		t.Fatalf("pgup: the timeline does not say it is scrolled:\n%s", v)
	}
}

// "lock events" leaves out commits and the new leader's empty entry; "all events" keeps them.
func TestLockEventsLeaveOutPlumbing(t *testing.T) {
	commit := cluster.Event{Kind: cluster.EvCommitted, Node: 2, Index: 3}
	empty := cluster.Event{Kind: cluster.EvApplied, Node: 2, Index: 2, Result: fsm.Result{Kind: fsm.Noop}}
	grant := cluster.Event{Kind: cluster.EvApplied, Node: 2, Index: 3, Cmd: fsm.Command{Kind: fsm.Grant, Key: "orders", LeaseMS: 3000}}
	if filterLock.match(&commit) || filterLock.match(&empty) || !filterLock.match(&grant) {
		t.Fatal("lock events: a commit or an empty entry shows, or a Grant does not")
	}
	if !filterAll.match(&commit) || !filterAll.match(&empty) {
		t.Fatal("all events must keep every event")
	}
}

// At 80x24, rows the narration area keeps for its section but does not use yet go to the
// timeline (fast-leader-clock-unsafe's third stop: one narration line, an ask to come).
func TestCompactTimelineTakesSpareNarration(t *testing.T) {
	m := playLesson(t, "fast-leader-clock-unsafe", 80, 24)
	for range 2 {
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	if len(rows) != 24 {
		t.Fatalf("%d rows", len(rows))
	}
	tl, blankRun := 0, 0
	in := false
	for _, r := range rows {
		switch {
		case strings.HasPrefix(r, "─ timeline"):
			in = true
		case strings.HasPrefix(r, " ❝"):
			in = false
		case in:
			tl++
		}
		if strings.TrimSpace(r) == "" {
			blankRun++
			if blankRun >= 3 {
				t.Fatalf("three blank rows while the timeline has %d:\n%s", tl, strings.Join(rows, "\n"))
			}
		} else {
			blankRun = 0
		}
	}
	if tl < 5 {
		t.Fatalf("the timeline has %d rows:\n%s", tl, strings.Join(rows, "\n"))
	}
}
