package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Newcomer round 18 (late-expire --unsafe expire-ignores-token): the net column said only
// "slow" where the narration said "600ms slower"; the unsafe n1 read "orders — expired" for
// c2's lock that an Expire naming token 1 deleted with 4.0s left; a failed "all" check read
// "the story has all history orders …", script language.
func TestCompareDelayDeletedLabelAndEveryNode(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToDivergence(t, m)
		safe, unsafe := halfText(m, 0), halfText(m, 1)
		if !strings.Contains(safe, "+600ms") {
			t.Errorf("%dx%d: the net column does not give the delay:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if !strings.Contains(unsafe, "orders — deleted by Expire #1") || strings.Contains(unsafe, "orders — expired") {
			t.Errorf("%dx%d: c2's deleted lock is not labelled as deleted:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if strings.Contains(safe, "— deleted") {
			t.Errorf("%dx%d: the safe half says deleted:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
	}
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		if m.atPause {
			m.Update(keyMsg("enter"))
		}
		return m.c.Sides[1].Verdict != nil
	})
	all := ""
	for range 40 {
		all += halfText(m, 1)
		m.Update(keyMsg("up"))
	}
	if strings.Contains(all, "the story has all ") || !strings.Contains(all, "the story has on every node: ") {
		t.Errorf("a failed all-check reads as script language:\n%s", ansi.Strip(m.View()))
	}
	if strings.Contains(all, "nor its expiry") {
		t.Errorf("a quoted lost-grant still says 'nor its expiry':\n%s", ansi.Strip(m.View()))
	}
}
