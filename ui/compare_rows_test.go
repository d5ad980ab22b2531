package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// compareStops plays m through every stop (script pauses, asks answered 1, the divergence, the
// end) and calls at with the screen at each.
func compareStops(t *testing.T, m *CompareModel, at func(v string)) {
	t.Helper()
	for stops := 0; stops < 60; stops++ {
		playUntil(t, m, func() bool { return !m.moving() })
		at(ansi.Strip(m.View()))
		if m.ended {
			return
		}
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("1"))
		}
		if m.atPause {
			m.Update(keyMsg("enter"))
		} else {
			m.Update(keyMsg("space"))
		}
	}
	t.Fatal("the comparison did not end in 60 stops")
}

// halfBoxes is each stacked half's inner rows, from its top border to its bottom one.
func halfBoxes(v string) [][]string {
	var out [][]string
	var cur []string
	in := false
	for _, l := range strings.Split(v, "\n") {
		switch {
		case strings.HasPrefix(l, "╭") || strings.HasPrefix(l, "┏"):
			in, cur = true, nil
		case strings.HasPrefix(l, "╰") || strings.HasPrefix(l, "┗"):
			in = false
			out = append(out, cur)
		case in && len([]rune(l)) > 2:
			r := []rune(l)
			cur = append(cur, string(r[1:len(r)-1]))
		}
	}
	return out
}

// Stacked (120x40, 80x24), a half leaves no row blank while one of its lists is cut: its
// replication tracker or its results missing or short. The upper half padded a row to stand
// level with the lower half's ✖ note, and the lower half's odd row stayed blank (round 7).
func TestCompareStackedLeavesNoBlankRowWhileCut(t *testing.T) {
	pairs := map[string]func() (*scenarios.Scenario, *scenarios.Scenario){
		"late-expire --unsafe expire-ignores-token":      func() (*scenarios.Scenario, *scenarios.Scenario) { return lateExpirePair(t, true) },
		"etcd-failover-reset --without lease-on-promote": func() (*scenarios.Scenario, *scenarios.Scenario) { return etcdKeepPair(t) },
	}
	for name, pair := range pairs {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			a, b := pair()
			m := newCompareModel(t, a, b, sz[0], sz[1])
			compareStops(t, m, func(v string) {
				// A say cut short says so: at 80x24 past the divergence the note on whose
				// story it is left a say one row, cut with no word of it.
				ls := strings.Split(v, "\n")
				if last := strings.TrimSpace(ls[len(ls)-3]); strings.HasPrefix(last, "❝") && !strings.Contains(last, "❞") && !strings.HasSuffix(last, "…") {
					t.Errorf("%s %dx%d at %v: a say is cut without saying so:\n%s", name, sz[0], sz[1], m.c.Now(), v)
				}
				for hi, box := range halfBoxes(v) {
					blankAt, blanks := -1, 0
					for r, row := range box {
						if strings.TrimSpace(row) == "" {
							blankAt, blanks = r, blanks+1
						}
					}
					if blankAt < 0 {
						continue
					}
					// A blank row is fine only under lists shown whole (the results from the
					// run's start).
					body := strings.Join(box, "\n")
					track, results := strings.Contains(body, "─ replication "), strings.Contains(body, "─ applied results & replies ")
					if !track || !results || !strings.Contains(body, " 0.0") && !strings.Contains(body, "no proposals yet") {
						t.Errorf("%s %dx%d at %v: half %d has a blank row (%d) while a list is cut:\n%s", name, sz[0], sz[1], m.c.Now(), hi, blankAt, v)
						return
					}
				}
			})
		}
	}
}

// The unsafe half's results read in the order things happened: the Expire that deleted c2's
// lock, its violation, then the story's checks it broke (they came first); and its tracker
// row says what that Expire deleted (the safe row says "LATE no-op").
func TestCompareUnsafeHalfCauseFirst(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
	var right []string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if r := []rune(l); len(r) == 160 {
			right = append(right, string(r[80:]))
		}
	}
	half := strings.Join(right, "\n")
	apply := strings.Index(half, "5.253s n1 applies 6 Expire orders #1 → Expired{existed:true}")
	viol := strings.Index(half, "5.253s VIOLATION lost-grant")
	miss := strings.Index(half, "5.253s ✗ the story has")
	if apply < 0 || viol < apply || miss < viol {
		t.Errorf("the unsafe half's results are not cause first (apply %d, violation %d, check %d):\n%s", apply, viol, miss, half)
	}
	if !strings.Contains(half, "6 t1   Expire orders #1 ✓  ○  ○  ○  ○  LATE deletes c2's #2 existed:true") {
		t.Errorf("the unsafe tracker's row 6 does not say it deleted c2's lock:\n%s", half)
	}
}

// etcd-failover-reset's end at 120x40: every client's row in both halves (c3's was cut: the
// halves repeated the verdicts the block under them reads whole), and the count leaves out
// the election that came 2ms later on the keep side (round 7: "9 of 9 don't hold here").
func TestCompareEtcdEndShowsEveryClient(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	v := ansi.Strip(m.View())
	boxes := halfBoxes(v)
	if len(boxes) != 2 {
		t.Fatalf("%d halves:\n%s", len(boxes), v)
	}
	for i, box := range boxes {
		body := strings.Join(box, "\n")
		for _, c := range []string{" c1 ", " c2 ", " c3 "} {
			if !strings.Contains(body, c) {
				t.Errorf("half %d lacks%srow:\n%s", i, c, v)
			}
		}
	}
	if flat := strings.Join(strings.Fields(v), " "); !strings.Contains(flat, "9 of the with lease-on-promote reset run's 21 checks and waits don't hold here (1 more held a few ms late, 'leader' at 5.798s held 2ms later") || !strings.Contains(flat, "timing, not counted") {
		t.Errorf("the count does not leave out the late election:\n%s", v)
	}
}

// At 80x24 an ask shows its question with its choices (the question gave way and the
// choices stood over a blank row), and "press 1-N" once, in the status line.
func TestCompareAskWholeAt80x24(t *testing.T) {
	for name, pair := range map[string]func() (*scenarios.Scenario, *scenarios.Scenario){
		"late-expire":         func() (*scenarios.Scenario, *scenarios.Scenario) { return lateExpirePair(t, true) },
		"etcd-failover-reset": func() (*scenarios.Scenario, *scenarios.Scenario) { return etcdKeepPair(t) },
		"lock-delay":          func() (*scenarios.Scenario, *scenarios.Scenario) { return lockDelayPair(t) },
	} {
		a, b := pair()
		m := newCompareModel(t, a, b, 80, 24)
		asks := 0
		compareStops(t, m, func(v string) {
			ask, waiting := m.waitingAsk()
			if !waiting {
				return
			}
			if _, answered := m.answers[ask.Pos]; answered {
				return
			}
			asks++
			// (An ask about the other half reads without "in the safe run:".)
			shown := strings.Contains(v, "? in the ") || strings.Contains(v, "? "+strings.Fields(ask.Text)[0]+" ")
			if !shown || strings.Count(v, "press 1-") != 1 {
				t.Errorf("%s: the ask's question is cut, or 'press 1-N' is not once:\n%s", name, v)
			}
			for i := range ask.Choices {
				if !strings.Contains(v, fmt.Sprintf("%d) ", i+1)) {
					t.Errorf("%s: choice %d is cut:\n%s", name, i+1, v)
				}
			}
		})
		if asks == 0 {
			t.Errorf("%s: no ask reached", name)
		}
	}
}

// Small words (round 6): at a pause "." does not repeat the pause block's "enter continues";
// the divergence stop names enter, as the key line does; a client's answer before the
// difference reads as the same in both runs, not as part of the different one.
func TestCompareSmallWords(t *testing.T) {
	a, b := lockDelayPair(t)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { return m.atPause })
	m.Update(keyMsg("."))
	if v := ansi.Strip(m.View()); strings.Count(v, "enter continues") != 1 {
		t.Errorf(". at a pause: 'enter continues' is not once:\n%s", v)
	}
	m.Update(keyMsg("e"))
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "(the answer before, alike in both runs: granted orders from n1 (token 1) at 0.040s)") {
		t.Errorf("the c1 line's earlier answer:\n%s", ansi.Strip(m.View()))
	}
	c, d := lateExpirePair(t, true)
	m = newCompareModel(t, c, d, 160, 48)
	playUntil(t, m, func() bool { return m.c.Div != nil })
	m.settle(scenarios.StopDiverge)
	if !strings.Contains(m.status, "enter (or space) runs on") {
		t.Errorf("divergence stop status %q", m.status)
	}
}
