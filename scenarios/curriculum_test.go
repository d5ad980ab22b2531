package scenarios

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestCurriculum: every bundled lesson has its place in the teaching order, once; an unsafe
// lesson comes after its safe twin; Next walks the order and stops after the last.
func TestCurriculum(t *testing.T) {
	ls := Lessons()
	seen := map[string]int{}
	for _, th := range curriculum {
		for _, n := range th.Lessons {
			seen[n]++
		}
	}
	pos := map[string]int{}
	for i, l := range ls {
		if seen[l.Name] != 1 {
			t.Errorf("%s is in the curriculum %d times, want once", l.Name, seen[l.Name])
		}
		if l.Number != i+1 || l.Theme == "" {
			t.Errorf("%s: number %d theme %q at position %d", l.Name, l.Number, l.Theme, i+1)
		}
		pos[l.Name] = i
	}
	if len(pos) != len(seen) {
		t.Errorf("the curriculum names %d lessons, %d are bundled", len(seen), len(pos))
	}
	for name, i := range pos {
		if safe, ok := strings.CutSuffix(name, "-unsafe"); ok {
			if j, ok := pos[safe]; ok && j > i {
				t.Errorf("%s (%d) comes before its safe twin %s (%d)", name, i+1, safe, j+1)
			}
		}
	}
	if ls[0].Name != "first-lock" || Next("first-lock") != ls[1].Name || Next(ls[len(ls)-1].Name) != "" || Next("no-such") != "" {
		t.Errorf("order starts %s, Next(first-lock) %q", ls[0].Name, Next("first-lock"))
	}
}

// The README's lesson table follows the curriculum: the same lessons in the same order, each
// theme's name (its words before the colon) on its first lesson's row.
func TestReadmeLessonTable(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| (\\d+) \\| (?:\\*\\*(.+?)\\*\\*)? *\\| `([a-z0-9-]+)` \\|")
	var names []string
	themes := map[string]string{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			names = append(names, m[3])
			if m[2] != "" {
				themes[m[3]] = m[2]
			}
		}
	}
	ls := Lessons()
	// The Lessons section's own table lists every lesson by theme, without its outcome.
	short := regexp.MustCompile("(\\d+) `([a-z0-9-]+)`")
	var listed []string
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "| **") && strings.Contains(line, " · ") {
			for _, m := range short.FindAllStringSubmatch(line, -1) {
				listed = append(listed, m[1]+" "+m[2])
			}
		}
	}
	for i, l := range ls {
		if i >= len(listed) || listed[i] != fmt.Sprintf("%d %s", i+1, l.Name) {
			t.Errorf("the Lessons section's theme table does not list lesson %d %s in its place: %v", i+1, l.Name, listed)
			break
		}
	}
	if len(listed) != len(ls) {
		t.Errorf("the Lessons section's theme table lists %d lessons, the curriculum %d", len(listed), len(ls))
	}
	if len(names) != len(ls) {
		t.Fatalf("the README's table has %d lessons, the curriculum %d", len(names), len(ls))
	}
	theme := ""
	for i, l := range ls {
		if names[i] != l.Name {
			t.Errorf("README row %d is %s, the curriculum's lesson %d is %s", i+1, names[i], i+1, l.Name)
		}
		want := ""
		if l.Theme != theme {
			theme = l.Theme
			want, _, _ = strings.Cut(l.Theme, ":")
		}
		if themes[l.Name] != want {
			t.Errorf("README row %d (%s) names the theme %q, want %q", i+1, l.Name, themes[l.Name], want)
		}
	}
}
