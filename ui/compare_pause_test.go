package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// At 120x40 an answered ask shrinks to its verdict's one line once the script moves on, and the
// pause's own narration shows first: at etcd-failover-reset's 8.798s stop the ask (7 rows) kept
// its place and the new say (since moved to the takeover stop) read "… 4 more lines (a taller terminal; leaselab compare --print)",
// a pointer to a command that prints no narration.
func TestCompareAnsweredAskGivesWayToThePause(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	answered := false
	for !m.c.Done() {
		playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
		if !m.atPause {
			break
		}
		v := ansi.Strip(m.View())
		if answered && strings.Contains(v, "A new leader won the election") {
			if !strings.Contains(v, "though c1, stalled, renews nothing.") {
				t.Fatalf("the pause's narration is not whole:\n%s", v)
			}
			if !strings.Contains(v, "earlier ask: ✔") || strings.Contains(v, "When can c2 get") {
				t.Fatalf("the answered ask is not one line:\n%s", v)
			}
			return
		}
		if strings.Contains(v, "more lines (a taller terminal; leaselab compare --print)") && !m.c.Done() {
			t.Fatalf("a pause's narration points to --print, which prints none:\n%s", v)
		}
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("4"))
			answered = true
		}
		m.Update(keyMsg("enter"))
	}
	t.Fatal("never reached the 8.798s stop after the ask")
}

// A say longer than the narration's rows says it is cut, and only the end's verdicts point to
// --print (which prints no narration and no ask).
func TestFitNarrSaysWhereTheRestIs(t *testing.T) {
	say := sayLines([]string{strings.Repeat("word ", 60)}, 40)
	got := fitNarr(say, 3)
	if len(got) != 3 || !strings.Contains(got[2].text, "more lines (a taller terminal)") || strings.Contains(got[2].text, "--print") {
		t.Errorf("a long say cut to 3 rows: %v", got)
	}
	ask := []narrLine{{"? q", narrAsk}, {"1) a", narrChoice}, {"2) b", narrChoice}, {"→ press", narrAsk}}
	if got := fitNarr(ask, 3); strings.Contains(got[2].text, "--print") || !strings.Contains(got[2].text, "more lines") {
		t.Errorf("an ask cut to 3 rows: %v", got)
	}
	verdict := []narrLine{{"safe: PASS", narrVerdict}, {"x", narrFail}, {"y", narrFail}, {"z", narrFail}}
	if got := fitNarr(verdict, 3); !strings.Contains(got[2].text, "leaselab compare --print") {
		t.Errorf("the end's verdicts cut to 3 rows: %v", got)
	}
}

// The key line offers only keys that act: the answer keys until the ask is answered (a second
// answer does not replace the first), and neither enter nor e once both scripts have finished.
// At an ask the status says the prediction comes first.
func TestCompareKeysThatAct(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	status, help := rows[len(rows)-2], rows[len(rows)-1]
	if !strings.Contains(status, "an ask first: press 1-3 to predict, then enter continues both") || !strings.Contains(help, "1-3 answer") {
		t.Fatalf("at the ask:\n%s\n%s", status, help)
	}
	ask, _ := m.waitingAsk()
	m.Update(keyMsg("2"))
	m.Update(keyMsg("1"))
	rows = strings.Split(ansi.Strip(m.View()), "\n")
	if help := rows[len(rows)-1]; strings.Contains(help, "answer") || m.answers[ask.Pos] != 1 {
		t.Fatalf("after the answer (kept %d):\n%s", m.answers[ask.Pos], help)
	}
	m.Update(keyMsg("e"))
	if !m.c.Done() {
		t.Fatal("e did not play both to the end")
	}
	rows = strings.Split(ansi.Strip(m.View()), "\n")
	if help := rows[len(rows)-1]; strings.Contains(help, "enter continue") || strings.Contains(help, "e to the end") || !strings.Contains(help, "q quit") {
		t.Fatalf("after both ended the key line offers keys that do nothing:\n%s", help)
	}
	// Paused or done, space resumes: "space pause" offered what had already happened (nc24-g2).
	if help := rows[len(rows)-1]; strings.Contains(help, "space pause") || !strings.Contains(help, "space run on") {
		t.Fatalf("at the end the key line offers space pause:\n%s", help)
	}
	m.Update(keyMsg("d"))
	rows = strings.Split(ansi.Strip(m.View()), "\n")
	if help := rows[len(rows)-1]; !m.paused || strings.Contains(help, "space pause") || !strings.Contains(help, "space resume") {
		t.Fatalf("paused at the divergence the key line offers space pause:\n%s", help)
	}
}

// A reply check that does not hold on the other run says which reply it compares: the answer
// to the client's latest request, not a background keepalive's (etcd's keep run: "here: c1
// reply granted token 1" while c1's keepalive had just been answered not-found).
func TestStoryMissSaysWhichReply(t *testing.T) {
	_, text := storyMissText(scenarios.Failure{Step: "wait-until c1 reply renewed within 3s", Found: "c1 reply granted token 1"})
	if !strings.Contains(text, "here: c1 reply granted token 1 (the answer to its latest request; background keepalives' answers aside)") {
		t.Errorf("%q", text)
	}
	if _, text := storyMissText(scenarios.Failure{Step: "expect leader", Found: "leader none"}); strings.Contains(text, "keepalive") {
		t.Errorf("%q", text)
	}
}

// A check that says itself what the client heard since gets no second bracket.
func TestStoryMissTakesTheCheckSince(t *testing.T) {
	found := "c1 reply granted token 1 (its last request's answer, a background keepalive was answered not-found since)"
	if _, text := storyMissText(scenarios.Failure{Step: "expect c1 reply renewed", Found: found}); !strings.HasSuffix(text, "here: "+found) {
		t.Errorf("%q", text)
	}
}

func TestStoryMissNoReplyYetSaysNoMore(t *testing.T) {
	if _, text := storyMissText(scenarios.Failure{Step: "expect c3 reply busy", Found: "c3 reply (none yet)"}); strings.Contains(text, "keepalive") {
		t.Errorf("%q", text)
	}
}

// The end says why no checker finds a violation without the option: what the checkers catch,
// and why a late token-1 write or a not-found answer is none of it.
func TestCompareEndSaysWhyNoViolation(t *testing.T) {
	for _, pair := range [][2]string{{"lock-delay", "lock-delay"}, {"etcd-failover-reset", "lease-on-promote"}} {
		a, b := withoutPair(t, pair[0], pair[1])
		m := newCompareModel(t, a, b, 160, 48)
		m.Update(keyMsg("e"))
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "why the run without it finds no violation: the checkers catch a Grant over a held key") || !strings.Contains(v, "passes fencing;") {
			t.Errorf("%s: the end does not say why no checker finds a violation:\n%s", pair[0], v)
		}
	}
}
