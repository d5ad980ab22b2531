package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// legendWords is each tracker mark's word as a legend writes it (its short form).
var legendWords = map[rune]string{'·': "·=none", '○': "○appended", '◆': "◆committed", '✓': "✓applied", 's': "s=in snapshot", '↺': "↺other", '✖': "✖down"}

var nodeHead = regexp.MustCompile(`n1( +n\d+)+`)

// progressRowText is the leader's progress row (view_progress.go), boxed or not.
var progressRowText = regexp.MustCompile(`^│?(leader )?n\d+( tracks)?: n\d`)

// trackerOnScreen finds the replication panel on a screen: the marks its rows draw under the
// node columns and the line its legend is on. ok is false when the screen shows no panel.
func trackerOnScreen(v string) (drawn map[rune]bool, legend string, ok bool) {
	lines := strings.Split(v, "\n")
	at := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "─ replication") || strings.Contains(l, "╭─ Replication") || strings.Contains(l, "╭─ ▶ Replication") {
			at = i
			break
		}
	}
	if at < 0 || at+1 >= len(lines) {
		return nil, "", false
	}
	legend = lines[at]
	head, first := []rune(lines[at]), at+1 // the compact rule names the columns itself
	if !strings.HasPrefix(lines[at], "─") {
		head, first = []rune(lines[at+1]), at+2
		if end := strings.Index(legend, "╮"); end >= 0 {
			legend = legend[:end] // the box beside it is another panel
		}
	}
	loc := nodeHead.FindStringIndex(string(head))
	if loc == nil {
		return nil, "", false
	}
	var cols []int
	runeAt := len([]rune(string(head)[:loc[0]]))
	for i, r := range []rune(string(head)[loc[0]:loc[1]]) {
		if r == 'n' {
			cols = append(cols, runeAt+i)
		}
	}
	drawn = map[rune]bool{}
	for _, l := range lines[first:] {
		if strings.HasPrefix(l, "─") || strings.HasPrefix(l, "╰") || strings.HasPrefix(l, " ❝") {
			break
		}
		if progressRowText.MatchString(l) {
			continue // the leader's progress row: words, no marks
		}
		row := []rune(l)
		for _, c := range cols {
			if c < len(row) && legendWords[row[c]] != "" {
				drawn[row[c]] = true
			}
		}
	}
	return drawn, legend, true
}

// nc26-f, nc26-g: the replication legend dropped ·none while a row drew four · (first-lock's
// 1.295s at 80x24), and named ◆committed where no row drew one (compare late-expire). At
// every stop of every lesson, at 120x40 and 80x24, the legend names the marks the rows in view
// draw, each of them, and no other.
func TestTrackerLegendNamesMarksInView(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		everyStop(t, sz[0], sz[1], func(lesson string, stop int, v string) {
			drawn, legend, ok := trackerOnScreen(v)
			if !ok {
				return
			}
			at := fmt.Sprintf("%s %dx%d stop %d", lesson, sz[0], sz[1], stop)
			for r, w := range legendWords {
				named := strings.Contains(legend, w) || r == '·' && strings.Contains(legend, "·none") // where one cell short
				if named && !drawn[r] {
					t.Errorf("%s: the legend names %s, no row in view draws %c: %q\n%s", at, w, r, legend, v)
				}
				if drawn[r] && !named && !strings.Contains(legend, "? legend") {
					t.Errorf("%s: a row draws %c, the legend does not name it (%s): %q\n%s", at, r, w, legend, v)
				}
			}
		})
	}
}

// The compared halves' replication rules name only the marks their rows draw: late-expire's
// named ◆committed, which no row there drew (nc26-g item 6).
func TestCompareLegendNamesMarksInView(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	stops := 0
	playUntil(t, m, func() bool {
		if m.atPause {
			stops++
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			for i, l := range lines {
				if !strings.Contains(l, "─ replication") {
					continue
				}
				below := strings.Join(lines[i+1:min(len(lines), i+8)], "\n")
				for r, w := range legendWords {
					if strings.Contains(l, w) && !strings.Contains(below, string(r)+"  ") {
						t.Errorf("at %v a compared half's legend names %s, no row under it draws %c:\n%s", m.c.Now(), w, r, strings.Join(lines, "\n"))
					}
				}
			}
		}
		return m.c.Ended()
	})
	if stops == 0 {
		t.Fatal("no stop seen")
	}
}

// nc26-f: at first-lock's end at 80x24 the clients' row lost "asks n1" from both clients (the
// stop before had it). At every stop, at both sizes and for seeds 1 to 12, the clients' row
// says whom each client in use asks.
func TestFirstLockClientsSayWhomTheyAsk(t *testing.T) {
	eachSeed(t, "first-lock", 0, func(m *Model, w int, at string) {
		playThrough(t, m, func(stop int, v string) {
			// fl29: the last stop shows c1's write with the token it kept refused; at 80x24 its
			// one client row ("c1 got released · write #1 (kept) ✗ │ c2 holds orders #2 5.0s │
			// c3 unused") has no room left for "· c1 c2 ask n1", said at the stop before, and
			// nothing has moved them since. The refusal is what that stop is about.
			staleWrite := w == 80 && strings.Contains(strings.Join(strings.Fields(v), " "), "the script makes it write once more")
			if staleWrite && !strings.Contains(v, "c1 got released · write #1 (kept) ✗") {
				t.Errorf("%s stop %d: the stale write's stop does not show c1's refused write on its row:\n%s", at, stop, v)
			}
			for _, name := range m.clients() {
				c := m.clientView(name)
				if c == nil || staleWrite {
					continue
				}
				if !asksSaid(v, name, c.Guess, w == 80) {
					t.Errorf("%s stop %d: %s asks n%d, its row does not say so:\n%s", at, stop, name, c.Guess, v)
				}
			}
		})
	})
}

// asksSaid is whether a screen says client name asks node n: on its own row ("c1 … · asks n1",
// a wide row's wrapped line under it), or in the one-row form's note ("· c1 c2 ask n1").
func asksSaid(v, name string, n int, compact bool) bool {
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		if compact {
			if !strings.Contains(l, name) || !strings.HasPrefix(strings.TrimLeft(l, " ▸"), "c") {
				continue
			}
			for _, part := range strings.Split(l, "│") {
				if strings.Contains(part, name+" ") && strings.Contains(part, fmt.Sprintf("· asks n%d", n)) {
					return true
				}
			}
			if regexp.MustCompile(fmt.Sprintf(`· (c\d+ )*%s( c\d+)* asks? n%d\b`, name, n)).MatchString(l) {
				return true
			}
			continue
		}
		if strings.Contains(l, "│▸"+name+" ") || strings.Contains(l, "│ "+name+" ") {
			row := l
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "│    "); j++ {
				// A wide row wraps onto as many lines as it needs, each starting with a field
				// whose separator it drops ("│    asks n1").
				row += " · " + strings.TrimPrefix(lines[j], "│    ")
			}
			return strings.Contains(row, fmt.Sprintf("· asks n%d", n))
		}
	}
	return false
}

// nc26-a: first-lock's first stops read "c1 unused · asks n4 first" (its guess from its name),
// and the script then connected c1 to n1, which it asked first. A client the script will
// connect before it sends reads the node it will ask; one it will not, its own first guess.
func TestUnusedClientAsksWhereTheScriptSendsIt(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "c1 unused · asks n1 first") {
		t.Errorf("c1 is connected to n1 before it sends: its row should say it asks n1 first:\n%s", v)
	}
	want := fmt.Sprintf("c2 unused · asks n%d first", cluster.FirstGuess("c2", 5))
	if !strings.Contains(v, want) {
		t.Errorf("c2 goes where its first guess points: want %q:\n%s", want, v)
	}
}

// nc26-f: the diagram's hint said "v heartbeats" while the narration said "v: every message";
// v brings every message in (the title then says "all messages"), and the hint says so.
func TestDiagramHintSaysWhatVBrings(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	runToStop(t, m)
	press(m, "m")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "v all messages") || strings.Contains(v, "v heartbeats") {
		t.Errorf("the diagram's hint should say v brings all messages:\n%s", v)
	}
	press(m, "v")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "all messages") {
		t.Errorf("after v the diagram should say it shows all messages:\n%s", v)
	}
	press(m, "m", "m")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "v lock messages only") {
		t.Errorf("with every message shown the hint should say v goes back to the lock messages:\n%s", v)
	}
}

// "↓ N below, past" gives way by words, not whole: at 120x40 a box's title had no
// room for it beside "↑ 102 above" and dropped what was below (leader-crash-mid-lease-extend).
func TestFitNoteShortensPastBelow(t *testing.T) {
	note := "rows the narration names · ↑ 102 above · ↓ 1 below" + pastWords
	for w, want := range map[int]string{80: note, 29: "↑ 102 above · ↓ 1 below, past", 23: "↑ 102 above · ↓ 1 below", 12: "↑ 102 above"} {
		if got := fitNote(note, w); got != want {
			t.Errorf("fitNote(%q, %d) = %q, want %q", note, w, got, want)
		}
	}
}
