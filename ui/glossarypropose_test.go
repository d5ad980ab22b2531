package ui

import (
	"strings"
	"testing"
)

// TestGlossaryHasPropose: nc18-h (racing-acquires-unsafe at 80x24) met "proposes every Grant and
// Release" at the first stop and found no entry for the word; the lessons use it throughout.
func TestGlossaryHasPropose(t *testing.T) {
	for _, g := range glossary {
		if strings.HasPrefix(g.Term, "propose") {
			return
		}
	}
	t.Fatal("the glossary has no entry for propose")
}
