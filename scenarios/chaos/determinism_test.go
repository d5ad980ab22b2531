package chaos

import (
	"os"
	"strings"
	"testing"
)

// Every seed runs again in another process; equal runs pass. A process whose runs differ (the
// test makes the worker's world seed another one) is found: every seed is a finding, with both
// traces written, different, and the report is not a pass.
func TestCheckDeterminism(t *testing.T) {
	o := opts(t, 6)
	o.CheckDeterminism = true
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Passed() || len(rep.Nondeterministic) != 0 {
		t.Fatalf("a deterministic search: passed %v, %d differ", rep.Passed(), len(rep.Nondeterministic))
	}
	t.Setenv("LEASELAB_CHAOS_TEST_PERTURB", "1")
	o.Out = t.TempDir()
	rep, err = Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Passed() || len(rep.Nondeterministic) != o.Seeds {
		t.Fatalf("a worker that differs: passed %v, %d of %d seeds differ", rep.Passed(), len(rep.Nondeterministic), o.Seeds)
	}
	d := rep.Nondeterministic[0]
	a, errA := os.ReadFile(d.TraceA)
	b, errB := os.ReadFile(d.TraceB)
	if errA != nil || errB != nil || len(a) == 0 || string(a) == string(b) {
		t.Fatalf("traces %s and %s: %v %v, %d and %d bytes", d.TraceA, d.TraceB, errA, errB, len(a), len(b))
	}
	var out strings.Builder
	rep.Print(&out)
	if !strings.Contains(out.String(), "NOT DETERMINISTIC: seed 1:") || !strings.Contains(out.String(), d.TraceB) {
		t.Errorf("report:\n%s", out.String())
	}
}
