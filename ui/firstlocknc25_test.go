package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc24-a2 (first-lock at 120x40): while n1's links were slowed its net line read "net slow
// +400ms", its "heard 5 of 5" gone; the fix dropped the key instead ("+400ms · heard 5 of 5"),
// which nc31-a read as a line cut at its start. The two do not fit together in a column: n1's
// line says "net slow to all +400ms", as its followers' say "net slow to n1 +400ms", and its
// check's ✓ says whether a majority answered. At every stop with the delay on, seeds 1 to 12.
func TestFirstLockSlowLeaderKeepsHeard(t *testing.T) {
	want := regexp.MustCompile(`┃net slow to all \+400ms *┃`)
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
				t.Errorf("seed %d stop %d: n1's net line lost its key or its delay:\n%s", seed, stop, v)
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

// nc24-f (80x24) and nc24-a2: "24 message(s) on the wire" were mostly heartbeats, and only ??
// said so. At first-lock's stop after the followers append, for seeds 1 to 12 at both sizes,
// the count is split by kind on screen (Network panel head; compact net line), the kinds add
// up to it, and heartbeats, which the narration names, lead.
func TestFirstLockWireByKind(t *testing.T) {
	head := regexp.MustCompile(`on the wire: (\d+) · ((?:\d+ [a-z]+(?:, )?)+)|(\d+) on the wire: ((?:\d+ [a-z]+(?:, )?)+)`)
	part := regexp.MustCompile(`(\d+) ([a-z]+)`)
	eachSeed(t, "first-lock", 3, func(m *Model, w int, at string) {
		seen := false
		playThrough(t, m, func(stop int, v string) {
			if !strings.Contains(v, "n1's MsgApp (raft's append message) reached the followers") {
				return
			}
			seen = true
			g := head.FindStringSubmatch(v)
			if g == nil {
				t.Errorf("%s: no count by kind on the wire:\n%s", at, v)
				return
			}
			total, kinds := g[1]+g[3], g[2]+g[4]
			sum, first := 0, ""
			for _, p := range part.FindAllStringSubmatch(kinds, -1) {
				n, _ := strconv.Atoi(p[1])
				sum += n
				if first == "" {
					first = p[2]
				}
			}
			if strconv.Itoa(sum) != total || first != "heartbeat" {
				t.Errorf("%s: %s on the wire split as %q (sum %d, first %q), want the kinds to add up, heartbeats first:\n%s", at, total, kinds, sum, first, v)
			}
		})
		if !seen {
			t.Errorf("%s: no stop with the followers' appends", at)
		}
	})
}

// nc24-a2: at first-lock's last stop (120x40) the folded apply of entry 5 had no result
// ("apply 5 Grant orders 5s ‥1.311s") where the Release's kept "→ Released"; and the log
// columns read "Grant orders 5s" at the one stop between the Release and c2's Grant, "G orders
// 5s" at every other. The fold keeps its token (the lease gives way), and one form holds.
func TestFirstLockFoldResultAndOneLogForm(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	// The stop where c2 gets token 2 (after it, c2 writes and the fold unfolds).
	var last string
	playThrough(t, m, func(stop int, v string) {
		if strings.Contains(strings.Join(strings.Fields(v), " "), "c2 gets token 2 (") {
			last = v
		}
		if strings.Contains(v, "t1 Grant orders 5s│") || strings.Contains(v, "t1 Release orders ┃") || strings.Contains(v, "t1 Release orders │") {
			t.Errorf("stop %d: a log column in the wide form, the others read 'G orders 5s':\n%s", stop, v)
		}
	})
	if !regexp.MustCompile(`n1-n5 apply 5 Grant orders (5s )?→ Granted\{token:2\}`).MatchString(last) {
		t.Errorf("c2's token stop: the fold of entry 5 has no result:\n%s", last)
	}
}
