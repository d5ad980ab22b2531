package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// At late-expire's write stop the pointer to the other half followed "Had c2 written first …",
// yet the unsafe half shows c3 writing first and c2 refused (nc30-h): the pointer belongs to
// what that half shows, and the hypothetical has none.
func TestCompareWriteStopPointsAtWhatTheOtherHalfShows(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.atPause && m.c.Now() > 6000*time.Millisecond
	})
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	i := strings.Index(strings.ToLower(v), "had c2 written first")
	if i < 0 {
		t.Fatalf("not at the write stop:\n%s", v)
	}
	end := strings.Index(v[i:], ".")
	if strings.Contains(v[i:i+end], "other half") {
		t.Fatalf("the hypothetical points at the other half: %s", v[i:i+end])
	}
	if !strings.Contains(v, "its only sign of its lost lock (the other half of this screen is that run)") {
		t.Fatalf("the refusal c2 meets is not pointed at the other half:\n%s", v)
	}
}

// m and v, play's diagram keys, did nothing in compare and nothing said so (nc30-h).
func TestCompareDiagramKeysSaySo(t *testing.T) {
	a, b := lateExpirePair(t, true)
	for _, k := range []string{"m", "v"} {
		m := newCompareModel(t, a, b, 120, 40)
		m.Update(keyMsg(k))
		if !strings.Contains(ansi.Strip(m.View()), "no message diagram in compare (m, v): leaselab play late-expire has it") {
			t.Errorf("%s: the status line does not say compare has no diagram:\n%s", k, ansi.Strip(m.View()))
		}
	}
}

// play's end says "2 of 2 predictions right"; compare's end gave no score (nc30-h).
func TestCompareEndGivesTheScore(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("1")) // the first ask's right answer is 2, the second's 1
			}
			return m.c.Done()
		})
		if v := ansi.Strip(m.View()); !strings.Contains(v, "your predictions: 1 of 2 right") {
			t.Errorf("%dx%d: the end gives no score:\n%s", sz[0], sz[1], v)
		}
	}
}

// At 160x48's write stop c3's line in the safe half wrapped, leaving "asks n1" alone on a row
// (nc30-h): the verdict's word gives way first.
func TestCompareWriteVerdictKeepsClientRowWhole(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToStopAt(t, m, "6.060s")
	if h := halfText(m, 0); !strings.Contains(h, "c3 ● holds nothing · write no token ✗ at 5.964s · got busy orders · asks n1") {
		t.Errorf("c3's row is not whole:\n%s", h)
	}
}
