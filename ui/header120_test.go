package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// cryptic are the header's shortened forms a reader has to decode: "s3" for the seed, "T1" for
// the term, "0 viol", a step counter without "step", the run state without its last word.
var cryptic = regexp.MustCompile(`│ s\d+ │|★ n\d+ T\d|no ★ T\d|✔ 0 viol\b|│ \d+/\d+\s*$|‖ SCRIPT [^P]|■ DONE`)

// At 120 columns the header says its words, the unsafe lessons' too (the unsafe tag squeezed
// late-expire-unsafe's to "s3", "T1", "36/43" and "‖ SCRIPT 1x"): a field goes whole rather
// than turn cryptic, and the run state keeps its words.
func TestHeaderSaysItsWordsAt120(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		for stop := 0; stop < 60; stop++ {
			runToStop(t, m)
			h := strings.TrimRight(ansi.Strip(strings.Split(m.View(), "\n")[0]), " ")
			state := "SCRIPT PAUSE"
			switch {
			case m.curAsk() != nil:
				state = "? PREDICT"
			case m.sim.ended:
				state = "SCRIPT DONE"
			}
			if c := cryptic.FindString(h); c != "" || !strings.Contains(h, state) || !strings.Contains(h, " step ") ||
				strings.HasSuffix(l.Name, "-unsafe") && !strings.Contains(h, "⚠ unsafe") {
				t.Errorf("%s, stop %d: the header is cryptic (%q) or lacks %q, 'step' or the unsafe tag: %s", l.Name, stop, c, state, h)
			}
			if m.sim.ended {
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
	}
}
