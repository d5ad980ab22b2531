package ui

import (
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// lineEdit is the `:` prompt's one-line editor: bubbles/textinput (typing, ←/→, home/end,
// ctrl+u, paste), with suggestions that tab completes, and a steady cursor (no blink timer:
// frames stop while paused).
type lineEdit struct {
	ti   textinput.Model
	hist []string // lines entered, oldest first: ↑/↓ walk them (ctrl+n/ctrl+p walk suggestions)
	hi   int      // where ↑/↓ are in hist; len(hist) is the line being typed
}

func newLineEdit() lineEdit {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = 200
	ti.ShowSuggestions = true
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.KeyMap.NextSuggestion = key.NewBinding(key.WithKeys("ctrl+n"))
	ti.KeyMap.PrevSuggestion = key.NewBinding(key.WithKeys("ctrl+p"))
	ti.Focus()
	return lineEdit{ti: ti}
}

// reset empties the line and sets what tab may complete it to (nil: nothing).
func (e *lineEdit) reset(suggestions []string) {
	e.ti.Reset()
	e.hi = len(e.hist)
	e.ti.SetSuggestions(suggestions)
}

// set puts text in the line, the cursor at its end.
func (e *lineEdit) set(text string) {
	e.ti.SetValue(text)
	e.ti.CursorEnd()
}

func (e *lineEdit) value() string { return e.ti.Value() }

// update edits on one key; ↑/↓ recall earlier lines.
func (e *lineEdit) update(k tea.KeyMsg) {
	switch k.Type {
	case tea.KeyUp:
		e.recall(-1)
	case tea.KeyDown:
		e.recall(+1)
	default:
		e.ti, _ = e.ti.Update(k)
	}
}

// maxHist bounds the history: over SSH a client can enter lines as fast as it sends them, and
// each line the prompt refuses is kept all the same.
const maxHist = 500

// remember adds an entered line to the history (not a repeat of the last one), dropping the
// oldest past maxHist.
func (e *lineEdit) remember(line string) {
	if line != "" && (len(e.hist) == 0 || e.hist[len(e.hist)-1] != line) {
		if len(e.hist) >= maxHist {
			e.hist = append(e.hist[:0:0], e.hist[len(e.hist)-maxHist+1:]...)
		}
		e.hist = append(e.hist, line)
	}
	e.hi = len(e.hist)
}

// recall moves through the history by d (-1 older, +1 newer; past the newest: empty).
func (e *lineEdit) recall(d int) {
	i := e.hi + d
	if i < 0 || i > len(e.hist) {
		return
	}
	e.hi = i
	text := ""
	if i < len(e.hist) {
		text = e.hist[i]
	}
	e.set(text)
}

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
