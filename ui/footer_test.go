package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The footer shows whole keys only, and how to get help and how to leave at every width: it
// was cut mid-key ("← back 1s (replays) …" at 120, the rest of a key lost), and "q quit", last
// in the row, never showed at 120x40 or 80x24.
func TestFooterWholeKeys(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		foot := strings.TrimRight(lines[len(lines)-1], " ")
		if !strings.Contains(foot, "? keys") || !strings.Contains(foot, "q quit") {
			t.Errorf("%dx%d: the footer lacks help or quit: %q", sz[0], sz[1], foot)
		}
		if strings.Contains(foot, "…") {
			t.Errorf("%dx%d: the footer ends in '…', read as cut text: %q", sz[0], sz[1], foot)
		}
		body := strings.TrimSpace(strings.TrimSuffix(foot, helpMore))
		items := strings.Split(body, " • ")
		last := strings.TrimSpace(items[len(items)-1])
		whole := false
		for _, b := range m.keys.ShortHelp() {
			if d := b.Help().Key + " " + b.Help().Desc; d == last {
				whole = true
			}
		}
		if !whole {
			t.Errorf("%dx%d: the footer's last key is cut: %q in %q", sz[0], sz[1], last, foot)
		}
	}
}
