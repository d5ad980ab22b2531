package ui

import (
	"regexp"
	"strings"
	"testing"
)

// At 80x24 racing-acquires-unsafe's header lost its number and shrank the run state to a bare
// "‖" while "✖ lost-grant +1" stayed, though the README says the header starts with the number
// and the run state keeps its words longest; nothing said what ⚠ ‖ ■ meant (round 12). The
// number stays, the state keeps a word, and the keys page's legend names the run's switch.
func TestHeader80KeepsNumberAndStateWords(t *testing.T) {
	bare := regexp.MustCompile(`│ [‖■?] │`)
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	playThrough(t, m, func(stop int, v string) {
		h := strings.SplitN(v, "\n", 2)[0]
		if !strings.HasPrefix(h, " 4 racing-acquires-unsafe │") {
			t.Errorf("stop %d: the header does not start with the lesson's number and name: %s", stop, h)
		}
		if bare.MatchString(h) {
			t.Errorf("stop %d: the run state lost its words: %s", stop, h)
		}
		if !strings.Contains(h, "⚠") {
			t.Errorf("stop %d: no unsafe mark: %s", stop, h)
		}
	})
	body := strings.Join(m.helpBody(80, 24), "\n")
	for _, w := range []string{"⚠ unsafe", "unchecked-proposals", "‖ SCRIPT", "■"} {
		if !strings.Contains(body, w) {
			t.Errorf("the keys page's legend lacks %q", w)
		}
	}
}
