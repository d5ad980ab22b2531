package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The timeline's + (0.038s + n1 proposes …) was explained neither on the keys page nor in the
// glossary (nc21-d): both say it, at both sizes.
func TestTimelinePlusMarkExplained(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		keys := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(sz[0], sz[1]), "\n"))), " ")
		if !strings.Contains(keys, "+ a proposal") {
			t.Errorf("%dx%d: the keys page does not say what the timeline's + is:\n%s", sz[0], sz[1], keys)
		}
		gl := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.glossaryLines(sz[0]), "\n"))), " ")
		if !strings.Contains(gl, "marks a proposal's row +") {
			t.Errorf("%dx%d: the glossary does not say what the timeline's + is", sz[0], sz[1])
		}
	}
}
