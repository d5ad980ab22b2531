package ui

import (
	"strings"
	"testing"
)

// The screen shows what the story says at the pause where it says it.
func TestLessonScreensAgreeWithStory(t *testing.T) {
	// late-expire, pause 2: "n1's countdown ended" while every follower's is at zero too; the
	// legend calls that EXPIRED HERE, so every column says it (no bar at 0.0s).
	m := playLesson(t, "late-expire", 120, 40)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	if v := m.View(); strings.Count(v, "EXPIRED HERE") != 5 || strings.Contains(v, " 0.0s│") {
		t.Errorf("late-expire pause 2: not every node shows EXPIRED HERE:\n%s", v)
	}
	// first-lock, pause 2: "c1 asks n1": its request goes to n1 and nowhere else.
	m = playLesson(t, "first-lock", 120, 40)
	runToStop(t, m)
	press(m, "enter")
	runToStop(t, m)
	v := m.View()
	if !strings.Contains(v, "c1 sends acquire orders to n1") || strings.Contains(v, "not-leader") || strings.Contains(v, "sends acquire orders to n4") {
		t.Errorf("first-lock pause 2: c1 should ask n1 first:\n%s", v)
	}
}
