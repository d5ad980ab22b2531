package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// withoutPair is lesson name against itself without option opt.
func withoutPair(t testing.TB, name, opt string) (*scenarios.Scenario, *scenarios.Scenario) {
	a := loadScenario(t, name)
	b, err := scenarios.WithoutOption(a, opt)
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// lockDelayPair is lock-delay against itself without the option.
func lockDelayPair(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) {
	return withoutPair(t, "lock-delay", "lock-delay")
}

// `compare lock-delay --without lock-delay`: each half is titled by what it is, never the run
// without the option "safe"; and once one node column shows a delay the other lacks, the
// header no longer says the runs are identical.
func TestCompareWithoutTitlesAndFirstDifference(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lockDelayPair(t)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "with lock-delay 3s") || !strings.Contains(v, "without lock-delay") || strings.Contains(v, "safe ·") || strings.Contains(v, "safe,") {
			t.Errorf("%dx%d: titles:\n%s", sz[0], sz[1], v)
		}
		playUntil(t, m, func() bool { return strings.Contains(ansi.Strip(m.View()), "delay 3.0s") })
		v = ansi.Strip(m.View())
		if strings.Contains(v, "identical so far") || !strings.Contains(v, "diverged at") || !strings.Contains(v, "lock-delay runs on orders") {
			t.Errorf("%dx%d: a delay shows on one side, yet:\n%s", sz[0], sz[1], v)
		}
		// At the end the run without the option is not said to FAIL: the story's checks are the
		// other run's.
		m.Update(keyMsg("e"))
		v = ansi.Strip(m.View())
		if strings.Contains(v, "FAIL") || !strings.Contains(v, "of the with lock-delay 3s run's ") {
			t.Errorf("%dx%d: at the end:\n%s", sz[0], sz[1], v)
		}
	}
}

// halfText is half i as drawn, its rows' insides joined by spaces (wrapped text reads whole).
func halfText(m *CompareModel, i int) string {
	var b strings.Builder
	for _, l := range m.halves(m.layout())[i] {
		l = strings.Trim(ansi.Strip(l), "┃┏┓┗┛━ ")
		b.WriteString(strings.TrimLeft(l, " ") + " ")
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// At the divergence of `compare late-expire --unsafe expire-ignores-token` the unsafe half's
// violation reads whole, down to why it is one (it stopped at "…, which was"), and its harm is
// said in one plain line. The unsafe run takes the story's steps at the story's instants, so
// when the safe script ends the unsafe one ends too: no half sits at a step while the other
// has ended (it looked stalled, "step 34/45", until e).
func TestCompareViolationReadsWhole(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToDivergence(t, m)
		for _, when := range []string{"at the divergence", "after the safe run ended"} {
			h := halfText(m, 1)
			whole := "which was neither its holder's release nor an Expire naming token 2"
			if when != "at the divergence" {
				whole = "the leader's expire #1 (4.043s-5.253s)" // the newest violation, the end of the history check
			}
			if !strings.Contains(h, whole) {
				t.Errorf("%dx%d %s: the violation is cut:\n%s", sz[0], sz[1], when, ansi.Strip(m.View()))
			}
			// The unsafe half says in plain words what went wrong; the safe half says nothing of it.
			harm := "✖ c2 believes it holds orders #2; n1 no longer has it"
			if when != "at the divergence" {
				harm = "✖ c2 believes it holds orders #2; every node has deleted it"
				if m.c.Sides[1].Verdict == nil || strings.Contains(h, "plays on alone") || !strings.Contains(ansi.Strip(m.View()), "don't hold here") {
					t.Errorf("%dx%d %s: the unsafe script has not ended with the safe one:\n%s", sz[0], sz[1], when, ansi.Strip(m.View()))
				}
			}
			if !strings.Contains(h, harm) || strings.Contains(halfText(m, 0), "✖") {
				t.Errorf("%dx%d %s: the harm is not said on the unsafe half only (want %q):\n%s", sz[0], sz[1], when, harm, ansi.Strip(m.View()))
			}
			playUntil(t, m, m.c.Ended)
		}
	}
}

// `compare etcd-failover-reset --without lease-on-promote` at its end: no line is cut (the
// verdict of the run without the option stopped at "8 o…").
func TestCompareWithoutEndNotCut(t *testing.T) {
	a := loadScenario(t, "etcd-failover-reset")
	b, err := scenarios.WithoutOption(a, "lease-on-promote")
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		v := ansi.Strip(m.View())
		lines := strings.Split(v, "\n")
		for _, l := range lines[1 : len(lines)-2] {
			if strings.Contains(l, "…") && !strings.Contains(l, "more lines (a taller terminal; leaselab compare --print)") {
				t.Errorf("%v: cut: %q\n%s", sz, l, v)
			}
		}
		if !strings.Contains(v, "without lease-on-promote") || !strings.Contains(v, "don't hold here") {
			t.Errorf("%v: titles or verdict:\n%s", sz, v)
		}
	}
}
