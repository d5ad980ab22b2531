package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// flat is s with its whitespace runs as one space (narration wraps).
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestFirstLockCheckMarkAsDrawn (nc30-f 1, 4, 7): the "Reading the rows" stop said n1's ✓ meant
// "its last check found one" when n1 had had no check yet; ✓ is raft's RecentActive since the
// last check or since it became leader, and the ? legend says so. The stop points at v for the
// answers on the wire (m alone does not draw them) and no longer says the followers learn a
// commit from n1's append (the ask's answer).
func TestFirstLockCheckMarkAsDrawn(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		v, active := "", false
		playThrough(t, m, func(stop int, screen string) {
			if s := flat(screen); strings.Contains(s, "Reading the rows: each node's") && v == "" {
				v = s
				active = m.v.Nodes[0].HasQuorumCheck && m.v.Nodes[0].QuorumActive
			}
		})
		for _, w := range []string{"a majority has answered n1 since it became leader", "(message diagram: m, then v)"} {
			if !strings.Contains(v, w) {
				t.Errorf("%dx%d: the stop does not say %q:\n%s", sz[0], sz[1], w, v)
			}
		}
		for _, w := range []string{"its last check found one", "told them 2 is committed"} {
			if strings.Contains(v, w) {
				t.Errorf("%dx%d: the stop still says %q", sz[0], sz[1], w)
			}
		}
		if !active {
			t.Errorf("%dx%d: n1 shows no passing check at the stop", sz[0], sz[1])
		}
		if l := flat(ansi.Strip(strings.Join(m.helpBody(120, 40), "\n"))); !strings.Contains(l, "since its last check (or since it became leader)") {
			t.Errorf("the ? legend's ✓ says nothing of a new leader")
		}
	}
}

// TestDiagramSaysWireLeftOut (nc30-f 2): at first-lock's 0.848s the Network panel counted 39 on
// the wire and the diagram (v) drew 5 dashed. A line under the rows says how many more there are,
// which with the drawn ones makes every message on the wire the filters pass.
func TestDiagramSaysWireLeftOut(t *testing.T) {
	eachSeed(t, "first-lock", 2, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "The first two answers (MsgAppResp) to reach n1")
		press(m, "m", "v")
		h := 38
		if w == 80 {
			h = 22
		}
		rows, _, _, _ := m.diagramWindow(h - 2)
		lines := m.diagramLines(w-2, h)
		all := ansi.Strip(strings.Join(lines, "\n"))
		re := regexp.MustCompile(`… (\d+) more on the wire`)
		got := re.FindStringSubmatch(all)
		if got == nil {
			t.Fatalf("%s: the diagram does not say what it leaves on the wire:\n%s", at, all)
		}
		drawn := strings.Count(all, "⋯ on the wire") + strings.Count(all, "⋯ held")
		pending := len(m.sim.dg.Pending())
		if left := m.wireLeftOut(rows[:len(rows)-1]); left <= 0 || got[1] == "0" {
			t.Errorf("%s: nothing left out? %s", at, got[0])
		}
		if want := pending - (drawn - 1); got[1] != strconv.Itoa(want) { // drawn counts c1's reply too
			t.Errorf("%s: says %s more, %d on the wire of which %d drawn (one a reply):\n%s", at, got[1], pending, drawn, all)
		}
		if len(lines) != h {
			t.Errorf("%s: the diagram has %d lines, not %d", at, len(lines), h)
		}
	})
}

// TestLegendExplainsFaultMark (nc30-f 3): the diagram's "all ⚡ delay n1 n2 400ms" was in
// neither ? nor ??. The ? legend's diagram line says what ⚡ is.
func TestLegendExplainsFaultMark(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	l := flat(ansi.Strip(strings.Join(m.helpBody(120, 40), "\n")))
	if !strings.Contains(l, "⚡ a change the script (or you) made") {
		t.Errorf("the ? legend does not explain ⚡:\n%s", l)
	}
}

// TestFirstLockKeptTokenWrite (nc30-f 5, 6): c1's first write carries the token of the lock it
// holds (write #1 ✓, no more); the staged last one the token it kept, and its line says so
// (write #1 (kept) ✗), the narration owning it. While its release is out, c1's line at 120x40
// takes two rows, the write's verdict a mark.
func TestFirstLockKeptTokenWrite(t *testing.T) {
	eachSeed(t, "first-lock", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "What the token is for")
		if v := ansi.Strip(m.View()); strings.Contains(v, "(kept)") || w == 120 && !strings.Contains(v, "write #1 ✓") || !strings.Contains(v, "c1#1") {
			t.Errorf("%s: the first write reads as kept, or not as write #1 ✓:\n%s", at, v)
		}
		if !strings.Contains(flat(ansi.Strip(m.View())), "#1 on screen, as in c1#1 on the resource line, is that token, not a count") {
			t.Errorf("%s: the first write's stop does not say what #1 is", at)
		}
		playUntilOnScreen(t, m, "c1 is done with the key")
		if w == 120 {
			// c1's rows, then c2's: "▸c1 ● holds orders #1 3.8s · ⋯ release orders #1" and
			// "waited 0.0s of 2s · write #1 ✓ · asks n1".
			ls := strings.Split(ansi.Strip(m.View()), "\n")
			for i, l := range ls {
				if strings.Contains(l, "▸c1 ") && (i+2 >= len(ls) || !strings.Contains(ls[i+2], " c2 ")) {
					t.Errorf("%s: c1's line takes more than two rows while its release is out:\n%s", at, strings.Join(ls[i:min(len(ls), i+4)], "\n"))
				}
			}
		}
		playUntilOnScreen(t, m, "Staged: c1 holds nothing now")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "write #1 (kept) ✗") || !strings.Contains(flat(v), "sending the token it kept") {
			t.Errorf("%s: the stale write's stop does not show what c1 sends:\n%s", at, v)
		}
	})
}

// TestFirstLockLessonPointersShort (nc30-f 8): a claim that only points to a later lesson is
// one short clause, not a sentence of its own to take on trust.
func TestFirstLockLessonPointersShort(t *testing.T) {
	s, err := scenarios.Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`[^.:;()]*\blesson [a-z0-9-]+[^.;()]*`)
	for _, st := range s.Steps {
		for _, c := range re.FindAllString(st.Text+" "+st.Explain, -1) {
			if n := len(strings.Fields(c)); n > 12 {
				t.Errorf("a pointer to a later lesson runs %d words: %q", n, c)
			}
		}
	}
}
