package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// run refuses what is not a regular file (a device reads forever, a FIFO blocks forever).
func TestRunRefusesNonRegularFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f.scenario")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, name := range []string{"/dev/zero", fifo, t.TempDir()} {
		_, errs, code := runCLI(t, "run", name)
		if code != 2 || !strings.Contains(errs, "a scenario is a regular file") {
			t.Errorf("run %s: code %d, %q", name, code, errs)
		}
	}
}

// --trace naming an input (under any spelling) would overwrite the scenario with JSON.
func TestRunTraceRefusesToOverwriteInput(t *testing.T) {
	p := writeScenario(t, "x.scenario", "wait 1s\n")
	alias := filepath.Join(filepath.Dir(p), ".", "x.scenario")
	_, errs, code := runCLI(t, "run", "--trace", alias, p)
	if code != 2 || !strings.Contains(errs, "would overwrite the input") {
		t.Fatalf("code %d, %q", code, errs)
	}
	if src, _ := os.ReadFile(p); string(src) != "wait 1s\n" {
		t.Fatalf("input changed: %q", src)
	}
}

// The trace has every event, from the startup events on: the first seq is 1, and none is missing.
func TestTraceHasStartupEvents(t *testing.T) {
	p := writeScenario(t, "x.scenario", "nodes 9\nwait 3s\n")
	tr := filepath.Join(t.TempDir(), "t.jsonl")
	if _, errs, code := runCLI(t, "run", "--trace", tr, p); code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	f, err := os.Open(tr)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	want := uint64(1)
	for sc.Scan() {
		var e struct{ Seq uint64 }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Seq != want {
			t.Fatalf("event seq %d, want %d", e.Seq, want)
		}
		want++
	}
	if want < 40 {
		t.Fatalf("only %d events", want-1)
	}
}

// A scenario that needs more simulated time than its budget fails and says so; it never hangs.
func TestRunBudget(t *testing.T) {
	p := writeScenario(t, "long.scenario", "nodes 3\nwait 1000h\n")
	out, _, code := runCLI(t, "run", "--budget", "1m", p)
	if code != 1 || !strings.Contains(out, "long.scenario:2: expected the scenario to finish within its simulated-time budget of 1m") {
		t.Fatalf("code %d\n%s", code, out)
	}
	if _, errs, code := runCLI(t, "run", "--budget", "-1s", p); code != 2 || !strings.Contains(errs, "must not be negative") {
		t.Fatalf("negative budget: code %d %q", code, errs)
	}
}

// NaN passes both range comparisons; it must still be refused, as must infinities.
func TestSpeedMustBeFinite(t *testing.T) {
	for _, s := range []string{"NaN", "nan", "Inf", "-Inf", "0", "1000"} {
		_, errs, code := runCLI(t, "play", "--speed", s, "first-lock")
		if code != 2 || !strings.Contains(errs, "--speed must be 0.1 to 100") {
			t.Errorf("--speed %s: code %d %q", s, code, errs)
		}
	}
}
