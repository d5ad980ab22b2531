package ui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

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
	body := glossaryRows(st, w, lead)
	room := max(1, h-1)
	top = min(max(top, 0), max(0, len(body)-room))
	title := []string{"  (? or esc closes)"}
	if len(body) > room {
		// The title names every scrolling key: at 303 lines a student reaches the end with
		// end, not thirty pgdn (nc25-g).
		span := fmt.Sprintf("%d-%d of %d lines", top+1, min(len(body), top+room), len(body))
		title = []string{"  (? or esc closes · ↑↓ scroll a line, pgup/pgdn a page, home/end top/bottom · " + span + ")",
			"  (? or esc closes · ↑↓ scroll, pgup/pgdn, home/end: " + span + ")",
			"  (esc closes · ↑↓ scroll, pgup/pgdn, home/end: " + span + ")"}
	}
	note := firstFit(w-width(" Glossary"), title...)
	out := []string{fitStyled(st.title.r(" Glossary")+st.faint.r(note), w)}
	out = append(out, body[top:min(len(body), top+room)]...)
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out[:h]
}

// glossaryRows is the glossary page's text under its title: lead, a blank line, the glossary.
func glossaryRows(st *styles, w int, lead []string) []string {
	var body []string
	for _, s := range lead {
		for _, l := range wrap(s, w-1, "  ") {
			body = append(body, st.faint.r(fit(" "+l, w)))
		}
	}
	if len(lead) > 0 {
		body = append(body, blank(w))
	}
	return append(body, glossaryBody(st, w)...)
}

// glossaryScroll is where a key moves a glossary page that shows room lines of n from top:
// ↑↓ a line, pgup/pgdn a page less a line kept for context, home/end the top and the end;
// ok is false for any other key.
func glossaryScroll(k tea.KeyMsg, top, room, n int) (int, bool) {
	page := max(1, room-1)
	switch k.Type {
	case tea.KeyUp:
		top--
	case tea.KeyDown:
		top++
	case tea.KeyPgUp:
		top -= page
	case tea.KeyPgDown:
		top += page
	case tea.KeyHome:
		top = 0
	case tea.KeyEnd:
		top = n
	default:
		return top, false
	}
	return min(max(top, 0), max(0, n-room)), true
}

// scrollGlossary moves the glossary page by d lines, within its length.
func (m *Model) scrollGlossary(d int) {
	room := max(1, m.lay.narration.y-2)
	m.page.glossTop = min(max(m.page.glossTop+d, 0), max(0, len(m.glossaryLines(m.width))-room))
}
