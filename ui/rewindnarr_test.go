package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// nc24-m2: racing-acquires rewound with ← and stepped with j to 0.030s showed the first stop's
// narration ("c1 takes 'invoices' (token 1)") beside a Clients panel where c1 held nothing: the
// script says a stop's lines before the steps that lead there. Paused before that stop, the
// narration says it is the next stop's; at the stop it reads as before.
func TestRewoundNarrationSaysItIsTheNextStops(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		runToStop(t, m)
		if v := ansi.Strip(m.View()); strings.Contains(v, aheadLead) {
			t.Fatalf("%dx%d: at the first stop its narration is no later stop's:\n%s", sz[0], sz[1], v)
		}
		press(m, "left")
		if m.sim.p.Now() != 0 {
			t.Fatalf("%dx%d: ← did not rewind to the start: %v", sz[0], sz[1], m.sim.p.Now())
		}
		ahead := 0
		for i := 0; i < 40 && !m.sim.atPause(); i++ {
			press(m, "j")
			v := ansi.Strip(m.View())
			if !strings.Contains(v, "Two clients at work") {
				continue
			}
			if m.sim.atPause() {
				if strings.Contains(v, aheadLead) {
					t.Fatalf("%dx%d: back at the stop, its narration still says it is the next stop's:\n%s", sz[0], sz[1], v)
				}
				break
			}
			if !strings.Contains(strings.Join(strings.Fields(v), " "), strings.TrimSpace(aheadLead)+" ❝ Two clients at work") {
				t.Fatalf("%dx%d: at %v, before the stop, the narration does not say it is the next stop's:\n%s", sz[0], sz[1], m.sim.p.Now(), v)
			}
			ahead++
		}
		if ahead == 0 || !m.sim.atPause() {
			t.Fatalf("%dx%d: j never showed the narration before its stop (%d), or never reached the stop", sz[0], sz[1], ahead)
		}
	}
}

// Past a stop, until the next stop's lines are said, the narration is the stop before's: paused
// there (space, then j), it says so.
func TestPausedPastAStopNarrationSaysItIsTheStopBefores(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		toStopSaying(t, m, "Both reached n1")
		press(m, "enter", "space", "j")
		if m.sim.atPause() || m.sim.p.Now() >= 70*time.Millisecond {
			t.Fatalf("%dx%d: enter, space, j did not stop between the stops: %v", sz[0], sz[1], m.sim.p.Now())
		}
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if !strings.Contains(v, strings.TrimSpace(behindLead)+" ❝ Both reached n1") {
			t.Fatalf("%dx%d: at %v the stop before's narration does not say whose it is:\n%s", sz[0], sz[1], m.sim.p.Now(), m.View())
		}
	}
}

// nc29-b: running on from a stop (enter after an answer), the stop before's lines stayed on
// screen bare, while the same lines after ← were headed "from the stop before:". Running, they
// say whose they are too.
func TestRunningPastAStopNarrationSaysItIsTheStopBefores(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		toStopSaying(t, m, "Both reached n1")
		press(m, "enter")
		if m.sim.paused || m.sim.atPause() {
			t.Fatalf("%dx%d: enter did not run on from the stop", sz[0], sz[1])
		}
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if !strings.Contains(v, strings.TrimSpace(behindLead)+" ❝ Both reached n1") {
			t.Fatalf("%dx%d: running past the stop, its narration does not say whose it is:\n%s", sz[0], sz[1], m.View())
		}
	}
}
