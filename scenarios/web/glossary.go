package web

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"leaselab/scenarios"
)

// The lessons point at the glossary with the TUI's key (`?? glossary`); on the page that key
// does nothing, so the narration says "glossary↓" (one word: wrapping never splits it) and
// each becomes a link that opens the glossary over the page, where the student is.
const glossWord = "glossary↓"

// glossed replaces the TUI's pointer to its glossary with the page's.
func glossed(s string) string { return strings.ReplaceAll(s, "?? glossary", glossWord) }

// noteHTML escapes a note's lines (wrapped from raw) and links each glossary pointer to the
// entry it glosses.
func noteHTML(lines []string, raw string) string {
	h := esc(strings.Join(lines, "\n"))
	for i := 0; ; {
		j := strings.Index(raw[i:], "?? glossary")
		if j < 0 {
			break
		}
		i += j
		link := fmt.Sprintf(`<span class="gl" role="button" tabindex="0" data-t="%d">`, glossTerm(raw[:i])) + "glossary\x00</span>"
		h = strings.Replace(h, glossWord, link, 1)
		i += len("?? glossary")
	}
	return strings.ReplaceAll(h, "glossary\x00", glossWord)
}

// glossTerm is the glossary entry a pointer glosses: the one named last in the text before it
// ("its lessor (?? glossary)": lessor), or -1.
func glossTerm(before string) int {
	before = strings.ToLower(before)
	best, at, n := -1, -1, 0
	for i, g := range scenarios.Glossary {
		for _, name := range strings.Split(g.Term, ", ") {
			if k := strings.Index(name, " ("); k > 0 {
				name = name[:k]
			}
			// The latest; at the same place the longest ("checkpoints": checkpoint, not check).
			if k := lastWordAt(before, strings.ToLower(name)); k > at || (k == at && k >= 0 && len(name) > n) {
				best, at, n = i, k, len(name)
			}
		}
	}
	return best
}

// writeGlossary writes the glossary as a panel the page's links open (hidden until then).
func writeGlossary(o *errWriter) {
	o.str(`<div id="gl" hidden><div class="gh"><button id="glx">close (esc)</button><b>Glossary</b>: the words the lessons use</div><dl>`)
	for _, g := range scenarios.Glossary {
		o.printf("<dt>%s</dt><dd>%s</dd>", esc(g.Term), esc(g.Text))
	}
	o.str("</dl></div>\n")
}

// lastWordAt is where w last starts a word in s ("release" has no word lease), or -1.
func lastWordAt(s, w string) int {
	for end := len(s); ; {
		k := strings.LastIndex(s[:end], w)
		if k <= 0 {
			return k
		}
		if r, _ := utf8.DecodeLastRuneInString(s[:k]); !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' {
			return k
		}
		end = k + len(w) - 1
	}
}
