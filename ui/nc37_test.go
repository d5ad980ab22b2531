package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// toStop plays m from its start to the stop whose narration shows text, failing if none does.
func toStop(t *testing.T, m *Model, text, at string) {
	t.Helper()
	// (words: the phrase may wrap across the narration's lines.)
	for runToStop(t, m); !m.sim.ended && !strings.Contains(words(m), text); runToStop(t, m) {
		answerAsk(m)
		press(m, "enter")
	}
	if !strings.Contains(words(m), text) {
		t.Fatalf("%s: no stop shows %q:\n%s", at, text, ansi.Strip(m.View()))
	}
}

// nc37-b: at the handover "n1 began such a round" with no row of n1's on screen. The say quotes
// the keepalive's arrival at n1, where the round begins, and the stop shows it under every seed
// and size (no answer to the round shows on every seed: on seed 1 none came back).
func TestEtcdResetRoundShowsItsStart(t *testing.T) {
	eachSeed(t, "etcd-failover-reset", 0, func(m *Model, w int, at string) {
		toStop(t, m, "began such a round", at)
		if !strings.Contains(words(m), "(its every-1s renewal: 'n1 receives c1's keepalive orders')") {
			t.Errorf("%s: the narration does not point at the row:\n%s", at, ansi.Strip(m.View()))
		}
		if !regexp.MustCompile(`\d\.\d+s +n1 receives c1's keepalive orders`).MatchString(panelsOf(m)) {
			t.Errorf("%s: the keepalive's arrival at n1 is not on screen:\n%s", at, ansi.Strip(m.View()))
		}
	})
}

// nc37-b: at 8.819s the say told c3 "is told busy" while 'c3 gets busy from n5' hid under
// "↓ 1 more". It quotes the row, and the stop shows it.
func TestEtcdResetBusyRowShown(t *testing.T) {
	eachSeed(t, "etcd-failover-reset", 0, func(m *Model, w int, at string) {
		toStop(t, m, "another client, asks for it now", at)
		row := regexp.MustCompile(`c3 gets busy from n\d`).FindString(panelsOf(m))
		if row == "" || !strings.Contains(words(m), "('"+row+"')") {
			t.Errorf("%s: the busy row is not on screen, or the narration does not quote it (%q):\n%s", at, row, ansi.Strip(m.View()))
		}
	})
}

// nc37-b: the end said "once every table showed 'orders' free" beside crashed n2's "(memory
// lost)", and "(try nX)", a template slot, where the row reads "(try n5)".
func TestEtcdResetEndSaysLiveTablesAndTry(t *testing.T) {
	eachSeed(t, "etcd-failover-reset", 2, func(m *Model, w int, at string) {
		toStop(t, m, "The script had c2 ask again", at)
		v := words(m)
		if !strings.Contains(v, "every live node's table showed 'orders' free") || strings.Contains(v, "nX") {
			t.Errorf("%s: the end:\n%s", at, ansi.Strip(m.View()))
		}
		row := regexp.MustCompile(`c2 gets granted from n\d`).FindString(panelsOf(m))
		if row == "" || !strings.Contains(v, "ended at the leader, n3 itself or the one n3 named: '"+row+"'") {
			t.Errorf("%s: the row the end names for the leader (%q) is not on screen as quoted:\n%s", at, row, ansi.Strip(m.View()))
		}
		if !strings.Contains(panelsOf(m), "(memory lost)") {
			t.Errorf("%s: crashed n2's table is not on screen:\n%s", at, ansi.Strip(m.View()))
		}
	})
}

// nc37-b, etcd-failover-reset's compare (C) at 120x40: the header said "c1's answer: reset
// 4.088s | keep 4.091s", neither which answer nor what; the keep half's failed reply check read
// "c1 reply granted token 1 (its last request's answer, …)" as c1 just granted; c1's row said
// "waited 4.7s of 2s" with no reason a wait runs past its limit (c1 is paused).
func TestEtcdResetCompareSaysItselfPlainly(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	playToStopAt(t, m, "4.120s")
	v := ansi.Strip(m.View())
	if head := strings.Split(v, "\n")[0]; !strings.Contains(head, "· c1 got renewed (reset) | not-found (keep)") {
		t.Errorf("the header does not say what c1 was told in each run: %q", head)
	}
	if h := halfText(m, 1); !strings.Contains(h, "c1 reply granted token 1 (its answer to an earlier request: its keepalive orders still waits for its own") {
		t.Errorf("the keep half's reply check does not say the grant is an earlier answer:\n%s", v)
	}
	playToStopAt(t, m, "8.819s")
	if h := halfText(m, 1); !regexp.MustCompile(`c1 ‖ paused→.* waited \d+\.\ds of 2s \(paused\)`).MatchString(h) {
		t.Errorf("the keep half's c1 does not say why it waited past 2s:\n%s", ansi.Strip(m.View()))
	}
}

// nc37-a, figure-8's first stop: "(small screen: v, and the timeline lists every append, empty
// ones too…)" did not parse, and the default timeline lists no empty append. The say names the
// view that does, and at 80x24, where no log columns show, v brings it up with an empty append.
func TestFigure8SmallScreenPointsAtAllEvents(t *testing.T) {
	m := playLesson(t, "figure-8", 80, 24)
	toStop(t, m, "Each column draws a log", "80x24")
	if v := words(m); !strings.Contains(v, "v's 'all events' lists every append, empty ones too") {
		t.Fatalf("the narration:\n%s", ansi.Strip(m.View()))
	}
	press(m, "v")
	if !strings.Contains(panelsOf(m), "all events") {
		t.Fatalf("v does not show 'all events':\n%s", ansi.Strip(m.View()))
	}
	empty := regexp.MustCompile(`n\d appends 2 t1 empty`)
	for i := 0; i < 400 && !empty.MatchString(panelsOf(m)); i++ {
		press(m, "up") // scrolled back, as the timeline's title says (↑ N above)
	}
	if !empty.MatchString(panelsOf(m)) {
		t.Errorf("scrolled back, 'all events' shows no empty append:\n%s", ansi.Strip(m.View()))
	}
}

// nc37-a, figure-8 at 0.242s: "n1 sends n3 all it lacks in one message" beside the row "n1
// hears n3 reject after 3 (ends 2): resends 3"; and "would even if it knew n2 holds index 3",
// which no screen could show. The say tells the reject and quotes its row, on screen.
func TestFigure8ResendStopTellsTheReject(t *testing.T) {
	eachSeed(t, "figure-8", 2, func(m *Model, w int, at string) {
		toStop(t, m, "n1 first sends n3 index 4 alone", at)
		v := words(m)
		if !strings.Contains(v, "n1 resends from index 3") || strings.Contains(v, "even if it knew") {
			t.Errorf("%s: the narration:\n%s", at, ansi.Strip(m.View()))
		}
		if !strings.Contains(panelsOf(m), "n1 hears n3 reject after 3 (ends 2): resends 3") {
			t.Errorf("%s: the reject row is not on screen:\n%s", at, ansi.Strip(m.View()))
		}
	})
}

// nc37-a, figure-8 at 0.327s: "n5's index 3" had no Replication row (its Grant's row is the
// overwritten one). The say points at the ↺ on the Grant's row, there at both sizes.
func TestFigure8OldTermEntryPointsAtTheRow(t *testing.T) {
	eachSeed(t, "figure-8", 2, func(m *Model, w int, at string) {
		toStop(t, m, "committed only with index 4", at)
		if !strings.Contains(words(m), "the ↺ on the Grant's row") {
			t.Errorf("%s: the narration does not point at the ↺:\n%s", at, ansi.Strip(m.View()))
		}
		if !regexp.MustCompile(`3 t1 +Grant orders 3s ○ +↺ +↺ +↺ +↺`).MatchString(panelsOf(m)) {
			t.Errorf("%s: the Grant's row with ↺ is not on screen:\n%s", at, ansi.Strip(m.View()))
		}
	})
}
