package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cp29: at late-expire --unsafe's divergence stop the pause block and the status ran together:
// "enter continues both  the runs part at this very instant".
func TestCompareStatusSeparatedFromPauseBlock(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToStopAt(t, m, "5.253s")
	if st := ansi.Strip(m.cmpStatus(m.width)); !strings.Contains(st, "enter continues both · the runs part") {
		t.Errorf("the status runs into the pause block:\n%s", st)
	}
}

// cp29: d lands on the divergence instant, where the header said nothing of the clients'
// answers, while . (0.7ms on) said "the clients' answers alike so far": the same words at both.
func TestCompareHeaderAtDivergenceAsAfterStep(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToStopAt(t, m, "6.060s")
	m.Update(keyMsg("d"))
	for m.job != nil {
		m.Update(jobMsg{gen: m.job.gen})
	}
	head := func() string { return strings.Split(ansi.Strip(m.View()), "\n")[0] }
	atD := head()
	m.Update(keyMsg("."))
	if atStep := head(); !strings.Contains(atD, "the clients' answers alike so far") || !strings.Contains(atStep, "the clients' answers alike so far") {
		t.Errorf("the headers after d and after . differ:\n%s\n%s", atD, atStep)
	}
}

// cp29: at 120x40's 6.060s stop the clients' shared row left out the safe c2's accepted write
// (the end screen showed it) and gave the unsafe c2's refused one no time.
func TestCompareSharedClientRowWriteMarks(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "6.060s")
	for i, want := range []string{"c2 holds orders #2 2.0s · write #2 ✓ at 6.014s", "c2 holds orders #2 2.0s · write #2 ✗ at 6.017s"} {
		if h := halfText(m, i); !strings.Contains(h, want) {
			t.Errorf("half %d does not read %q:\n%s", i, want, h)
		}
	}
}

// cp29: at 120x40's end the unsafe half's shared client row ran into its right border.
func TestCompareClientRowKeepsOffTheBorder(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	for i, h := range m.halves(m.layout()) {
		for _, r := range h {
			r = ansi.Strip(r)
			if !strings.Contains(r, " │ c") {
				continue
			}
			if rs := []rune(strings.TrimRight(r, "┃│")); rs[len(rs)-1] != ' ' {
				t.Errorf("half %d: a client row runs into the border:\n%s", i, r)
			}
		}
	}
}
