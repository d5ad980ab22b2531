package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// Acting in the middle of a lesson forks its story: the screen says so at once, the script's
// later checks are skipped (never failed), the end says EXPLORED with what was skipped, and the
// saved session still replays, and passes, headless.
func TestActingMidLessonForksTheStory(t *testing.T) {
	s, err := scenarios.Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	small := newPlay(t, s, 80, 24)
	runToStop(t, small)
	press(small, "a")
	if v := flatten(small.View()); !strings.Contains(v, "you changed the story at") {
		t.Errorf("at 80x24 the fork note is not on screen:\n%s", small.View())
	}
	m := newPlay(t, s, 120, 40)
	runToStop(t, m)
	if !m.sim.atPause() {
		t.Fatal("first-lock should stop at its first pause")
	}
	press(m, "a")
	v := m.View()
	for _, want := range []string{"changed the story", "you changed the story at", "the lesson's checks are off from here", "← rewinds to undo"} {
		if !strings.Contains(flatten(v), want) {
			t.Errorf("right after the action the screen lacks %q:\n%s", want, v)
		}
	}
	for !m.sim.ended {
		runToStop(t, m)
		if m.sim.atPause() {
			answerAsk(m)
			press(m, "enter")
		}
	}
	vd := m.sim.p.Verdict()
	if !vd.Forked || vd.Skipped == 0 || vd.Failed != 0 || len(m.results.lines) != 0 {
		t.Fatalf("verdict after the fork: %+v", vd)
	}
	end := flatten(m.View())
	for _, want := range []string{"EXPLORED · you changed the story at", "later check(s) were skipped after your change"} {
		if !strings.Contains(end, want) {
			t.Errorf("the end screen lacks %q:\n%s", want, m.View())
		}
	}
	if strings.Contains(end, "FAIL") || strings.Contains(end, "continuing the script") {
		t.Errorf("the end screen shows FAIL or a stale status:\n%s", m.View())
	}
	live := m.sim.p.World().TraceHash()
	got, src := savedReplay(t, m)
	if got != live {
		t.Fatalf("replayed trace %x, live %x; the file:\n%s", got, live, src)
	}
	sv, err := scenarios.Parse("saved.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := scenarios.NewRunner(sv, nil, nil)
	r.Run()
	if !r.Passed() {
		t.Errorf("the saved session fails headless: %v", r.Failures)
	}
}

// flatten joins a screen's lines with spaces, so a wrapped sentence can be found whole.
func flatten(v string) string {
	var b strings.Builder
	for _, l := range strings.Split(v, "\n") {
		b.WriteString(strings.TrimSpace(strings.TrimRight(l, "│ ")))
		b.WriteByte(' ')
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
