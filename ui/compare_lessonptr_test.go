package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// late-expire's last words (read with n at the end, until c3's stop made them a stop's) sent the
// student to "the lesson late-expire-unsafe": the other half of the screen is that run, and says
// so (README: a comparison reads "the other half").
func TestCompareLastWordsPointAtTheOtherHalf(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.atPause && m.c.Now() > 5900*time.Millisecond
	})
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ") // the say wraps
	if !strings.Contains(v, "c3 gets busy from n1") {
		t.Fatalf("not at c3's stop:\n%s", v)
	}
	if strings.Contains(v, "the lesson late-expire-unsafe") || !strings.Contains(v, "(the other half of this screen is that run") {
		t.Fatalf("the last words do not point at the other half:\n%s", v)
	}
}

// A lesson named in a say is the other half's only when that half plays it.
func TestSayHereNamesOnlyTheOtherHalfsLesson(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	for in, want := range map[string]string{
		"Without it (the lesson late-expire-unsafe plays that run). Then.": "Without it (the other half of this screen is that run). Then.",
		"The unsafe twin, the lesson late-expire-unsafe, plays it.":        "The unsafe twin, the other half of this screen, plays it.",
		"See the lesson fast-leader-clock-unsafe.":                         "See the lesson fast-leader-clock-unsafe.",
		"See the lesson late-expire.":                                      "See the lesson late-expire.",
	} {
		if got := m.sayHere(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
