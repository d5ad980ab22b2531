package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc30-e: `C` from leader-crash-mid-lease-extend read "c2's answers differ: 4.116s | 4.120s",
// neither time labelled. Each is named by its half ("extend", "keep": what each run does),
// shorter where narrow, as late-expire's "safe 5.888s | unsafe 5.890s".
func TestCompareHeaderLabelsBothAnswers(t *testing.T) {
	bare := regexp.MustCompile(`[0-9]s \| [0-9]`)
	for _, c := range []struct {
		w, h int
		want string
	}{{120, 40, "· c2's answers differ: extend 4.116s | keep 4.120s"}, {160, 48, "(the earlier of c2's two answers)"}, {80, 24, ""}} {
		a, b := withoutPair(t, "leader-crash-mid-lease-extend", "lease-on-promote")
		m := newCompareModel(t, a, b, c.w, c.h)
		seen := false
		playUntil(t, m, func() bool {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("1"))
			}
			head := strings.Split(ansi.Strip(m.View()), "\n")[0]
			if bare.MatchString(head) {
				t.Fatalf("%dx%d: the header's two times are not labelled: %q", c.w, c.h, head)
			}
			if c.want != "" && strings.Contains(head, c.want) {
				seen = true
			}
			return m.ended
		})
		if c.want != "" && !seen {
			t.Errorf("%dx%d: the header never read %q", c.w, c.h, c.want)
		}
	}
}
