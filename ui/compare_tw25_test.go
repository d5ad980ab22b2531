package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"leaselab/scenarios"
)

// leaseReadPair is lease-read beside its own script with the lease-read switch on, as C in
// the lesson opens it.
func leaseReadPair(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) {
	a := loadScenario(t, "lease-read")
	b, err := scenarios.WithUnsafe(a, "lease-read")
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// playToStopAt plays a compare to the script stop at instant at, answering any ask with 2.
func playToStopAt(t *testing.T, m *CompareModel, at string) {
	t.Helper()
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.atPause && simTime(m.c.Now()) == at
	})
}

// lowerHalf is the stacked view's lower half: from its title row on.
func lowerHalf(t *testing.T, v string) string {
	t.Helper()
	i := strings.Index(v, "┏━ unsafe")
	if i < 0 {
		t.Fatalf("no unsafe half:\n%s", v)
	}
	return v[i:]
}

// nc24-d2 at 120x40, lease-read's C: the unsafe half's own-lease column had no heading (the
// safe half's head, above it, has no such column), its title read "unsafe: lease-read ·
// lease-read", and at 5.075s the stale 'c2 gets busy from n1' (4.984s) stood hidden behind
// "applied results & replies: no room".
func TestLeaseReadCompareUnsafeHalfShowsItsLeaseHeadAndStaleBusy(t *testing.T) {
	a, b := leaseReadPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "3.938s")
	v := ansi.Strip(m.View())
	low := lowerHalf(t, v)
	if !strings.Contains(low, "own lease") {
		t.Errorf("3.938s: the unsafe half has no 'own lease' column head:\n%s", v)
	}
	if strings.Contains(v, "lease-read · lease-read") || !strings.Contains(v, "unsafe: lease-read switch on") {
		t.Errorf("the unsafe half's title repeats the name or does not say the switch is on:\n%s", v)
	}
	playToStopAt(t, m, "5.075s")
	v = ansi.Strip(m.View())
	low = lowerHalf(t, v)
	if !strings.Contains(low, "4.984s c2 gets busy from n1") {
		t.Errorf("5.075s: the unsafe half does not show c2's stale busy (4.984s):\n%s", v)
	}
	if !strings.Contains(low, "own lease") {
		t.Errorf("5.075s: the unsafe half has no 'own lease' column head:\n%s", v)
	}
}

// nc24-d2: after n1 steps down its net line read "net  ISOLATED" (the badge's own padding after
// "net "), where the line before read "net ISOLATED heard 1/5".
func TestNetLineNoDoubleSpaceBeforeBadge(t *testing.T) {
	m := playLesson(t, "lease-read", 120, 40)
	seen := false
	playThrough(t, m, func(stop int, screen string) {
		if strings.Contains(screen, "net  ISOLATED") {
			t.Errorf("stop %d: a net line reads 'net  ISOLATED':\n%s", stop, screen)
		}
		seen = seen || strings.Contains(screen, "net ISOLATED")
	})
	if !seen {
		t.Error("no stop shows 'net ISOLATED'")
	}
}

// nc24-d2: "≠ diverged at 0.086s" is the unsafe c2's busy, the safe run's came 7ms later: the
// player took it for the bug. The safe half says it is timing, once its answer has come, and
// the header says where the clients' answers differ (4.984s, the stale busy).
func TestLeaseReadCompareSaysTheDivergenceIsTiming(t *testing.T) {
	a, b := leaseReadPair(t)
	for _, sz := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "0.093s")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "the same answer 7ms later") {
			t.Errorf("%dx%d, 0.093s: the safe half does not say c2's busy came 7ms later:\n%s", sz[0], sz[1], v)
		}
		if sz[0] >= 120 && !strings.Contains(v, "answers alike so far") {
			t.Errorf("%dx%d, 0.093s: the header does not say the answers are alike so far:\n%s", sz[0], sz[1], v)
		}
		playToStopAt(t, m, "5.075s")
		v = ansi.Strip(m.View())
		if sz[0] >= 120 && !strings.Contains(v, "answers differ from 4.984s") {
			t.Errorf("%dx%d, 5.075s: the header does not say the answers differ from 4.984s:\n%s", sz[0], sz[1], v)
		}
	}
}

// nc24-d2: the two runs elect other leaders (n4, n3), and nothing said why a switch about reads
// changes an election. (Each message's delay is drawn from the run's one random stream: the
// safe run's ReadIndex heartbeats drew delays the other did not.)
func TestLeaseReadCompareSaysWhyTheLeadersDiffer(t *testing.T) {
	a, b := leaseReadPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "3.938s")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "n4 leads the safe run, n3 the other: each message's delay is random") {
		t.Errorf("3.938s: nothing says why the leaders differ:\n%s", v)
	}
	if strings.Contains(v, "more lines (a taller terminal)") {
		t.Errorf("3.938s: the narration is cut:\n%s", v)
	}
}

// nc24-d2, lease-read's C at the end (120x40): "3 of 7 don't hold here" beside one ✗ row, the
// other two below the VIOLATION row; the verdict says at which instants its ✗ rows are.
func TestLeaseReadCompareEndSaysWhereTheFailedChecksAre(t *testing.T) {
	a, b := leaseReadPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.c.Done()
	})
	v := ansi.Strip(m.View())
	flat := strings.Join(strings.Fields(v), " ")
	if !strings.Contains(flat, "3 of the safe run's 16 checks and waits don't hold here (its results' ✗ rows at 5.949s, 6.032s ×2, ↑ ↓)") {
		t.Errorf("the end does not say where the 3 failed checks are:\n%s", v)
	}
}

// nc24-m2, racing-acquires' C at 0.090s (120x40): the unsafe half's Replication shows entry 7
// only; what c2's own Grant (entry 6) did was found only with d and enter. The divergence line
// says what became of it.
func TestRacingAcquiresCompareDivergenceSaysEntrySixRejected(t *testing.T) {
	a := loadScenario(t, "racing-acquires")
	b, err := scenarios.WithUnsafe(a, "unchecked-proposals")
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][2]int{{120, 40}} { // (side by side, 160x48 shows entry 6 in its Replication)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playToStopAt(t, m, "0.090s")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "for c2's acquire → entry 6: GrantRejected") {
			t.Errorf("%dx%d, 0.090s: the divergence line does not say entry 6 was GrantRejected:\n%s", sz[0], sz[1], v)
		}
	}
}

// The net label's space goes only before a word, never glued to one: "netISOLATED" where a
// narrow box's leader drops the badge's padding for its heard count.
func TestNetLineLabelNeverGlued(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		m := playLesson(t, "lease-read", sz[0], sz[1])
		playThrough(t, m, func(stop int, screen string) {
			if strings.Contains(screen, "netISOLATED") || strings.Contains(screen, "net  ") {
				t.Errorf("%dx%d stop %d: a net line's label is glued or doubled:\n%s", sz[0], sz[1], stop, screen)
			}
		})
	}
}
