package chaos

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"leaselab/scenarios"
)

// The liveness tail heals what the schedule broke: it restarts exactly the nodes left down,
// reconnects the clients left offline, resets the skewed clocks, waits out the pauses, and then
// checks a leader, convergence and one fresh granted acquire per client, within the bounds.
func TestLivenessTailHeals(t *testing.T) {
	h := scenarios.DefaultHeader()
	steps := []scenarios.Step{
		{Kind: scenarios.StepCrash, Node: 2}, {Kind: scenarios.StepCrash, Node: 4}, {Kind: scenarios.StepRestart, Node: 4},
		{Kind: scenarios.StepDisconnect, Client: "c2"}, {Kind: scenarios.StepAcquire, Client: "c1", Key: "orders", Dur: time.Second},
		{Kind: scenarios.StepSkewRate, Node: 3, Rate: 0.5}, {Kind: scenarios.StepClientSkew, Client: "c1", Rate: 2},
		{Kind: scenarios.StepClientPause, Client: "c1", Dur: 3 * time.Second}, {Kind: scenarios.StepWait, Dur: time.Second},
		{Kind: scenarios.StepFreeze, Node: 1, Dur: 7 * time.Second}, {Kind: scenarios.StepWait, Dur: time.Second},
	}
	var got []string
	for _, st := range livenessTail(h, steps) {
		got = append(got, scenarios.FormatStep(st))
	}
	want := []string{"heal", "restart n2", "skew n3 reset", "c2 reconnect", "c1 skew reset", "wait 6s",
		"wait-until leader", "wait-until converged",
		"c2 acquire fresh-c2 1m0s", "c1 acquire fresh-c1 1m0s",
		"wait-until c2 holds fresh-c2 within 4s", "wait-until c1 holds fresh-c1 within 6s"}
	if !slices.Equal(got, want) {
		t.Errorf("tail:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if LeaderBound(h.Config) != 10*time.Second || RequestBound(h.Config, 3) != 10*time.Second {
		t.Errorf("bounds %v %v at the defaults", LeaderBound(h.Config), RequestBound(h.Config, 3))
	}
}

// A safe liveness search passes every seed's checks for real: each client ends holding its
// fresh key (granted by a node), and a timed-out request would not have made it hold.
func TestLivenessSafeSearch(t *testing.T) {
	o := opts(t, 30)
	o.Liveness, o.Duration = true, 20*time.Second
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Passed() || len(rep.Findings) > 0 {
		var b strings.Builder
		rep.Print(&b)
		t.Fatalf("safe liveness search:\n%s", b.String())
	}
	for _, r := range rep.Results[:5] {
		s := Generate(o.settings().params(r.Seed))
		res, err := execute(s, execOpts{})
		if err != nil {
			t.Fatal(err)
		}
		w := res.R.World()
		for _, c := range clientsOf(s.Steps) {
			if _, ok := w.ClientHolds(c, freshKey(c)); !ok {
				t.Errorf("seed %d: %s does not hold %s after passing the liveness checks", r.Seed, c, freshKey(c))
			}
		}
		if w.Leader() == 0 {
			t.Errorf("seed %d: no leader at the end", r.Seed)
		}
	}
}

// A liveness failure is found, shrunk to the fault that causes it, written as a scenario that
// `leaselab run` fails at the tail's check, and replayed. The world heals perfectly, so the
// test breaks the tail: after a `snapshot` anywhere in the schedule, the tail crashes a majority
// after healing (no leader can be elected).
func TestLivenessFindingShrunk(t *testing.T) {
	breakTail = func(prefix, tail []scenarios.Step) []scenarios.Step {
		if !slices.ContainsFunc(prefix, func(st scenarios.Step) bool { return st.Kind == scenarios.StepSnapshot }) {
			return tail
		}
		crash := []scenarios.Step{{Kind: scenarios.StepCrash, Node: 1}, {Kind: scenarios.StepCrash, Node: 2}, {Kind: scenarios.StepCrash, Node: 3}}
		return append(append(tail[:1:1], crash...), tail[1:]...)
	}
	defer func() { breakTail = nil }()
	o := opts(t, 15)
	o.Liveness, o.Duration, o.ShrinkSeeds, o.ShrinkRuns = true, 15*time.Second, 1, 400
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Passed() {
		t.Fatal("a search with broken liveness passed")
	}
	var f *Finding
	for i := range rep.Findings {
		if rep.Findings[i].Liveness {
			f = &rep.Findings[i]
		}
	}
	if f == nil {
		t.Fatalf("no liveness finding: %+v", rep.Findings)
	}
	if !f.Verified {
		t.Fatalf("not verified: %s", f.Problem)
	}
	src, err := os.ReadFile(f.File)
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenarios.Parse(f.File, src)
	if err != nil {
		t.Fatal(err)
	}
	var schedule []string // the shrunk steps before the tail's heal
	for _, st := range s.Steps {
		if st.Kind == scenarios.StepHeal {
			break
		}
		schedule = append(schedule, scenarios.FormatStep(st))
	}
	if len(schedule) > 3 || !slices.ContainsFunc(schedule, func(s string) bool { return strings.HasPrefix(s, "snapshot ") }) {
		t.Errorf("shrunk schedule %q, want the snapshot and little else", schedule)
	}
	res, err := scenarios.RunScenario(s, scenarios.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Runner.Passed() || !strings.Contains(res.Runner.Failures[0].Step, "wait-until leader") {
		t.Errorf("leaselab run of the reproducer: passed %v, failures %v", res.Runner.Passed(), res.Runner.Failures)
	}
	if !strings.Contains(f.Text, "wait-until leader") || !strings.HasSuffix(f.File, "-liveness.scenario") {
		t.Errorf("file %s:\n%s", f.File, f.Text)
	}
	var out strings.Builder
	rep.Print(&out)
	if !strings.Contains(out.String(), "liveness: seed ") || !strings.Contains(out.String(), "liveness (wait-until leader") {
		t.Errorf("report:\n%s", out.String())
	}
	t.Logf("%s", src)
}

// The known liveness findings of the wide profile (testdata/liveness-*.scenario, each explained
// in its header) still fail their liveness checks, and only those: when one passes, whatever
// fixed it should turn the file into a regression scenario.
func TestKnownLivenessFindings(t *testing.T) {
	files, _ := filepath.Glob("testdata/liveness-*.scenario")
	if len(files) < 2 {
		t.Fatalf("%d known liveness findings", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := scenarios.Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		res, err := execute(s, execOpts{})
		if err != nil {
			t.Fatal(err)
		}
		if len(livenessFailures(res.R)) == 0 || len(refusals(res.R)) > 0 {
			t.Errorf("%s: liveness failures %v, other failures %v", f, livenessFailures(res.R), refusals(res.R))
		}
	}
}
