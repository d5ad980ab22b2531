package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"testing"
	"time"

	"leaselab/scenarios"
)

// lease-read-unsafe's compare (C) at 3.331s read "✗ the story has not leader n1; here: leader
// n1", which a newcomer could not parse (nc30-d, item 6): a leader check is said in words.
func TestCompareStoryMissSaysLeaderInWords(t *testing.T) {
	for _, c := range []struct{ step, found, want string }{
		{"wait-until not leader n1 within 5s", "leader n1", "✗ the story has n1 no longer the leader; here: n1 leads"},
		{"wait-until leader n2", "leader none", "✗ the story has n2 the leader; here: no leader"},
		{"expect not leader none", "leader none", "✗ the story has a leader; here: no leader"},
	} {
		_, got := storyMissText(scenarios.Failure{Step: c.step, Found: c.found, At: 3331 * time.Millisecond})
		if got != c.want {
			t.Errorf("%s / %s: %q, want %q", c.step, c.found, got, c.want)
		}
		if strings.Contains(got, "not leader") {
			t.Errorf("%s: script language left: %q", c.step, got)
		}
	}
}

// At 5.914s lease-read-unsafe's half read "✔ no violation", after its stale busy (4.377s): the
// history checker runs at the end, so before it a half's title says "yet" (nc30-d, item 6).
func TestCompareNoViolationSaysYetBeforeTheEnd(t *testing.T) {
	s := loadScenario(t, "lease-read-unsafe")
	a, _ := scenarios.Twin(s)
	m := newCompareModel(t, a, s, 120, 40)
	playUntil(t, m, func() bool { return m.atPause && simTime(m.c.Now()) == "5.914s" })
	if v := ansi.Strip(m.View()); !strings.Contains(v, "lease-read-unsafe · ★ n3 T3 · ✔ no violation yet ·") {
		t.Errorf("the unsafe half's title at 5.914s does not say 'yet':\n%s", v)
	}
	playUntil(t, m, func() bool { return m.c.Done() })
	if v := ansi.Strip(m.View()); strings.Contains(v, "no violation yet") {
		t.Errorf("an ended half still says 'yet':\n%s", v)
	}
}

// lease-read-unsafe's safe run ends with n1's term-2 Grant (index 6) on no node, cut from n1's
// log when it caught up with the term-3 leader: it read "not applied yet", as if still to come
// (nc30-d, item 6). It reads "dropped: never applied".
func TestReplicationRowOnNoNodeSaysDropped(t *testing.T) {
	v := twinAtEnd(t, "lease-read-unsafe")
	if !strings.Contains(v, "6 t2   Grant orders 10s ·  ·  ·  ·  ·  dropped: never applied") || strings.Contains(v, "not applied yet") {
		t.Errorf("the term-2 Grant on no node does not read dropped:\n%s", v)
	}
}
