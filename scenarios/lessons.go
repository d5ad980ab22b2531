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

// The bundled examples are the .scenario files in examples/, compiled in too: scenarios a lesson
// points to (renewing-holder puts keep beside extend for leader-crash-mid-lease-extend's renewing holder), run by name like a
// lesson but not lessons (no place in the curriculum, no menu entry).
//
//go:embed examples/*.scenario
var exampleFS embed.FS

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
	out := bundled(lessonFS, "lessons")
	for i, l := range out {
		if th, n, ok := inCurriculum(l.Name); ok {
			out[i].Theme, out[i].Number = th, n
		} else {
			out[i].Theme, out[i].Number = "more", 1000
		}
	}
	slices.SortStableFunc(out, func(a, b Lesson) int { return a.Number - b.Number })
	for i := range out {
		out[i].Number = i + 1
	}
	return out
}

// Examples lists the bundled examples by name, with Title and Teaches (no Theme or Number).
func Examples() []Lesson { return bundled(exampleFS, "examples") }

// bundled reads the .scenario files of dir in fsys, by name, with their titles and first comments.
func bundled(fsys embed.FS, dir string) []Lesson {
	names, _ := fs.Glob(fsys, dir+"/*.scenario")
	slices.Sort(names)
	var out []Lesson
	for _, n := range names {
		src, _ := fsys.ReadFile(n)
		base := path.Base(n)
		l := Lesson{Name: strings.TrimSuffix(base, ".scenario"), Source: src, Teaches: firstComment(src)}
		l.Title = l.Name
		if s, err := Parse(base, src); err == nil {
			l.Title = s.Header.Title
		}
		out = append(out, l)
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

// Load reads a scenario by file path, or by lesson or example name when no such file exists
// ("late-expire", "late-expire.scenario" or "renewing-holder"), from any directory: both are
// compiled in. Parse errors come back as *ParseError.
func Load(arg string) (*Scenario, error) {
	if src, err := readScenarioFile(arg); err == nil {
		return Parse(arg, src)
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	name := strings.TrimSuffix(path.Base(arg), ".scenario")
	if !strings.Contains(arg, "/") {
		if src, err := lessonFS.ReadFile("lessons/" + name + ".scenario"); err == nil {
			return Parse(name+".scenario", src)
		}
		if src, err := exampleFS.ReadFile("examples/" + name + ".scenario"); err == nil {
			return Parse(name+".scenario", src)
		}
	}
	var lessons, examples []string
	for _, l := range Lessons() {
		lessons = append(lessons, l.Name)
	}
	for _, l := range Examples() {
		examples = append(examples, l.Name)
	}
	return nil, fmt.Errorf("%s: no such file, lesson or example (lessons: %s; examples: %s)", arg, strings.Join(lessons, ", "), strings.Join(examples, ", "))
}
