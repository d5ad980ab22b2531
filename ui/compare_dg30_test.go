package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc30-e: `C` from leader-crash-mid-lease-extend read "c2's answers differ: 4.116s | 4.120s",
// neither time labelled. Each is named by its half ("extend", "keep": what each run does),
// with what each run answered where it fits (nc30-h: one answer per run, not "two answers").
func TestCompareHeaderLabelsBothAnswers(t *testing.T) {
	bare := regexp.MustCompile(`[0-9]s \| [0-9]`)
	for _, c := range []struct {
		w, h int
		want string
	}{{120, 40, "· c2 got renewed (extend) | not-found (keep)"}, {160, 48, "· c2's answer: extend 4.116s renewed invoices | keep 4.120s not-found invoices"}, {80, 24, ""}} {
		a, b := withoutPair(t, "leader-crash-mid-lease-extend", "lease-on-promote")
		m := newCompareModel(t, a, b, c.w, c.h)
		seen := false
		playUntil(t, m, func() bool {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("1"))
			}
			head := strings.Split(ansi.Strip(m.View()), "\n")[0]
			if bare.MatchString(head) {
				t.Fatalf("%dx%d: the header's two times are not labelled: %q", c.w, c.h, head)
			}
			if c.want != "" && strings.Contains(head, c.want) {
				seen = true
			}
			return m.ended
		})
		if c.want != "" && !seen {
			t.Errorf("%dx%d: the header never read %q", c.w, c.h, c.want)
		}
	}
}

// nc30-e: from the first stop the key line offered "C beside keep", and no stop had yet said
// what keep is. A lesson whose twin runs the rule its option replaces offers the default rule,
// and the key line keeps pause/resume at 80 columns.
func TestTwinKeyNamesTheDefaultRule(t *testing.T) {
	for _, name := range []string{"leader-crash-mid-lease-extend", "etcd-failover-reset"} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, name, sz[0], sz[1])
			runToStop(t, m)
			rows := strings.Split(ansi.Strip(m.View()), "\n")
			keys := rows[len(rows)-1]
			if !strings.Contains(keys, "C vs default rule") || strings.Contains(keys, "keep") || !strings.Contains(keys, "space pause/resume") {
				t.Errorf("%s %dx%d: the key line at the first stop: %q", name, sz[0], sz[1], keys)
			}
		}
	}
}

// nc30-e: a quoted row's "…" where the node varies by seed ('… becomes leader', 'c2 gets renewed
// from …') read as text cut off. Where no row fills it the student reads "a node" there,
// unquoted (nc31-f); a "…" for other words stays, and the script's text (the rows it names) is
// unchanged.
func TestQuotedRowsNameANode(t *testing.T) {
	for in, want := range map[string]string{
		"A new leader is elected ('… becomes leader', ★ on its column).":         "A new leader is elected (a node becomes leader, ★ on its column).",
		"answered ('c2 gets renewed from …'). c1's line says when ('ran out …')": "answered (c2 gets renewed from a node). c1's line says when ('ran out …')",
		"'n3 appends 5 …' and 'c2 gets granted from n1 …'":                       "'n3 appends 5 …' and 'c2 gets granted from n1 …'",
	} {
		if got := quotedNames(in); got != want {
			t.Errorf("%q reads %q, want %q", in, got, want)
		}
	}
	m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
	playUntilOnScreen(t, m, "A new leader is elected")
	v := ansi.Strip(m.View())
	// Where the run has the row, the quote is the row (nc31-f, TestQuotedRowsReadAsTheRun).
	if !regexp.MustCompile(`'n\d becomes leader'`).MatchString(v) || strings.Contains(v, "'… becomes leader'") {
		t.Errorf("the narration still quotes '… becomes leader':\n%s", v)
	}
	if names := newRowNames(m.stopSays()); !names.any() {
		t.Errorf("the stop's says name no rows")
	}
}
