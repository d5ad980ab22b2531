package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// cutWord is a row that ends in a cut ("· as…", "orders · t…"); an undecided write ("#2 …")
// is a whole field.
var cutWord = regexp.MustCompile(`[^\s#\d]…\s*$|·\s*…\s*$`)

// A client's row never ends in a cut word: at every stop of every lesson, each client's line in
// one row of 53 cells (the Clients box at 120x40) and of 78 (a half of compare at 160x48)
// keeps its lease whole and leaves out what does not fit whole ("got granted #1 orders ·
// as…" was cut at both). The lease view comes first: a client that holds a key says so.
func TestClientRowDropsWholeFields(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		playThrough(t, m, func(stop int, _ string) {
			for _, name := range m.clients() {
				for _, w := range []int{53, 78} {
					row := ansi.Strip(m.clientRows(name, w, 1)[0])
					if cutWord.MatchString(row) {
						t.Errorf("%s stop %d: %s's row at %d cells ends cut: %q", l.Name, stop, name, w, row)
					}
					c := m.clientView(name)
					if c != nil && len(c.Holds) > 0 && !strings.Contains(row, c.Holds[0].Key+" #") {
						t.Errorf("%s stop %d: %s's row at %d cells lost its lease: %q", l.Name, stop, name, w, row)
					}
				}
			}
		})
	}
}
