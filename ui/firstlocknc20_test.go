package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80x24 a client's own row marks it only when it is not connected: first-lock's "c1 ●
// holds nothing" (1.277s) read as the follower mark of the node table above it (nc20-d). The
// keys page's legend says no ● for clients there, and what the net line's count on the wire is.
func TestCompactClientRowNoConnectedMark(t *testing.T) {
	clientMark := regexp.MustCompile(`[▸ ]c\d+ ●`)
	// A connected client's row with a state after its name, where a ● would stand: first-lock
	// at 1.277s showed "c1 holds nothing · got released orders" on a row of its own until its
	// leader's commit row took a row (nc23-d); "c1 got released orders" is such a row too.
	stated := regexp.MustCompile(`[▸ ]c\d+ (holds|got|⋯)`)
	m := playLesson(t, "first-lock", 80, 24)
	seen := false
	playThrough(t, m, func(stop int, v string) {
		for _, row := range strings.Split(v, "\n") {
			if clientMark.MatchString(row) {
				t.Errorf("stop %d: a client row marks a connected client with ●: %q", stop, row)
			}
			seen = seen || stated.MatchString(row)
		}
	})
	if !seen {
		t.Error("no stop showed a client's row with a state: the test checks nothing")
	}
	legend := ansi.Strip(strings.Join(m.helpBody(80, 24), "\n"))
	flat := strings.Join(strings.Fields(legend), " ")
	if strings.Contains(flat, "● connected") || !strings.Contains(flat, "⊘ disconnected") {
		t.Errorf("the compact legend should mark only a client that is not connected:\n%s", legend)
	}
	if !strings.Contains(flat, "on the wire, sent and not yet arrived") {
		t.Errorf("the compact legend should say what the net line's count on the wire is:\n%s", legend)
	}
	// The full layout's Clients box keeps ● connected, and its legend says so.
	f := playLesson(t, "first-lock", 120, 40)
	if l := strings.Join(strings.Fields(ansi.Strip(strings.Join(f.helpBody(120, 40), "\n"))), " "); !strings.Contains(l, "● connected") {
		t.Errorf("the full legend should say ● connected:\n%s", l)
	}
}

// The diagram's "held 400ms" after a message said nothing of itself (nc20-d): where a row shows
// one, the header says what it is, in each view and at each size first-lock is rated at.
func TestDiagramHeaderSaysHeld(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := firstLockAtCommit(t, sz[0], sz[1])
		press(m, "m")
		for _, view := range []string{"lock messages", "all messages"} {
			v := ansi.Strip(m.View())
			if !strings.Contains(v, "held 400ms") || !strings.Contains(v, "held: ") || !strings.Contains(v, "by a delay") {
				t.Errorf("%dx%d, %s: the header should say what a row's 'held 400ms' is:\n%s", sz[0], sz[1], view, v)
			}
			press(m, "v")
		}
	}
}

// With the diagram on, rows the narration keeps for the ask to come go to the diagram, as they
// go to the timeline without it (first-lock at 0.848s, 80x24: two blank rows under the
// narration), and the messages still on the wire show a whole broadcast: n1's four 'MsgApp
// after idx 3', of which three showed (nc19-d).
func TestDiagramTakesTheNarrationsSpareRows(t *testing.T) {
	m := firstLockAtCommit(t, 80, 24)
	press(m, "m", "v")
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	for y := m.lay.narration.y; y < len(rows); y++ {
		if strings.TrimSpace(rows[y]) == "" {
			t.Errorf("row %d is blank under the diagram:\n%s", y, strings.Join(rows, "\n"))
			break
		}
	}
	if n := strings.Count(strings.Join(rows, "\n"), "MsgApp after idx 3 commit 3 ⋯"); n != 4 {
		t.Errorf("%d of n1's four MsgApps on the wire show:\n%s", n, strings.Join(rows, "\n"))
	}
}

// firstLockAtCommit plays first-lock to its stop at 0.848s, where n1 commits c1's Grant: the
// stop the diagram tests of nc19-d, nc20-d and nc21-d look at.
func firstLockAtCommit(t *testing.T, w, h int) *Model {
	t.Helper()
	m := playLesson(t, "first-lock", w, h)
	for i := 0; i < 6; i++ {
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	return m
}
