package main

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/scenarios"
)

// Every `leaselab compare ...` a lesson or example tells the student to type works from a
// directory with no repository (the student has only the binary): the examples are compiled in
// and resolve by name as lessons do. A name that does not resolve exits 2.
func TestNarratedComparesRunFromAnyDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	seen := map[string]bool{}
	for _, l := range append(scenarios.Lessons(), scenarios.Examples()...) {
		text := string(l.Source)
		for {
			i := strings.Index(text, "leaselab compare ")
			if i < 0 {
				break
			}
			text = text[i+len("leaselab compare "):]
			f := strings.Fields(text)
			args := []string{"--print", strings.TrimRight(f[0], ".,:;)\"")}
			if len(f) > 2 && (f[1] == "--without" || f[1] == "--unsafe") {
				args = append(args, f[1], strings.TrimRight(f[2], ".,:;)\""))
			} else if len(f) > 1 && !strings.HasPrefix(f[1], "-") {
				args = append(args, strings.TrimRight(f[1], ".,:;)\""))
			}
			key := strings.Join(args, " ")
			if seen[key] {
				continue
			}
			seen[key] = true
			if _, errs, code := runCLI(t, append([]string{"compare"}, args...)...); code != 0 && code != 1 {
				t.Errorf("%s tells the student `leaselab compare %s`: exit %d\n%s", l.Name, strings.Join(args[1:], " "), code, errs)
			}
		}
	}
	if !seen["--print renewing-holder --without lease-on-promote"] {
		t.Errorf("no lesson points at the renewing holder by name (seen %v)", seen)
	}
}

// The renewing holder, by name from an empty directory: under extend it keeps its lock, and
// without lease-on-promote (keep) it does not, so the runs part. list names it, apart from the
// numbered lessons.
func TestExampleByNameFromAnyDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	out, errs, code := runCLI(t, "run", "renewing-holder")
	if code != 0 || !strings.Contains(out, "PASS renewing-holder") {
		t.Fatalf("run renewing-holder: exit %d\n%s%s", code, out, errs)
	}
	out, errs, code = runCLI(t, "compare", "--print", "renewing-holder", "--without", "lease-on-promote")
	if code != 1 || !strings.Contains(out, "renewing-holder") || !strings.Contains(out, "diverged at") {
		t.Fatalf("compare renewing-holder --without lease-on-promote: exit %d\n%s%s", code, out, errs)
	}
	out, _, _ = runCLI(t, "list")
	ex := strings.Index(out, "\nexamples ")
	if ex < 0 || !regexp.MustCompile(`\n {5}renewing-holder +A renewing holder`).MatchString(out[ex:]) || strings.Contains(out[:ex], "renewing-holder") {
		t.Fatalf("list does not name the example after the lessons:\n%s", out)
	}
	_, errs, code = runCLI(t, "run", "no-such-thing")
	if code != 2 || !strings.Contains(errs, "examples: renewing-holder") {
		t.Fatalf("an unknown name: exit %d, %q", code, errs)
	}
}
