package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At a script pause . does nothing (as in play), so the key line does not offer it there; it
// does between stops, where . steps (nc24-g pressed the offered . at every pause: nothing).
func TestCompareKeyLineOffersStepOnlyBetweenStops(t *testing.T) {
	a, b := lateExpirePair(t, true)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "3.050s" })
		if v := ansi.Strip(m.View()); strings.Contains(v, ". step") {
			t.Errorf("%dx%d: at a pause the key line offers . step:\n%s", sz[0], sz[1], v)
		}
		m.Update(keyMsg("."))
		if !strings.Contains(m.status, "enter to continue") {
			t.Errorf("%dx%d: . at a pause says %q", sz[0], sz[1], m.status)
		}
		m.Update(keyMsg("enter"))
		m.Update(keyMsg(" "))
		if sz[0] < 120 {
			continue // 80 columns drop . from the key line for room anyway
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, ". step") {
			t.Errorf("%dx%d: paused between stops the key line lacks . step:\n%s", sz[0], sz[1], v)
		}
		at := m.c.Now()
		m.Update(keyMsg("."))
		if m.c.Now() <= at {
			t.Errorf(". between stops did not step: %v (%s)", m.c.Now(), m.status)
		}
	}
}
