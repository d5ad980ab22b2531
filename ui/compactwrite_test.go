package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// At 80x24 the clients' row shows a refused write as the full-size row does ("write #1 ✗
// rejected"): gc-pause's end asks "Does c1 learn its write was refused?", and nc17-a found c1's
// compact row still reading "held orders #1, ran out" after the end. A lock that ran out reads
// as the full row's words ("held orders #1 · ran out"), not a third form.
func TestCompactClientsShowARefusedWrite(t *testing.T) {
	m := playLesson(t, "gc-pause", 80, 24)
	playUntilOnScreen(t, m, "Does c1 learn its write was refused?")
	v := ansi.Strip(m.View())
	// Its key may give way ("c1 held #1 · ran out 3.017s · write #1 ✗ │ … │ c3 unused", nc31-e).
	if !regexp.MustCompile(`c1 held (orders )?#1 · ran out 3\.017s · write #1 ✗`).MatchString(v) {
		t.Fatalf("gc-pause at 80x24, after the rejection: c1's row does not show its refused write:\n%s", v)
	}
	if !strings.Contains(v, "'write #1 ✗'") {
		t.Fatalf("the narration no longer quotes what c1's row shows:\n%s", v)
	}
}
