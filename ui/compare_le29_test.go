package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Where non-linearizable first shows in `compare late-expire --unsafe expire-ignores-token`
// (the 5.860s stop), a 120x40 newcomer could not say what the word meant: the unsafe half's ✖
// line read "entries 4 and 6 both answered existed:true, yet #1 can be freed only once" (le29,
// item 6). It says the word's meaning in plain words, then which answers no order fits, in one
// row stacked.
func TestCompareNonLinearizableSaysWhatNoOrderFits(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "5.860s" })
		h := halfText(m, 1)
		want := "✖ non-linearizable: no one-at-a-time order fits the answers: entries 4 and 6 both answered existed:true, but freeing #1 twice"
		if sz[0] < sideBySideW {
			want = "✖ non-linearizable: no one-at-a-time order fits the answers: entries 4 and 6 both said they freed #1, held only once"
		}
		if !strings.Contains(h, want) {
			t.Errorf("%v: the unsafe half does not say what no order fits (%q):\n%s", sz, want, ansi.Strip(m.View()))
		}
		if sz[0] < sideBySideW && !strings.Contains(ansi.Strip(m.View()), want+" ┃") {
			t.Errorf("%v: the ✖ line is not one row:\n%s", sz, ansi.Strip(m.View()))
		}
	}
}

// late-expire's heal had no row a newcomer could find: in play it sat above the next stop's
// rows, and compare's results list no fault (le29, item 2). The script heals at the 5.860s stop
// and its say quotes the row ('heal'): play shows it at the stop, compare under the say.
func TestLateExpireHealHasItsRow(t *testing.T) {
	if got := rowPatterns([]string{"The script heals the links now ('heal')."}); len(got) != 1 || !got[0].MatchString("heal") || got[0].MatchString("c1 heals") {
		t.Fatalf("'heal' names no row: %v", got)
	}
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "5.860s" })
	if v := ansi.Strip(m.View()); !strings.Contains(v, "↳ the rows it names") || !strings.Contains(v, "5.860s heal") {
		t.Errorf("compare shows no heal row at 5.860s:\n%s", v)
	}
	s := loadScenario(t, "late-expire")
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		p := newPlay(t, s, sz[0], sz[1])
		for i := 0; i < 20 && simTime(p.sim.p.Now()) != "5.860s"; i++ {
			answerAsk(p)
			press(p, "enter")
			runToStop(t, p)
		}
		if v := ansi.Strip(p.View()); !strings.Contains(v, "5.860s   heal") {
			t.Errorf("%v: play shows no heal row at 5.860s:\n%s", sz, v)
		}
	}
}
