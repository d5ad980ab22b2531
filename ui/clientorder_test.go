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
	if v := newSandbox(t, 1, 5, 120, 40).View(); !strings.Contains(v, "Clients · press a: acquire orders (k) 3s (l)") {
		t.Errorf("the sandbox's Clients title lost its key hint:\n%s", v)
	}
}

// The a key's lease starts at the script's first acquire's, as its key starts at the script's
// first key: first-lock's title offered "orders 3s" beside its 5s leases (nc18-d). A lesson
// whose first lease l does not offer keeps 3s; l still cycles from there.
func TestAcquireHintFollowsTheLessonsLease(t *testing.T) {
	for name, want := range map[string]string{"first-lock": "orders (k) 5s (l)", "gc-pause": "orders (k) 3s (l)"} {
		m := playLesson(t, name, 80, 24)
		if v := ansi.Strip(m.View()); !strings.Contains(v, "a: your own acquire, "+want) {
			t.Errorf("%s: the clients title should offer %q:\n%s", name, want, v)
		}
	}
	m := playLesson(t, "first-lock", 80, 24)
	press(m, "l")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "a: your own acquire, orders (k) 10s (l)") {
		t.Errorf("first-lock: l after 5s should offer 10s:\n%s", v)
	}
}
