package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// etcdKeepPair is etcd-failover-reset against itself under the seed's keep.
func etcdKeepPair(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) {
	return withoutPair(t, "etcd-failover-reset", "lease-on-promote")
}

// locksShown is what each node's column says of its locks: key, token, at zero or not.
func locksShown(m *CompareModel, i int) string {
	var b strings.Builder
	for _, n := range m.v[i].Nodes {
		for _, l := range n.Locks {
			fmt.Fprintf(&b, "n%d %s #%d zero=%v; ", n.ID, l.Key, l.Token, l.Zero)
		}
	}
	return b.String()
}

// `compare etcd-failover-reset --without lease-on-promote` as a student plays it: at every
// script stop the header says the runs parted once the node columns show different locks (it
// said "= identical so far" beside EXPIRED HERE and 4.0s), and the first difference is the keep
// leader's Expire proposal; the narration says from the start whose story it is, and never sends
// the reader to the command already running; the keep half lists where the story does not hold
// there, at its instants; the end says what the option bought.
func TestCompareWithoutTellsBothStories(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 160, 48)
	first := true
	sawMiss := false
	for !m.c.Done() {
		playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
		v := ansi.Strip(m.View())
		if locksShown(m, 0) != locksShown(m, 1) && m.c.Div == nil {
			t.Fatalf("the node columns differ, yet no divergence:\n%s", v)
		}
		if strings.Contains(v, "leaselab compare etcd-failover-reset") {
			t.Fatalf("the narration sends the reader to the comparison on screen:\n%s", v)
		}
		if first && !strings.Contains(v, "▸ story of the with lease-on-promote reset run: ❝") {
			t.Fatalf("the first stop does not say whose story it is:\n%s", v)
		}
		first = false
		if strings.Contains(v, "c2 would have got it") && !strings.Contains(v, "The other half of this screen is that run.") {
			t.Fatalf("the play version's pointer to compare, unchanged:\n%s", v)
		}
		if h := halfText(m, 1); strings.Contains(h, "✗ the story has c2 reply busy; here: c2 reply granted token 2") {
			sawMiss = true
			if strings.Contains(halfText(m, 0), "✗ the story has") {
				t.Fatalf("the story's own half lists misses:\n%s", v)
			}
		}
		if m.atPause {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("4"))
			}
			m.Update(keyMsg("enter"))
		}
	}
	if m.c.Div == nil || m.c.Div.Subject != "n2" || m.c.Div.B != "proposes Expire orders #1" {
		t.Errorf("first divergence %v: want the keep leader's Expire proposal", m.c.Div)
	}
	if !sawMiss {
		t.Error("the keep half never said c2 was granted where the story has it told busy")
	}
	v := ansi.Strip(m.View())
	for _, want := range []string{
		"what lease-on-promote reset bought: no checker finds a violation without it",
		"c1 with it: gets renewed orders from n2 at 4.088s; without it: gets not-found orders from n2",
		"c2 with it: gets busy orders from n2 at 4.101s; without it: gets granted orders from n2 (token 2)",
	} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Errorf("the end does not say %q:\n%s", want, v)
		}
	}
}

// lock-delay --without lock-delay: the end says what the delay bought (c2 delayed, not
// granted; c1's late write lands while c2 holds token 2), and the narration's pointers to the
// compare and to the glossary read as compare's.
func TestCompareWithoutLockDelayEnd(t *testing.T) {
	a, b := lockDelayPair(t)
	m := newCompareModel(t, a, b, 160, 48)
	for !m.c.Done() {
		playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
		v := ansi.Strip(m.View())
		if strings.Contains(v, "leaselab compare lock-delay") {
			t.Fatalf("narration pasted from the play version:\n%s", v)
		}
		if m.atPause {
			m.Update(keyMsg("enter"))
		}
	}
	playUntil(t, m, m.c.Ended)
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	// The keep side's c2 write was rejected 2ms after the script's end: the end waits for it,
	// shows it and counts it as timing (it stood "⋯ write orders · write #3 …", counted).
	for _, want := range []string{"what lock-delay 3s bought", "c2 with it: gets delayed orders from n1 at 2.058s; without it: gets granted orders from n1 (token 2)",
		"without it: has its write with token 1 accepted while c2 held orders #2",
		"17.127s resource rejected c2's write to orders with token 3", "5 of the with lock-delay 3s run's 18 checks and waits don't hold here (1 more held a few ms late"} {
		if !strings.Contains(v, want) {
			t.Errorf("the end does not say %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
	if i := strings.Index(v, "c2 with it"); i < 0 || i > strings.Index(v, "c1 with it") {
		t.Error("the clients' differences are not in the order they happened (c2's delayed first)")
	}
}

// The end of `compare late-expire --unsafe expire-ignores-token` says what non-linearizable
// means and where the glossary explains it.
func TestCompareEndExplainsNonLinearizable(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		want := "violations: lost-grant, non-linearizable (non-linearizable: ?? glossary; found at 5.860s: the clients' history is checked only when a script step checks for violations"
		if sz[0] < sideBySideW { // and why no order fits (side by side the half's ✖ line says it)
			want = "violations: lost-grant, non-linearizable (?? glossary; no order fits: freeing #1 twice needs #1 held again in between, and nothing re-granted #1; found at 5.860s: the history is checked only"
		}
		if !strings.Contains(v, want) {
			t.Errorf("%v: the end does not explain non-linearizable:\n%s", sz, ansi.Strip(m.View()))
		}
	}
}

func TestSayInCompare(t *testing.T) {
	for in, want := range map[string]string{
		"two holders at once. leaselab compare lock-delay --without lock-delay puts the two runs side by side.": "two holders at once. The other half of this screen is that run.",
		"c2 would have got it. leaselab compare x --without y puts that run beside this one. Then more.":        "c2 would have got it. Then more. The other half of this screen is that run.",
		"c2 loses it. Press C to see keep's run beside this one, at this instant (esc comes back).":             "c2 loses it. The other half of this screen is that run.",
		"a ghost release, ?? glossary, here": "a ghost release, ?? glossary, here",
		"nothing to change":                  "nothing to change",
	} {
		if got := sayInCompare(in); got != want {
			t.Errorf("sayInCompare(%q) = %q, want %q", in, got, want)
		}
	}
}

// At no instant of the three comparisons a class plays do the node columns show different lock
// tables or countdowns at zero while the header still says "= identical so far".
func TestCompareNeverIdenticalWhileLocksDiffer(t *testing.T) {
	pairs := map[string]func(testing.TB) (*scenarios.Scenario, *scenarios.Scenario){
		"etcd": etcdKeepPair, "lock-delay": lockDelayPair,
		"late-expire": func(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) { return lateExpirePair(t, true) },
	}
	for name, pair := range pairs {
		a, b := pair(t)
		m := newCompareModel(t, a, b, 160, 48)
		c := m.c
		for !c.Done() {
			at, ok := c.NextAt()
			if !ok {
				break
			}
			if c.AdvanceTo(at) == scenarios.StopPause {
				c.Continue()
			}
			m.refresh()
			if c.Div == nil && locksShown(m, 0) != locksShown(m, 1) {
				t.Fatalf("%s at %v: identical so far, yet\n%s\n%s", name, c.Now(), locksShown(m, 0), locksShown(m, 1))
			}
			if c.Div != nil {
				break
			}
		}
	}
}

// compare has the glossary too (its narration and end point at it): ? opens the play view's
// glossary over the halves, ↓ scrolls it, esc closes it, and the comparison's keys still act.
func TestCompareGlossaryKey(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	if strings.Contains(ansi.Strip(m.View()), " Glossary  (? or esc closes") {
		t.Fatal("the glossary shows before ? is pressed")
	}
	m.Update(keyMsg("?"))
	m.Update(keyMsg("?")) // ? the keys page, ? again the glossary (as in play: nc31-b)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, " Glossary  (? or esc closes") || !strings.Contains(v, "commit") {
		t.Fatalf("? does not open the glossary:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	if w := ansi.Strip(m.View()); w == v || !strings.Contains(w, "· 2-") {
		t.Errorf("↓ does not scroll the glossary:\n%s", w)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if v := ansi.Strip(m.View()); strings.Contains(v, " Glossary  (? or esc closes") || !strings.Contains(v, "late-expire") {
		t.Errorf("esc does not close the glossary:\n%s", v)
	}
	if !strings.Contains(ansi.Strip(m.cmpHelp(120)), "? keys") {
		t.Errorf("the key line does not offer the ? page: %s", ansi.Strip(m.cmpHelp(120)))
	}
}

// Until the runs part (5.253s) only the unsafe half's title named expire-ignores-token, while
// the narration under both halves stated the safe rule (nc16-d). From the first stop each half
// says what its switch is about, and once the asks are answered its rule in plain words, from
// the switch registry (before them the rule answered late-expire's asks: nc24-g2;
// TestCompareSwitchRuleWaitsForTheAsks).
func TestCompareSaysWhatTheUnsafeSwitchChanges(t *testing.T) {
	r, _ := cluster.UnsafeRuleOf("expire-ignores-token")
	for _, sz := range [][2]int{{160, 48}, {120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool { return m.atPause })
		area := "how an Expire treats the token it names"
		want := "expire-ignores-token: changes " + area + " (said after the asks)"
		if sz[1] < 30 {
			want = "changes " + area
		}
		if h := strings.Join(strings.Fields(strings.ReplaceAll(halfText(m, 0), "│", " ")), " "); sz[1] >= 30 && !strings.Contains(h, "without expire-ignores-token: keeps its rule on "+area) {
			t.Errorf("%dx%d: before the asks the safe half does not say what the switch is about: %s", sz[0], sz[1], h)
		}
		if h := strings.Join(strings.Fields(strings.ReplaceAll(halfText(m, 1), "│", " ")), " "); !strings.Contains(h, want) {
			t.Errorf("%dx%d: before the asks the unsafe half does not say what its switch is about (%q): %s", sz[0], sz[1], want, h)
		}
		playUntil(t, m, func() bool {
			if ask, w := m.waitingAsk(); w {
				if _, done := m.answers[ask.Pos]; !done {
					m.Update(keyMsg("1"))
				}
			}
			return !m.askAhead() && m.atPause
		})
		want = "expire-ignores-token: " + r.Unsafe + "; safe: " + r.Safe
		if sz[1] < 30 {
			want = r.Unsafe
		}
		text := func(i int) string {
			return strings.Join(strings.Fields(strings.ReplaceAll(halfText(m, i), "│", " ")), " ")
		}
		if h := text(1); !strings.Contains(h, want) {
			t.Errorf("%dx%d: the unsafe half does not say what its switch changes (%q): %s", sz[0], sz[1], want, h)
		}
		if h := text(0); sz[1] >= 30 && !strings.Contains(h, "without expire-ignores-token: "+r.Without) {
			t.Errorf("%dx%d: the safe half does not say the rule it keeps: %s", sz[0], sz[1], h)
		}
	}
}
