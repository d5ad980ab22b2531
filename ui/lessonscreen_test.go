package ui

import (
	"github.com/charmbracelet/x/ansi"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The screen shows what the story says at the pause where it says it.
func TestLessonScreensAgreeWithStory(t *testing.T) {
	// late-expire, pause 2: "n1's countdown ended" while every follower's is at zero too; the
	// legend calls that EXPIRED HERE, so every column says it (no bar at 0.0s).
	m := playLesson(t, "late-expire", 120, 40)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	if v := m.View(); strings.Count(v, "EXPIRED HERE") != 5 || strings.Contains(v, " 0.0s│") {
		t.Errorf("late-expire pause 2: not every node shows EXPIRED HERE:\n%s", v)
	}
	// first-lock, pause 5: "c1 asks n1": its request goes to n1 and nowhere else (the narration
	// itself explains not-leader, so look for the timeline's reply, not the word).
	m = playLesson(t, "first-lock", 120, 40)
	for range 4 {
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	v := m.View()
	if !strings.Contains(v, "c1 sends acquire orders to n1") || strings.Contains(v, "gets not-leader") || strings.Contains(v, "sends acquire orders to n4") {
		t.Errorf("first-lock pause 5: c1 should ask n1 first:\n%s", v)
	}
}

// ghost-lock points at "'ghost release' in the Replication panel" and at its result: once the
// ghost Release has applied everywhere, its row says both, Released and ghost release, at
// 120x40 and at 80x24.
var ghostRow = regexp.MustCompile(`Release orders\s+✓\s+✓\s+✓\s+✓\s+✓`)

func TestGhostReleaseRowWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "ghost-lock", sz[0], sz[1])
		saw := 0
		for stop := 0; stop < 20 && !m.sim.ended; stop++ {
			runToStop(t, m)
			for _, line := range strings.Split(ansi.Strip(m.View()), "\n") {
				if ghostRow.MatchString(line) { // a Replication row (a log column's row has one ✓)
					saw++
					if !strings.Contains(line, "Released") || !strings.Contains(line, "ghost release") {
						t.Errorf("%dx%d, stop %d: the ghost Release's row lacks its result or its tag: %q", sz[0], sz[1], stop, line)
					}
				}
			}
			answerAsk(m)
			press(m, "enter")
		}
		if saw == 0 {
			t.Errorf("%dx%d: the applied ghost Release never showed", sz[0], sz[1])
		}
	}
}

// local-expiry-unsafe: a lock a node deleted on its own clock reads as such (its last result,
// Granted{token:1}, would say the opposite), whole at 120x40 and 80x24.
func TestLocallyDeletedLockReads(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "local-expiry-unsafe", sz[0], sz[1])
		runToStop(t, m)
		press(m, "enter")
		runToStop(t, m) // pause 2: n4 deleted the lock about a second after the grant
		v := m.View()
		if !strings.Contains(v, "orders — deleted here") || strings.Contains(v, "— Granted") {
			t.Errorf("%dx%d: n4's locally deleted lock does not read as such:\n%s", sz[0], sz[1], v)
		}
	}
}

// late-expire: in the Replication panel at 120x40 every applied result is whole (who proposed
// it gives way first), and the late Expire's row keeps its tag and what it found. At 80x24 the
// compact layout shows the tag.
var replRow = regexp.MustCompile(`^│\s*\d+ t\d+\s+$`)

func TestReplicationResultsWhole(t *testing.T) {
	m := playLesson(t, "late-expire", 120, 40)
	sawLate := false
	for stop := 0; stop < 30 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		for _, line := range strings.Split(v, "\n") {
			i := strings.Index(line, "Expire orders #1")
			if i < 0 || !strings.Contains(line, "✓") || !replRow.MatchString(line[:i]) {
				continue // not a Replication row
			}
			row := line[i:]
			if j := strings.Index(row, "│"); j >= 0 {
				row = row[:j]
			}
			if strings.Contains(row, "{") && !strings.Contains(row, "}") || strings.Contains(row, "…") && !strings.Contains(row, "· …") {
				t.Errorf("stop %d: a result is cut: %q", stop, row)
			}
			if strings.Contains(row, "LATE no-op") {
				sawLate = true
				if !strings.Contains(row, "existed:false") {
					t.Errorf("stop %d: the late Expire's row does not say what it found: %q", stop, row)
				}
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	if !sawLate {
		t.Fatal("the late Expire's LATE no-op row never showed at 120x40")
	}
}

// One lease reads the same whatever side of a rounding edge a node's countdown is on.
func TestLeftTextRoundsOnce(t *testing.T) {
	for d, want := range map[time.Duration]string{
		10 * time.Second: "10s", 9960 * time.Millisecond: "10s", 9949 * time.Millisecond: "9.9s",
		2400 * time.Millisecond: "2.4s", 12400 * time.Millisecond: "12s",
	} {
		if got := leftText(d); got != want {
			t.Errorf("leftText(%v) = %q, want %q", d, got, want)
		}
	}
}

// A timeline scrolled back at one stop is placed by the next again (its story, or the newest
// events): the narration there speaks of them.
func TestTimelineFollowsAtANewStop(t *testing.T) {
	for _, name := range []string{"minority-leader", "ghost-lock", "late-expire"} {
		m := playLesson(t, name, 120, 40)
		scrolled := 0
		for stop := 0; stop < 30 && !m.sim.ended; stop++ {
			runToStop(t, m)
			if stop > 0 && scrolled > 0 && !m.tl.following() {
				t.Fatalf("%s, stop %d: the timeline is still scrolled back:\n%s", name, stop, m.View())
			}
			answerAsk(m)
			press(m, "pgup")
			if !m.tl.following() {
				scrolled++
			}
			press(m, "enter")
		}
		if scrolled < 2 {
			t.Fatalf("%s: the timeline scrolled back at %d stops only: the test proves little", name, scrolled)
		}
	}
}
