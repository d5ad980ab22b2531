package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// `step 12/47` in a half's title and the ▸ before `★ n1` at the divergence were explained
// nowhere on screen (nc21-g): the glossary compare opens with `?` (and play's `??`) has each,
// under those very symbols.
func TestGlossaryExplainsStepAndMark(t *testing.T) {
	st := testStyles()
	var terms []string
	for _, l := range glossaryBody(st, 120) {
		terms = append(terms, ansi.Strip(l))
	}
	text := strings.Join(terms, "\n")
	for _, want := range []string{"\n step 12/47: how far the script has run", "\n ▸ (▸★ n1, ▸c2), ▸ story of: before a node or a client"} {
		if !strings.Contains(text, want) {
			t.Errorf("the glossary has no %q", want)
		}
	}
}

// late-expire's end shows what the lost lock breaks (nc21-g: "so what breaks?"): a third client
// asks for the key. In the story's (safe) run it is told busy; in the unsafe half the story's
// check of that fails because c3 was granted token 3, while c2 still believes it holds #2, and
// the end says what the switch changed for c3.
func TestCompareLateExpireThirdClient(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.atPause && m.c.Now() > 5900*time.Millisecond
	})
	last := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(last, "c3 gets busy from n1") || !strings.Contains(last, "the other half of this screen is that run") {
		t.Errorf("the last stop does not show c3's busy or point at the other half: %s", last)
	}
	if h := halfText(m, 0); !strings.Contains(h, "c3 ● holds nothing · got busy orders") {
		t.Errorf("the safe half does not show c3 told busy: %s", h)
	}
	if h := halfText(m, 1); !strings.Contains(h, "c2 ● holds orders #2") || !strings.Contains(h, "c3 ● holds orders #3") {
		t.Errorf("the unsafe half does not show two holders: %s", h)
	}
	if !strings.Contains(last, "holds orders #2") {
		t.Errorf("c2 no longer reads as holding #2 at the last stop: %s", last)
	}
}
