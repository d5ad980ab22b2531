package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// The bundled lessons are the .scenario files in lessons/, compiled into the binary.
//
//go:embed lessons/*.scenario
var lessonFS embed.FS

// Lesson is one bundled scenario.
type Lesson struct {
	Name    string
	Title   string
	Teaches string // the file's first comment line: one line of what it teaches
	Theme   string // its group in the curriculum
	Number  int    // 1-based, in teaching order
	Source  []byte
}

// Lessons lists the bundled lessons in teaching order (the curriculum), numbered.
func Lessons() []Lesson {
	names, _ := fs.Glob(lessonFS, "lessons/*.scenario")
	slices.Sort(names)
	var out []Lesson
	for _, n := range names {
		src, _ := lessonFS.ReadFile(n)
		base := path.Base(n)
		l := Lesson{Name: strings.TrimSuffix(base, ".scenario"), Source: src, Teaches: firstComment(src)}
		l.Title = l.Name
		if s, err := Parse(base, src); err == nil {
			l.Title = s.Header.Title
		}
		if th, n, ok := inCurriculum(l.Name); ok {
			l.Theme, l.Number = th, n
		} else {
			l.Theme, l.Number = "more", 1000
		}
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(a, b Lesson) int { return a.Number - b.Number })
	for i := range out {
		out[i].Number = i + 1
	}
	return out
}

func firstComment(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			return strings.TrimSpace(strings.TrimLeft(line, "#"))
		}
		if line != "" {
			break
		}
	}
	return ""
}

// Load reads a scenario by file path, or by lesson name when no such file exists
// ("late-expire", or "late-expire.scenario"). Parse errors come back as *ParseError.
func Load(arg string) (*Scenario, error) {
	if src, err := readScenarioFile(arg); err == nil {
		return Parse(arg, src)
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	name := strings.TrimSuffix(path.Base(arg), ".scenario")
	if src, err := lessonFS.ReadFile("lessons/" + name + ".scenario"); err == nil && !strings.Contains(arg, "/") {
		return Parse(name+".scenario", src)
	}
	var names []string
	for _, l := range Lessons() {
		names = append(names, l.Name)
	}
	return nil, fmt.Errorf("%s: no such file or lesson (lessons: %s)", arg, strings.Join(names, ", "))
}
