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
	// paused: gc-pause's c2 freezes too, and its row keeps the wake time over the key's name
	// ("c2 ‖ paused→6.551s · write #2 queued · holds #2 1.0s", nc29-a).
	countdown := regexp.MustCompile(`c2 (‖ paused[^│]* · )?holds (orders )?#2 \d+\.\ds`)
	held := 0
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if c := m.clientView("c2"); c != nil && len(c.Holds) > 0 && c.Holds[0].Left > 0 {
			held++
			// nc31-e: but while c1 is frozen with its write queued (the first ask, "c1 wakes"),
			// c1's queued write and "ran out 3.017s" keep their room and c2 says it holds #2,
			// at both stops of 3.079s alike (nc32-j).
			if m.clientView("c1").Paused {
				if !strings.Contains(v, "c2 holds #2 │") {
					t.Errorf("stop %d (%s): c2 holds the key, its row does not say #2:\n%s", stop+1, simTime(m.v.Now), v)
				}
			} else if !countdown.MatchString(v) {
				t.Errorf("stop %d (%s): c2 holds the key, but its countdown is not on the clients row:\n%s", stop+1, simTime(m.v.Now), v)
			}
			// and when it wakes ("c1 sleeps on until 5.044s"): c3's name kept, the row gave
			// the wake time away for it, until a lock that ran out gave its key first (nc16).
			if m.clientView("c1").Paused && !strings.Contains(v, "c1 ‖ paused→5.044s") {
				t.Errorf("stop %d: c1 is paused, and its row does not say until when:\n%s", stop+1, v)
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	if held == 0 {
		t.Fatal("no stop where c2 holds the key: the test proves nothing")
	}
}

// first-lock at 80x24, at its end (1.311s): the clients row read "▸c1 got released orders ·
// asks n1 │ c2 holds orders #2 5.0s · asks n1" and c3, "c3 unused" at every stop before,
// was gone: the README promises a client row's words give way before any client's name
// (nc16). Every stop's clients row names every client, in first-lock and gc-pause.
func TestCompactClientsKeepEveryName(t *testing.T) {
	for _, lesson := range []string{"first-lock", "gc-pause"} {
		m := playLesson(t, lesson, 80, 24)
		stops := 0
		for ; stops < 30 && !m.sim.ended; stops++ {
			runToStop(t, m)
			checkClientNames(t, m, lesson, stops+1)
			answerAsk(m)
			press(m, "enter")
		}
		runToStop(t, m)
		checkClientNames(t, m, lesson, stops+1)
	}
}

func checkClientNames(t *testing.T, m *Model, lesson string, stop int) {
	t.Helper()
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "─ clients") || i+1 >= len(lines) {
			continue
		}
		var rows []string // the section's rows, to the next rule
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "─") {
				break
			}
			rows = append(rows, l)
		}
		row := strings.Join(rows, " ")
		for _, c := range m.clients() {
			if !regexp.MustCompile(`(^|[ ▸])` + c + `\b`).MatchString(row) {
				t.Errorf("%s stop %d (%s): the clients row leaves out %s: %q", lesson, stop, simTime(m.v.Now), c, row)
			}
		}
		return
	}
	t.Errorf("%s stop %d: no clients row:\n%s", lesson, stop, strings.Join(lines, "\n"))
}
