package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// ghost-lock's rule, the leader looks at a client's connection once, as the client's Grant
// applies, was told and never shown: the timeline went from n1's apply of the Grant straight
// to its ghost release (nc30-b). Each check now has its row, under the leader's apply and over
// what follows from it, under every seed.
func TestGhostLockShowsConnectionCheck(t *testing.T) {
	eachSeed(t, "ghost-lock", 2, func(m *Model, w int, at string) {
		for !m.sim.ended {
			answerAsk(m)
			press(m, "enter")
			runToStop(t, m)
		}
		var rows []string
		r := &m.sim.tl.rings[filterLock]
		for i := 0; i < r.len(); i++ {
			rows = append(rows, r.at(i).ev.Describe())
		}
		want := []string{
			"n1 applies 3 Grant jobs 10s → Granted{token:1}", "n1 checks c2's connection: up → c2 keeps jobs #1",
			"n1 applies 5 Grant orders 10s → Granted{token:2}", "n1 checks c1's connection: gone → ghost release", "n1 proposes Release orders",
			"n1 applies 7 Grant orders 10s → Granted{token:3}", "n1 checks c1's connection: up → c1 keeps orders #3",
		}
		i := 0
		for _, row := range rows {
			if i < len(want) && strings.HasPrefix(row, want[i]) {
				i++
			}
		}
		if i < len(want) {
			t.Errorf("%s: the lock events have no %q where it belongs:\n%s", at, want[i], strings.Join(rows, "\n"))
		}
		if n := strings.Count(strings.Join(rows, "\n"), "connection:"); n != 3 {
			t.Errorf("%s: %d connection checks, want 3 (one per client's Grant):\n%s", at, n, strings.Join(rows, "\n"))
		}
	})
	// At the stop after the first ask the row sits between the apply and the ghost release.
	m := playLesson(t, "ghost-lock", 120, 40)
	playUntilOnScreen(t, m, "n1 checks c1's connection: gone → ghost release")
	v := ansi.Strip(m.View())
	apply, gone, ghost := strings.Index(v, "n1 applies 5 Grant orders 10s"), strings.Index(v, "n1 checks c1's connection: gone → ghost release"), strings.Index(v, "n1 proposes Release orders [n1 ghost release #2]")
	if apply < 0 || gone < apply || ghost < gone {
		t.Errorf("want the apply, the check and the ghost release in that order on screen:\n%s", v)
	}
}

// A run whose script drops no connection shows no check that found one up: first-lock's every
// grant would carry a row about something nobody touched.
func TestConnectionCheckOnlyWhereConnectionsDrop(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	for !m.sim.ended {
		answerAsk(m)
		press(m, "enter")
		runToStop(t, m)
	}
	r := &m.sim.tl.rings[filterLock]
	grants := 0
	for i := 0; i < r.len(); i++ {
		d := r.at(i).ev.Describe()
		if strings.Contains(d, "connection:") {
			t.Errorf("first-lock drops no connection, yet the timeline shows %q", d)
		}
		if strings.Contains(d, "Granted{") {
			grants++
		}
	}
	if grants == 0 {
		t.Fatal("first-lock granted nothing: this test checks nothing")
	}
}

// A request that has waited under a tenth of a second says so in ms: ghost-lock's c1 read
// "waited 0.0s of 2s" at two stops 17ms apart, a clock that seemed stopped (nc30-b).
func TestWaitedUnderATenthInMs(t *testing.T) {
	m := playLesson(t, "ghost-lock", 120, 40)
	playUntilOnScreen(t, m, "n1 checks c1's connection: gone")
	row := ansi.Strip(strings.Join(m.clientRows("c1", 53, 2), " "))
	if !strings.Contains(row, "waited 17ms of 2s") {
		t.Errorf("c1's line at 0.378s: %q, want 'waited 17ms of 2s'", row)
	}
}

// nc33-d, nc33-j: a request sent in this instant read "waited 0s of 2s" beside others'
// "waited 17ms": every wait under a tenth of a second is in ms.
func TestWaitedZeroInMs(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0ms", 400 * time.Microsecond: "0ms", 17 * time.Millisecond: "17ms", 94 * time.Millisecond: "94ms"} {
		if got := waitedText(d); got != want {
			t.Errorf("waitedText(%v) = %q, want %q", d, got, want)
		}
	}
}
