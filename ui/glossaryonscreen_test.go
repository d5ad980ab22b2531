package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// ?? at a stop opens on the words of that screen (nc34): newcomers who pressed ?? at
// first-lock's first stop to look up one word scrolled through 340 lines, and read entries
// (busy, fencing, connection, ghost release) that no screen had shown them yet. The page
// starts with "on this screen", the entries whose words the screen behind it shows, then a
// divider and every other word; ↓ reaches the last entry, ↑ comes back.
func TestGlossaryOpensOnScreenWords(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		runToStop(t, m)
		behind := ansi.Strip(m.View())
		press(m, "?", "?")
		if !m.page.glossary {
			t.Fatal("?? did not open the glossary")
		}
		v := ansi.Strip(m.View())
		rows := strings.Split(v, "\n")
		n := len(m.page.glossOn)
		if n == 0 || !strings.Contains(rows[1], "Glossary · ") || !regexp.MustCompile(`\b`+itoa(n)+` (words )?on (this )?screen`).MatchString(rows[1]) {
			t.Fatalf("%dx%d: the title does not say how many words are on this screen (%d):\n%s", sz[0], sz[1], n, v)
		}
		if !strings.HasPrefix(strings.TrimSpace(rows[2]), "on this screen (") {
			t.Fatalf("%dx%d: the page does not start with the screen's words:\n%s", sz[0], sz[1], v)
		}
		// The screen's words, in the first section: "raft", "state machine" and "term", the
		// narration's words; busy, connection, ghost release and projected state, which the
		// first stop does not show, below the divider.
		lines := ansi.Strip(strings.Join(m.glossaryLines(sz[0]), "\n"))
		div := strings.Index(lines, "every word (")
		if div < 0 || !strings.Contains(lines[div:div+40], itoa(len(glossary)-n)+" more") {
			t.Fatalf("%dx%d: no divider 'every word (%d more)':\n%s", sz[0], sz[1], len(glossary)-n, lines)
		}
		for _, w := range []string{"raft", "state machine", "term"} {
			if !strings.Contains(behind, w) {
				t.Fatalf("%dx%d: the stop's screen does not show %q:\n%s", sz[0], sz[1], w, behind)
			}
			if i := strings.Index(lines, "\n "+w+": "); i < 0 || i > div {
				t.Errorf("%dx%d: %q, on the screen, is not in the first section", sz[0], sz[1], w)
			}
		}
		for _, w := range []string{"busy", "connection", "ghost release", "projected state"} {
			if strings.Contains(behind, strings.Fields(w)[0]) {
				t.Fatalf("%dx%d: the stop's screen shows %q: pick another word", sz[0], sz[1], w)
			}
			term := w
			for _, g := range glossary {
				if strings.HasPrefix(g.Term, w) {
					term = g.Term
				}
			}
			if i := strings.Index(lines, "\n "+term+": "); i < div {
				t.Errorf("%dx%d: %q, not on the screen, is above the divider (at %d, divider %d)", sz[0], sz[1], w, i, div)
			}
		}
		// Every entry once: the screen's first, then the rest.
		for _, g := range glossary {
			if c := strings.Count(lines, "\n "+g.Term+": ") + strings.Count(lines[:min(len(lines), 80)], " "+g.Term+": "); c != 1 {
				t.Errorf("%dx%d: %q is on the page %d times", sz[0], sz[1], g.Term, c)
			}
		}
		// ↓ reaches the last entry (in the glossary's order, the last not on the screen).
		last := ""
		for i := len(glossary) - 1; i >= 0 && last == ""; i-- {
			if !strings.Contains(lines[:div], "\n "+glossary[i].Term+": ") {
				last = glossary[i].Term + ":"
			}
		}
		for i := 0; i < 900 && !strings.Contains(ansi.Strip(m.View()), last); i++ {
			press(m, "down")
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, last) || !regexp.MustCompile(`(\d+)-(\d+)(/| of )(\d+)`).MatchString(v) {
			t.Fatalf("%dx%d: ↓ does not reach %q:\n%s", sz[0], sz[1], last, v)
		}
		for i := 0; i < 900 && m.page.glossTop > 0; i++ {
			press(m, "up")
		}
		if v := ansi.Strip(m.View()); !strings.Contains(v, "on this screen (") {
			t.Fatalf("%dx%d: ↑ does not come back to the top:\n%s", sz[0], sz[1], v)
		}
	}
}

// A say that points at the glossary ("(check-quorum: ?? glossary)") puts its word in ??'s
// first section: the narration is on the screen behind the glossary, and its words come first.
func TestGlossaryPointedWordsOnScreen(t *testing.T) {
	want := map[string]string{ // a piece of the say around each pointer → the entry it points at
		"etcd promotes its lessor (?? glossary)":    "lease-extend-on-promote, lessor",
		"in turn: ?? glossary, not-leader)":         "not-leader, asks nX, asks n3 first",
		"(checkpoints, ?? glossary)":                "checkpoint (lease-checkpoint)",
		"(check-quorum: ?? glossary)":               "check-quorum (a leader's check 1.0s ✓, ✗)",
		"(Chubby's sequencer: ?? glossary)":         "Chubby: sequencer, lock-delay",
		"(lock-delay, not used here: ?? glossary)":  "lock-delay, delayed",
		"(its '1.0s ✗': ?? glossary, check-quorum)": "check-quorum (a leader's check 1.0s ✓, ✗)",
		"(?? glossary, reject after 7)":             "reject after 7 (n1 hears n2 reject after 7 (ends 6): resends 7)",
		"(keepalives: ?? glossary, keepalive;":      "keepalive, renewed",
		"VIOLATION row":                             "violation, checker", // "… and at the end (?? glossary)": the checker's finding
		"(a probe: ?? glossary)":                    "leader n1 tracks: acked 3, sent to 151, snapshot 201 sent, probe",
		"(or by a ghost release: ?? glossary)":      "ghost release",
	}
	n := 0
	for _, l := range scenarios.Lessons() {
		for _, st := range loadScenario(t, l.Name).Steps {
			if !strings.Contains(st.Text, "?? glossary") {
				continue
			}
			on := glossaryOn("", strings.Join(strings.Fields(st.Text), " "))
			for piece, term := range want {
				if !strings.Contains(st.Text, piece) {
					continue
				}
				n += strings.Count(st.Text, piece)
				i := slices.IndexFunc(glossary, func(g scenarios.GlossaryEntry) bool { return g.Term == term })
				if i < 0 || !slices.Contains(on, i) {
					t.Errorf("%s: %q points at %q, which ?? does not list as on this screen", l.Name, piece, term)
				}
			}
		}
	}
	if all := countPointers(t); n < all {
		t.Errorf("%d of the lessons' %d glossary pointers are in the list: add the new one", n, all)
	}
}

// countPointers is how many "?? glossary" the lessons' says hold.
func countPointers(t *testing.T) int {
	n := 0
	for _, l := range scenarios.Lessons() {
		for _, st := range loadScenario(t, l.Name).Steps {
			n += strings.Count(st.Text, "?? glossary")
		}
	}
	return n
}

// Each entry's pattern compiles, finds nothing in an empty screen, and finds its own first
// form where the glossary has no pattern of its own for it; glossLook names only real terms.
func TestGlossaryLookPatterns(t *testing.T) {
	for term := range glossLook {
		if !slices.ContainsFunc(glossary, func(g scenarios.GlossaryEntry) bool { return g.Term == term }) {
			t.Errorf("glossLook names %q, no glossary term", term)
		}
	}
	for i, re := range glossRes() {
		if re.MatchString("") || re.MatchString(" \n ") {
			t.Errorf("%q: its pattern matches an empty screen", glossary[i].Term)
		}
		if _, ok := glossLook[glossary[i].Term]; !ok {
			if f := glossForms(glossary[i].Term); len(f) == 0 || !re.MatchString("a "+f[0]+" b") {
				t.Errorf("%q: its pattern (%s) does not find its own form %q", glossary[i].Term, re, f)
			}
		}
	}
}
