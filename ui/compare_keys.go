package ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Compare's ? page, as play's: its keys and the marks its halves draw, ? again the glossary,
// ? once more closes (?? glossary, as the lessons' words say). ? went straight to the glossary,
// and nothing said what ○ ◆ ✓ ▸ or a results rule's counts meant (nc31-b, nc31-c).

// comparePage is which page covers the halves.
type comparePage int

const (
	pageNone comparePage = iota
	pageKeys
	pageGlossary
)

// pageKey opens, cycles and closes compare's pages (? keys, ? glossary, ? closed; esc closes)
// and scrolls the open one; it reports whether the key was the page's. Every other key still
// reaches the comparison.
func (m *CompareModel) pageKey(k tea.KeyMsg) bool {
	switch {
	case key.Matches(k, m.keys.Glossary):
		m.page = (m.page + 1) % 3
		m.glossTop, m.keysTop = 0, 0
	case m.page != pageNone && k.Type == tea.KeyEsc:
		m.page = pageNone
	case m.page == pageGlossary:
		// A page is the rows the page shows, less one (it was 10 lines of 303, and end did
		// nothing: nc25-g); the text is the one compare_view draws.
		n := len(glossaryRows(m.st, m.width, []string{m.glossLead()}))
		top, ok := glossaryScroll(k, m.glossTop, max(1, m.height-3-1), n)
		if !ok {
			return false
		}
		m.glossTop = top
	case m.page == pageKeys:
		top, ok := glossaryScroll(k, m.keysTop, max(1, m.height-3-1), len(m.keysBody(m.width)))
		if !ok {
			return false
		}
		m.keysTop = top
	default:
		return false
	}
	return true
}

// keysPage is the keys page in h rows: its title, then its body from m.keysTop.
func (m *CompareModel) keysPage(w, h int) []string {
	st := m.st
	body := m.keysBody(w)
	room := max(1, h-1)
	top := min(max(m.keysTop, 0), max(0, len(body)-room))
	title := []string{"  (? again: the glossary · esc closes)"}
	if len(body) > room {
		span := fmt.Sprintf("%d-%d of %d lines", top+1, min(len(body), top+room), len(body))
		title = []string{"  (? again: the glossary · esc closes · ↑↓ scroll a line, pgup/pgdn a page, home/end · " + span + ")",
			"  (? again: the glossary · esc closes · ↑↓ scroll: " + span + ")",
			"  (? glossary · esc closes · ↑↓ " + span + ")"}
	}
	out := []string{fitStyled(st.title.r(" Keys & marks")+st.faint.r(firstFit(w-width(" Keys & marks"), title...)), w)}
	out = append(out, body[top:min(len(body), top+room)]...)
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out[:h]
}

// keysBody is every line of the keys page under its title: compare's keys, then what the
// screen's marks mean.
func (m *CompareModel) keysBody(w int) []string {
	st := m.st
	k := &m.keys
	var keys []string
	for _, b := range []key.Binding{k.Pause, k.Continue, k.Step, k.Back, k.Forward, k.Jump, k.End, k.Answer, k.LastWords, k.Slower, k.Faster, k.Older, k.Newer, k.Glossary, k.Quit} {
		h := b.Help().Key
		if b.Help() == k.Answer.Help() {
			// The ask's own range, as the status line says it ("press 1-3"); no fixed 1-4
			// beside it (nc34-h).
			h = "1-N"
			if ask, ok := m.waitingAsk(); ok {
				h = fmt.Sprintf("1-%d", len(ask.Choices))
			}
		}
		keys = append(keys, h+" "+b.Help().Desc)
	}
	if m.fromPlay {
		keys = append(keys, "esc or C back to the lesson")
	}
	text := []string{
		"keys: " + strings.Join(keys, " · ") + " (both runs move together: no action of your own, it would break the lockstep)",
		"",
		"header: = identical so far · ≠ diverged at 5.253s: the first instant the two runs differ (d comes back to it) · then where the clients' answers first differ · ‖ SCRIPT PAUSE: the script stopped both (enter continues both) · ? PREDICT: an ask waits (1-N, the ask's choices) · ■ BOTH DONE: both scripts ended · ▶ running · 1x the speed",
		"a half's title: which run it is (safe, unsafe: SWITCH, with/without OPTION), its leader (★ n1 T1), ✔ no violation yet or ✖ its violations' kinds, step N/M of its script · under it: what its switch or option changes (said after the asks) · ≠ 5.253s …: what this run did at the divergence · ▸ the node or client whose action parted them · ✖ …: what its violation did, in plain words · ✗ N of the story's checks did not hold here: the story's expects (told for the other run) that failed in this one",
		roleLegend(),
		nodeRowsLegend,
		legendLocks,
		// (A half's tracker takes no focus: its earlier entries show as time goes back.)
		strings.Replace(legendReplication, "; focus it (shift+tab) and ↑↓ to see them", "", 1) + " · in a half, the rule's legend names the marks its rows draw at this instant, so it changes from stop to stop (·=none only while a node lacks an entry shown, ✓applied once one has applied it)",
		legendClients,
		"applied results & replies: a half's applies, client answers and violations, newest last · VIOLATION: a safety check that failed, its explanation whole (?? glossary) · ✗ the story has X; here: Y: one of the story's checks that did not hold in this run · ↑ N older (K ✗): N rows above, K of them ✗ · ↓ N more: rows below · violation on top: the half keeps its violation as its first row, ↑ N before it, N folded under it (between it and the rows under, ⋮ where it has a row), ↓ N after it · ↑ ↓ scroll both halves to the same instant (a half with no row between stays; the status line says which moved)",
	}
	var lines []string
	for _, s := range text {
		if s == "" {
			lines = append(lines, blank(w))
			continue
		}
		for _, l := range wrap(s, w-1, "  ") {
			lines = append(lines, st.faint.r(fit(" "+l, w)))
		}
	}
	return lines
}
