package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The shared-script comparison stacked at 120x40: at the ask both halves show the Grant it is
// about (row 5) and answer with as many keys as choices; at the divergence the unsafe half's
// violation is explained, not only named; at the end the story's failed checks are summed up
// in one line, so the halves keep their rows.
func TestCompareStackedShowsWhatTheStoryNeeds(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	v := ansi.Strip(m.View())
	if n := strings.Count(v, "  5 t1   Grant orders 5s"); n != 2 {
		t.Errorf("at the ask the Grant's row shows in %d halves:\n%s", n, v)
	}
	if !strings.Contains(v, "1-3 answer") || strings.Contains(v, "1-4 answer") || !strings.Contains(v, "? in the safe run: the late Expire") {
		t.Errorf("at the ask: the keys or the question read wrong:\n%s", v)
	}
	m.Update(keyMsg("2"))
	playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
	if v := ansi.Strip(m.View()); !strings.Contains(v, "VIOLATION lost-grant: Expire orders #1") {
		t.Errorf("at the divergence the violation is not explained:\n%s", v)
	}
	m.Update(keyMsg("e"))
	v = ansi.Strip(m.View())
	// (What c3 was told otherwise says more than where the runs parted, and takes that row.)
	if strings.Contains(v, "late-expire.scenario:") || !strings.Contains(v, "c3 safe: gets busy orders from n1") || !strings.Contains(v, "VIOLATION") {
		t.Errorf("at the end: the failed checks are listed, or the violation is gone:\n%s", v)
	}
}

// The keys page's title is never cut: at 80 columns its aside gives way, not how to scroll or
// leave (it read "every action is a scenario step: recorded, …").
func TestKeysTitleWhole(t *testing.T) {
	for _, w := range []int{80, 120} {
		m := playLesson(t, "first-lock", w, 24)
		press(m, "?")
		title := ""
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.HasPrefix(l, " Keys") {
				title = l
			}
		}
		if title == "" || strings.Contains(title, "…") || !strings.Contains(title, "esc closes") || !strings.Contains(title, "↑↓") {
			t.Errorf("%d columns: the keys page's title: %q", w, title)
		}
	}
}

// After an answer the status line does not say "enter continues both" twice.
func TestCompareAnswerStatusOnce(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	m.Update(keyMsg("2"))
	if v := ansi.Strip(m.View()); strings.Count(v, "enter continues both") != 1 {
		t.Fatalf("the status repeats itself:\n%s", v)
	}
}

// The Network panel's last in-flight row keeps its count whole ("+3 mo…" was cut): the
// message's arrival time gives way first.
func TestNetworkCountWhole(t *testing.T) {
	for _, name := range []string{"racing-acquires", "lease-read-unsafe", "late-expire"} {
		m := playLesson(t, name, 120, 40)
		stops(t, m, func(stop int, v string) {
			if strings.Contains(v, " mo…") || strings.Contains(v, " more…") {
				t.Errorf("%s stop %d: a count is cut:\n%s", name, stop, v)
			}
		})
	}
}

// A violation whose explanation needs more rows than the tracker and the results have together
// still takes them, cut with "…": at 110x42 the unsafe half's non-linearizable (three
// operations) needs three rows where two are free, and the violation left the screen.
func TestCompareViolationLongerThanItsRoomStays(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 110, 42)
	m.Update(keyMsg("e"))
	playUntil(t, m, m.c.Ended)
	v := ansi.Strip(m.View())
	// (Whole, or cut with "…": the folded node rows may leave it its rows.)
	if !strings.Contains(v, "VIOLATION non-linearizable found: no order fits") || !strings.Contains(v, "…") && !strings.Contains(v, "it claims it freed #1;") {
		t.Errorf("at the end the violation is gone, or cut without saying so:\n%s", v)
	}
}
