package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The timeline tells the crash and the restart in the order they happened, once each: "n3
// crashes" with no "n3 is down" under it, and "restarts from its log" before "becomes
// follower" (the restart read as coming after the role it started in: nc20-k).
func TestCrashRestartTimelineOrder(t *testing.T) {
	m := playLesson(t, "crash-restart", 120, 40)
	runToStop(t, m)
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "n3 crashes") || strings.Contains(screen, "n3 is down") {
		t.Fatalf("at the crash:\n%s", screen)
	}
	playUntilOnScreen(t, m, "n3 restarts 5s after its crash")
	screen = ansi.Strip(m.View())
	re, fo := strings.Index(screen, "n3 restarts from its log (snapshot at 1)"), strings.Index(screen, "n3 becomes follower (term 1)")
	if re < 0 || fo < 0 || re > fo {
		t.Fatalf("the restart is not told before the role it starts in:\n%s", screen)
	}
}
