package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestIsolatedLeaderHeardSaysBeforeTheCut: at lease-read's cut the isolated n1's net line read
// "ISOLATED heard 5 of 5", its count since its last check, from before the cut, and a newcomer
// read it as "it still hears everyone" beside the narration saying it is cut off (nc34-a). A
// count above itself on an isolated leader says it was heard before the cut. Under every seed
// and the lesson's own.
func TestIsolatedLeaderHeardSaysBeforeTheCut(t *testing.T) {
	stale := regexp.MustCompile(`ISOLATED\s+(heard )?[2-5] of 5\s*[┃│]`)
	honest := regexp.MustCompile(`ISOLATED\s+(heard )?[2-5] of 5 before`)
	check := func(m *Model, at string) {
		playUntilOnScreen(t, m, "is cut off from the other nodes only")
		v := ansi.Strip(m.View())
		if stale.MatchString(v) {
			t.Errorf("%s: the isolated leader's count reads as heard now:\n%s", at, v)
		}
		if !honest.MatchString(v) {
			t.Errorf("%s: the isolated leader's line lacks '5 of 5 before':\n%s", at, v)
		}
	}
	check(playLesson(t, "lease-read", 120, 40), "120x40 seed 14")
	eachSeed(t, "lease-read", 0, func(m *Model, w int, at string) {
		if w < fullW {
			return // the small layout's node rows show no count
		}
		check(m, at)
	})
	// Once its check has passed, its count restarts: itself only, no "before".
	m := playLesson(t, "lease-read", 120, 40)
	playUntilOnScreen(t, m, "c2 asks n1 again")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "ISOLATED heard 1 of 5") {
		t.Errorf("after its second check n1's line lost 'ISOLATED heard 1 of 5':\n%s", v)
	}
}

// TestKeysPageReadsIsolatedCount: the ? page explains the isolated leader's "5 of 5 before"
// where it explains "heard 1 of 5" (nc34-a).
func TestKeysPageReadsIsolatedCount(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	runToStop(t, m)
	page := ansi.Strip(strings.Join(m.helpBody(400, 400), " "))
	if !strings.Contains(page, "ISOLATED 5 of 5 before") {
		t.Errorf("the ? page does not explain 'ISOLATED 5 of 5 before'")
	}
}

// TestLeaseReadStepDownSaysTimeout: c2's request timeout (2s) is why it is still waiting when n1
// steps down, and newcomers found it only in the glossary (nc34-b); the client's row counts
// "waited 0.9s of 2s" in the wide layout only. The stop where n1 answers c2 says it, on screen
// at both sizes.
func TestLeaseReadStepDownSaysTimeout(t *testing.T) {
	eachSeed(t, "lease-read", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "n1's check-quorum fires")
		if v := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(v), " "), "c2's request timeout (2s: then a client gives up)") {
			t.Errorf("%s: the step-down stop does not say c2's 2s request timeout:\n%s", at, v)
		}
	})
}

// TestLeaseReadAskNamesALease: "ask n1 for 'orders' again, for 10s" read as c2 waiting 10s; the
// 10s is the lease c2 asks for (nc34-c).
func TestLeaseReadAskNamesALease(t *testing.T) {
	for _, lesson := range []string{"lease-read", "lease-read-unsafe"} {
		s := loadScenario(t, lesson)
		for _, st := range s.Steps {
			if strings.Contains(st.Text, "for 10s") {
				t.Errorf("%s: %q: 'for 10s' reads as a wait", lesson, st.Text)
			}
		}
	}
	m := playLesson(t, "lease-read", 80, 24)
	playUntilOnScreen(t, m, "c2 now asks n1 again")
	if v := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(v), " "), "a 10s lease on 'orders'") {
		t.Errorf("the ask does not name c2's 10s lease:\n%s", v)
	}
}

// TestOwnLeaseCrossSaysUnconfirmed: lease-read-unsafe's "lease 0.8s ✗" was read as "the lease
// failed"; it means no majority has answered since the last check yet (nc34-d). At every stop,
// under every seed and at both sizes, each own lease's ✗ has its word: on the wide column's net
// line, in the small table's cell.
func TestOwnLeaseCrossSaysUnconfirmed(t *testing.T) {
	wideX := regexp.MustCompile(`lease \d+(\.\d)?s ✗`)
	smallX := regexp.MustCompile(`\d(\.\d)?s ✗`)
	eachSeed(t, "lease-read-unsafe", 3, func(m *Model, w int, at string) {
		seen := 0
		for stop := 0; !m.sim.ended; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			if i := strings.Index(v, "❝"); i >= 0 {
				v = v[:i] // the panels: the first stop's narration names the word too (nc34-e)
			}
			if w < fullW {
				v = strings.Join(strings.Split(v, "\n")[:8], "\n") // the node table
			}
			crosses := len(smallX.FindAllString(v, -1))
			if w >= fullW {
				crosses = len(wideX.FindAllString(v, -1))
			}
			seen += crosses
			if words := strings.Count(v, "✗ unconfirmed"); words != crosses {
				t.Errorf("%s stop %d: %d own lease ✗, %d '✗ unconfirmed':\n%s", at, stop, crosses, words, v)
			}
			answerAsk(m)
			press(m, "enter")
		}
		if seen == 0 {
			t.Errorf("%s: no stop showed an own lease's ✗", at)
		}
	})
}

// TestLeaseReadKeysPageSaysUnconfirmed: the ? page's own lease entry names the ✗'s word (nc34-d).
func TestLeaseReadKeysPageSaysUnconfirmed(t *testing.T) {
	m := playLesson(t, "lease-read-unsafe", 120, 40)
	runToStop(t, m)
	page := ansi.Strip(strings.Join(m.helpBody(400, 400), " "))
	if !strings.Contains(page, "✗ unconfirmed (") || strings.Contains(page, "✗ none has yet: it ends") {
		t.Errorf("the ? page does not explain '✗ unconfirmed'")
	}
}
