package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At full size the focused panel's title starts with ▶, not only its heavy border: a student
// at 120x40 could not tell which panel ↑ ↓ would scroll (etcd-failover-reset's timeline,
// "↓ 9 more"). The title stays whole with the mark.
func TestFocusedPanelTitleMarked(t *testing.T) {
	m := playLesson(t, "etcd-failover-reset", 120, 40)
	more := regexp.MustCompile(`┏━ ▶ Timeline · lock events \(v\) · since last stop · ↓ \d+ more ━`)
	for stop := 0; stop < 6; stop++ { // (etcd-failover-reset gained its ReadIndex stop at 4.047s)
		runToStop(t, m)
		answerAsk(m)
		press(m, "enter")
	}
	runToStop(t, m)
	for i := 0; i < 10 && m.focus != panelTimeline; i++ {
		press(m, "shift+tab") // focus the next panel
	}
	v := ansi.Strip(m.View())
	if !more.MatchString(v) || strings.Contains(v, "▶ Clients") {
		t.Fatalf("the focused timeline's title is not marked, or not whole:\n%s", v)
	}
	for i := 0; i < 10 && m.focus != panelClients; i++ {
		press(m, "shift+tab")
	}
	v = ansi.Strip(m.View())
	if m.focus != panelClients || !strings.Contains(v, "┏━ ▶ Clients · ") || strings.Contains(v, "▶ Timeline") {
		t.Fatalf("focus on the clients (%v): the mark did not move:\n%s", m.focus, v)
	}
}
