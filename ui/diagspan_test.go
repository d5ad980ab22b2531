package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A row of merged marks gives the last one's time, "‥5.076s": the lanes narrow for it as for
// any label. At the end of leader-crash-mid-lease-extend (120x40) "n2-n5 ✓ Expire orders #2 →
// Expired{existed:true}" had no room for it beside lanes 8 cells apart (newcomer nc16-b: "the
// row has plenty of room"). The leader's, n2's, has a row of its own (nc21-d).
func TestDiagramMergedMarksGiveLastTime(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
	playThrough(t, m, func(int, string) {})
	press(m, "m")
	screen := ansi.Strip(m.View())
	for _, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "n3-n5 ✓ Expire orders #2") {
			if !strings.Contains(line, "‥5.076s") {
				t.Errorf("merged applies without the last one's time:\n%s", line)
			}
			return
		}
	}
	t.Errorf("no merged Expire row in the diagram:\n%s", screen)
}
