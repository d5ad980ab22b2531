package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// TestOwnLeaseKeepsCheckMark: with unsafe lease-read the leader's line shows its own lease where
// the check would be, and keeps the check's ✓: at lease-read-unsafe's first busy the narration
// says the lease grew because the followers answered, and nothing on screen showed that they had
// (nc32-l). Under every seed, at both layouts.
func TestOwnLeaseKeepsCheckMark(t *testing.T) {
	eachSeed(t, "lease-read-unsafe", 3, func(m *Model, w int, at string) {
		playUntilOnScreen(t, m, "lease grew")
		v := ansi.Strip(m.View())
		if w >= fullW {
			if !regexp.MustCompile(`lease [12]\.\ds ✓`).MatchString(v) {
				t.Errorf("%s: n1's line has no 'lease 1.9s ✓':\n%s", at, v)
			}
			return
		}
		if row := nodeRowOf(t, v, 1); !regexp.MustCompile(` [12]\.\ds ✓ `).MatchString(row) {
			t.Errorf("%s: n1's row has no '1.9s ✓': %q", at, row)
		}
	})
}

// TestLeaseReadKeysPageReadsLeaderLine: with lease-read on, the ? page had no entry for the
// node column's first line (lease, voted, lead): the check line's entry is left out there
// (nc32-l).
func TestLeaseReadKeysPageReadsLeaderLine(t *testing.T) {
	m := playLesson(t, "lease-read-unsafe", 120, 40)
	runToStop(t, m)
	page := ansi.Strip(strings.Join(m.helpBody(400, 400), " "))
	for _, want := range []string{"lease 1.9s ✓", "a leader's first line", "voted n1", "then lead n1"} {
		if !strings.Contains(page, want) {
			t.Errorf("the ? page lacks %q", want)
		}
	}
	// With lease-read no net line counts the voters heard: the page must not explain one.
	if strings.Contains(page, "heard 1 of 5") {
		t.Errorf("the ? page explains a 'heard 1 of 5' no lease-read screen shows")
	}
}

// TestLeaseReadNarrationNamesWhatItUses: the words and numbers nc32-k and nc32-l found missing
// or clashing: the pre-vote's two terms, the 10s lock c2 asks for, the second check that passes
// with no row, the bound a leader's lease needs; and no earlier stop hands either ask its answer.
func TestLeaseReadNarrationNamesWhatItUses(t *testing.T) {
	says := func(name string) (all string, asks []*scenarios.Step) {
		s := loadScenario(t, name)
		for i := range s.Steps {
			st := &s.Steps[i]
			switch st.Kind {
			case scenarios.StepSay:
				all += st.Text + "\n"
			case scenarios.StepAsk:
				asks = append(asks, st)
			}
		}
		return all, asks
	}
	safe, asks := says("lease-read")
	for _, want := range []string{"its term until it wins", "the term it asks about", "passed on answers from before the cut", "trip (a few ms)", "n1 sent busy at the second answer"} {
		if !strings.Contains(safe, want) {
			t.Errorf("lease-read does not say %q", want)
		}
	}
	if strings.Contains(safe, "before each read") {
		t.Errorf("lease-read's narration still says the leader checks before each read, its ask's answer")
	}
	if len(asks) != 1 || !strings.Contains(asks[0].Text, "10s") {
		t.Errorf("lease-read's ask does not name c2's 10s lock")
	}
	unsafe, asks := says("lease-read-unsafe")
	for _, want := range []string{"The bound a leader's lease needs", "within 0.9s", "2.4 + 1.8 = 4.2s", "this row is the new answer", "(its line: ✓)"} {
		if !strings.Contains(unsafe, want) {
			t.Errorf("lease-read-unsafe does not say %q", want)
		}
	}
	for _, bad := range []string{"lease is not expired", "3.3 to 3.5s", "5.9 to 6s"} {
		if strings.Contains(unsafe, bad) {
			t.Errorf("lease-read-unsafe still says %q", bad)
		}
	}
	for _, a := range asks {
		for _, c := range a.Choices {
			if strings.Contains(c, "at once") {
				t.Errorf("lease-read-unsafe's ask offers %q, the words of the stop that shows it", c)
			}
		}
	}
}

// TestCompareNoWhyNoneBesideAViolation: lease-read-unsafe's C at its end sets its
// non-linearizable run beside the safe one; the end said "why none: … a write below a token …
// a client told not-found was told the truth", of the safe half, where nothing of it applied
// (nc32-l). Each client's different answer still shows.
func TestCompareNoWhyNoneBesideAViolation(t *testing.T) {
	v := twinAtEnd(t, "lease-read-unsafe")
	if strings.Contains(v, "why none") {
		t.Errorf("the end explains why the safe half has no violation:\n%s", v)
	}
	if !strings.Contains(v, "c2 unsafe: gets busy orders from n1") {
		t.Errorf("the end lost c2's different answer:\n%s", v)
	}
}
