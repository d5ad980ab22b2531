package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// TestWireCountBothLayouts plays every lesson at 120x40 and 80x24 side by side: at each stop
// (the same instant in both) the Network panel's "on the wire: N" and the compact line's "N
// message(s) on the wire" are one number, raft's messages and the clients' together. The
// compact count once left the clients' out (first-lock 0.848s: 39 against 38).
func TestWireCountBothLayouts(t *testing.T) {
	full := regexp.MustCompile(`on the wire: (\d+)`)
	compact := regexp.MustCompile(`(?:^|[^:] )(\d+) (?:message\(s\) )?on the wire|wire: (\d+)`)
	num := func(re *regexp.Regexp, v string) int {
		s := re.FindStringSubmatch(v)
		if s == nil {
			return -1
		}
		n, _ := strconv.Atoi(strings.Join(s[1:], "")) // the one group that matched
		return n
	}
	clientStops := 0
	for _, l := range scenarios.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			big, small := playLesson(t, l.Name, 120, 40), playLesson(t, l.Name, 80, 24)
			for stop := 0; ; stop++ {
				if stop > 200 {
					t.Fatal("the lesson did not end")
				}
				runToStop(t, big)
				runToStop(t, small)
				if big.v.Now != small.v.Now || big.sim.ended != small.sim.ended {
					t.Fatalf("stop %d: the two layouts stopped at %v and %v", stop, big.v.Now, small.v.Now)
				}
				fb, fs := num(full, ansi.Strip(big.View())), num(compact, ansi.Strip(small.View()))
				if fs < 0 {
					t.Fatalf("stop %d (%v): the compact screen shows no count", stop, small.v.Now)
				}
				if fb >= 0 && fb != fs {
					t.Errorf("stop %d (%v): on the wire %d at 120x40, %d at 80x24", stop, big.v.Now, fb, fs)
				}
				if fs != len(small.v.Net.InFlight)+len(small.v.Net.ClientFlights) {
					t.Errorf("stop %d (%v): %d on the wire, but %d raft and %d client messages fly", stop, small.v.Now, fs, len(small.v.Net.InFlight), len(small.v.Net.ClientFlights))
				}
				if len(small.v.Net.ClientFlights) > 0 {
					clientStops++
				}
				if big.sim.ended {
					return
				}
				answerAsk(big)
				answerAsk(small)
				press(big, "enter")
				press(small, "enter")
			}
		})
	}
	if clientStops == 0 {
		t.Error("no stop had a client message on the wire: the test proves nothing")
	}
}
