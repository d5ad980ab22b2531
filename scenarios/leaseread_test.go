package scenarios

import (
	"strings"
	"testing"

	"leaselab/cluster"
)

// The lease-read pair: both lessons tell the truth under seeds 1 to 12, and the unsafe one
// needs the slow clock as much as the switch (its safe twin is checked by
// TestUnsafeVariantFailsWithoutItsViolation).
func TestLeaseReadLessonsHoldUnderSeeds1To12(t *testing.T) {
	for _, name := range []string{"lease-read", "lease-read-unsafe"} {
		s, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 12; seed++ {
			r := lessonRun(t, s, &seed)
			if !r.Passed() {
				t.Errorf("%s with seed %d:%s", name, seed, lessonFailures(r))
			}
		}
	}
}

// Without the skew, n1's check-quorum deposes it before c2 asks: with lease-based reads on,
// the same steps break nothing. The lesson's claim that the slow clock matters is checked here.
func TestLeaseReadUnsafeNeedsTheSlowClock(t *testing.T) {
	l, err := Load("lease-read-unsafe")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := lessonFS.ReadFile("lessons/lease-read-unsafe.scenario")
	const skew = "skew n1 rate 0.5\n"
	if !strings.Contains(string(src), skew) || len(l.Header.Unsafe) != 1 {
		t.Fatalf("lease-read-unsafe no longer has %q and one unsafe switch", skew)
	}
	s, err := Parse("lease-read-unsafe-1x.scenario", []byte(strings.Replace(string(src), skew, "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		r := lessonRun(t, s, &seed)
		if vs := r.World().Violations(); len(vs) != 0 {
			t.Errorf("seed %d: at 1x the old leader still answered stale: %v", seed, vs)
		}
		if rep, _ := r.World().ClientReply("c2"); rep != cluster.ReplyGranted {
			t.Errorf("seed %d: c2's last reply %q, want granted", seed, rep)
		}
	}
}

// The README's claim that lease-based reads break even with true clocks: a chaos reproducer
// with no skew step shows non-linearizable (TestRegressionScenarios runs it), and the same file
// without its `unsafe` line shows nothing.
func TestLeaseReadBreaksWithTrueClocks(t *testing.T) {
	const file = "testdata/regression-lease-read-equal-clocks.scenario"
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range s.Steps {
		if st.Kind == StepSkewRate || st.Kind == StepSkewOffset || st.Kind == StepClientSkew {
			t.Fatalf("%s skews a clock: %s", file, FormatStep(st))
		}
	}
	if r := lessonRun(t, s, nil); !r.Passed() || !r.World().HasViolation(cluster.NonLinearizable) {
		t.Fatalf("%s: passed %v, violations %v", file, r.Passed(), r.World().Violations())
	}
	s.Header.Unsafe = nil
	if vs := lessonRun(t, s, nil).World().Violations(); len(vs) != 0 {
		t.Errorf("%s without unsafe lease-read: %v", file, vs)
	}
}
