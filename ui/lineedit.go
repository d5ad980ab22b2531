package ui

import tea "github.com/charmbracelet/bubbletea"

// lineEdit is the `:` prompt's one-line editor. (bubbles/textinput would need a clipboard
// module that is not among the project's dependencies.)
type lineEdit struct {
	text []rune
	pos  int
}

func (e *lineEdit) reset()        { e.text, e.pos = nil, 0 }
func (e *lineEdit) value() string { return string(e.text) }

// update edits on one key: typing, backspace/delete, ←/→, home/end, ctrl+u clears.
func (e *lineEdit) update(k tea.KeyMsg) {
	switch k.Type {
	case tea.KeyRunes, tea.KeySpace:
		rs := k.Runes
		if k.Type == tea.KeySpace {
			rs = []rune{' '}
		}
		if len(e.text)+len(rs) > 200 {
			return
		}
		e.text = append(e.text[:e.pos], append(append([]rune{}, rs...), e.text[e.pos:]...)...)
		e.pos += len(rs)
	case tea.KeyBackspace:
		if e.pos > 0 {
			e.text = append(e.text[:e.pos-1], e.text[e.pos:]...)
			e.pos--
		}
	case tea.KeyDelete:
		if e.pos < len(e.text) {
			e.text = append(e.text[:e.pos], e.text[e.pos+1:]...)
		}
	case tea.KeyLeft:
		e.pos = max(0, e.pos-1)
	case tea.KeyRight:
		e.pos = min(len(e.text), e.pos+1)
	case tea.KeyHome, tea.KeyCtrlA:
		e.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		e.pos = len(e.text)
	case tea.KeyCtrlU:
		e.reset()
	}
}

// view is the text with a block cursor, for a line of w cells (the tail shows when long).
func (e *lineEdit) view(st *styles, w int) string {
	pre, at, post := string(e.text[:e.pos]), " ", ""
	if e.pos < len(e.text) {
		at, post = string(e.text[e.pos]), string(e.text[e.pos+1:])
	}
	if len(e.text) == 0 {
		return st.key.r(": ") + st.reverse.r(" ") + st.faint.r(cut(" a scenario step: cut n1 -> n2 · drop all 20% · c2 acquire orders 5s · expect n1 lock orders free · wait 2s · esc cancels", max(0, w-3)))
	}
	for width(pre)+width(post)+3 > w && len(pre) > 0 {
		pre = string([]rune(pre)[1:])
	}
	return st.key.r(": ") + pre + st.reverse.r(at) + cut(post, max(0, w-3-width(pre)))
}
