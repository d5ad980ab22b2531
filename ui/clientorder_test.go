package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var clientRow = regexp.MustCompile(`^│[▸ ](c\d+) `)

// The Clients box lists clients in name order (snapshot-catch-up listed c2, ▸c1, c3: the order
// the script first used them), and its title words the a key as the student's own acquire in a
// lesson, whose leases are the script's (first-lock's are 5s, the key's 3s).
func TestClientsInNameOrder(t *testing.T) {
	for _, name := range []string{"snapshot-catch-up", "first-lock", "racing-acquires"} {
		m := playLesson(t, name, 120, 40)
		for !m.sim.ended {
			runToStop(t, m)
			answerAsk(m)
			press(m, "enter")
		}
		var got []string
		for _, row := range strings.Split(ansi.Strip(m.View()), "\n") {
			if g := clientRow.FindStringSubmatch(row); g != nil {
				got = append(got, g[1])
			}
		}
		if len(got) < 3 || !slices.Equal(got, []string{"c1", "c2", "c3"}[:len(got)]) {
			t.Errorf("%s: the Clients box lists %v:\n%s", name, got, m.View())
		}
		if v := m.View(); !strings.Contains(v, "Clients · a: your own acquire, ") || strings.Contains(v, "press a: acquire") {
			t.Errorf("%s: the Clients title does not say the a key is the student's own acquire:\n%s", name, v)
		}
	}
	if v := newSandbox(t, 1, 5, 120, 40).View(); !strings.Contains(v, "Clients · press a: acquire orders 3s (k, l)") {
		t.Errorf("the sandbox's Clients title lost its key hint:\n%s", v)
	}
}
