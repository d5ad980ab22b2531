package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// The README quoted a leader's first line as "check 0.8s ✓" for every leader, while
// late-expire-unsafe (check-quorum off) shows "lead n1" there (nc34-x). It says which lessons
// turn the check off, and the screen agrees: their leader reads "lead n1", another's "check".
func TestReadmeSaysWhenLeaderShowsCheck(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := flat(string(readme))
	i := strings.Index(text, "`check 0.8s ✓`")
	if i < 0 {
		t.Fatal("README quotes no `check 0.8s ✓`")
	}
	if !strings.Contains(text[max(0, i-200):i], "With check-quorum on (the default)") {
		t.Errorf("README's `check 0.8s ✓` does not say it needs check-quorum on: %s", text[max(0, i-200):i+40])
	}
	j := strings.Index(text, "With `option check-quorum off`")
	if j < 0 {
		t.Fatal("README does not say what a leader's first line reads with check-quorum off")
	}
	off := text[j:]
	off = off[:strings.Index(off, ". ")]
	if !strings.Contains(off, "`lead n1`") {
		t.Errorf("README does not say what a leader's line reads with check-quorum off: %s", off)
	}
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Header.CheckQuorum != strings.Contains(off, "`"+l.Name+"`") {
			continue
		}
		t.Errorf("README's list of lessons with check-quorum off (%s) is wrong about %s", off, l.Name)
	}
	for _, c := range []struct {
		lesson, want, not string
	}{{"late-expire-unsafe", "term 1 · lead n1", "check "}, {"first-lock", "· check ", "lead n1"}} {
		m := playLesson(t, c.lesson, 120, 40)
		runToStop(t, m)
		lead := strings.Split(ansi.Strip(m.View()), "\n")[2] // the node columns' first line
		lead = lead[:strings.Index(lead, "┃│")]
		if !strings.Contains(lead, c.want) || strings.Contains(lead, c.not) {
			t.Errorf("%s: the leader's first line %q, README says it reads %q", c.lesson, lead, c.want)
		}
	}
}
