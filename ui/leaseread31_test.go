package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestLeaseReadEndKeepsTheNextAsk: lease-read's last stop points at the next lesson and at C
// without saying what the unsafe twin's n1 answers, which is lease-read-unsafe's ask (nc31-f:
// "at the ask n1 answers busy at once … '✖ non-linearizable'").
func TestLeaseReadEndKeepsTheNextAsk(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	playUntilOnScreen(t, m, "SCRIPT DONE")
	runToStop(t, m)
	var end string
	for _, l := range m.narrationText(m.lay.narration.w) {
		end += l.text + " "
	}
	for _, want := range []string{"lease-read-unsafe", "C"} {
		if !strings.Contains(end, want) {
			t.Errorf("the end does not name %q: %s", want, end)
		}
	}
	for _, bad := range []string{"busy", "non-linearizable", "not-leader", "stale"} {
		if strings.Contains(end, bad) {
			t.Errorf("the end says %q of the next lesson: %s", bad, end)
		}
	}
}

// TestOldLeaderSaysSo: at lease-read's new-leader stop n1's column (and its row in the small
// layout) reads 'old leader', under every seed: its ★ beside the header's '★ n4 term 3' read
// as two leaders with only the narration saying n1's was out of date (nc31-f).
func TestOldLeaderSaysSo(t *testing.T) {
	eachSeed(t, "lease-read", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "The other four elect a new leader")
		v := ansi.Strip(m.View())
		rows := strings.Split(v, "\n")
		old := false
		for _, r := range rows[:min(len(rows), 8)] {
			old = old || strings.Contains(r, "★ n1 old leader")
		}
		if !old {
			t.Errorf("%s: n1 does not read old leader:\n%s", at, v)
		}
		if !strings.Contains(ansi.Strip(strings.Join(m.helpBody(400, 400), "\n")), "old leader: it still leads its term, but another node leads a later one") {
			t.Errorf("%s: the ? legend does not explain old leader", at)
		}
		if w >= fullW && !strings.Contains(rows[0], "★ n") {
			t.Errorf("%s: the header names no leader: %s", at, rows[0])
		}
	})
}

// TestClientsTitleOffersTheScriptsLease: lease-read's first acquire is c1's 1m, and the clients'
// title offers it ('orders (k) 1m (l)'), as README says; it read '3s', a lease no script step
// used (nc31-f).
func TestClientsTitleOffersTheScriptsLease(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "lease-read", sz[0], sz[1])
		runToStop(t, m)
		if v := ansi.Strip(m.View()); !strings.Contains(v, "orders (k) 1m (l)") {
			t.Errorf("%dx%d: the clients' title does not offer 1m:\n%s", sz[0], sz[1], v)
		}
	}
}

// TestComparePartedByTimingSaysSo: lease-read beside its unsafe twin parts at 0.086s, where c2
// is answered busy 7ms sooner in one run: the header says the runs parted by timing there (it
// read '≠ diverged at 0.086s' above a half saying 'timing, not the difference'), and once their
// leaders differ the unsafe half's divergence row says why, once (nc31-f: n3 led one half, n4 the
// other, and nothing said why).
func TestComparePartedByTimingSaysSo(t *testing.T) {
	v := twinAtEnd(t, "lease-read")
	head := strings.SplitN(v, "\n", 2)[0]
	if !strings.Contains(head, "≠ parted by timing at 0.086s") || strings.Contains(head, "diverged") {
		t.Errorf("the header does not say the runs parted by timing: %s", head)
	}
	if !strings.Contains(head, "4.984s") {
		t.Errorf("the header does not name the instant the answers differ: %s", head)
	}
	if n := strings.Count(v, "the runs' timing differs: n3 leads here, n4 in the safe run"); n != 1 {
		t.Errorf("the leaders' difference is said %d times, want once:\n%s", n, v)
	}
}
