package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// lockDelayPair is lock-delay against itself without the option.
func lockDelayPair(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) {
	a := loadScenario(t, "lock-delay")
	b, err := scenarios.WithoutOption(a, "lock-delay")
	if err != nil {
		t.Fatal(err)
	}
	return a, b
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
		if strings.Contains(v, "FAIL") || !strings.Contains(v, "the story's checks are the with lock-delay 3s run's:") {
			t.Errorf("%dx%d: at the end:\n%s", sz[0], sz[1], v)
		}
	}
}
