package scenarios

import (
	"fmt"
	"leaselab/cluster"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The lesson library: every bundled lesson must tell the truth under its own seed and under
// other seeds, each unsafe variant must really need its violation, and the runner must be able
// to fail.

// lessonSeeds are the seeds every lesson must pass with, besides the one in its file: a lesson
// that only works for one seed is a coincidence, not a mechanism.
var lessonSeeds = []uint64{1, 2, 3}

// wantLessons is the table of ../shared/lessons.md, plus the variants shipped as their own files.
var wantLessons = []string{
	"first-lock", "lease-expiry", "late-expire", "late-expire-unsafe", "fast-leader-clock",
	"fast-leader-clock-unsafe", "skewed-followers", "local-expiry-unsafe", "gc-pause",
	"minority-leader", "leader-crash-mid-lease", "leader-crash-mid-lease-extend", "ghost-lock",
	"late-release", "late-release-unsafe", "racing-acquires", "racing-acquires-unsafe",
	"crash-restart", "snapshot-catch-up", "split-brain-attempt", "lease-read", "lease-read-unsafe",
}

func lessonParse(t *testing.T, l Lesson) *Scenario {
	t.Helper()
	s, err := Parse(l.Name+".scenario", l.Source)
	if err != nil {
		t.Fatalf("%s does not parse: %v", l.Name, err)
	}
	return s
}

// lessonRun plays a scenario headless; seed nil means the file's own.
func lessonRun(t *testing.T, s *Scenario, seed *uint64) *Runner {
	t.Helper()
	res, err := RunScenario(s, RunOptions{Seed: seed})
	if err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	return res.Runner
}

func lessonFailures(r *Runner) string {
	var b strings.Builder
	for _, f := range r.Failures {
		fmt.Fprintf(&b, "\n  %s", f)
	}
	return b.String()
}

func lessonSeedName(seed *uint64) string {
	if seed == nil {
		return "own seed"
	}
	return fmt.Sprintf("seed %d", *seed)
}

func TestEveryLessonPassesWithItsSeedAndSeeds1To3(t *testing.T) {
	for _, l := range Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			s := lessonParse(t, l)
			seeds := []*uint64{nil}
			for _, v := range lessonSeeds {
				seeds = append(seeds, &v)
			}
			for _, seed := range seeds {
				r := lessonRun(t, s, seed)
				if !r.Passed() {
					t.Errorf("%s with %s: %d failed steps:%s", l.Name, lessonSeedName(seed), len(r.Failures), lessonFailures(r))
				}
				if r.Expects == 0 {
					t.Errorf("%s ran no expect step", l.Name)
				}
			}
		})
	}
}

// lessonViolationLine matches an `expect violations KIND` line that names a kind (not `none`).
var lessonViolationLine = regexp.MustCompile(`(?m)^expect violations ([a-z-]+)[ \t]*(#.*)?$`)

// TestUnsafeVariantFailsWithoutItsViolation demonstrates each unsafe variant's contract both
// ways. A scenario with an unsafe switch does not fail on violations nobody expected (it exists
// to produce them), so simply deleting the `expect violations KIND` line would prove nothing.
// Instead: (a) the variant as shipped passes; (b) the same file with that line turned into
// `expect violations none` fails on exactly that line; (c) its safe twin, the same file without
// the `unsafe` line, reports no violation at all: the switch, not the story, causes it.
func TestUnsafeVariantFailsWithoutItsViolation(t *testing.T) {
	found := 0
	for _, l := range Lessons() {
		s := lessonParse(t, l)
		if len(s.Header.Unsafe) == 0 {
			continue
		}
		found++
		t.Run(l.Name, func(t *testing.T) {
			src := string(l.Source)
			m := lessonViolationLine.FindAllStringSubmatchIndex(src, -1)
			var kinds []string
			var lines []int
			for _, loc := range m {
				kind := src[loc[2]:loc[3]]
				if kind == "none" {
					continue
				}
				kinds = append(kinds, kind)
				lines = append(lines, 1+strings.Count(src[:loc[0]], "\n"))
			}
			if len(kinds) == 0 {
				t.Fatalf("%s has an unsafe switch but no `expect violations KIND` line", l.Name)
			}

			// (a) as shipped: passes, and the checker found each expected kind.
			r := lessonRun(t, s, nil)
			if !r.Passed() {
				t.Fatalf("%s as shipped fails:%s", l.Name, lessonFailures(r))
			}
			for _, k := range kinds {
				if kind, _ := cluster.ParseViolationKind(k); !r.World().HasViolation(kind) {
					t.Errorf("%s passed but the checker found no %s", l.Name, k)
				}
			}

			// (b) claiming `violations none` instead fails, on exactly those lines.
			edited := lessonViolationLine.ReplaceAllStringFunc(src, func(line string) string {
				if strings.HasPrefix(line, "expect violations none") {
					return line
				}
				return "expect violations none"
			})
			es, err := Parse(l.Name+".scenario", []byte(edited))
			if err != nil {
				t.Fatalf("edited %s does not parse: %v", l.Name, err)
			}
			r = lessonRun(t, es, nil)
			if r.Passed() {
				t.Fatalf("%s with `expect violations none` in place of %v still passes", l.Name, kinds)
			}
			var failed []int
			for _, f := range r.Failures {
				failed = append(failed, f.Pos.Line)
				if !strings.Contains(f.Found, "violations") {
					t.Errorf("%s edited: unexpected failure %s", l.Name, f)
				}
			}
			if !slices.Equal(failed, lines) {
				t.Errorf("%s edited: failed lines %v, want exactly the violation lines %v:%s", l.Name, failed, lines, lessonFailures(r))
			}

			// (c) the safe twin: the same steps with every mechanism on break nothing.
			safeSrc := regexp.MustCompile(`(?m)^unsafe [a-z-]+[ \t]*(#.*)?\n`).ReplaceAllString(src, "")
			ss, err := Parse(l.Name+"-safe-twin.scenario", []byte(safeSrc))
			if err != nil {
				t.Fatalf("safe twin of %s does not parse: %v", l.Name, err)
			}
			if len(ss.Header.Unsafe) != 0 {
				t.Fatalf("safe twin of %s still has unsafe switches %v", l.Name, ss.Header.Unsafe)
			}
			r = lessonRun(t, ss, nil)
			if vs := r.World().Violations(); len(vs) != 0 {
				t.Errorf("safe twin of %s (no `unsafe` line) reports violations: %v", l.Name, vs)
			}
		})
	}
	if found < 6 {
		t.Errorf("found %d unsafe lessons, want at least 6", found)
	}
}

// wrongExpects is testdata/wrong-expects.scenario: the lines that must fail, and only those.
var wrongExpectsLines = []int{12, 14, 16, 18, 19, 23, 24}

func TestDeliberatelyWrongExpectsFailOnTheirLines(t *testing.T) {
	s, err := Load("testdata/wrong-expects.scenario")
	if err != nil {
		t.Fatal(err)
	}
	// The file marks its wrong lines; keep the marks and this list in step.
	src := strings.Split(string(lessonReadFile(t, "testdata/wrong-expects.scenario")), "\n")
	var marked []int
	for i, line := range src {
		if strings.Contains(line, "# WRONG") {
			marked = append(marked, i+1)
		}
	}
	if !slices.Equal(marked, wrongExpectsLines) {
		t.Fatalf("lines marked WRONG in the file are %v, the test expects %v", marked, wrongExpectsLines)
	}

	r := lessonRun(t, s, nil)
	if r.Passed() {
		t.Fatal("a scenario with wrong expects passed")
	}
	var failed []int
	for _, f := range r.Failures {
		failed = append(failed, f.Pos.Line)
		if f.Expected == "" || f.Found == "" {
			t.Errorf("failure without expected/found: %+v", f)
		}
		if want := fmt.Sprintf("testdata/wrong-expects.scenario:%d: expected ", f.Pos.Line); !strings.HasPrefix(f.String(), want) {
			t.Errorf("failure reads %q, want it to start with %q", f.String(), want)
		}
	}
	if !slices.Equal(failed, wrongExpectsLines) {
		t.Errorf("failed lines %v, want exactly %v (right lines must not fail):%s", failed, wrongExpectsLines, lessonFailures(r))
	}
	// What was found is reported, not just that something failed.
	want := map[int]string{
		12: "n1 history orders Granted{token:1}",
		14: "c1 reply granted token 1",
		16: "leader n1",
		23: "resource orders token 1",
		24: "c2 does not hold orders",
	}
	for _, f := range r.Failures {
		if w, ok := want[f.Pos.Line]; ok && !strings.Contains(f.Found, w) {
			t.Errorf("line %d: found %q, want it to say %q", f.Pos.Line, f.Found, w)
		}
	}
}

func TestLessonsAreListedWithTitleAndTeaches(t *testing.T) {
	ls := Lessons()
	var names []string
	titles := map[string]string{}
	for _, l := range ls {
		names = append(names, l.Name)
		if l.Title == "" || l.Title == l.Name {
			t.Errorf("%s: title %q (want a real title line)", l.Name, l.Title)
		}
		if other, dup := titles[l.Title]; dup {
			t.Errorf("%s and %s share the title %q", l.Name, other, l.Title)
		}
		titles[l.Title] = l.Name
		if l.Teaches == "" || strings.Contains(l.Teaches, "\n") {
			t.Errorf("%s: teaches line %q (want the first line to be a one-line # comment)", l.Name, l.Teaches)
		}
		if first, _, _ := strings.Cut(string(l.Source), "\n"); !strings.HasPrefix(first, "# ") {
			t.Errorf("%s: first line %q, want `# what it teaches`", l.Name, first)
		}
	}
	for _, n := range wantLessons {
		if !slices.Contains(names, n) {
			t.Errorf("lesson %s is missing (lessons: %v)", n, names)
		}
	}
}

// TestLessonsAreWrittenAsLessons checks the shape every lesson shares: a fixed seed, narration,
// pauses for a teacher, expects that check the story, and a verdict on violations.
func TestLessonsAreWrittenAsLessons(t *testing.T) {
	for _, l := range Lessons() {
		s := lessonParse(t, l)
		count := map[StepKind]int{}
		verdict := false
		for _, st := range s.Steps {
			count[st.Kind]++
			if st.Kind == StepExpect && st.Cond.Kind == CondViolations && !st.Cond.Not {
				unsafe := len(s.Header.Unsafe) > 0
				if !unsafe && st.Cond.None || unsafe && !st.Cond.None {
					verdict = true
				}
			}
		}
		if !s.Header.Set["seed"] {
			t.Errorf("%s: no `seed` line", l.Name)
		}
		if count[StepSay] < 3 || count[StepPause] < 1 || count[StepExpect] < 3 {
			t.Errorf("%s: %d say, %d pause, %d expect steps; a lesson needs narration, pauses and checks",
				l.Name, count[StepSay], count[StepPause], count[StepExpect])
		}
		if count[StepAsk] < 1 {
			t.Errorf("%s: no ask: every lesson asks the student to predict its key moment", l.Name)
		}
		for i, st := range s.Steps {
			if st.Kind != StepAsk {
				continue
			}
			proved := false
			for _, after := range s.Steps[i+1:] {
				if after.Kind == StepExpect || after.Kind == StepWaitUntil {
					proved = true
					break
				}
			}
			if !proved {
				t.Errorf("%s:%d: nothing after the ask checks its answer", l.Name, st.Pos.Line)
			}
		}
		if !verdict {
			t.Errorf("%s: no `expect violations none` (safe) or `expect violations KIND` (unsafe)", l.Name)
		}
		if strings.HasSuffix(l.Name, "-unsafe") != (len(s.Header.Unsafe) > 0) {
			t.Errorf("%s: unsafe switches %v do not match its name", l.Name, s.Header.Unsafe)
		}
	}
}

func lessonReadFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// An example never shadows a lesson, nor a lesson an example: Load tries lessons first, so a
// shared name would hide the example.
func TestExampleNamesAreNotLessonNames(t *testing.T) {
	ex := Examples()
	if len(ex) == 0 {
		t.Fatal("no bundled examples")
	}
	for _, e := range ex {
		for _, l := range Lessons() {
			if l.Name == e.Name {
				t.Errorf("example %s has a lesson's name", e.Name)
			}
		}
		s, err := Load(e.Name)
		if err != nil || s.Header.Title != e.Title {
			t.Errorf("Load(%q): %v", e.Name, err)
		}
	}
}
