package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Space at a script stop holds it: a student pressing space to hold on skipped the 1.014s and
// 3.030s stops of snapshot-catch-up unseen (nc25-b). Only enter continues; the status line
// says so, at both sizes.
func TestSpaceDoesNotContinueAScriptStop(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "snapshot-catch-up", sz[0], sz[1])
		press(m, "enter") // past the first stop
		runToStop(t, m)
		at, pc := m.sim.now(), m.sim.pc()
		press(m, "space")
		if !m.sim.atPause() || m.sim.moving() || m.sim.now() != at || m.sim.pc() != pc {
			t.Fatalf("%dx%d: space at the script stop at %v moved on", sz[0], sz[1], at)
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, "enter continues") || !strings.Contains(v, "space does not continue") {
			t.Fatalf("%dx%d: the status line should say space does not continue and enter does:\n%s", sz[0], sz[1], v)
		}
		press(m, "enter")
		if m.sim.atPause() {
			t.Fatalf("%dx%d: enter should continue the script", sz[0], sz[1])
		}
	}
}

// ← at a script stop lands paused, as at the script's end: it played on at once, the
// timeline past the instant the status line named (nc25-b).
func TestRewindFromAScriptStopLandsPaused(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	press(m, "enter")
	runToStop(t, m)
	at := m.sim.now()
	press(m, "left")
	finishJob(m)
	if m.sim.atPause() || m.sim.moving() || m.sim.now() >= at {
		t.Fatalf("← at the stop at %v: now %v, moving %v, at a pause %v", at, m.sim.now(), m.sim.moving(), m.sim.atPause())
	}
}

// So does compare's: space at a script stop holds both runs and says so.
func TestCompareSpaceDoesNotContinueAScriptStop(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 80, 24)
	playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
	if !m.atPause {
		t.Fatal("no script stop")
	}
	at := m.c.Now()
	m.Update(keyMsg("space"))
	if !m.atPause || m.c.Now() != at {
		t.Fatalf("space at the script stop at %v moved on", at)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "space does not continue") {
		t.Fatalf("the status line should say space does not continue:\n%s", v)
	}
	m.Update(keyMsg("enter"))
	if m.atPause {
		t.Fatal("enter should continue both scripts")
	}
}
