package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Newcomer nc25-g read compare's 303-line glossary: pgdn moved 10 lines and end did nothing.
// pgdn/pgup move a page (the rows shown, less one), home/end reach the top and the last line,
// and the title names those keys; the same keys work on leaselab play's glossary.
func TestCompareGlossaryPagesAndEnds(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("?"))
		m.Update(keyMsg("?")) // the keys page, then the glossary
		if m.page != pageGlossary {
			t.Fatal("? did not open the glossary")
		}
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "home/end") || !strings.Contains(v, "pgup/pgdn") {
			t.Errorf("%dx%d: the glossary's title does not name its keys:\n%s", sz[0], sz[1], strings.Split(v, "\n")[0])
		}
		room := m.height - 3 - 1
		m.Update(keyMsg("pgdown"))
		if m.glossTop != room-1 {
			t.Errorf("%dx%d: pgdn moved the glossary to line %d, want %d (a page)", sz[0], sz[1], m.glossTop, room-1)
		}
		m.Update(keyMsg("end"))
		n := len(glossaryRows(m.st, m.width, []string{m.glossLead()}))
		if m.glossTop != n-room {
			t.Errorf("%dx%d: end left the glossary at line %d, want %d (its last page)", sz[0], sz[1], m.glossTop, n-room)
		}
		v = ansi.Strip(m.View())
		if !strings.Contains(v, "of "+itoa(n)+" lines") || !strings.Contains(v, itoa(n)+" of") {
			t.Errorf("%dx%d: after end the title does not show the last line %d:\n%s", sz[0], sz[1], n, strings.Split(v, "\n")[0])
		}
		m.Update(keyMsg("down")) // past the end: stays, so ↑ then moves at once
		m.Update(keyMsg("up"))
		if m.glossTop != n-room-1 {
			t.Errorf("%dx%d: ↓ at the end then ↑ left line %d, want %d", sz[0], sz[1], m.glossTop, n-room-1)
		}
		m.Update(keyMsg("home"))
		if m.glossTop != 0 {
			t.Errorf("%dx%d: home left the glossary at line %d", sz[0], sz[1], m.glossTop)
		}

		p := playLesson(t, "late-expire", sz[0], sz[1])
		press(p, "?", "?", "end")
		if p.page.glossTop == 0 {
			t.Errorf("%dx%d: end did not move play's glossary", sz[0], sz[1])
		}
		press(p, "home")
		if p.page.glossTop != 0 {
			t.Errorf("%dx%d: home left play's glossary at line %d", sz[0], sz[1], p.page.glossTop)
		}
	}
}

// At late-expire --unsafe's end the unsafe half stayed on its 5.860s VIOLATION over "↓ 13
// newer" while the safe half showed its newest row, with nothing saying why (nc25-g): its
// rule says the violation is kept on top (nc31-c's words); the safe half's, with none, does not.
func TestKeptViolationSaysSo(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToDivergence(t, m)
	m.Update(keyMsg("e"))
	v := ansi.Strip(m.View())
	if n := strings.Count(v, "violation on top · "); n != 1 || !strings.Contains(v, "violation on top · ↑") {
		t.Errorf("at the end %d results rules say the violation is kept in view, want the unsafe half's:\n%s", n, v)
	}
}

// At the first ask (4.267s) the ask's lines pushed entry 4, the Expire the ask is about, out of
// the Replication rows under "↑ 2 earlier" (nc25-g): at both asks each half shows entries 4-6.
func TestAskKeepsEntry4(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		for ask := 1; ask <= 2; ask++ {
			playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
			for i := range 2 {
				h := halfText(m, i)
				for _, e := range []string{"4 t1 Expire orders #1 ", "5 t1 Grant orders 5s ", "6 t1 Expire orders #1 "} {
					if !strings.Contains(h, e) {
						t.Errorf("%dx%d ask %d: half %d does not show %q:\n%s", sz[0], sz[1], ask, i, e, h)
					}
				}
			}
			m.Update(keyMsg("2"))
		}
	}
}

// A half whose nodes show "EXPIRED HERE" says what it means in the table's head, beside
// "— expired" on a node that has deleted the lock (nc25-g guessed it at late-expire's 4.253s).
func TestExpiredHereHeadHint(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return strings.Contains(halfText(m, 0), "orders #1 EXPIRED HERE") })
	for i := range 2 {
		if h := halfText(m, i); !strings.Contains(h, "EXPIRED HERE: at zero, not yet deleted") {
			t.Errorf("at %s half %d shows EXPIRED HERE with no hint: %s", simTime(m.c.Now()), i, h)
		}
	}
	m2 := newCompareModel(t, a, b, 120, 40)
	if h := halfText(m2, 0); strings.Contains(h, "EXPIRED HERE:") {
		t.Errorf("the hint shows with no EXPIRED HERE: %s", h)
	}
}
