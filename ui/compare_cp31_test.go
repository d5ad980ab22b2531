package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// nc31-c: at 160x48's 5.860s stop the unsafe half's results read "violation kept in view · ↑
// 32 older (2 ✗) · 3 hidden (3 ✗)" over "⋮ 3 ✗ rows hidden here: ↑ shows them", and its line
// "✗ rows in the results below, counted in their rule where hidden": which rows were where was
// not said. The rule says where from the violation (before it, folded under it), the fold row
// says it is after the violation, and the line says the title counts them.
func TestCompareKeptViolationSaysWhereRowsAre(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToStopAt(t, m, "5.860s")
	h := halfText(m, 1)
	for _, want := range []string{"violation on top · ↑ 32 before", "3 folded under it (3 ✗)", "⋮ 3 ✗ rows folded here, after the violation: ↑ shows them", "each is a ✗ row in the results below (their title counts those out of view)"} {
		if !strings.Contains(h, want) {
			t.Errorf("the unsafe half lacks %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
	for _, gone := range []string{"counted in their rule", "kept in view", "hidden here"} {
		if strings.Contains(h, gone) {
			t.Errorf("the unsafe half still reads %q", gone)
		}
	}
}

// nc31-c: one ↑ there cut the violation to "5.860s VIOLATION non-linearizable: no order fits
// these 3 operations on …", whole the moment before. Scrolled, a violation shown reads whole,
// at every ↑ back to the rows before it.
func TestCompareScrolledViolationReadsWhole(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "5.860s")
		for k := 0; k < 8; k++ {
			m.Update(keyMsg("up"))
			h := halfText(m, 1)
			if strings.Contains(h, "VIOLATION non-linearizable") && !strings.Contains(h, "it claims it freed #1, but it deleted #2") {
				t.Fatalf("%dx%d ↑ ×%d: the violation is cut:\n%s", sz[0], sz[1], k+1, ansi.Strip(m.View()))
			}
		}
	}
}

// nc31-b: at 120x40's 6.060s stop the unsafe half's results rule read "results · newest: 6.060s
// ✗ the story has on every node: lock orders token 2; here, on every… ─── ↑ 50 older (10 ✗)".
// Its one row reads whole at both sizes, a shorter one in its place if need be, the rest counted.
func TestCompareResultsOneRowNeverCut(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "6.060s")
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "results") && strings.Contains(l, "…") {
				t.Errorf("%dx%d: a results rule is cut: %s", sz[0], sz[1], l)
			}
		}
	}
}

// nc31-b: "…; the leader's┃", "…token 3┃": a result row ran into the box's border. Every
// result row keeps a blank cell before it.
func TestCompareResultRowsKeepAMargin(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		for _, at := range []string{"5.860s", "6.060s"} {
			a, b := lateExpirePair(t, true)
			m := newCompareModel(t, a, b, sz[0], sz[1])
			playToStopAt(t, m, at)
			m.scrollSides() // each half's results' size, as drawn
			rows := 0
			for i := range 2 {
				for _, l := range m.recent(i, m.resSize[i][0], m.resSize[i][1]).rows {
					rows++
					if s := ansi.Strip(l); strings.TrimSpace(s) != "" && !strings.HasSuffix(s, " ") {
						t.Errorf("%dx%d %s: a result row touches the border: %q", sz[0], sz[1], at, s)
					}
				}
			}
			if rows == 0 {
				t.Errorf("%dx%d %s: no result rows", sz[0], sz[1], at)
			}
		}
	}
}

// nc31-c: at the divergence the left half's title said "↑ 11 older" and the first two ↑ moved
// only the right half (its three rows at 5.253s; the left has one there): the status says which
// half moved.
func TestCompareScrollSaysWhichHalfMoved(t *testing.T) {
	for _, c := range []struct {
		w, h      int
		moved, by string
	}{{160, 48, "right", "left"}, {120, 40, "lower", "upper"}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, c.w, c.h)
		playToDivergence(t, m)
		m.Update(keyMsg("up"))
		want := "↑ moved only the " + c.moved + " half (the " + c.by + " one has no row between)"
		if !strings.Contains(ansi.Strip(m.View()), want) {
			t.Errorf("%dx%d: status after ↑: %q", c.w, c.h, m.status)
		}
	}
}

// nc31-b, nc31-c: in compare ? went straight to the glossary; there was no page of keys and
// marks (○ ◆ ✓ ▸, a results rule's counts). ? opens it, as in play, ? again the glossary, ?
// once more closes; esc closes either; the key line offers it; ↑↓ scroll it where it is long.
func TestCompareKeysPageThenGlossary(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToDivergence(t, m)
		if h := ansi.Strip(m.cmpHelp(sz[0])); sz[0] >= 120 && !strings.Contains(h, "? keys") {
			t.Errorf("%dx%d: the key line does not offer the keys page: %s", sz[0], sz[1], h)
		}
		m.Update(keyMsg("?"))
		v := ansi.Strip(m.View())
		if !strings.Contains(v, " Keys & marks  (") || !strings.Contains(v, "glossary · esc closes") {
			t.Fatalf("%dx%d: ? does not open the keys page:\n%s", sz[0], sz[1], v)
		}
		body := strings.Join(strings.Fields(strings.Join(m.keysBody(sz[0]), " ")), " ")
		for _, want := range []string{"d divergence", "↑ older results", "○ appended", "✓ applied", "▸ the node or client whose action parted them", "violation on top", "folded under it", "≠ diverged at"} {
			if !strings.Contains(ansi.Strip(body), want) {
				t.Errorf("%dx%d: the keys page lacks %q", sz[0], sz[1], want)
			}
		}
		// Open before the asks, it answers none (as the glossary: askAnswers).
		for _, c := range append(askAnswers, struct{ phrase, ask string }{"deletes c2's lock", "late-expire's second ask"}) {
			if strings.Contains(body, c.phrase) {
				t.Errorf("%dx%d: the keys page says %q, the answer to %s", sz[0], sz[1], c.phrase, c.ask)
			}
		}
		if sz[1] == 24 {
			m.Update(keyMsg("down"))
			if m.keysTop != 1 {
				t.Errorf("%dx%d: ↓ did not scroll the keys page", sz[0], sz[1])
			}
		}
		m.Update(keyMsg("?"))
		if v := ansi.Strip(m.View()); !strings.Contains(v, " Glossary  (") {
			t.Errorf("%dx%d: ? again does not open the glossary:\n%s", sz[0], sz[1], v)
		}
		m.Update(keyMsg("?"))
		if m.page != pageNone {
			t.Errorf("%dx%d: ? a third time does not close the pages", sz[0], sz[1])
		}
		m.Update(keyMsg("?"))
		m.Update(tea.KeyMsg{Type: tea.KeyEsc})
		if m.page != pageNone {
			t.Errorf("%dx%d: esc does not close the keys page", sz[0], sz[1])
		}
	}
}

// nc31-b: at late-expire --unsafe's end (120x40) the unsafe half's shared client row read
// "c2 holds orders #2 2.0s · write #2 ✗" with room for when: a refused write keeps its time
// once where each asks has gone.
func TestCompareEndKeepsRefusedWriteTime(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, m.c.Ended)
	if v := ansi.Strip(lowerHalf(t, ansi.Strip(m.View()))); !strings.Contains(v, "write #2 ✗ at 6.017s") {
		t.Errorf("the unsafe half's c2 lost its refused write's time:\n%s", v)
	}
}

// nc31-b: at 6.060s (120x40) c1 shares its row with c2 and lost "(own clock)", which its own
// row says: the shared row says it where it has room.
func TestCompareSharedRowKeepsOwnClock(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "6.060s")
	v := ansi.Strip(m.View())
	if n := strings.Count(v, "c1 held orders #1 · ran out 3.018s (own clock) · asks n1 │ c2"); n != 2 {
		t.Errorf("%d halves' shared rows say c1's (own clock), want 2:\n%s", n, v)
	}
}
