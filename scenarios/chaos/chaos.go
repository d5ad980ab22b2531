package chaos

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/scenarios"
	"leaselab/scenarios/web"
)

// Options are a search's settings (`leaselab chaos`'s flags, which main.go parses and checks).
type Options struct {
	Seeds       int           // how many seeds
	From        uint64        // the first seed
	Duration    time.Duration // simulated time per seed
	Nodes       int
	Unsafe      []string
	Profile     string // the generator's fault mix: "" (the default) or "wide"
	Jobs        int    // worker processes; 1 runs in this process
	Out         string // where reproducers go
	First       bool   // stop at the first seed with a violation
	LinTimeout  time.Duration
	ShrinkRuns  int   // the shrinker's run budget per reproducer
	ShrinkSeeds int   // seeds shrunk per violation kind, keeping the smallest reproducer
	Liveness    bool  // end every seed with the liveness tail and require progress (see liveness.go)
	Swarm       bool  // every seed leaves out a random subset of fault kinds (see swarm.go)
	Shard       Shard // run only this slice of the seeds (see shard.go)
	// CheckDeterminism runs every seed a second time in another process and compares.
	CheckDeterminism bool
}

// DefaultOptions are the flags' defaults.
func DefaultOptions() Options {
	return Options{Seeds: 100, From: 1, Duration: 30 * time.Second, Nodes: 5, Jobs: 1, Out: "chaos-out",
		LinTimeout: 10 * time.Second, ShrinkRuns: 2000, ShrinkSeeds: 3}
}

func (o Options) settings() settings {
	return settings{Duration: o.Duration, Nodes: o.Nodes, Unsafe: o.Unsafe, Profile: o.Profile, LinTimeout: o.LinTimeout, ShrinkRuns: o.ShrinkRuns,
		Liveness: o.Liveness, Swarm: o.Swarm}
}

// Finding is one shrunk reproducer, written to disk.
type Finding struct {
	Repro
	File     string // the .scenario written
	HTML     string // porcupine's visualization
	Verified bool   // running the file reproduced the violation and passed (its expects hold)
	Problem  string // why not, when not
}

// Report is a whole search. Everything but Wall is the same for the same options, whatever
// Jobs is.
type Report struct {
	Options  Options
	Results  []SeedResult // in seed order; with First, up to the first failing seed
	Findings []Finding    // one per violation kind, in the order the search met them
	Crashed  []string     // scenario files written for runs that could not complete
	Wall     time.Duration
	Shrunk   []Repro // every reproducer shrunk, the ones not kept too (what a merge picks from)
	// Nondeterministic lists the seeds whose second run differed (--check-determinism).
	Nondeterministic []Nondeterminism `json:",omitempty"`
}

// Failed lists the results that found something.
func (r *Report) Failed() []SeedResult {
	var out []SeedResult
	for _, s := range r.Results {
		if s.Failed() {
			out = append(out, s)
		}
	}
	return out
}

// Stuck lists every stuck request of the search, as "seed N: what", in seed order.
func (r *Report) Stuck() []string {
	var out []string
	for _, s := range r.Results {
		for _, st := range s.Stuck {
			out = append(out, fmt.Sprintf("seed %d: %s", s.Seed, st))
		}
	}
	return out
}

// Lin counts the linearizability verdicts: Ok, Illegal, and Unknown (porcupine timed out: the
// history was not checked).
func (r *Report) Lin() (ok, illegal, unknown int) {
	for _, s := range r.Results {
		switch s.Lin {
		case "Ok":
			ok++
		case "Illegal":
			illegal++
		case "Unknown":
			unknown++
		}
	}
	return
}

// Run searches the seeds, shrinks what it finds and writes the reproducers. Progress goes to
// progressOut (nil: none).
func Run(o Options, progressOut io.Writer) (*Report, error) {
	if progressOut == nil {
		progressOut = io.Discard
	}
	st := o.settings()
	_, seeds := o.span()
	var es []executor
	var err error
	if o.CheckDeterminism {
		es, err = startExecutors(st, max(o.Jobs, 2), progressOut)
		if err == nil && o.Jobs == 1 { // this process and one worker
			es[0].close()
			es[0] = local{st}
		}
	} else {
		es, err = startExecutors(st, min(o.Jobs, seeds), progressOut)
	}
	if err != nil {
		return nil, err
	}
	rep := &Report{Options: o}
	by, runErr := search(o, es, rep, progressOut)
	if runErr == nil && o.CheckDeterminism && len(rep.Results) > 0 {
		runErr = recheck(o, es, rep, by, progressOut)
	}
	if runErr == nil {
		runErr = shrinkAll(o, es, rep, progressOut)
	}
	if err := closeAll(es); err != nil && runErr == nil {
		runErr = fmt.Errorf("closing workers: %v", err)
	}
	if runErr != nil {
		return rep, runErr
	}
	return rep, writeCrashed(o, rep)
}

// search runs every seed of its span (with First, up to the lowest failing one) and keeps the
// results in seed order; it returns which executor ran each.
func search(o Options, es []executor, rep *Report, progressOut io.Writer) ([]int, error) {
	from, seeds := o.span()
	results := make([]*SeedResult, seeds)
	ranOn := make([]int, seeds)
	stop := seeds // with First: index of the lowest failing seed + 1
	next := 0
	prog := newProgress(progressOut, seeds)
	err := dispatch(es,
		func(int) (job, bool) {
			if next >= stop {
				return job{}, false
			}
			next++
			return job{Seed: from + uint64(next-1)}, true
		},
		func(j job, e int, a answer) {
			i := int(j.Seed - from)
			if a.Result == nil || i >= stop {
				return
			}
			results[i], ranOn[i] = a.Result, e
			prog.update(a.Result.Failed())
			if o.First && a.Result.Failed() {
				stop = i + 1
			}
		})
	rep.Wall = prog.finish()
	for _, r := range results[:stop] {
		if r == nil {
			if err == nil {
				err = errors.New("a seed got no result")
			}
			continue
		}
		rep.Results = append(rep.Results, *r)
	}
	return ranOn[:len(rep.Results)], err
}

// shrinkAll shrinks, for each violation kind found, the ShrinkSeeds seeds whose violation
// came earliest in their scenario (the fewest steps to cut through), on the workers too, and
// keeps the smallest reproducer (ties: the lower seed). Then, here, each is written, run again
// and drawn. Kinds come in the order the search first met them; liveness failures (the lowest
// seeds) come last.
func shrinkAll(o Options, es []executor, rep *Report, progressOut io.Writer) error {
	groups, jobs := shrinkJobs(o, rep.Results)
	if len(jobs) == 0 {
		return nil
	}
	var labels []string
	for _, k := range groups {
		labels = append(labels, (&Repro{Kind: k, Liveness: k == 0}).Name())
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return err
	}
	repros := make([]*Repro, len(jobs))
	next := 0
	fmt.Fprintf(progressOut, "chaos: shrinking %d seeds for %s\n", len(jobs), strings.Join(labels, ", "))
	err := dispatch(es,
		func(int) (job, bool) {
			if next >= len(jobs) {
				return job{}, false
			}
			next++
			return jobs[next-1], true
		},
		func(j job, _ int, a answer) {
			i := slices.Index(jobs, j)
			repros[i] = a.Repro
			if r := a.Repro; r != nil {
				fmt.Fprintf(progressOut, "chaos: seed %d (%s): %d -> %d steps in %d runs\n", j.Seed, r.Name(), r.From, r.Steps, r.Runs)
			}
		})
	if err != nil {
		return err
	}
	for _, r := range repros {
		if r != nil {
			rep.Shrunk = append(rep.Shrunk, *r)
		}
	}
	return pickFindings(o, rep, groups, jobs, repros)
}

// shrinkJobs are the shrinks a search makes for its results: per violation kind (in the order
// the results first show them) its ShrinkSeeds candidates, then the liveness failures' (group
// 0: the lowest seeds).
func shrinkJobs(o Options, results []SeedResult) (groups []cluster.ViolationKind, jobs []job) {
	bySeed := map[cluster.ViolationKind][]SeedResult{}
	var live []SeedResult
	for _, r := range results {
		switch {
		case r.Target != 0:
			if bySeed[r.Target] == nil {
				groups = append(groups, r.Target)
			}
			bySeed[r.Target] = append(bySeed[r.Target], r)
		case len(r.Liveness) > 0:
			live = append(live, r)
		}
	}
	for _, k := range groups {
		cands := bySeed[k]
		slices.SortStableFunc(cands, func(a, b SeedResult) int { return a.TargetStep - b.TargetStep })
		for _, c := range cands[:min(len(cands), max(1, o.ShrinkSeeds))] {
			jobs = append(jobs, job{Seed: c.Seed, Shrink: k})
		}
	}
	if len(live) > 0 {
		groups = append(groups, 0)
		for _, c := range live[:min(len(live), max(1, o.ShrinkSeeds))] {
			jobs = append(jobs, job{Seed: c.Seed, Live: true})
		}
	}
	return groups, jobs
}

// pickFindings keeps, per group, the smallest reproducer (ties: the lower seed), and writes it.
func pickFindings(o Options, rep *Report, groups []cluster.ViolationKind, jobs []job, repros []*Repro) error {
	for _, k := range groups {
		var best *Repro
		for i, r := range repros {
			switch {
			case jobs[i].Shrink != k:
			case r == nil:
				return fmt.Errorf("no reproducer for seed %d", jobs[i].Seed)
			case best == nil, best.Error != "" && r.Error == "",
				r.Error == "" && (r.Steps < best.Steps || r.Steps == best.Steps && r.Seed < best.Seed):
				best = r
			}
		}
		f, err := writeFinding(o, *best)
		if err != nil {
			return err
		}
		rep.Findings = append(rep.Findings, f)
	}
	return nil
}

// Name is what the finding shows: its violation kind, or liveness.
func (r *Repro) Name() string {
	if r.Liveness {
		return "liveness"
	}
	return r.Kind.String()
}

// base is a finding's file name without extension.
func base(seed uint64, kind fmt.Stringer) string {
	return fmt.Sprintf("seed-%d-%s", seed, kind)
}

// ReproduceCommand is the chaos command line that runs just this seed again.
func (o Options) ReproduceCommand(seed uint64) string {
	d := DefaultOptions()
	cmd := fmt.Sprintf("leaselab chaos --from %d --seeds 1", seed)
	if o.Duration != d.Duration {
		cmd += " --duration " + o.Duration.String()
	}
	if o.Nodes != d.Nodes {
		cmd += fmt.Sprintf(" --nodes %d", o.Nodes)
	}
	for _, u := range o.Unsafe {
		cmd += " --unsafe " + u
	}
	if o.Profile != "" {
		cmd += " --profile " + o.Profile
	}
	if o.Liveness {
		cmd += " --liveness"
	}
	if o.Swarm {
		cmd += " --swarm"
	}
	return cmd
}

// writeFinding writes a reproducer and its HTML, then checks that the file, parsed back and
// run as `leaselab run` runs it, shows the violation and passes.
func writeFinding(o Options, r Repro) (Finding, error) {
	f := Finding{Repro: r}
	if r.Error != "" {
		f.Problem = r.Error
		return f, nil
	}
	if r.Kind == cluster.NonLinearizable {
		r.Explained = explainRepro(r.Text, o.LinTimeout)
		f.Repro = r
	}
	name := base(r.Seed, word(r.Name()))
	f.File = filepath.Join(o.Out, name+".scenario")
	f.HTML = filepath.Join(o.Out, name+".html")
	var b strings.Builder
	fmt.Fprintf(&b, "# Found by leaselab chaos: seed %d shows %s.\n", r.Seed, r.Name())
	fmt.Fprintf(&b, "#   %s\n", r.Violation)
	for _, line := range strings.Split(strings.TrimSpace(r.Explained), "\n") {
		if line != "" {
			fmt.Fprintf(&b, "#   %s\n", strings.TrimSpace(line))
		}
	}
	if r.Liveness {
		fmt.Fprintf(&b, "# After the faults the world is healed; the wait-until steps at the end are the liveness\n"+
			"# checks, and `leaselab run` fails this file at the one that does not come, until it is fixed.\n")
	}
	fmt.Fprintf(&b, "# Shrunk from %d steps to %d in %d runs. The whole seed again: %s\n", r.From, r.Steps, r.Runs, o.ReproduceCommand(r.Seed))
	if r.WorldSeed != r.Seed {
		fmt.Fprintf(&b, "# The world runs on seed %d here: cutting steps shifts every later random draw, so the\n# shrinker also tried other seeds for the same steps.\n", r.WorldSeed)
	}
	fmt.Fprintf(&b, "# Watch it: leaselab play %s   History: %s\n\n", f.File, f.HTML)
	b.WriteString(r.Text)
	if err := os.WriteFile(f.File, []byte(b.String()), 0o644); err != nil {
		return f, err
	}
	s, err := scenarios.Parse(f.File, []byte(b.String()))
	if err != nil {
		f.Problem = "the reproducer does not parse: " + err.Error()
		return f, nil
	}
	run, _, err := replay(s, f.HTML, o.LinTimeout)
	if err == nil {
		_, err = web.WriteBeside(f.HTML, s) // the history links to the reproducer's diagram
	}
	switch {
	case err != nil:
		f.Problem = err.Error()
	case r.Liveness:
		if len(livenessFailures(run)) == 0 {
			f.Problem = "running the reproducer again passes its liveness checks"
		} else {
			f.Verified = true
		}
	case !run.World().HasViolation(r.Kind):
		f.Problem = "running the reproducer again does not show " + r.Kind.String()
	case !run.Passed():
		var fs []string
		for _, x := range run.Failures {
			fs = append(fs, x.String())
		}
		f.Problem = "the reproducer fails: " + strings.Join(fs, "; ")
	default:
		f.Verified = true
	}
	return f, nil
}

// explainRepro runs a non-linearizable reproducer with explanations on and returns what the
// violation says about which operations cannot be ordered ("" if none).
func explainRepro(text string, linTimeout time.Duration) string {
	s, err := scenarios.Parse("repro.scenario", []byte(text))
	if err != nil {
		return ""
	}
	r, _, err := replay(s, "", linTimeout)
	if err != nil {
		return ""
	}
	check.CheckHistory(r.World(), linTimeout)
	for _, v := range r.World().Violations() {
		if v.Kind == cluster.NonLinearizable {
			return v.Detail
		}
	}
	return ""
}

// writeCrashed writes the generated scenario of every seed whose run could not complete.
func writeCrashed(o Options, rep *Report) error {
	for _, r := range rep.Results {
		if r.Error == "" {
			continue
		}
		if err := os.MkdirAll(o.Out, 0o755); err != nil {
			return err
		}
		path := filepath.Join(o.Out, base(r.Seed, word("crash"))+".scenario")
		var b strings.Builder
		for _, line := range strings.Split(strings.TrimSpace(r.Error), "\n") {
			fmt.Fprintf(&b, "# %s\n", line)
		}
		b.WriteString("\n" + scenarios.Format(Generate(o.settings().params(r.Seed))))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			return err
		}
		rep.Crashed = append(rep.Crashed, path)
	}
	return nil
}

// Print writes the report: violating seeds, totals, then each reproducer and how to see it.
// It depends only on the results (no wall time), so it is the same for any --jobs.
func (r *Report) Print(w io.Writer) {
	o := r.Options
	mode := "safe"
	if len(o.Unsafe) > 0 {
		mode = "unsafe " + strings.Join(o.Unsafe, ", ")
	}
	if o.Profile != "" {
		mode += ", profile " + o.Profile
	}
	if o.Liveness {
		mode += ", liveness"
	}
	if o.Swarm {
		mode += ", swarm"
	}
	from, _ := o.span()
	last := from + uint64(len(r.Results)) - 1
	if o.Shard.N > 1 {
		mode += fmt.Sprintf(", shard %v of seeds %d..%d", o.Shard, o.From, o.From+uint64(o.Seeds)-1)
	}
	fmt.Fprintf(w, "chaos: seeds %d..%d, %v of simulated time each, %d nodes, %s\n", from, last, o.Duration, o.Nodes, mode)
	const maxLines = 20
	failed := r.Failed()
	for i, s := range failed {
		if i == maxLines {
			fmt.Fprintf(w, "  ... and %d more seeds\n", len(failed)-maxLines)
			break
		}
		switch {
		case s.Error != "":
			fmt.Fprintf(w, "  seed %d: the run could not complete: %s\n", s.Seed, firstLine(s.Error))
		case len(s.Kinds) > 0:
			fmt.Fprintf(w, "  seed %d: %s (%s)\n", s.Seed, strings.Join(names(s.Kinds), ", "), s.First)
		}
		if len(s.Liveness) > 0 {
			fmt.Fprintf(w, "  seed %d: liveness (%s)\n", s.Seed, s.Liveness[0])
		}
	}
	for _, s := range r.Results {
		if len(s.Refused) > 0 {
			fmt.Fprintf(w, "  seed %d: the world refused %d generated steps (a generator bug): %s\n", s.Seed, len(s.Refused), s.Refused[0])
		}
		if s.Lin == "Unknown" {
			fmt.Fprintf(w, "  seed %d: history of %d operations not checked (porcupine timed out after %v)\n", s.Seed, s.Ops, o.LinTimeout)
		}
	}
	if !slices.Contains(o.Unsafe, "unchecked-proposals") {
		n, first := 0, uint64(0)
		for _, s := range r.Results {
			if s.Rejected > 0 {
				if n == 0 {
					first = s.Seed
				}
				n++
			}
		}
		if n > 0 {
			fmt.Fprintf(w, "  note: %d seeds applied a GrantRejected (first: seed %d); no invariant breaks, but the session layer should never propose one\n", n, first)
		}
	}
	if len(o.Unsafe) == 0 {
		stuck := r.Stuck()
		for i, s := range stuck {
			if i == maxLines {
				fmt.Fprintf(w, "  ... and %d more stuck requests\n", len(stuck)-maxLines)
				break
			}
			fmt.Fprintf(w, "  stuck: %s\n", s)
		}
		fmt.Fprintf(w, "stuck requests: %d\n", len(stuck))
	}
	ok, illegal, unknown := r.Lin()
	byKind := map[cluster.ViolationKind]int{}
	for _, s := range r.Results {
		for _, k := range s.Kinds {
			byKind[k]++
		}
	}
	var kinds []string
	for _, k := range Kinds {
		if byKind[k] > 0 {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, byKind[k]))
		}
	}
	live := 0
	for _, s := range r.Results {
		if len(s.Liveness) > 0 {
			live++
		}
	}
	if live > 0 {
		kinds = append(kinds, fmt.Sprintf("liveness %d", live))
	}
	summary := fmt.Sprintf("%d seeds: %d with violations", len(r.Results), len(failed))
	if len(kinds) > 0 {
		summary += " (" + strings.Join(kinds, ", ") + ")"
	}
	fmt.Fprintf(w, "%s; linearizability: %d ok, %d illegal, %d not checked (timed out)\n", summary, ok, illegal, unknown)
	if unknown > 0 {
		fmt.Fprintf(w, "NOT A PASS: %d histories could not be checked within --lin-timeout %v (a history not checked proves nothing; rerun with a larger one)\n", unknown, r.Options.LinTimeout)
	}
	for _, f := range r.Findings {
		if f.File == "" {
			fmt.Fprintf(w, "%s: seed %d could not be shrunk: %s\n", f.Name(), f.Seed, f.Problem)
			continue
		}
		fmt.Fprintf(w, "%s: seed %d, shrunk from %d steps to %d (%d runs)\n", f.Name(), f.Seed, f.From, f.Steps, f.Runs)
		fmt.Fprintf(w, "  reproducer  %s\n  history     %s\n", f.File, f.HTML)
		needs := strings.Join(f.Needs, ", ")
		if needs == "" {
			needs = "no fault at all"
		}
		if o.Swarm {
			needs += "; the seed left out " + strings.Join(SwarmOff(f.Seed), ", ")
		}
		fmt.Fprintf(w, "  needs       %s\n", needs)
		if why, _, _ := strings.Cut(f.Explained, "\n"); why != "" {
			fmt.Fprintf(w, "  why         %s\n", why)
		}
		if !f.Verified {
			fmt.Fprintf(w, "  warning: %s\n", f.Problem)
		}
		fmt.Fprintf(w, "  watch it:   leaselab play %s\n", f.File)
	}
	for _, c := range r.Crashed {
		fmt.Fprintf(w, "crashed run written to %s (leaselab run %s)\n", c, c)
	}
	if o.CheckDeterminism {
		fmt.Fprintf(w, "determinism: %d seeds run twice in two processes, %d differ\n", len(r.Results), len(r.Nondeterministic))
	}
	for _, d := range r.Nondeterministic {
		fmt.Fprintf(w, "NOT DETERMINISTIC: seed %d: trace hash %x, then %x in another process\n  traces      %s\n              %s\n", d.Seed, d.A.TraceHash, d.B.TraceHash, d.TraceA, d.TraceB)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Passed says whether the search is a pass: no seed failed, every history was checked and, in
// safe mode, no request got stuck (the retry rules promise none; unsafe modes may break
// liveness on purpose).
func (r *Report) Passed() bool {
	_, _, unknown := r.Lin()
	return len(r.Failed()) == 0 && unknown == 0 && (len(r.Options.Unsafe) > 0 || len(r.Stuck()) == 0) && len(r.Nondeterministic) == 0
}

// word is a plain word where a file name takes a kind.
type word string

func (w word) String() string { return string(w) }
