package ui

import (
	"regexp"
	"strings"
	"testing"
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
