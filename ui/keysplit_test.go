package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Two keys in one read ("2i", as tmux or a fast typist sends them) are two keys: select n2,
// then isolate it. A paste stays one message.
func TestKeysInOneReadAreEachAKey(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("2i")})
	if m.node != 2 || !m.v.Nodes[1].Isolated {
		t.Fatalf("after \"2i\": node %d selected, n2 isolated %v", m.node, m.v.Nodes[1].Isolated)
	}
	if got := splitRunes(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("2i"), Paste: true}); len(got) != 1 {
		t.Fatalf("a paste was split into %d keys", len(got))
	}

	a, b := lateExpirePair(t, true)
	c := newCompareModel(t, a, b, 120, 40)
	c.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("..")})
	first := c.c.Now()
	c2 := newCompareModel(t, a, b, 120, 40)
	c2.Update(keyMsg("."))
	if first <= c2.c.Now() {
		t.Fatalf("\"..\" stepped to %v, one \".\" to %v: want two steps", first, c2.c.Now())
	}
}
