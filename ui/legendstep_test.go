package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The ? legend's example of the step counter is the header's own: nc15-c read "9/61 = script
// step" in racing-acquires-unsafe, whose header then counted to 62 (61 since one stop moved).
func TestLegendStepIsTheHeaders(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	runToStop(t, m)
	head := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
	step := strings.TrimSpace(head[strings.LastIndex(head, "│")+len("│"):])
	if !strings.HasSuffix(step, "/60") {
		t.Fatalf("the header's step counter is %q, not out of 60", step)
	}
	if l := m.headLegend(); !strings.Contains(l, step+" = script step") {
		t.Fatalf("the legend's step example is not the header's %q: %s", step, l)
	}
}
