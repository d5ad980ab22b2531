package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A stop's named rows are the ones its say tells of, at the stop, while the clock runs on from
// it, and after a rewind to before the next stop: late-expire's 3.050s say ('n1 proposes
// Expire orders #1', 'c2 sends acquire orders to n5') showed, running at 4.075s, only the
// 4.043s second Expire, and rewound to 3.253s no rows at all (nc23-g).
func TestCompareNamedRowsStayTheStopsOwn(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	flat := func() string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }
	check := func(where, say string, want ...string) {
		t.Helper()
		v := flat()
		if !strings.Contains(v, say) {
			t.Fatalf("%s: not the say %q:\n%s", where, say, ansi.Strip(m.View()))
		}
		for _, w := range want {
			if !strings.Contains(v, w) {
				t.Errorf("%s: %q missing under the say:\n%s", where, w, ansi.Strip(m.View()))
			}
		}
	}
	expire1 := []string{"3.043s n1 proposes Expire orders #1 [n1 lease expiry #1]", "3.043s c2 sends acquire orders to n5"}
	grant := []string{"3.052s c2 gets not-leader from n5", "3.058s n1 proposes Grant orders 5s [c2 acquire"}
	expire2 := []string{"4.043s n1 proposes Expire orders #1 [n1 lease expiry #1, 2nd]"}
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "3.050s" })
	check("at the stop", "n1's countdown ended", expire1...)
	m.Update(keyMsg("enter")) // on from the stop, paused again: . steps between stops
	m.Update(keyMsg("space"))
	for k := 0; simTime(m.c.Now()) < "3.052s"; k++ {
		if k > 100 {
			t.Fatalf(". does not reach 3.052s: at %v (%s)", m.c.Now(), m.status)
		}
		m.Update(keyMsg("."))
	}
	check("stepped on to "+simTime(m.c.Now()), "n1's countdown ended", expire1...)
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "3.058s" })
	check("at the stop", "n5's answer sends c2 to n1", grant...)
	m.Update(keyMsg("right")) // on past the 4.043s stop, to 4.058s
	if simTime(m.c.Now()) != "4.058s" {
		t.Fatalf("→ from 3.058s: at %v", m.c.Now())
	}
	check("past the stop at 4.058s", "AGAIN: entry 6", expire2...)
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "4.267s" })
	m.Update(keyMsg("left"))
	if simTime(m.c.Now()) != "3.267s" {
		t.Fatalf("← from 4.267s: at %v", m.c.Now())
	}
	check("rewound to 3.267s", "n5's answer sends c2 to n1", grant...)
	if v := flat(); strings.Contains(v, "2nd]") {
		t.Errorf("rewound to 3.267s: the next stop's second Expire shows:\n%s", ansi.Strip(m.View()))
	}
}

// c2's Grant has a stop of its own, the row that proposed it under the say (nc23-g could not
// find when c2's acquire reached n1), at each size.
func TestCompareGrantStopNamesItsProposal(t *testing.T) {
	a, b := lateExpirePair(t, true)
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "3.058s" })
		if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "3.058s n1 proposes Grant orders 5s [c2 acquire") {
			t.Errorf("%dx%d: no Grant proposal row at its stop:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
	}
}

// Scrolled with ↓, a half never shows blank rows while rows are hidden below them: at
// late-expire --unsafe's end ↓ showed one ✗ row over two blank ones beside "↓ 1 newer"
// (the violation's explanation above it was too tall for the rows left) (nc23-g).
func TestCompareScrolledResultsLeaveNoBlankRows(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	playUntil(t, m, m.c.Done)
	moved := 0
	for range 40 {
		m.Update(keyMsg("down"))
		if m.scroll == nil {
			break
		}
		moved++
		m.View()
		for i := range 2 {
			w, h := m.resSize[i][0], m.resSize[i][1]
			if h == 0 {
				continue
			}
			rv := m.recent(i, w, h)
			if rv.end == len(rv.items) {
				continue
			}
			for _, r := range rv.rows {
				if strings.TrimSpace(ansi.Strip(r)) == "" {
					t.Fatalf("half %d scrolled to %s: a blank row with %d rows below:\n%s", i, simTime(m.scroll.at), len(rv.items)-rv.end, ansi.Strip(m.View()))
				}
			}
		}
		if strings.HasPrefix(m.status, "the newest results") {
			break
		}
	}
	if moved < 3 {
		t.Fatalf("↓ moved %d times", moved)
	}
}

// At the end with nothing left unread, n says so, not "once both scripts have ended" beside
// "■ BOTH DONE" (nc23-g).
func TestCompareNAtTheEndSaysNothingIsUnread(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	playUntil(t, m, m.c.Done)
	m.Update(keyMsg("n"))
	if strings.Contains(m.status, "once both scripts have ended") || !strings.Contains(m.status, "no narration left unread") {
		t.Errorf("n at the end: %q", m.status)
	}
}

// At the c3 stop the unsafe half's results, in the one row of their rule, read a whole row,
// not the newest ✗ row cut at "(the …" (nc23-g): c3's own answer, or (since the ✗ row lost its
// keepalive bracket in a run with none and fits: nc24-g2) the ✗ row, which names it.
func TestCompareC3StopResultsRowIsWhole(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.atPause && simTime(m.c.Now()) == "5.960s"
	})
	h := halfText(m, 1)
	if !strings.Contains(h, "c3 gets granted from n1 (token 3)") && !strings.Contains(h, "here: c3 reply granted token 3") {
		t.Errorf("the unsafe half lacks c3's granted row: %s", h)
	}
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, "results") && strings.Contains(l, "…") {
			t.Errorf("a results rule is cut: %s", l)
		}
	}
	if strings.Contains(h, "↓") {
		m.Update(keyMsg("down"))
		if m.scroll == nil {
			t.Errorf("↓ does not reach the rows below: %q", m.status)
		}
	} else if !strings.Contains(h, "✗ the story has c3 reply busy") {
		t.Errorf("nothing below, yet the ✗ row is not shown: %s", h)
	}
}
