package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 22.2 headless: a scenario with escape sequences is refused at FILE:LINE:COL without
// echoing them, and what run prints from elsewhere (here a file name) shows them escaped.
func TestRunShowsNoRawControlBytes(t *testing.T) {
	p := writeScenario(t, "s.scenario", "title \"T\x1b]0;pwned\x07\"\nsay \"\x1b[2J\x1b[?1049l x\"\n")
	out, errs, code := runCLI(t, "run", "--verbose", p)
	if code != 2 || !strings.Contains(errs, p+":1:9: control character \\x1b") || !strings.Contains(errs, p+":2:6: control character \\x1b") {
		t.Errorf("code %d, %q", code, errs)
	}
	if strings.ContainsAny(out+errs, "\x1b\x07") {
		t.Errorf("raw control bytes: %q %q", out, errs)
	}
	odd := writeScenario(t, "x\x1b[2J\x9b.scenario", "say \"hello\"\nwait 1s\n")
	out, errs, code = runCLI(t, "run", "--verbose", odd)
	if code != 0 || strings.ContainsAny(out+errs, "\x1b\x9b") || !strings.Contains(out, `PASS x\x1b[2J\x9b (simulated`) || !strings.Contains(out, `=== x\x1b[2J\x9b:`) {
		t.Errorf("code %d\n%q\n%q", code, out, errs)
	}
	_, errs, code = runCLI(t, "run", filepath.Join(t.TempDir(), "missing\x1b]0;t\x07"))
	if code != 2 || strings.ContainsAny(errs, "\x1b\x07") || !strings.Contains(errs, `missing\x1b]0;t\x07`) {
		t.Errorf("code %d %q", code, errs)
	}
}
