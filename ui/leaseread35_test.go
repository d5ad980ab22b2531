package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// words is the screen as its words read, wrapped lines joined.
func words(m *Model) string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }

// atStop plays lesson at w×h to the stop whose screen shows start and reports whether that
// screen reads want.
func atStop(t *testing.T, lesson string, w, h int, start, want string) {
	t.Helper()
	m := playLesson(t, lesson, w, h)
	playUntilOnScreen(t, m, start)
	if v := words(m); !strings.Contains(v, want) {
		t.Errorf("%s %dx%d: the stop at %q does not read %q:\n%s", lesson, w, h, start, want, ansi.Strip(m.View()))
	}
}

// TestCheckCrossSaysNoMajority: "✗ while none has" read as zero answers beside n4's
// "check 1.0s ✗" with "heard 2 of 5": ✗ means no majority yet (nc34-d). The lesson's stop, the
// ? page, the glossary and the README say so.
func TestCheckCrossSaysNoMajority(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		atStop(t, "lease-read", sz[0], sz[1], "Leadership moves to n1", "✗ while no majority has yet (if still none by then, it steps down)")
	}
	m := playLesson(t, "lease-read", 120, 40)
	runToStop(t, m)
	page := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(400, 400), " "))), " ")
	if !strings.Contains(page, "✗ no majority yet") {
		t.Errorf("the ? page does not say '✗ no majority yet'")
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"the ? page": page, "README.md": strings.Join(strings.Fields(string(readme)), " ")}
	for _, g := range scenarios.Glossary {
		texts["glossary "+g.Term] = g.Text
	}
	for _, lesson := range []string{"lease-read", "lease-read-unsafe"} {
		for _, st := range loadScenario(t, lesson).Steps {
			texts[lesson+": "+st.Text] = st.Text
		}
	}
	none := regexp.MustCompile(`✗\S*( \S+)?,? (while )?none (has|does)`)
	for where, text := range texts {
		if none.MatchString(text) {
			t.Errorf("%s says a ✗ means none answered: %q", where, none.FindString(text))
		}
	}
}

// TestLeaseReadTripQuotesNoNumber: "(+2ms, say)" beside m's "busy +3ms" read as a contradiction
// (nc34-d): a say quotes no trip time the screen may contradict.
func TestLeaseReadTripQuotesNoNumber(t *testing.T) {
	ms := regexp.MustCompile(`\+\d+ms`)
	for _, st := range loadScenario(t, "lease-read").Steps {
		if ms.MatchString(st.Text) {
			t.Errorf("lease-read quotes a trip time: %q", st.Text)
		}
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		atStop(t, "lease-read", sz[0], sz[1], "That is a safe read's cost", "m's busy row the trip (a few ms)")
	}
}

// TestLeaseReadTryN1SaysWhenSent: the stop hedged, "'try n1' only if n5 knew the leader when
// it sent it", since on some seeds n5 answered before n1's first append reached it (nc34-d,
// nc35-d). What holds on every seed is said plainly: n5 refuses, c2 asks n1, the next in order.
// No say of the lesson's before the release stop (which explains 'try') names a 'try'.
func TestLeaseReadTryN1SaysWhenSent(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		atStop(t, "lease-read", sz[0], sz[1], "c2 asks for 'orders', n5 first", "not-leader; then n1, the next in order: busy")
	}
	for _, st := range loadScenario(t, "lease-read").Steps {
		if strings.Contains(st.Text, "c1 releases 'orders' through the new leader") {
			break
		}
		if strings.Contains(st.Text, "'try n1'") {
			t.Errorf("a stop before the release says 'try n1', which n5 sends on some seeds only: %q", st.Text)
		}
	}
}

// TestLeaseReadUnsafeFirstStopSaysUnconfirmed: the first stop showed "lease 0.9s ✗" and
// "✗ unconfirmed" and its narration said nothing of them (nc34-e).
func TestLeaseReadUnsafeFirstStopSaysUnconfirmed(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "lease-read-unsafe", sz[0], sz[1])
		runToStop(t, m)
		v := words(m)
		if !strings.Contains(v, "0.9s ✗") {
			t.Fatalf("%dx%d: the first stop no longer shows n1's ✗:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if want := "(✗ unconfirmed: no majority has answered it since its last check yet; not a failure)"; !strings.Contains(v, want) {
			t.Errorf("%dx%d: the first stop does not read %q:\n%s", sz[0], sz[1], want, ansi.Strip(m.View()))
		}
	}
}

// TestLeaseReadUnsafeSaysItsLeasePlainly: "Its lease is check-quorum" confused (nc34-e).
func TestLeaseReadUnsafeSaysItsLeasePlainly(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		atStop(t, "lease-read-unsafe", sz[0], sz[1], "is cut off from the other nodes only",
			"Its lease is how long, by its own clock, until its check-quorum could fail")
	}
}

// TestLeaseReadUnsafeNamesNoRowOffScreen: at 4.466s the narration pointed at "its 'becomes
// leader' row", at 3.331s, above the timeline's rows (nc34-e): the stop says when instead.
func TestLeaseReadUnsafeNamesNoRowOffScreen(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "lease-read-unsafe", sz[0], sz[1])
		playUntilOnScreen(t, m, "Why n1 still led")
		v := words(m)
		if strings.Contains(v, "'becomes leader' row") && !strings.Contains(v, "becomes leader (term 3)") {
			t.Errorf("%dx%d: the stop names a 'becomes leader' row it does not show:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if !strings.Contains(v, "The new leader came sooner (it was elected before c1's release)") {
			t.Errorf("%dx%d: the stop does not say when the new leader came:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
	}
}

// TestReadIndexSaidWhereFirstUsed: lease-read-unsafe said "(ReadIndex)" with no word of what it
// is (nc34-e): in each lease-read lesson the first say or ask naming it says what it is.
func TestReadIndexSaidWhereFirstUsed(t *testing.T) {
	for _, lesson := range []string{"lease-read", "lease-read-unsafe"} {
		for _, st := range loadScenario(t, lesson).Steps {
			if (st.Kind != scenarios.StepSay && st.Kind != scenarios.StepAsk) || !strings.Contains(st.Text, "ReadIndex") {
				continue
			}
			if !strings.Contains(st.Text, "majority") || !strings.Contains(st.Text, "still leads") {
				t.Errorf("%s: ReadIndex first named without what it is: %q", lesson, st.Text)
			}
			break
		}
	}
}

// TestLeaseReadNamesChecksPassed: n1's clock line read '#1', '#2' and no narration said what
// they are (nc35-d); at 80x24 the count did not show at all, the locks' long title keeping the
// room. At the stop about n1's checks the narration names it, and at both sizes n1's row shows it.
func TestLeaseReadNamesChecksPassed(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "lease-read", sz[0], sz[1])
		playUntilOnScreen(t, m, "The Release is committed")
		if v := words(m); !strings.Contains(v, "the number after its '#' counts the checks passed") {
			t.Errorf("%dx%d: the stop does not name the checks passed:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		if p := panelsOf(m); !regexp.MustCompile(`(×0\.5|[✓✗]) #[1-9]`).MatchString(p) || !strings.Contains(p, "old leader") {
			t.Errorf("%dx%d: n1's row shows no checks passed:\n%s", sz[0], sz[1], p)
		}
	}
}

// TestSteppedDownLeaderSaysNoLeader: after n1 stepped down its first line read a bare "term 2",
// which looked like a field left blank (nc36-d). A follower that knows no leader and voted for
// none says so.
func TestSteppedDownLeaderSaysNoLeader(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	playUntilOnScreen(t, m, "n1's check-quorum fires")
	if p := panelsOf(m); !strings.Contains(p, "term 2 · no leader") {
		t.Errorf("n1, stepped down, does not read 'term 2 · no leader':\n%s", p)
	}
}
