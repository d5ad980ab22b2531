package web

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// Each lesson's pointer to the glossary links the entry of the word it follows.
func TestGlossaryPointersLinkTheirWord(t *testing.T) {
	want := map[string]string{ // the words before each pointer in the bundled lessons
		"etcd promotes its lessor (":          "lease-extend-on-promote, lessor",
		"(a pre-candidate first: ":            "pre-vote, pre-candidate",
		"remaining time (checkpoints, ":       "checkpoint (lease-checkpoint)",
		"by expiry (or a ghost release, ":     "ghost release",
		"a lease of 5s (a token, see lease, ": "lease, countdown",
	}
	for before, term := range want {
		if i := glossTerm(before); i < 0 || scenarios.Glossary[i].Term != term {
			t.Errorf("%q: glossary entry %d, want %q", before, i, term)
		}
	}
	n := 0
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range s.Steps {
			for _, text := range append([]string{st.Text, st.Explain}, st.Choices...) {
				if !strings.Contains(text, "?? glossary") {
					continue
				}
				n++
				h := noteHTML([]string{glossed(text)}, text)
				if strings.Contains(h, "??") || strings.Count(h, `class="gl" role="button" tabindex="0" data-t="`) != strings.Count(text, "?? glossary") || strings.Contains(h, `data-t="-1"`) {
					t.Errorf("%s: %q becomes %q", l.Name, text, h)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no lesson points at the glossary: the test reads nothing")
	}
}
