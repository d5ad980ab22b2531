package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The unsafe half of `compare late-expire --unsafe expire-ignores-token` said lost-grant in
// plain words and left non-linearizable to the checker's sentence (newcomer round, 4/5): it has
// its own line, naming the Replication panel's entries a student can check, on that half only.
func TestCompareUnsafeHalfNarratesNonLinearizable(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		h := halfText(m, 1)
		if !strings.Contains(h, "✖ non-linearizable: no one-at-a-time order fits the answers: entries 4 and 6 both") {
			t.Errorf("%dx%d: the unsafe half does not say non-linearizable in plain words:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if !strings.Contains(h, "✖ c2 believes it holds orders #2") {
			t.Errorf("%dx%d: the lost-grant line is gone:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if strings.Contains(halfText(m, 0), "non-linearizable") {
			t.Errorf("%dx%d: the safe half speaks of non-linearizable", sz[0], sz[1])
		}
	}
}

// Stacked at 120x40 the halves had no room for their results at 4.150s-4.267s and at the end
// ("applied results & replies: no room"), and at the end the unsafe half had no Replication at
// all, without a word. Alike node rows fold into one there, and every stop has room for both
// lists.
func TestCompareStackedHasRoomForResults(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	folded, stops := false, 0
	compareStops(t, m, func(v string) {
		stops++
		h := halfBoxes(v)
		if len(h) != 2 {
			t.Fatalf("at %s: %d halves", simTime(m.c.Now()), len(h))
		}
		for i, box := range h {
			body := strings.Join(box, "\n")
			if strings.Contains(body, "no room") {
				t.Errorf("at %s half %d has no room for a list:\n%s", simTime(m.c.Now()), i, v)
			}
			if m.c.Now() > 0 && (!strings.Contains(body, "replication") || !resultsShown(body)) {
				t.Errorf("at %s half %d lacks a list:\n%s", simTime(m.c.Now()), i, v)
			}
			folded = folded || strings.Contains(body, "● n2-n5 follower")
		}
		head := func(box []string) bool {
			for _, l := range box {
				if strings.HasPrefix(l, " node ") {
					return true
				}
			}
			return false
		}
		// (Both or neither: the lower half had lost its head alone, nc32-h; TestCompareStackedHalvesAlign.)
		if m.c.Div != nil && head(h[0]) != head(h[1]) {
			t.Errorf("at %s one half alone has the column head:\n%s", simTime(m.c.Now()), v)
		}
	})
	if !folded || stops < 5 {
		t.Errorf("%d stops, folded %v", stops, folded)
	}
}

// resultsRule is a half's results' rule, or its one-row form ("─ results · newest: …", the
// shorter name when the row is long).
var resultsRule = regexp.MustCompile(`applied results & replies|─ results · `)

func resultsShown(body string) bool { return resultsRule.MatchString(body) }

// A folded row reads as each node it names would: "● n2-n5 follower …" is n2's row, and n3's,
// n4's and n5's, but for the name; a node whose row differs (the leader, the node the divergence
// is about) keeps its own.
func TestCompareFoldedRowsReadAsEach(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	for i := range m.v {
		dm := m.drawModel(i)
		fs := m.foldNodes(i)
		if len(fs) != 2 || fs[0] != (nodeFold{0, 0}) || fs[1] != (nodeFold{1, 4}) {
			t.Fatalf("half %d folds %v, want n1 and n2-n5", i, fs)
		}
		want := dm.nodeRowNamed(&m.v[i].Nodes[1], 200, "n?")
		for j := 2; j <= 4; j++ {
			if got := dm.nodeRowNamed(&m.v[i].Nodes[j], 200, "n?"); got != want {
				t.Errorf("half %d: n%d reads %q, n2 %q", i, j+1, ansi.Strip(got), ansi.Strip(want))
			}
		}
		if !strings.Contains(ansi.Strip(m.halves(m.layout())[i][0]+strings.Join(m.halves(m.layout())[i], "\n")), fmt.Sprintf("● n2-n5 follower  T1   %d/%d", 6+i, 6+i)) {
			t.Errorf("half %d shows no folded row:\n%s", i, ansi.Strip(m.View()))
		}
	}
	// Side by side there is room: no fold.
	m = newCompareModel(t, a, b, 160, 48)
	m.Update(keyMsg("e"))
	if v := ansi.Strip(m.View()); strings.Contains(v, "n2-n5") || strings.Count(v, "● n3 follower") != 2 {
		t.Errorf("160x48 folds:\n%s", v)
	}
}

// A Replication panel that leaves entries out says how many, in compare's halves and in play's
// panel: at late-expire --unsafe's divergence at 120x40 the unsafe half showed entries 5 and 6
// and nothing of 3 and 4.
func TestReplicationSaysWhatItLeavesOut(t *testing.T) {
	row := regexp.MustCompile(`^[│ ]*\s+(\d+) t\d+ `)
	// left is how many entries the tracker (rows of model pm) leaves out above the screen's
	// first row (lines), or -1 when the screen has none.
	left := func(pm *Model, lines []string) int {
		first := -1
		for _, l := range lines {
			if mm := row.FindStringSubmatch(l); mm != nil && first < 0 {
				first, _ = strconv.Atoi(mm[1])
			}
		}
		if first < 0 {
			return -1
		}
		n := pm.v.ProposalsBefore + pm.gapRowsBefore() // the entries locking nothing between them count too (nc38-e)
		for _, r := range pm.trackerRows() {
			idx := r.lo
			if r.prop != nil {
				idx = r.prop.Index
			}
			if idx < uint64(first) {
				n++
			}
		}
		return n
	}
	said := regexp.MustCompile(`↑ (\d+) earlier`)
	check := func(what string, n int, text string) bool {
		mm := said.FindStringSubmatch(text)
		switch {
		case n > 0 && (mm == nil || mm[1] != strconv.Itoa(n)):
			t.Errorf("%s: %d entries left out, the panel says %q:\n%s", what, n, mm, text)
		case n == 0 && mm != nil:
			t.Errorf("%s: none left out, the panel says %q:\n%s", what, mm[0], text)
		}
		return n > 0
	}
	for _, sz := range [][2]int{{120, 40}, {120, 34}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		checked := 0
		compareStops(t, m, func(v string) {
			for i, box := range halfBoxes(v) {
				if n := left(&Model{v: m.v[i]}, box); n >= 0 && check(fmt.Sprintf("compare %dx%d at %s half %d", sz[0], sz[1], simTime(m.c.Now()), i), n, strings.Join(box, "\n")) {
					checked++
				}
			}
		})
		if sz[1] == 34 && checked == 0 {
			t.Errorf("compare %dx%d: no stop leaves an entry out: the test looks at nothing", sz[0], sz[1])
		}
	}
	// Play: the compact panel's rule, the full panel's title; the view's own bound on
	// proposals counts too.
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		for _, name := range []string{"late-expire", "etcd-failover-reset", "racing-acquires-unsafe"} {
			pm := playLesson(t, name, sz[0], sz[1])
			checked := 0
			stops(t, pm, func(stop int, v string) {
				if n := left(pm, strings.Split(v, "\n")); n >= 0 && check(fmt.Sprintf("play %s %dx%d stop %d", name, sz[0], sz[1], stop), n, v) {
					checked++
				}
			})
			if sz[0] == 80 && name == "etcd-failover-reset" && checked == 0 {
				t.Errorf("%s %dx%d: no stop leaves an entry out: the test looks at nothing", name, sz[0], sz[1])
			}
		}
	}
}

// ↑ is "older results": the first press showed the newest rows, newer than the kept violation
// above them (at late-expire --unsafe's end at 120x40, the ✗ rows after non-linearizable). No
// press of ↑ shows a row newer than the newest one on screen, and each shows something else.
func TestCompareOlderKeyNeverShowsNewerRows(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		for _, end := range []bool{false, true} {
			a, b := lateExpirePair(t, true)
			m := newCompareModel(t, a, b, sz[0], sz[1])
			if end {
				m.Update(keyMsg("e"))
			} else {
				playUntil(t, m, func() bool { return m.c.Div != nil && m.atPause })
			}
			for h := 2; h <= 16; h++ {
				m.scroll = nil
				sides := [2][]resultItem{m.resultItems(0, 100), m.resultItems(1, 100)}
				prev := [2]recentView{m.recent(0, 100, h), m.recent(1, 100, h)}
				for k := 0; k < 6; k++ {
					m.scrollOlderIn(sides)
					cur := [2]recentView{m.recent(0, 100, h), m.recent(1, 100, h)}
					same := true
					for i := range cur {
						if cur[i].end > prev[i].end {
							t.Errorf("%dx%d end %v, %d rows, ↑ %d: half %d shows items to %d, newer than %d before", sz[0], sz[1], end, h, k+1, i, cur[i].end, prev[i].end)
						}
						same = same && cur[i].end == prev[i].end && strings.Join(cur[i].rows, "\n") == strings.Join(prev[i].rows, "\n")
					}
					if same && (cur[0].older > 0 || cur[1].older > 0) {
						t.Errorf("%dx%d end %v, %d rows: ↑ %d changed nothing", sz[0], sz[1], end, h, k+1)
					}
					prev = cur
				}
			}
			m.scroll = nil
		}
	}
}

// At 160x48 the end's unsafe half counted 6 of the story's checks that did not hold and showed
// 3, "1 between hidden" saying nothing of the others. Every one is on screen or counted where
// it is hidden (the rule's "(N ✗)"), and the half's line says when they failed.
func TestCompareSaysWhereEveryFailedCheckIs(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		h := halfText(m, 1)
		// (At the end the verdicts count them, "11 of the safe run's 29 checks and waits don't hold here", and what c3 was told
		// otherwise takes the rows; the half's line says when at the stops before.)
		if v := ansi.Strip(m.View()); !strings.Contains(v, "11 of the safe run's 29 checks and waits don't hold here") {
			t.Errorf("%dx%d: the verdicts do not count them: %s", sz[0], sz[1], v)
		}
		shown := strings.Count(h, "✗ the story has")
		hidden := 0
		for _, mm := range regexp.MustCompile(`(?:older|hidden|more|before|after|folded|under|it) \((\d+) ✗\)`).FindAllStringSubmatch(h, -1) {
			n, _ := strconv.Atoi(mm[1])
			hidden += n
		}
		if shown+hidden != 11 {
			t.Errorf("%dx%d: %d ✗ rows shown, %d counted hidden, want 11:\n%s", sz[0], sz[1], shown, hidden, ansi.Strip(m.View()))
		}
	}
}
