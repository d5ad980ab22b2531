package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc26-g: "the harm is never shown". At late-expire --unsafe's write stop the fenced resource
// shows it in each half, at every size: c2's token-2 write accepted in the safe run, refused
// after c3's token-3 write in the other (at 80x24 the unsafe half's one row showed the
// clients' short row instead).
func TestLateExpireWritesShowTheHarm(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "6.060s")
		for i, want := range []string{"high #2 ✗ c3 (no token) ✓ c2#2", "high #3 ✓ c3#3 ✗ c2#2"} {
			if h := halfText(m, i); !strings.Contains(h, "resource orders "+want) {
				t.Errorf("%dx%d: half %d does not show %q:\n%s", sz[0], sz[1], i, want, h)
			}
		}
	}
}

// nc26-g: the header said "the clients' answers differ from 5.888s" and the end "c3 unsafe …
// granted … at 5.890s": where the two runs told a client at two instants, the header names
// both, or says its instant is the earlier one. Short of room it says what each run answered,
// without the instants (nc37-b: "safe 5.888s | unsafe 5.890s" said neither answer).
func TestCompareHeaderNamesBothAnswers(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want string
	}{{120, 40, "· c3 got busy (safe) | granted (unsafe)"}, {160, 48, "· c3's answer: safe 5.888s busy orders | unsafe 5.890s granted orders"}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, c.w, c.h)
		playToStopAt(t, m, "5.960s")
		if head := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.Contains(head, c.want) {
			t.Errorf("%dx%d: the header does not read %q:\n%s", c.w, c.h, c.want, head)
		}
	}
}

// nc26-g: the non-linearizable VIOLATION showed at 5.860s, 0.6s after the Expire that caused
// it, with nothing saying why then: at the stop where it is found the status line says the
// script's violation check found it.
func TestCompareNonLinSaysWhyNow(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "5.860s")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "non-linearizable: found now, by the script's violation check") {
		t.Errorf("at 5.860s nothing says why the violation shows now:\n%s", v)
	}
	playToStopAt(t, m, "5.960s")
	if v := ansi.Strip(m.View()); strings.Contains(v, "found now, by the script's violation check") {
		t.Errorf("at 5.960s the status still says the violation was found now:\n%s", v)
	}
}

// nc26-g: scrolled at 5.860s, a row cut with "…" above the rest was counted in "↑ N older" as
// well as shown: the rule's counts plus the items shown add up to every item, at each ↓.
func TestCompareScrollCutRowCountsAsShown(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "5.860s")
	num := func(re, s string) int {
		if x := regexp.MustCompile(re).FindStringSubmatch(s); x != nil {
			n, _ := strconv.Atoi(x[1])
			return n
		}
		return 0
	}
	for k := 0; k < 3; k++ {
		m.Update(keyMsg("down"))
		m.View()
		w, h := m.resSize[1][0], m.resSize[1][1]
		items := m.resultItems(1, w)
		rv := m.recent(1, w, h)
		note := m.resultsNote(rv, 200, false)
		shown := 0
		for _, r := range rv.rows {
			if s := strings.TrimSpace(ansi.Strip(r)); regexp.MustCompile(`^\d+\.\d+s `).MatchString(s) {
				shown++
			}
		}
		older, more := num(`↑ (\d+) older`, note), num(`↓ (\d+) more`, note)
		if older+shown+more != len(items) {
			t.Errorf("↓ ×%d: %q with %d items shown adds up to %d, not the %d items", k+1, note, shown, older+shown+more, len(items))
		}
	}
}

// nc26-g: at 160x48's end the unsafe half's rule had no room for "violation kept in view":
// its title gives way ("results") and the rule says it, with what is hidden.
func TestKeptViolationSaysSo160(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToDivergence(t, m)
	m.Update(keyMsg("e"))
	if v := ansi.Strip(m.View()); !regexp.MustCompile(`─ results ─+ violation on top · ↑ \d+ before(?: it)? \(\d+ ✗\) · \d+ folded(?: under(?: it)?)? \(\d+ ✗\) ─`).MatchString(v) {
		t.Errorf("at the end the unsafe half's rule does not say its violation is kept in view:\n%s", v)
	}
}

// nc27-h: at the 6.060s stop the unsafe half counted "✗ 10 of the story's checks did not hold
// here" and the end, at the same instant, "11 of the safe run's 29 checks and waits don't hold here" (the 11th was the check
// after the script's last pause). The last stop and the end count the same.
func TestCompareLastStopCountsAsTheEnd(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playToStopAt(t, m, "6.060s")
	if h := strings.Join(strings.Fields(halfText(m, 1)), " "); !strings.Contains(h, "✗ 11 of the story's checks did not hold here") {
		t.Errorf("the 6.060s stop does not count 11:\n%s", ansi.Strip(m.View()))
	}
	m.Update(keyMsg("e"))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "11 of the safe run's 29 checks and waits don't hold here") {
		t.Errorf("the end does not count 11 of 29:\n%s", v)
	}
}
