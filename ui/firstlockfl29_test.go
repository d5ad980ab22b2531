package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestGlossaryNamesClientConnectedMark (fl29): a newcomer met "c1 ● holds nothing" on the
// Clients panel and found ● in no ?? entry (the node table's ● is a follower). The entry says
// what the client's ● is, and the screen shows it where the entry says: the full screen's client
// line, not the small screen's.
func TestGlossaryNamesClientConnectedMark(t *testing.T) {
	text := glossaryEntry(t, "c1 ●, ⊘ disconnected, ‖ paused (a client's line)")
	for _, w := range []string{"connection is up", "not the node table's ● follower", "cX disconnect", "cX pause D", "small screen"} {
		if !strings.Contains(text, w) {
			t.Errorf("glossary entry does not say %q: %s", w, text)
		}
	}
	m := playLesson(t, "first-lock", 120, 40)
	playUntilOnScreen(t, m, "c1 ● holds")
	m = playLesson(t, "first-lock", 80, 24)
	playUntilOnScreen(t, m, "c1 is pointed at n1")
	if l := ansi.Strip(m.clientLine("c1", 78)); strings.Contains(l, "●") {
		t.Errorf("the small screen's client line marks ●, the glossary says it does not: %q", l)
	}
	var b strings.Builder
	for _, l := range m.glossaryLines(78) {
		b.WriteString(ansi.Strip(l) + "\n")
	}
	if !strings.Contains(b.String(), "c1 ●") {
		t.Errorf("?? does not show the client's ● entry")
	}
}

// TestFirstLockStaleTokenRefused (fl29): first-lock said "a write with token 1 would now be
// refused" and showed none. Its last stop shows c1's write with the token it kept refused, c2's
// high #2 standing, and the narration quoting what the screen holds, under seeds 1 to 12.
func TestFirstLockStaleTokenRefused(t *testing.T) {
	eachSeed(t, "first-lock", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "the script makes it write once more")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "the script makes it write once more") {
			t.Fatalf("%s: the stale write's stop never showed:\n%s", at, v)
		}
		for _, want := range []string{"resource rejected c1's write to orders with token 1", "high #2", "c1#1", "write #1 (kept) ✗"} {
			if !strings.Contains(v, want) {
				t.Errorf("%s: the stop does not show %q:\n%s", at, want, v)
			}
		}
		if w >= 120 && !strings.Contains(v, "✗ c1#1") || w < 120 && !strings.Contains(v, "✗c1#1") {
			t.Errorf("%s: the resource line does not mark c1#1 ✗:\n%s", at, v)
		}
	})
}
