package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// racing-acquires at 0.070s, 120x40: the story since the stop before (four followers appending
// entry 5, the applies, the read round, the replies) is longer than the timeline, and the
// replies the narration tells of ("c1 is granted token 3 … c2 gets busy") sat below "↓ 5 more"
// (round 12). Folded, the followers' like rows take one row each and the story shows whole,
// from its start; scrolled by hand, every row is there again.
func TestStoryFoldsLikeRows(t *testing.T) {
	m := playLesson(t, "racing-acquires", 120, 40)
	playUntilOnScreen(t, m, "c1 is granted token 3")
	v := ansi.Strip(m.View())
	for _, w := range []string{"0.060s   n2-n5 append 5 t1 Grant orders 5s", "n1-n5 apply 5 Grant orders → Granted{token:3} ‥0.070s",
		"n2 confirms n1 still leads", "c1 gets granted from n1 (token 3)", "c2 gets busy from n1", "· 7 folded"} {
		if !strings.Contains(v, w) {
			t.Errorf("the stop's story lacks %q:\n%s", w, v)
		}
	}
	if strings.Contains(v, "n3 appends 5") {
		t.Errorf("the followers' appends of entry 5 are not folded:\n%s", v)
	}
	for i := 0; i < 8 && m.focus != panelTimeline; i++ {
		press(m, "shift+tab")
	}
	press(m, "pgup")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "n3 appends 5 t1 Grant orders 5s") {
		t.Errorf("scrolled by hand, the folded rows do not show each:\n%s", v)
	}
}
