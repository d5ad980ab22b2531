package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// `step 12/47` in a half's title and the ▸ before `★ n1` at the divergence were explained
// nowhere on screen (nc21-g): the glossary compare opens with `?` (and play's `??`) has each,
// under those very symbols.
func TestGlossaryExplainsStepAndMark(t *testing.T) {
	st := testStyles()
	var terms []string
	for _, l := range glossaryBody(st, 120) {
		terms = append(terms, ansi.Strip(l))
	}
	text := strings.Join(terms, "\n")
	for _, want := range []string{"\n step 12/47: how far the script has run", "\n ▸ (▸★ n1, ▸c2), ▸ story of: before a node or a client"} {
		if !strings.Contains(text, want) {
			t.Errorf("the glossary has no %q", want)
		}
	}
}
