package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// late-expire asks two things at 4.267s: what the late Expire does to c2's lock, then what it
// would do without the token check. The first's why ("this Expire names token 1: no token-1
// lock to delete") answered the second before it was asked (nc31-b): it waits for the second's
// answer, in play and in compare, and then shows under the second's verdict.
func TestAskPairWhyWaitsForTheNextAsk(t *testing.T) {
	s := loadScenario(t, "late-expire")
	var first, second *scenarios.Step
	for i := range s.Steps {
		if s.Steps[i].Kind == scenarios.StepAsk && askNext(s, &s.Steps[i]) != nil {
			first, second = &s.Steps[i], askNext(s, &s.Steps[i])
			break
		}
	}
	if first == nil {
		t.Fatal("late-expire has no two asks in a row")
	}
	// A piece of the first's why that the screen wraps nowhere.
	why := "no token-1 lock to delete"
	if !strings.Contains(first.Explain, why) {
		t.Fatalf("the first ask's why lacks %q: %s", why, first.Explain)
	}
	flat := func(v string) string { return strings.Join(strings.Fields(ansi.Strip(v)), " ") }
	check := func(t *testing.T, where string, view func() string, answer func(string), next func(), whole bool) {
		answer(itoa(first.Right + 1))
		if v := flat(view()); strings.Contains(v, why) || !strings.Contains(v, whyAfterNext) {
			t.Errorf("%s: the first ask answered shows its why, or not that it waits:\n%s", where, v)
		}
		next()
		if v := flat(view()); strings.Contains(v, why) {
			t.Errorf("%s: the second ask, unanswered, stands under the first's why:\n%s", where, v)
		}
		answer(itoa(second.Right + 1))
		if !whole {
			return // compare's 80x24 cuts the verdicts short ("… 4 more lines (a taller terminal)")
		}
		if v := flat(view()); !strings.Contains(v, why) || !strings.Contains(v, "The ask before") {
			t.Errorf("%s: the second ask answered does not give the first's why:\n%s", where, v)
		}
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		t.Run("play "+itoa(sz[0]), func(t *testing.T) {
			m := playLesson(t, "late-expire", sz[0], sz[1])
			for m.curAsk() == nil || m.curAsk().Pos != first.Pos {
				press(m, "enter")
				runToStop(t, m)
			}
			check(t, "play", m.View, func(k string) { press(m, k) }, func() {
				press(m, "enter")
				runToStop(t, m)
				if m.curAsk() == nil || m.curAsk().Pos != second.Pos {
					t.Fatal("enter did not reach the second ask")
				}
			}, true)
		})
	}
	for _, sz := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		t.Run("compare "+itoa(sz[0]), func(t *testing.T) {
			a, b := lateExpirePair(t, true)
			m := newCompareModel(t, a, b, sz[0], sz[1])
			playUntil(t, m, func() bool { ask, w := m.waitingAsk(); return w && ask.Pos == first.Pos })
			check(t, "compare", m.View, func(k string) { m.Update(keyMsg(k)) }, func() {
				playUntil(t, m, func() bool { ask, w := m.waitingAsk(); return w && ask.Pos == second.Pos })
			}, sz[1] >= 40)
		})
	}
}
