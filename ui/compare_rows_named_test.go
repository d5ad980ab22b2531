package ui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// etcd-failover-reset's handover narration points at timeline rows ("(c1 gets not-leader from
// n1)", "('… finds n1 no longer leading')", "the timeline's 'nX confirms … still leads' rows"),
// and a comparison has no timeline: under the say, the rows it names, from the story's run.
func TestCompareShowsTheRowsASayNames(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} { // (at 80x24 the say alone fills the three rows)
		a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
		m := newCompareModel(t, a, b, sz[0], sz[1])
		atSay := func(prefix string) string {
			playUntil(t, m, func() bool {
				says, _, _ := m.c.Narration(0)
				return m.atPause && len(says) > 0 && strings.HasPrefix(says[0], prefix)
			})
			return strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		}
		v := atSay("n1 began that round")
		for _, want := range []string{"4.065s c1 gets not-leader from n1", "finds n1 no longer leading"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d: %q missing under the say that names it:\n%s", sz[0], sz[1], want, ansi.Strip(m.View()))
			}
		}
		v = atSay("c2 asks for 'orders'")
		if !strings.Contains(v, "confirms n2 still leads") {
			t.Errorf("%dx%d: no 'nX confirms n2 still leads' row:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
	}
}

// Only rows are patterns: a quoted word ('orders') or a phrase naming no node or client is not.
func TestRowPatterns(t *testing.T) {
	if p := rowPatterns([]string{"c1's keepalive reached n1 mid-handover, and n2's vote request"}); len(p) != 0 {
		t.Errorf("possessives quote no row: %v", p)
	}
	pats := rowPatterns([]string{"asks for 'orders' (the timeline's 'nX confirms … still leads' rows), ('… finds n1 no longer leading') (c1 gets not-leader from n1) 'a quoted phrase'"})
	if len(pats) != 3 {
		t.Fatalf("patterns %v", pats)
	}
	for _, c := range []struct {
		row  string
		want int
	}{
		{"n3 confirms n1 still leads (ReadIndex heartbeat)", 0},
		{"n4's confirmation (4.060s) finds n1 no longer leading", 1},
		{"c1 gets not-leader from n1", 2},
	} {
		for p, re := range pats {
			if re.MatchString(c.row) != (p == c.want) {
				t.Errorf("pattern %d (%v) on %q: %v", p, re, c.row, re.MatchString(c.row))
			}
		}
	}
}

// The note on whose story it is stays whole when it and the say both fit: at etcd-failover-
// reset's 4.120s stop (a two-line say) it was cut to "see its hal…" while other stops wrapped it.
func TestNarrFittedKeepsTheNoteWholeWhenAllFits(t *testing.T) {
	text := []narrLine{{"▸ what the run does (the story is told for it; the other run parted", narrNote}, {"  at 4.064s: see its half)", narrNote},
		{"❝ n2 told c2 busy,", narrSay}, {"  the newest rows. ❞", narrSay}}
	if got := narrFitted(text, 4); len(got) != 4 || got[1].text != text[1].text {
		t.Errorf("all four lines fit four rows, got %v", got)
	}
	if got := narrFitted(append(text, narrLine{"  more ❞", narrSay}), 4); len(got) != 4 || got[0].kind != narrNote || got[1].kind == narrNote {
		t.Errorf("too few rows: the note goes in one, got %v", got)
	}
}

// The story's says after its last stop are never read at a stop: at the end the verdicts take
// the narration's place. The end offers them with one key, n, and n again brings the verdicts back.
func TestCompareEndOffersTheStorysLastWords(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}, {160, 48}} {
		a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		says, _, _ := m.c.Narration(0)
		if !m.c.Done() || len(says) == 0 {
			t.Fatalf("at the end: done %v, last says %q", m.c.Done(), says)
		}
		last := strings.Join(strings.Fields(says[len(says)-1]), " ")[:40]
		flat := func() string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }
		if v := flat(); !strings.Contains(v, "n reads the story's last narration") || !strings.Contains(v, "n story's last words") || strings.Contains(v, last) {
			t.Errorf("%dx%d: the end offers no n, or shows the say already:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		m.Update(keyMsg("n"))
		if v := flat(); !strings.Contains(v, last) || !strings.Contains(v, "n: back to the verdicts") {
			t.Errorf("%dx%d: n shows no %q:\n%s", sz[0], sz[1], last, ansi.Strip(m.View()))
		}
		m.Update(keyMsg("n"))
		if v := flat(); strings.Contains(v, last) || !strings.Contains(v, "PASS: 21 checks and waits held") {
			t.Errorf("%dx%d: n again brings no verdicts back:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
	}
}

// Every row a say points at is in its stop's stretch (the events the say tells of), at every
// stop of the comparisons the lessons name: a row from before it was another story's. The
// handover's "(the timeline's 'nX confirms … still leads' rows)" found none in its stretch and
// showed the previous keepalive's "3.072s n4 confirms n1 still leads again" (round 9).
func TestCompareNamedRowsAreTheStretchs(t *testing.T) {
	a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
	m := newCompareModel(t, a, b, 160, 48) // room for every named row under its say
	stamp := regexp.MustCompile(`^\s*(\d+\.\d{3})s\s+(.*)$`)
	pointers := 0
	compareStops(t, m, func(v string) {
		if m.ended {
			return
		}
		says, _, _ := m.c.Narration(0)
		for j := range says {
			says[j] = sayInCompare(says[j])
		}
		var shown []string
		lines := strings.Split(v, "\n")
		for k, l := range lines {
			if !strings.Contains(l, "↳ the rows it names") {
				continue
			}
			for _, r := range lines[k+1:] {
				g := stamp.FindStringSubmatch(r)
				if g == nil {
					if strings.HasPrefix(strings.TrimSpace(r), "‖") || strings.HasPrefix(strings.TrimSpace(r), "?") {
						break
					}
					continue // a wrapped row's rest
				}
				if at, _ := strconv.ParseFloat(g[1], 64); time.Duration(at*1000)*time.Millisecond <= m.c.StretchFrom(0) {
					t.Errorf("at %s: %q is from before the stop's stretch (since %s):\n%s", simTime(m.c.Now()), strings.TrimSpace(r), simTime(m.c.StretchFrom(0)), v)
				}
				shown = append(shown, g[2])
			}
		}
		for _, re := range rowPatterns(says) {
			pointers++
			if !slices.ContainsFunc(shown, re.MatchString) {
				t.Errorf("at %s: no row shown for the say's pointer %v:\n%s", simTime(m.c.Now()), re, v)
			}
		}
	})
	if pointers < 3 {
		t.Errorf("only %d pointers checked", pointers)
	}
}

// "(the newest rows)" points at the rows the stop's instant added: compare, with no timeline,
// shows them under the say. etcd-failover-reset's 4.120s stop said the script's keepalive "was
// answered renewed (the newest rows)" while both halves' results were cut and nothing showed it.
func TestCompareShowsTheNewestRowsASayNames(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}} {
		a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool {
			says, _, _ := m.c.Narration(0)
			return m.atPause && len(says) > 0 && strings.HasPrefix(says[0], "n2 told c2 busy")
		})
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		want := simTime(m.c.Now()) + " c1 gets renewed from n2"
		if !strings.Contains(v, "the rows it names") || !strings.Contains(v, want) {
			t.Errorf("%dx%d: no %q under the say:\n%s", sz[0], sz[1], want, ansi.Strip(m.View()))
		}
	}
}

// A quoted word before a quoted row does not pair with it: "'invoices'. Its Grant … ('n5
// applies …')" was read as the quote ". Its Grant … (" and the row was never found
// (snapshot-catch-up's end, round 11). An apostrophe inside a word opens no quote.
func TestRowPatternsAfterAQuotedWord(t *testing.T) {
	pats := rowPatterns([]string{"a key no one had used, 'invoices'. Its Grant gets token 102 on every node, n5 included ('n5 applies 204 Grant invoices 1m → Granted{token:102}'): the counter, 'next token 101' in n1's row"})
	if len(pats) != 1 || !pats[0].MatchString("n5 applies 204 Grant invoices 1m → Granted{token:102}") {
		t.Fatalf("patterns %v", pats)
	}
}
