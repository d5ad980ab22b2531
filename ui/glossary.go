package ui

import (
	"fmt"

	"leaselab/scenarios"
)

// glossary is the `?` screen's second page (scenarios.Glossary: the web page shows it too).
var glossary = scenarios.Glossary

// glossaryLines is the glossary wrapped to w cells.
func (m *Model) glossaryLines(w int) []string { return glossaryBody(m.st, w) }

// glossaryView is the glossary page in h rows from its scroll position, with a title line.
func (m *Model) glossaryView(w, h int) []string { return glossaryPage(m.st, w, h, m.page.glossTop) }

// glossaryBody is the glossary wrapped to w cells: one text for leaselab play's page and
// compare's.
func glossaryBody(st *styles, w int) []string {
	var out []string
	for _, g := range glossary {
		for i, l := range wrap(g.Term+": "+g.Text, w-2, "    ") {
			if i == 0 {
				out = append(out, st.hkey.r(" "+g.Term)+st.plain.r(fit(l[len(g.Term):], w-1-width(g.Term))))
				continue
			}
			out = append(out, st.plain.r(fit(" "+l, w)))
		}
	}
	return out
}

// glossaryPage is the glossary in h rows from line top, with a title line.
func glossaryPage(st *styles, w, h, top int) []string {
	return glossaryPageWith(st, w, h, top, nil)
}

// glossaryPageWith is the glossary page with lead, legend lines of the view's own, above it.
func glossaryPageWith(st *styles, w, h, top int, lead []string) []string {
	var body []string
	for _, s := range lead {
		for _, l := range wrap(s, w-1, "  ") {
			body = append(body, st.faint.r(fit(" "+l, w)))
		}
	}
	if len(lead) > 0 {
		body = append(body, blank(w))
	}
	body = append(body, glossaryBody(st, w)...)
	room := max(1, h-1)
	top = min(max(top, 0), max(0, len(body)-room))
	more := ""
	if len(body) > room {
		more = fmt.Sprintf(" · ↑↓ scroll (%d-%d of %d lines)", top+1, min(len(body), top+room), len(body))
	}
	out := []string{fitStyled(st.title.r(" Glossary")+st.faint.r("  (? or esc closes"+more+")"), w)}
	out = append(out, body[top:min(len(body), top+room)]...)
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out[:h]
}

// scrollGlossary moves the glossary page by d lines, within its length.
func (m *Model) scrollGlossary(d int) {
	room := max(1, m.lay.narration.y-2)
	m.page.glossTop = min(max(m.page.glossTop+d, 0), max(0, len(m.glossaryLines(m.width))-room))
}
