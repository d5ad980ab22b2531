package ui

import (
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// lineEdit is the `:` prompt's one-line editor: bubbles/textinput (typing, ←/→, home/end,
// ctrl+u, paste), with suggestions that tab completes, and a steady cursor (no blink timer:
// frames stop while paused).
type lineEdit struct{ ti textinput.Model }

func newLineEdit() lineEdit {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = 200
	ti.ShowSuggestions = true
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.Focus()
	return lineEdit{ti: ti}
}

// reset empties the line and sets what tab may complete it to (nil: nothing).
func (e *lineEdit) reset(suggestions []string) {
	e.ti.Reset()
	e.ti.SetSuggestions(suggestions)
}

// set puts text in the line, the cursor at its end.
func (e *lineEdit) set(text string) {
	e.ti.SetValue(text)
	e.ti.CursorEnd()
}

func (e *lineEdit) value() string { return e.ti.Value() }

// update edits on one key.
func (e *lineEdit) update(k tea.KeyMsg) { e.ti, _ = e.ti.Update(k) }

// view is the line with its cursor (and the suggestion's rest, faint), in w cells.
func (e *lineEdit) view(st *styles, w int) string {
	if e.ti.Value() == "" {
		return st.key.r(": ") + st.reverse.r(" ") + st.faint.r(cut(" a scenario step (tab completes): cut n1 -> n2 · drop all 20% · c2 acquire orders 5s · expect n1 lock orders free · wait 2s · esc cancels", max(0, w-3)))
	}
	// textinput draws Width cells of text, then the cursor cell, then the rest of a suggestion.
	val, tail := []rune(e.ti.Value()), 1
	if sg := []rune(e.ti.CurrentSuggestion()); len(e.ti.MatchedSuggestions()) > 0 && e.ti.Position() == len(val) && len(sg) > len(val) {
		tail = len(sg) - len(val)
	}
	e.ti.Width = max(1, w-2-tail)
	e.ti.Cursor.Style = st.inputCursor
	e.ti.CompletionStyle = st.inputHint
	return st.key.r(": ") + e.ti.View()
}
