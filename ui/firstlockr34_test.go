package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFirstLockReadingStopNamesDiagramRows (r34 1): the reading stop said the answers on the
// wire "answer a later message of n1's, not entry 2's" while the diagram (m, then v) drew them
// as 'MsgAppResp idx 2': a newcomer could not match the two. The stop quotes the rows the
// diagram draws, and under m, v both are on screen with the narration, seeds 1 to 12, both sizes.
func TestFirstLockReadingStopNamesDiagramRows(t *testing.T) {
	eachSeed(t, "first-lock", 0, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "Reading the rows: each node's")
		said := flat(ansi.Strip(m.View()))
		for _, q := range []string{"'MsgAppResp idx 2' (message diagram: m, then v)", "answers to n1's 'MsgApp after idx 2'"} {
			if !strings.Contains(said, q) {
				t.Errorf("%s: the reading stop does not quote %q:\n%s", at, q, said)
			}
		}
		press(m, "m", "v")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "MsgAppResp idx 2 ⋯ on the wire") || !strings.Contains(v, "MsgApp after idx 2") || !strings.Contains(flat(v), "'MsgAppResp idx 2' (message diagram: m, then v)") {
			t.Errorf("%s: under m, v the rows the stop quotes are not on screen with it:\n%s", at, v)
		}
	})
}

// TestLegendSaysWhatOtherCounts (r34 2): at first-lock's 0.848s the net line reads "39 on the
// wire: 32 heartbeat, 7 other" and nothing on the ? page said what "other" counts.
func TestLegendSaysWhatOtherCounts(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	playUntilOnScreen(t, m, "When does n2 apply it?")
	if !strings.Contains(ansi.Strip(m.View()), "32 heartbeat, 7 other") {
		t.Fatalf("the net line no longer folds kinds into 'other':\n%s", ansi.Strip(m.View()))
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		l := flat(ansi.Strip(strings.Join(m.helpBody(sz[0], sz[1]), "\n")))
		if !strings.Contains(l, "7 other: messages of the kinds not named (no room for them)") {
			t.Errorf("%dx%d: the ? legend does not say what 'N other' counts:\n%s", sz[0], sz[1], l)
		}
	}
}
