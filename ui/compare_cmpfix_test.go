package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 120x40 the unsafe half of `compare late-expire --unsafe expire-ignores-token` kept the
// VIOLATION in view above the newest row and dropped the ✗ result row between them without a
// word, under the same title ↑ then used for another view. The rule names the rows it hides.
func TestCompareKeptViolationSaysWhatItHides(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
	h := halfText(m, 1)
	if !strings.Contains(h, "VIOLATION lost-grant") {
		t.Fatalf("the violation is not in view:\n%s", h)
	}
	if !strings.Contains(h, "n1 result orders") && !strings.Contains(h, " between hidden (↑ ↓ scroll)") {
		t.Errorf("the ✗ result row is gone and nothing says so:\n%s", h)
	}
	pinned := h
	m.Update(keyMsg("up"))
	title := func(s string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.Contains(l, "applied results & replies") {
				return l
			}
		}
		return ""
	}
	if up := halfText(m, 1); up != pinned && title(up) == title(pinned) {
		t.Errorf("↑ shows other rows under the same title %q", title(up))
	}
}

// At an ask the comparison's header says what play's says: "? PREDICT", not "‖ SCRIPT PAUSE".
func TestCompareAskHeaderPredicts(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w && m.atPause })
	head := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
	if !strings.Contains(head, "? PREDICT") || strings.Contains(head, "SCRIPT PAUSE") {
		t.Errorf("the header at an ask: %q", head)
	}
}

// The one-row tracker rule of etcd-failover-reset's comparison read "9 Grant orders 3s → …,
// applied on 0 of 5", a result cut to "…": it says "not applied yet", as the tracker's row does.
func TestCompareNewestEntryNeverCut(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	seen := false
	for !m.c.Done() {
		playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
		v := ansi.Strip(m.View())
		if strings.Contains(v, "→ …") {
			t.Errorf("%v: a result cut to …:\n%s", m.c.Now(), v)
		}
		seen = seen || strings.Contains(v, "newest: 9 Grant orders 3s → not applied yet")
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("4"))
		}
		m.Update(keyMsg("enter"))
	}
	if !seen {
		t.Error("the one-row tracker never named entry 9 as not applied yet")
	}
}
