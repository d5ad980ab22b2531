package chaos

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// envInt reads a test size from the environment (the long safe run is opt-in).
func envInt(t *testing.T, name string, def int) int {
	if v := os.Getenv(name); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number", name, v)
		}
		return n
	}
	return def
}

func opts(t *testing.T, seeds int, unsafe ...string) Options {
	o := DefaultOptions()
	o.Seeds, o.Unsafe, o.Out = seeds, unsafe, t.TempDir()
	return o
}

// TestSafeModeFindsNothing is the safe search: 2,000 seeds of 30 simulated seconds (100 with
// -short), every invariant holds, every history is checked linearizable, and no request got
// stuck. Set LEASELAB_CHAOS_SEEDS (and LEASELAB_CHAOS_JOBS) for another size.
func TestSafeModeFindsNothing(t *testing.T) {
	seeds := 2000
	if testing.Short() {
		seeds = 100
	}
	o := opts(t, envInt(t, "LEASELAB_CHAOS_SEEDS", seeds))
	o.Jobs = envInt(t, "LEASELAB_CHAOS_JOBS", 2)
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != o.Seeds {
		t.Fatalf("%d results for %d seeds", len(rep.Results), o.Seeds)
	}
	for _, r := range rep.Failed() {
		t.Errorf("seed %d: %v %s %s (leaselab chaos --from %d --seeds 1)", r.Seed, r.Kinds, r.First, r.Error, r.Seed)
	}
	if st := rep.Stuck(); len(st) > 0 {
		t.Errorf("%d stuck requests, first: %s", len(st), st[0])
	}
	ok, illegal, unknown := rep.Lin()
	if ok != o.Seeds || illegal != 0 || unknown != 0 {
		t.Errorf("linearizability: %d ok, %d illegal, %d unknown of %d", ok, illegal, unknown, o.Seeds)
	}
	ops := 0
	for _, r := range rep.Results {
		if len(r.Refused) > 0 {
			t.Errorf("seed %d: the world refused generated steps: %v", r.Seed, r.Refused)
		}
		if r.SimulatedS != 30 {
			t.Errorf("seed %d simulated %vs, want 30s", r.Seed, r.SimulatedS)
		}
		ops += r.Ops
	}
	if ops < 20*o.Seeds { // the check must have had something to check
		t.Errorf("only %d operations in %d histories", ops, o.Seeds)
	}
	if len(rep.Findings) != 0 {
		t.Errorf("findings in safe mode: %+v", rep.Findings)
	}
	t.Logf("%d seeds, %d checked operations, in %v (%.0f seeds/s)", o.Seeds, ops, rep.Wall, float64(o.Seeds)/rep.Wall.Seconds())
}

// Each unsafe switch removes one mechanism; chaos must find the violation that shows it within
// 200 seeds, shrink it to at most 15 steps, and the written file must reproduce it when run
// as `leaselab run` runs it.
func TestUnsafeSwitchesFound(t *testing.T) {
	for _, tc := range []struct {
		unsafe string
		kind   cluster.ViolationKind
	}{
		{"expire-ignores-token", cluster.LostGrant},
		{"unchecked-proposals", cluster.LostGrant},
		{"local-expiry", cluster.Divergence},
		{"no-fencing", cluster.StaleWrite},
	} {
		t.Run(tc.unsafe, func(t *testing.T) {
			o := opts(t, 200, tc.unsafe)
			rep, err := Run(o, nil)
			if err != nil {
				t.Fatal(err)
			}
			var f *Finding
			for i := range rep.Findings {
				if rep.Findings[i].Kind == tc.kind {
					f = &rep.Findings[i]
				}
			}
			if f == nil {
				t.Fatalf("no %s reproducer; findings %+v; %d seeds failed", tc.kind, rep.Findings, len(rep.Failed()))
			}
			if !f.Verified {
				t.Errorf("reproducer not verified: %s", f.Problem)
			}
			if f.Steps > 15 {
				t.Errorf("shrunk to %d steps, want at most 15:\n%s", f.Steps, f.Text)
			}
			for _, x := range rep.Findings {
				if x.Error != "" {
					t.Errorf("%s: %s", x.Kind, x.Error)
				}
			}
			src, err := os.ReadFile(f.File)
			if err != nil {
				t.Fatal(err)
			}
			s, err := scenarios.Parse(f.File, src)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Steps) != f.Steps {
				t.Errorf("file has %d steps, finding says %d", len(s.Steps), f.Steps)
			}
			last := s.Steps[len(s.Steps)-1]
			if last.Kind != scenarios.StepExpect || last.Cond.Kind != scenarios.CondViolations || last.Cond.Violation != tc.kind {
				t.Errorf("last step is %q, want expect violations %s", scenarios.FormatStep(last), tc.kind)
			}
			if !slicesContain(s.Header.Unsafe, tc.unsafe) {
				t.Errorf("reproducer header lost unsafe %s", tc.unsafe)
			}
			res, err := scenarios.RunScenario(s, scenarios.RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Runner.Passed() {
				t.Errorf("leaselab run fails the reproducer: %v", res.Runner.Failures)
			}
			if !res.Runner.World().HasViolation(tc.kind) {
				t.Errorf("running the reproducer shows %v, not %s", res.Runner.World().Violations(), tc.kind)
			}
			html, err := os.ReadFile(f.HTML)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(html, []byte(tc.kind.String())) || !bytes.Contains(html, []byte("<html")) {
				t.Errorf("the HTML does not name the violation %s", tc.kind)
			}
			// The history links to the reproducer's space-time diagram, which marks the violation.
			diagram := strings.TrimSuffix(f.HTML, ".html") + ".diagram.html"
			if !bytes.Contains(html, []byte(filepath.Base(diagram)+"#violation")) {
				t.Errorf("the history does not link to %s", filepath.Base(diagram))
			}
			if page, err := os.ReadFile(diagram); err != nil || !bytes.Contains(page, []byte(`class="jm"`)) || !bytes.Contains(page, []byte(tc.kind.String())) {
				t.Errorf("the reproducer's diagram %s does not mark %s (err %v)", diagram, tc.kind, err)
			}
			var out bytes.Buffer
			rep.Print(&out)
			if want := "leaselab play " + f.File; !strings.Contains(out.String(), want) {
				t.Errorf("report does not say %q:\n%s", want, out.String())
			}
			t.Logf("seed %d, %d -> %d steps in %d runs:\n%s", f.Seed, f.From, f.Steps, f.Runs, f.Text)
		})
	}
}

func slicesContain(list []string, s string) bool { return slices.Contains(list, s) }

// The shrinker also works without an instant to stop at: non-linearizable is a verdict on the
// whole history, checked at the end of every candidate run.
func TestShrinkNonLinearizable(t *testing.T) {
	var seed uint64
	p := Params{Duration: 30 * time.Second, Nodes: 5, Unsafe: []string{"unchecked-proposals"}}
	for s := uint64(1); s <= 50 && seed == 0; s++ {
		p.Seed = s
		if r := runSeed(p, 10*time.Second, nil); slices.Contains(r.Kinds, cluster.NonLinearizable) {
			seed = s
		}
	}
	if seed == 0 {
		t.Fatal("no non-linearizable seed among 50 with unchecked-proposals")
	}
	rep := Shrink(Generate(p), cluster.NonLinearizable, 2000, 10*time.Second)
	if rep.Error != "" {
		t.Fatal(rep.Error)
	}
	if rep.Steps >= rep.From || rep.Steps > 20 {
		t.Errorf("shrunk %d -> %d steps", rep.From, rep.Steps)
	}
	s, err := scenarios.Parse("nonlin.scenario", []byte(rep.Text))
	if err != nil {
		t.Fatal(err)
	}
	res, err := scenarios.RunScenario(s, scenarios.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Runner.Passed() || !res.Runner.World().HasViolation(cluster.NonLinearizable) {
		t.Errorf("reproducer: passed %v, violations %v\n%s", res.Runner.Passed(), res.Runner.World().Violations(), rep.Text)
	}
	// The reproducer's verdict is explained: which operations cannot be ordered, pointing at them.
	why := explainRepro(rep.Text, 10*time.Second)
	if !strings.Contains(why, "cannot be ordered, whatever the others did") || !strings.Contains(why, "'s ") {
		t.Errorf("explanation %q", why)
	}
	var b strings.Builder
	res.Report(&b)
	if !strings.Contains(b.String(), "cannot be ordered") {
		t.Errorf("leaselab run does not explain the verdict:\n%s", b.String())
	}
}

// The same seed generates the same scenario and the same run; other seeds differ.
func TestDeterministicPerSeed(t *testing.T) {
	p := Params{Seed: 42, Duration: 30 * time.Second, Nodes: 5}
	a, b := scenarios.Format(Generate(p)), scenarios.Format(Generate(p))
	if a != b {
		t.Fatal("the same seed generated two scenarios")
	}
	p2 := p
	p2.Seed = 43
	if scenarios.Format(Generate(p2)) == a {
		t.Error("seeds 42 and 43 generated the same scenario")
	}
	r1, r2 := runSeed(p, 10*time.Second, nil), runSeed(p, 10*time.Second, nil)
	if !reflect.DeepEqual(r1, r2) {
		t.Errorf("two runs of seed 42 differ:\n%+v\n%+v", r1, r2)
	}
	if r1.TraceHash == runSeed(p2, 10*time.Second, nil).TraceHash {
		t.Error("seeds 42 and 43 ran the same trace")
	}
}

// Generated scenarios are valid files: they parse back to themselves, last exactly the
// duration, use only the nodes there are, and end healed.
func TestGeneratedScenariosAreWellFormed(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		p := Params{Seed: seed, Duration: 20 * time.Second, Nodes: 3 + int(seed%7)}
		s := Generate(p)
		text := scenarios.Format(s)
		back, err := scenarios.Parse("gen.scenario", []byte(text))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if again := scenarios.Format(back); again != text {
			t.Fatalf("seed %d does not round-trip", seed)
		}
		var total time.Duration
		healed := false // a heal, then only restarts, reconnects and waits
		for _, st := range s.Steps {
			if st.Kind == scenarios.StepWait {
				total += st.Dur
			}
			switch st.Kind {
			case scenarios.StepHeal:
				healed = true
			case scenarios.StepRestart, scenarios.StepReconnect, scenarios.StepWait:
			default:
				healed = false
			}
			switch st.Kind {
			case scenarios.StepAddNode, scenarios.StepAddLearner, scenarios.StepPromote, scenarios.StepRemoveNode, scenarios.StepReconfigure:
				continue // a membership step may name the nodes it adds (the file names them from there on)
			}
			if st.Node > p.Nodes || st.Node2 > p.Nodes {
				t.Fatalf("seed %d names a node beyond %d: %s", seed, p.Nodes, scenarios.FormatStep(st))
			}
		}
		if total != p.Duration {
			t.Errorf("seed %d lasts %v, want %v", seed, total, p.Duration)
		}
		if last := s.Steps[len(s.Steps)-1]; last.Kind != scenarios.StepWait || !healed {
			t.Errorf("seed %d does not end with heal ... and a settle wait", seed)
		}
	}
}

// The result of a search does not depend on --jobs: the same seeds give the same results, the
// same reproducers and the same report, whether they ran here or in worker processes (this
// test binary, re-executed through TestMain).
func TestJobsDoNotChangeResult(t *testing.T) {
	run := func(jobs int) (*Report, string) {
		o := opts(t, 40, "no-fencing", "expire-ignores-token")
		o.Jobs, o.ShrinkSeeds, o.ShrinkRuns = jobs, 2, 300 // small shrinks: this is about equality
		rep, err := Run(o, nil)
		if err != nil {
			t.Fatalf("jobs %d: %v", jobs, err)
		}
		var out bytes.Buffer
		rep.Print(&out)
		return rep, strings.ReplaceAll(out.String(), o.Out, "OUT")
	}
	r1, out1 := run(1)
	r3, out3 := run(3)
	if !reflect.DeepEqual(r1.Results, r3.Results) {
		t.Error("results differ between --jobs 1 and --jobs 3")
	}
	if len(r1.Findings) == 0 || len(r1.Findings) != len(r3.Findings) {
		t.Fatalf("findings: %d with 1 job, %d with 3", len(r1.Findings), len(r3.Findings))
	}
	for i := range r1.Findings {
		if !reflect.DeepEqual(r1.Findings[i].Repro, r3.Findings[i].Repro) {
			t.Errorf("reproducer %d differs:\n%s\n---\n%s", i, r1.Findings[i].Text, r3.Findings[i].Text)
		}
	}
	if out1 != out3 {
		t.Errorf("reports differ:\n%s\n---\n%s", out1, out3)
	}
}

// The worker protocol, in this process: one JSON answer line per job line, equal to running
// the job directly.
func TestWorkerProtocol(t *testing.T) {
	st := DefaultOptions().settings()
	st.Duration = 10 * time.Second
	var out bytes.Buffer
	if err := serve(st, strings.NewReader("{\"seed\":5}\n{\"seed\":6}\n"), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d answer lines: %q", len(lines), out.String())
	}
	for i, seed := range []uint64{5, 6} {
		var b bytes.Buffer
		if err := serveOne(st, job{Seed: seed}, &b); err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(b.String()) != lines[i] {
			t.Errorf("answer %d = %s, want %s", i, lines[i], b.String())
		}
	}
	if err := serve(st, strings.NewReader("not json\n"), &out); err == nil {
		t.Error("a bad job line was accepted")
	}
	// A worker process first reads the settings line, then serves the same answers.
	set, _ := json.Marshal(st)
	var whole bytes.Buffer
	if err := ServeWorker(strings.NewReader(string(set)+"\n{\"seed\":5}\n{\"seed\":6}\n"), &whole); err != nil {
		t.Fatal(err)
	}
	if whole.String() != out.String()[:whole.Len()] || strings.Count(whole.String(), "\n") != 2 {
		t.Errorf("ServeWorker answered\n%s\nwant\n%s", whole.String(), out.String())
	}
	for _, in := range []string{"", "{\"duration\":\n", "not json\n"} {
		if err := ServeWorker(strings.NewReader(in), &whole); err == nil {
			t.Errorf("settings %q accepted", in)
		}
	}
}

// A stuck request fails a safe search (exit 1) and is listed; an unsafe search only lists none.
func TestStuckRequestFailsSafeSearch(t *testing.T) {
	rep := &Report{Options: DefaultOptions(), Results: []SeedResult{{Seed: 4}, {Seed: 5, Stuck: []string{"c1's acquire k ..."}}}}
	if rep.Passed() {
		t.Error("safe search with a stuck request passed")
	}
	var out bytes.Buffer
	rep.Print(&out)
	if !strings.Contains(out.String(), "stuck: seed 5: c1's acquire k ...") || !strings.Contains(out.String(), "stuck requests: 1\n") {
		t.Errorf("report:\n%s", out.String())
	}
	rep.Options.Unsafe = []string{"no-fencing"}
	if !rep.Passed() {
		t.Error("unsafe search with a stuck request failed")
	}
	rep.Results[0].Stuck = nil
	rep.Options.Unsafe = nil
	rep.Results = rep.Results[:1]
	if !rep.Passed() {
		t.Error("clean safe search failed")
	}
}

// Wide seed 1987 (check-quorum and pre-vote off): a deposed leader, n6 in term 7, keeps leading
// in its own eyes while every other voter has moved to a higher term and refuses its appends;
// raft never tells it. Its clients' timeouts are that outage, not stuck requests.
func TestDeposedLeaderIsNotCalm(t *testing.T) {
	o := opts(t, 1)
	o.From, o.Profile = 1987, "wide"
	rep, err := Run(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st := rep.Stuck(); len(st) > 0 {
		t.Errorf("%d stuck requests, first: %s", len(st), st[0])
	}
}
