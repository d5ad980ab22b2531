package ui

import tea "github.com/charmbracelet/bubbletea"

// splitRunes undoes a grouping of the terminal reader: printable keys that arrive in one read
// (typed or repeated faster than the program reads, or sent back to back by tmux) come as one
// message with several runes ("1i"), which would match no binding and be lost. Each is a key
// of its own here. A paste stays whole.
func splitRunes(msg tea.KeyMsg) []tea.KeyMsg {
	if msg.Type != tea.KeyRunes || len(msg.Runes) < 2 || msg.Paste {
		return []tea.KeyMsg{msg}
	}
	out := make([]tea.KeyMsg, 0, len(msg.Runes))
	for _, r := range msg.Runes {
		k := msg
		k.Runes = []rune{r}
		out = append(out, k)
	}
	return out
}
