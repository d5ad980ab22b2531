package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cmpStopView plays a compare at w x h to the first stop whose screen holds text and returns
// that screen, its asks answered 1.
func cmpStopView(t *testing.T, m *CompareModel, text string) string {
	t.Helper()
	v := ""
	playUntil(t, m, func() bool {
		if ask, w := m.waitingAsk(); w {
			if _, done := m.answers[ask.Pos]; !done {
				m.Update(keyMsg("1"))
			}
		}
		if !m.atPause {
			return false
		}
		v = ansi.Strip(m.View())
		return strings.Contains(v, text)
	})
	return v
}

// The Replication panel tells the retried Expire from the first copy, as the timeline's tag
// does: entries 4 and 6 of late-expire both read "n1 lease expiry #1" (nc24-g2).
func TestCompareRetriedExpireSaysSo(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		v := cmpStopView(t, m, "AGAIN: entry 6")
		var four, six string
		for _, r := range strings.Split(v, "\n") {
			if strings.Contains(r, "  4 t1   Expire orders #1") && four == "" {
				four = r
			}
			if strings.Contains(r, "  6 t1   Expire orders #1") && six == "" {
				six = r
			}
		}
		if !strings.Contains(four, "n1 lease expiry #1 ") && !strings.Contains(four, "n1 expiry #1 ") {
			t.Errorf("%dx%d: entry 4 does not name its proposer:\n%s", sz[0], sz[1], four)
		}
		if !strings.Contains(six, "n1 lease expiry #1, 2nd") && !strings.Contains(six, "n1 retry #1") {
			t.Errorf("%dx%d: entry 6 does not say it is the retry:\n%s\n%s", sz[0], sz[1], four, six)
		}
	}
}

// At late-expire --unsafe's c3 stop the unsafe half's ✗ row for c3 reads whole at 120x40: it
// said "(the answer to its latest request; background keepalives' answers aside)" in a run
// whose clients send no keepalive, wrapped to two rows, and the stop showed it cut at "(the a…"
// (nc24-g2).
func TestCompareC3MissWholeAt120(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		v := cmpStopView(t, m, "A third client, c3")
		if !strings.Contains(v, "5.960s ✗ the story has c3 reply busy; here: c3 reply granted token 3 ") || strings.Contains(v, "keepalive") {
			t.Errorf("%dx%d: the c3 stop's ✗ row is not whole:\n%s", sz[0], sz[1], v)
		}
	}
}

// Until the asks are answered, each half names what its switch is about, not what it does:
// "an Expire deletes the key's lock whatever token it names" under the unsafe title from the
// first screen answered both of late-expire's asks before they were asked (nc24-g2). After
// them the rule reads in full.
func TestCompareSwitchRuleWaitsForTheAsks(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		v := ansi.Strip(m.View())
		if strings.Contains(v, "whatever token") || strings.Contains(v, "only if the lock holds") || !strings.Contains(v, "how an Expire treats the token it") {
			t.Errorf("%dx%d: the first screen says what the switch does:\n%s", sz[0], sz[1], v)
		}
		v = cmpStopView(t, m, "Without the check an Expire deletes")
		if sz[1] > 24 && (!strings.Contains(v, "an Expire deletes the key's lock whatever token") || strings.Contains(v, "said after the asks")) {
			t.Errorf("%dx%d: after the asks the rule is not said:\n%s", sz[0], sz[1], v)
		}
	}
}

// At 80x24, at a stop past the divergence, the story's narration keeps more than one row, so
// it says how much it could not show and where to read it: at late-expire --unsafe's c3 stop it
// had one row, cut mid-sentence with no word of the rest (nc24-g2). The halves' switch lines
// give way for it (the ≠ lines say what the switch did).
func TestCompareNarrationAt80SaysItIsCut(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 80, 24)
	v := cmpStopView(t, m, "A third client, c3")
	if !strings.Contains(v, "more lines (a taller terminal)") {
		t.Errorf("the c3 stop's narration is cut with no word of the rest:\n%s", v)
	}
	// "c3 holds #3": the key gives way before c1's "ran out 3.018s" (nc32-j).
	if !regexp.MustCompile(`c3 holds (orders )?#3`).MatchString(v) || !strings.Contains(v, "got busy orders") {
		t.Errorf("the halves lost c3's lines:\n%s", v)
	}
}
