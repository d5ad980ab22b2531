package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc24-a2 (first-lock at 120x40): while n1's links were slowed its net line read "net slow
// +400ms" and its "heard 5 of 5" was gone, for the whole stretch its check-quorum was told. At
// every stop with the delay on, for seeds 1 to 12, n1's box shows both its delay and its count.
func TestFirstLockSlowLeaderKeepsHeard(t *testing.T) {
	want := regexp.MustCompile(`┃net \+400ms · heard [1-5]/5 *┃`)
	for seed := uint64(1); seed <= 12; seed++ {
		s, err := scenarios.Load("first-lock")
		if err != nil {
			t.Fatal(err)
		}
		s.Header.Seed = seed
		m := newPlay(t, s, 120, 40)
		slowStops := 0
		playThrough(t, m, func(stop int, v string) {
			if !strings.Contains(v, "delay n1-n2,n3,n4,n5 +400ms") {
				return
			}
			slowStops++
			if !want.MatchString(v) {
				t.Errorf("seed %d stop %d: n1's net line lost its delay or its heard count:\n%s", seed, stop, v)
			}
		})
		if slowStops < 4 {
			t.Errorf("seed %d: %d stops with the links slowed, want at least 4", seed, slowStops)
		}
	}
}

// nc24-f (80x24): after the student's own acquire and a rewind past it, the status line was cut
// ("· replayed · 1 later …") and the header's "⟲1 ahead" was explained nowhere. The status
// now fits whole and names the mark; the ? page explains it.
func TestRewindAheadStatusFits(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		playThrough(t, m, func(int, string) {})
		press(m, "a")
		playFor(m, 1500*time.Millisecond)
		for i := 0; i < 5 && m.sim.ahead() == 0; i++ {
			press(m, "left")
		}
		if m.sim.ahead() != 1 {
			t.Fatalf("%dx%d: rewinding left %d action(s) ahead, want 1", sz[0], sz[1], m.sim.ahead())
		}
		v := ansi.Strip(m.View())
		at := fmt.Sprintf("%dx%d", sz[0], sz[1])
		if !strings.Contains(v, "⟲1 ahead: your later action kept; acting now drops it") {
			t.Errorf("%s: the rewind's status is cut or does not name ⟲1 ahead:\n%s", at, v)
		}
		press(m, "?")
		all := ""
		for i := 0; i < 80; i++ {
			all += ansi.Strip(m.View())
			press(m, "down")
		}
		if !strings.Contains(strings.Join(strings.Fields(all), " "), "= you rewound past 1 action of yours") {
			t.Errorf("%s: the ? page does not explain ⟲1 ahead", at)
		}
	}
}
