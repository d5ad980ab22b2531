package ui

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"
	"regexp"
	"strings"
	"testing"
	"time"
)

// nc31-e, gc-pause at 80x24: the compact clients row dropped what the stop was about. At
// 6.112s the ask said "c2 wakes, its write queued with token 2" and c2's row showed no queued
// write; at 6.085s the narration had quoted '#2 queued' and the row read "1 queued"; c1's "ran
// out 3.017s" lost its time once c2 appeared. At every stop, both sizes, seeds 1-12: a paused
// client the stop names shows its queued write with its token, and a client the stop names
// whose lease ran out says when.
func TestGCPauseNamedClientKeepsQueuedAndRanOut(t *testing.T) {
	eachSeed(t, "gc-pause", 0, func(m *Model, w int, at string) {
		queued, ran := 0, 0
		stops(t, m, func(stop int, v string) {
			for name := range m.stopNamed() {
				c := m.clientView(name)
				if c == nil {
					continue
				}
				line := clientText(v, name)
				if c.Paused && c.Queued > 0 && c.Doing == "" {
					queued++
					f := strings.Fields(c.Next) // "write orders #1"
					want := regexp.MustCompile(`write (` + regexp.QuoteMeta(f[1]) + ` )?` + f[len(f)-1] + ` queued`)
					if !want.MatchString(line) {
						t.Errorf("%s stop %d (%s): the stop names %s, its line lacks its queued %q: %q\n%s", at, stop, simTime(m.v.Now), name, c.Next, line, v)
					}
				}
				for _, h := range c.Holds {
					if h.Left == 0 && h.Ended > 0 {
						ran++
						if want := "ran out " + simTime(h.Ended); !strings.Contains(line, want) {
							t.Errorf("%s stop %d (%s): the stop names %s, its line lacks %q: %q\n%s", at, stop, simTime(m.v.Now), name, want, line, v)
						}
					}
				}
			}
		})
		if queued == 0 || ran == 0 {
			t.Errorf("%s: no stop named a paused client with a queued write (%d) or a lease run out (%d)", at, queued, ran)
		}
	})
}

// nc31-e: the clients row read "c2 unused │ c3 unused" at gc-pause's first stop and "│ c2 │
// c3" one keypress later at the same instant: one state, two wordings. At every stop a client
// not used yet is said to be unused.
func TestClientsUnusedOneWording(t *testing.T) {
	for _, lesson := range []string{"gc-pause", "first-lock"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			m := playLesson(t, lesson, sz[0], sz[1])
			stops(t, m, func(stop int, v string) {
				for _, name := range m.clients() {
					if m.clientView(name) != nil {
						continue
					}
					if !regexp.MustCompile(`\b` + name + `( c\d+)* unused`).MatchString(v) {
						t.Errorf("%s %dx%d stop %d: %s is unused and not said to be: %q", lesson, sz[0], sz[1], stop, name, clientText(v, name))
					}
				}
			})
		}
	}
}

// nc31-e: at gc-pause's 3.050s the narration said c1 "counts from when it first sent its
// acquire" and the only send in view was 0.025s's, to n1: 0.025s + 3s is not the 3.017s c1's
// line showed, and the first send (0.017s, to n4) was 20 rows up. The stop that explains it
// says the first send's time, which plus the 3s lease is the 'ran out' time on c1's line; and
// the stop before points at the Replication row that shows every node applied the Expire
// (the timeline's view ended at a countdown, '↓ 11 more').
func TestGCPauseRanOutArithmeticOnScreen(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "gc-pause", sz[0], sz[1])
		var first string
		r := &m.sim.tl.rings[filterLock]
		sum, entry := false, false
		stops(t, m, func(stop int, v string) {
			if first == "" {
				for i := 0; i < r.len(); i++ {
					if e := &r.at(i).ev; strings.Contains(e.Describe(), "c1 sends acquire orders") {
						first = simTime(e.At)
						break
					}
				}
			}
			flat := strings.Join(strings.Fields(v), " ")
			if strings.Contains(flat, "counts from when it first sent") {
				sum = true
				h := m.clientView("c1").Holds[0]
				if simTime(h.Ended-3*time.Second) != first || !strings.Contains(flat, first) || !strings.Contains(clientText(v, "c1"), "ran out "+simTime(h.Ended)) {
					t.Errorf("%dx%d: the stop does not show c1's first send (%s) and its 'ran out %s':\n%s", sz[0], sz[1], first, simTime(h.Ended), v)
				}
			}
			if strings.Contains(flat, "every node has applied it") {
				entry = true
				if !strings.Contains(flat, "'Expire orders #1'") || !regexp.MustCompile(`Expire orders #1 +(✓ +){5}`).MatchString(v) {
					t.Errorf("%dx%d: the stop says every node applied the Expire and does not point at its Replication row:\n%s", sz[0], sz[1], v)
				}
			}
		})
		if !sum || !entry {
			t.Fatalf("%dx%d: the stops were not found (%v %v)", sz[0], sz[1], sum, entry)
		}
	}
}

// nc31-e: ← from gc-pause's end at 80x24 said "6.712s → 5.649s, the last event before
// 5.712s" and not that it went back past the stops between, which the README promises.
func TestRewindNarrowSaysStopsPassed(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "gc-pause", sz[0], sz[1])
		stops(t, m, func(int, string) {})
		runToStop(t, m)
		n := m.stopsAfter(m.sim.now() - time.Second)
		press(m, "left")
		want := fmt.Sprintf("back past %d script stops", n)
		if v := ansi.Strip(m.View()); n < 2 || !strings.Contains(v, want) {
			t.Errorf("%dx%d: a rewind from the end went back past %d stops, the screen does not say %q:\n%s", sz[0], sz[1], n, want, v)
		}
	}
}

// nc31-e: in the message diagram a paused client's lane looked like an awake one (│), while
// nodes get ┃ ╎ ┊ for their states. At gc-pause's 3.079s c1, paused, has ‖ on the rows
// between its pause and its wake; c2, awake, │; and the ? page names it.
func TestDiagramPausedClientLane(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "gc-pause", sz[0], sz[1])
		playUntilOnScreen(t, m, "c2 takes the key")
		press(m, "m")
		v := ansi.Strip(m.View())
		row := regexp.MustCompile(`3\.06\ds +•─+▶.*MsgApp \[Grant`).FindString(v)
		if !regexp.MustCompile(`‖ +│ +MsgApp`).MatchString(row) {
			t.Errorf("%dx%d: c1 is paused, its lane is not ‖ beside c2's │: %q\n%s", sz[0], sz[1], row, v)
		}
		press(m, "m")
		if h := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(200, 400), "\n"))), " "); !strings.Contains(h, "a client's lane: ‖ paused") {
			t.Errorf("the ? page does not name a paused client's lane")
		}
	}
}

// nc31-e: from gc-pause's 6.694s the 80x24 resource line read "resource: orders high #2 ✓c2#2
// ✗c1#1 ✓c2#2", without "fenced", when the lesson is about a fenced resource taking a bad
// write; and its notation was explained nowhere on screen. At the end, seeds 1-12: the line
// says fenced with the three writes in order; the ? page explains the notation.
func TestGCPauseEndResourceFencedAndExplained(t *testing.T) {
	eachSeed(t, "gc-pause", 0, func(m *Model, w int, at string) {
		last := ""
		stops(t, m, func(_ int, v string) { last = v })
		want := "fenced resource: orders high #2 ✓c2#2 ✗c1#1 ✓c2#2"
		if w > 80 {
			want = "fenced · highest token accepted"
		}
		if !strings.Contains(last, want) {
			t.Errorf("%s: the end lacks %q:\n%s", at, want, last)
		}
		h := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(200, 400), "\n"))), " ")
		if !strings.Contains(h, "latest writes, oldest first, each ✓ accepted or ✗ refused, then whose and with which token") {
			t.Errorf("%s: the ? page does not explain the resource line's writes", at)
		}
	})
}
