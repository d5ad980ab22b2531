package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// gc-pause at 80x24, at 3.079s: the narration turns on c1 frozen past its lease while c2
// holds the key; the clients row showed "c2 holds orders #2" without its countdown, having
// given the room to "c3 unused", a client the lesson never uses (round 9). Every stop where
// c2 holds the key shows its time left, and c1's pause.
func TestCompactClientsKeepCountdownsOverUnused(t *testing.T) {
	m := playLesson(t, "gc-pause", 80, 24)
	countdown := regexp.MustCompile(`c2 holds orders #2 \d+\.\ds`)
	held := 0
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if c := m.clientView("c2"); c != nil && len(c.Holds) > 0 && c.Holds[0].Left > 0 {
			held++
			if !countdown.MatchString(v) {
				t.Errorf("stop %d (%s): c2 holds the key, but its countdown is not on the clients row:\n%s", stop+1, simTime(m.v.Now), v)
			}
			if m.clientView("c1").Paused && !strings.Contains(v, "c1 ‖ paused") {
				t.Errorf("stop %d: c1 is paused, and its row does not say so:\n%s", stop+1, v)
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	if held == 0 {
		t.Fatal("no stop where c2 holds the key: the test proves nothing")
	}
}
