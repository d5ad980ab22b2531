package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// late-expire's second ask is about the run without the token check ("the lesson
// late-expire-unsafe plays that run"). In `compare late-expire --unsafe expire-ignores-token`
// that run is the other half: the question says so, and is not labelled as the safe run's ("?
// in the safe run: and without the token check …" asked the safe run about the unsafe one).
func TestCompareAskAboutTheOtherHalf(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool {
		ask, w := m.waitingAsk()
		if w && !strings.Contains(ask.Text, "another way") {
			m.answer(1) // the first ask: answered, enter goes on
		}
		return w && strings.Contains(ask.Text, "another way") && m.atPause
	})
	s := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{"? And where an Expire treats its token another way (the other half of this screen is that run)", "1) delete it"} {
		if !strings.Contains(s, want) {
			t.Errorf("the second ask lacks %q: %s", want, s)
		}
	}
	if strings.Contains(s, "in the safe run: and where") || strings.Contains(s, "the lesson late-expire-unsafe") {
		t.Errorf("the second ask reads as the safe run's, or names the lesson on screen: %s", s)
	}
	m.Update(keyMsg("1"))
	s = strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(s, "✔ Right. Without the check") {
		t.Errorf("the answer is not judged for the other half: %s", s)
	}
}

// After `d` the first `.` went 0.7ms on, from 5.2526s to 5.2533s, and said "stepped to 5.253s"
// under a header already reading 5.253s, with nothing changed: both newcomers read it as a step
// that did not move. A step that changes nothing drawn says how far it went and why nothing shows.
func TestCompareStepThatChangesNothingSaysSo(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	m.Update(keyMsg("d"))
	for m.job != nil {
		m.Update(jobMsg{gen: m.job.gen})
	}
	start := m.c.Now()
	from := simTime(start)
	m.Update(keyMsg("."))
	if simTime(m.c.Now()) != from {
		t.Fatalf("the step after d left the ms %s: the test's premise is gone", from)
	}
	// "stepped 0.7ms on, to 5.253s" under a header reading 5.253s before and after still read
	// as no move (nc21-g): both ends are given to the digit that tells them apart.
	f, to := finerTimes(start, m.c.Now())
	want := "ms on, " + f + " → " + to + ", inside the ms the header shows: a message or clock tick neither half draws"
	if f == to || !strings.Contains(m.status, want) {
		t.Errorf("a step within %s reads %q, want %q", from, m.status, want)
	}
}

func TestFinerTimes(t *testing.T) {
	f, to := finerTimes(5252600*time.Microsecond, 5253300*time.Microsecond)
	if f != "5.2526s" || to != "5.2533s" {
		t.Errorf("%s %s", f, to)
	}
	if f, to = finerTimes(5253010*time.Microsecond, 5253040*time.Microsecond); f != "5.25301s" || to != "5.25304s" {
		t.Errorf("%s %s", f, to)
	}
}

// At the divergence at 120x40 the unsafe half's count of the story's failed checks pointed at
// "(results below)", where one of its two ✗ rows was hidden between: it says ↑ ↓ scroll to them.
func TestCompareMissCountSaysScroll(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
	if h := halfText(m, 1); !strings.Contains(h, "✗ 2 of the story's checks did not hold (results below, ↑ ↓)") {
		t.Errorf("the unsafe half at the divergence: %s", h)
	}
}
