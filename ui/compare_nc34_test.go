package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// playEndCount is what play's end line says the story's checks were ("29 checks and waits"),
// the lesson played to its end at 160x48.
func playEndCount(t *testing.T, lesson string) string {
	t.Helper()
	m := playLesson(t, lesson, 160, 48)
	for m.results == nil {
		runToStop(t, m)
		if m.results == nil {
			if m.curAsk() != nil {
				press(m, "1")
			}
			press(m, "enter")
		}
	}
	flat := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	got := regexp.MustCompile(`PASS · (\d+ [a-z ]+?) held`).FindStringSubmatch(flat)
	if got == nil {
		t.Fatalf("%s: no end line:\n%s", lesson, m.View())
	}
	return got[1]
}

// nc34-1: the safe half's end said "PASS: 17 checks held" (its expects) and the unsafe half
// "11 of the safe run's 29 checks and waits don't hold here" (expects and wait-untils), and
// play's own end "the story's 17 checks held": one story, two counts. Every end line counts the
// same things with the same words.
func TestCompareCountsTheStorysChecksAsPlayDoes(t *testing.T) {
	for _, tc := range []struct{ lesson, other string }{
		{"late-expire", "expire-ignores-token"},
		{"lease-read-unsafe", ""},
	} {
		n := playEndCount(t, tc.lesson)
		if !strings.Contains(n, "checks and waits") {
			t.Errorf("%s: play counts %q, not the checks and waits", tc.lesson, n)
		}
		a := loadScenario(t, tc.lesson)
		var b *scenarios.Scenario
		if tc.other != "" {
			var err error
			if b, err = scenarios.WithUnsafe(a, tc.other); err != nil {
				t.Fatal(err)
			}
		} else {
			b, _ = scenarios.Twin(a)
		}
		for _, sz := range [][2]int{{160, 48}, {120, 40}} {
			m := newCompareModel(t, a, b, sz[0], sz[1])
			playUntil(t, m, func() bool {
				if _, w := m.waitingAsk(); w {
					m.Update(keyMsg("1"))
				}
				return m.c.Done()
			})
			flat := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
			for _, want := range []string{"PASS: " + n + " held", "run's " + n + " don't hold here"} {
				if !strings.Contains(flat, want) {
					t.Errorf("%s %dx%d: play's end counts %q, the compare's ends say no %q:\n%s", tc.lesson, sz[0], sz[1], n, want, ansi.Strip(m.View()))
				}
			}
		}
	}
}

// nc34-2: c3's tokenless write was named four ways on one screen ("#none" on its row, "#0" on
// the diagram, "token 0" in the results, "no token" on the resource line): one name, "no token".
func TestTokenlessWriteHasOneName(t *testing.T) {
	bad := []string{"#none", "#0 ", "#0)", "token 0"}
	a, b := lateExpirePair(t, true)
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "6.060s")
		h := halfText(m, 0)
		for _, want := range []string{"no token ✗", "c3 (no token)", "rejected c3's write to orders with no token"} {
			if !strings.Contains(strings.Join(strings.Fields(h), " "), want) {
				t.Errorf("%dx%d: the safe half has no %q:\n%s", sz[0], sz[1], want, h)
			}
		}
		for _, w := range bad {
			if strings.Contains(h, w) {
				t.Errorf("%dx%d: the safe half names the tokenless write %q:\n%s", sz[0], sz[1], w, h)
			}
		}
	}
	m := playLesson(t, "late-expire", 160, 48)
	for m.results == nil {
		runToStop(t, m)
		if m.results == nil {
			if m.curAsk() != nil {
				press(m, "1")
			}
			press(m, "enter")
		}
	}
	press(m, "m") // the diagram, its write mark on c3's lane
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "write orders (no token) rejected") {
		t.Errorf("the diagram has no 'write orders (no token) rejected':\n%s", v)
	}
	for _, w := range bad {
		if strings.Contains(v, w) {
			t.Errorf("the diagram names the tokenless write %q:\n%s", w, v)
		}
	}
}

// nc34-3: the unsafe half's violation row is stamped 5.860s while the fault was at 5.253s: the
// row says it was found then, about operations done by 5.253s.
func TestCompareViolationRowSaysWhenItWasFound(t *testing.T) {
	a, b := lateExpirePair(t, true)
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("1"))
			}
			return m.c.Done()
		})
		h := strings.Join(strings.Fields(halfText(m, 1)), " ")
		if !strings.Contains(h, "VIOLATION non-linearizable found: no order fits these 3 operations on orders, done by 5.253s:") {
			t.Errorf("%dx%d: the violation row does not say when it was found:\n%s", sz[0], sz[1], halfText(m, 1))
		}
	}
}

// nc34-4: from the divergence on n1's net read "+600ms" in both halves, its peers "n2-n5" given
// up for the unsafe half's "orders — deleted by Expire #1", while the clock column kept 9
// blank cells after "×1". The column gives them up; both stay whole.
func TestCompareNetKeepsSlowPeersAtTheDivergence(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToDivergence(t, m)
	for i := range 2 {
		h := halfText(m, i)
		if !strings.Contains(h, "n2-n5 +600ms") {
			t.Errorf("half %d: n1's net lost its peers:\n%s", i, h)
		}
	}
	if h := halfText(m, 1); !strings.Contains(h, "orders — deleted by Expire #1") {
		t.Errorf("the unsafe half's lock cell is cut:\n%s", h)
	}
}

// At 80x24 stacked the unsafe n1's lock cell read "orders — deleted", its "by Expire #1" cut
// beside the clock column's blank cells: the column gives them up in both halves.
func TestCompareStackedLockCellWholeAtTheDivergence(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 80, 24)
	playToDivergence(t, m)
	if h := halfText(m, 1); !strings.Contains(h, "orders — deleted by Expire #1") {
		t.Errorf("the unsafe half's lock cell is cut:\n%s", h)
	}
}
