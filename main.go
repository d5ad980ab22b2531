package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/scenarios/chaos"
	"leaselab/scenarios/termsafe"
	"leaselab/scenarios/web"
	"leaselab/serve"
	"leaselab/ui"
)

const usage = `leaselab: a terminal lab for lease-based locks on etcd raft

usage:
  leaselab [--seed N] [--nodes N]                 the sandbox: five nodes, clients c1 c2 c3
  leaselab play NAME|FILE [--seed N] [--speed X]  play a lesson or scenario in the TUI
  leaselab run [--verbose] [--trace FILE] [--seed N] [--budget D] [--timeout D] FILE|NAME...
                                                  run scenarios headless: PASS/FAIL per file
  leaselab compare [--print] [--seed N] [--speed X] A B | A --unsafe SWITCH | A --without OPTION
                                                  two runs in lockstep, side by side, and
                                                  where they first differ
  leaselab run --html OUT.html [--seed N] FILE|NAME
                                                  ...and export the run as one web page
  leaselab list                                   the bundled lessons
  leaselab serve [--addr HOST:PORT] [--teacher-keys FILE] [--student-keys FILE]
                 [--host-key FILE] [--max-sessions N] [--idle D]
                                                  a classroom over SSH: every student in
                                                  the lab from their own terminal
  leaselab chaos [--seeds N] [--from S] [--duration D] [--nodes N] [--unsafe NAME]...
                 [--liveness] [--swarm] [--check-determinism] [--shard K/N] [--json FILE]
                 [--jobs N] [--out DIR]           hunt for violations with random faults
  leaselab chaos merge [--out DIR] REPORT...      the shards' --json reports as one whole run

Run 'leaselab COMMAND -h' for a command's flags.
`

// exitError carries an exit status out of a command.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit %d", int(e)) }

func main() {
	if os.Getenv(chaos.WorkerEnv) != "" {
		os.Exit(chaosWorker())
	}
	stopped := handleSignals(os.Args[1:])
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	if code, ok := stopped.exitCode(); ok {
		os.Exit(code) // a signal ended it: 128+n, whatever the command returned
	}
	var code exitError
	switch {
	case err == nil:
	case errors.As(err, &code):
		os.Exit(int(code))
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	default:
		fmt.Fprintln(os.Stderr, "leaselab:", termsafe.Text(err.Error()))
		os.Exit(1)
	}
}

// run runs one command. Headless output goes through terminalOut: text from files is shown with
// its control bytes escaped, and a report that could not be written (a full disk) is an error.
func run(args []string, rawStdout, rawStderr io.Writer) error {
	out, errOut := newTerminalOut(rawStdout), newTerminalOut(rawStderr)
	err := command(args, out, errOut, rawStderr)
	errOut.done()
	if werr := out.done(); werr != nil && err == nil {
		fmt.Fprintf(errOut, "leaselab: writing the output: %v\n", werr)
		errOut.done()
		return exitError(1)
	}
	return err
}

// command runs one command; rawStderr is for chaos's progress bar, whose escapes are its own.
func command(args []string, stdout, stderr, rawStderr io.Writer) error {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, rest := args[0], args[1:]
		switch cmd {
		case "play":
			return cmdPlay(rest, stderr)
		case "run":
			return cmdRun(rest, stdout, stderr)
		case "compare":
			return cmdCompare(rest, stdout, stderr)
		case "list":
			return cmdList(rest, stdout, stderr)
		case "chaos":
			return cmdChaos(rest, stdout, stderr, rawStderr)
		case "serve":
			return cmdServe(rest, stdout, stderr)
		case "help":
			fmt.Fprint(stdout, usage)
			return nil
		}
		fmt.Fprintf(stderr, "leaselab: unknown command %q\n\n%s", cmd, usage)
		return exitError(2)
	}
	return cmdSandbox(args, stderr)
}

// newFlags makes a subcommand's FlagSet. Its usage has the same form for every subcommand
// (chaos's too): the synopsis, what it does, then one line per flag, "--name ARG  text".
func newFlags(name, synopsis string, stderr io.Writer, about ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\n", synopsis)
		for _, a := range about {
			fmt.Fprintln(stderr, a)
		}
		if len(about) > 0 {
			fmt.Fprintln(stderr)
		}
		fs.VisitAll(func(f *flag.Flag) {
			arg, text := flag.UnquoteUsage(f)
			switch arg {
			case "uint", "int":
				arg = "N"
			case "duration":
				arg = "D"
			case "float":
				arg = "X"
			case "string":
				arg = "FILE"
			}
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
				text += " (default " + f.DefValue + ")"
			}
			fmt.Fprintf(stderr, "  %-20s %s\n", "--"+f.Name+" "+arg, text)
		})
	}
	return fs
}

// parse reads flags anywhere among the arguments (stdlib flag stops at the first positional
// one) and returns the positional arguments. Bad flags print usage and give exit status 2.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, exitError(2)
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func usageError(fs *flag.FlagSet, stderr io.Writer, format string, a ...any) error {
	prefix := "leaselab " + fs.Name()
	if fs.Name() == "leaselab" { // the sandbox: no subcommand name to add
		prefix = "leaselab"
	}
	fmt.Fprintf(stderr, "%s: %s\n", prefix, fmt.Sprintf(format, a...))
	fs.Usage()
	return exitError(2)
}

func cmdSandbox(args []string, stderr io.Writer) error {
	fs := newFlags("leaselab", "leaselab [--seed N] [--nodes N] [--keys N]", stderr,
		"Opens the sandbox: five nodes, clients c1 c2 c3; every key is a scenario step.",
		"Commands (leaselab COMMAND -h for each):",
		"  play     play a lesson or scenario in the TUI",
		"  run      run scenarios headless: PASS/FAIL per file",
		"  compare  two runs in lockstep, side by side, and where they first differ",
		"  list     the bundled lessons, in teaching order",
		"  chaos    hunt for violations with random faults",
		"  serve    a classroom over SSH",
		"  help     all of the above with their flags")
	seed := fs.Uint64("seed", 0, "the run's seed (default: a random one, shown on screen)")
	nodes := fs.Int("nodes", 5, "cluster size, 3 to 9")
	keys := fs.Int("keys", 0, fmt.Sprintf("keys held from the start (option held-keys: the leader grants them, 1,000 a tick, for %v each), 0 to %d", cluster.DefaultHeldLease, cluster.MaxHeldKeys))
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError(fs, stderr, "unexpected argument %q", pos[0])
	}
	if *nodes < 3 || *nodes > 9 {
		return usageError(fs, stderr, "--nodes must be 3 to 9, got %d", *nodes)
	}
	if *keys < 0 || *keys > cluster.MaxHeldKeys {
		return usageError(fs, stderr, "--keys must be 0 to %d, got %d", cluster.MaxHeldKeys, *keys)
	}
	s := *seed
	if !isSet(fs, "seed") {
		s = 1 + rand.Uint64N(999_999) // the sandbox's own pick, shown on screen so it can be replayed
	}
	return ui.RunSandbox(ui.Options{Seed: s, Nodes: *nodes, Keys: *keys})
}

func cmdPlay(args []string, stderr io.Writer) error {
	fs := newFlags("play", "leaselab play NAME|FILE [--seed N] [--speed X]", stderr,
		"Plays a lesson (by name, see leaselab list) or a scenario file in the TUI: it stops at each",
		"pause and ask; n at a lesson's end plays the next one.")
	seed := fs.Uint64("seed", 0, "override the scenario's seed")
	speed := fs.Float64("speed", 1, "playback speed, 0.1 to 100 (simulated seconds per second)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError(fs, stderr, "need exactly one lesson name or scenario file")
	}
	if !(*speed >= 0.1 && *speed <= 100) { // NaN fails every comparison
		return usageError(fs, stderr, "--speed must be 0.1 to 100, got %v", *speed)
	}
	s, err := scenarios.Load(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(2)
	}
	o := ui.Options{Speed: *speed, Seed: s.Header.Seed}
	if isSet(fs, "seed") {
		o.Seed = *seed
	}
	return ui.RunPlay(s, o)
}

func cmdRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", "leaselab run [--verbose] [--trace FILE] [--html OUT.html] [--seed N] [--budget D] [--timeout D] FILE|NAME...", stderr,
		"Runs scenarios (files, lesson or example names) headless and checks their expects: PASS/FAIL per file.",
		"Exit status: 0 all passed, 1 a failure, 2 bad usage or a parse error (FILE:LINE:COL).")
	verbose := fs.Bool("verbose", false, "print the narration and a readable event log")
	htmlOut := fs.String("html", "", "export the run as one self-contained web page OUT.html (one scenario)")
	trace := fs.String("trace", "", "write every event as JSON Lines to FILE")
	seed := fs.Uint64("seed", 0, "override every scenario's seed")
	budget := fs.Duration("budget", scenarios.DefaultBudget, "simulated time a scenario may reach before it fails (0: no limit)")
	timeout := fs.Duration("timeout", 10*time.Minute, "wall time a scenario may take before it fails (0: no limit)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError(fs, stderr, "need at least one scenario file or lesson name")
	}
	if *budget < 0 || *timeout < 0 {
		return usageError(fs, stderr, "--budget and --timeout must not be negative")
	}
	if *trace != "" {
		for _, a := range pos {
			if sameFile(*trace, a) {
				return usageError(fs, stderr, "--trace %s would overwrite the input %s", *trace, a)
			}
		}
	}
	if *htmlOut != "" && len(pos) != 1 {
		return usageError(fs, stderr, "--html exports one run: give exactly one scenario file or lesson name")
	}
	if *htmlOut != "" && sameFile(*htmlOut, pos[0]) {
		return usageError(fs, stderr, "--html %s would overwrite the input %s", *htmlOut, pos[0])
	}
	if *htmlOut != "" {
		if err := checkOutput(*htmlOut); err != nil {
			return usageError(fs, stderr, "--html %v", err)
		}
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A long run (and a big file)'s live heap grows slowly (the script, each key's applied history); a soft
		// limit makes the collector work harder near it instead of letting the heap double.
		debug.SetMemoryLimit(runMemoryLimit)
	}
	// Parse everything first: a file with an error means nothing runs.
	var list []*scenarios.Scenario
	bad := false
	for _, a := range pos {
		s, err := scenarios.Load(a)
		if err != nil {
			fmt.Fprintln(stderr, err)
			bad = true
			continue
		}
		list = append(list, s)
	}
	if bad {
		return exitError(2)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// The parsed scripts stay for the whole run: the limit is headroom above them. Under a
		// limit below what must stay live, the collector would run without pause (a day-long
		// generated script of 11 MB is about 300 MB parsed).
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		debug.SetMemoryLimit(runMemoryLimit + int64(ms.HeapAlloc))
	}
	o := scenarios.RunOptions{Budget: *budget, Timeout: *timeout, NoLog: true}
	if *budget == 0 {
		o.Budget = -1
	}
	if isSet(fs, "seed") {
		o.Seed = seed
	}
	if *verbose {
		o.Verbose = stdout
	}
	var traceOut *outputFile
	if *trace != "" {
		f, err := openOutput(*trace)
		if err != nil {
			fmt.Fprintln(stderr, "leaselab run:", err)
			return exitError(2)
		}
		defer f.Close()
		traceOut = &outputFile{f: f}
		o.Trace = traceOut
	}
	var ob *web.Observer
	if *htmlOut != "" {
		ob = &web.Observer{}
		ob.Attach(&o)
	}
	passed, failed := 0, 0
	for _, s := range list {
		if traceOut != nil {
			traceOut.setDeadline(*timeout) // a reader that stops reading cannot hold the run past it
		}
		res, err := scenarios.RunScenario(s, o)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitError(2)
		}
		res.Report(stdout)
		if ob != nil {
			if err := writeHTML(*htmlOut, web.FromRun(s, res.Runner, ob), *timeout); err != nil {
				fmt.Fprintln(stderr, "leaselab run:", err)
				return exitError(2)
			}
			fmt.Fprintf(stdout, "wrote %s\n", *htmlOut)
		}
		if res.Runner.Passed() {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitError(1)
	}
	return nil
}

func cmdCompare(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("compare", "leaselab compare [--print] [--seed N] [--speed X] A B | A --unsafe SWITCH | A --without OPTION", stderr,
		"Plays two runs in lockstep, side by side, and stops where they first differ.")
	print := fs.Bool("print", false, "no TUI: print both verdicts and the first divergence (exit 0 identical, 1 diverged)")
	seed := fs.Uint64("seed", 0, "override both scenarios' seeds")
	speed := fs.Float64("speed", 1, "playback speed, 0.1 to 100 (simulated seconds per second)")
	unsafe := fs.String("unsafe", "", "compare A with A plus the unsafe switch `NAME` ("+strings.Join(scenarios.UnsafeNames, ", ")+")")
	without := fs.String("without", "", "compare A with A minus its option `NAME` ("+strings.Join(scenarios.OffOptions(), ", ")+")")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	one := *unsafe != "" || *without != ""
	switch {
	case *unsafe != "" && *without != "":
		return usageError(fs, stderr, "give --unsafe or --without, not both")
	case !one && len(pos) != 2:
		return usageError(fs, stderr, "need two lesson names or scenario files (or one and --unsafe SWITCH or --without OPTION)")
	case one && len(pos) != 1:
		return usageError(fs, stderr, "with --unsafe or --without, need exactly one lesson name or scenario file")
	case !(*speed >= 0.1 && *speed <= 100): // NaN fails every comparison
		return usageError(fs, stderr, "--speed must be 0.1 to 100, got %v", *speed)
	}
	var sides []*scenarios.Scenario
	for _, a := range pos {
		s, err := scenarios.Load(a)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitError(2)
		}
		sides = append(sides, s)
	}
	if *unsafe != "" {
		u, err := scenarios.WithUnsafe(sides[0], *unsafe)
		if err != nil {
			return usageError(fs, stderr, "%v", err)
		}
		sides = append(sides, u)
	}
	if *without != "" {
		u, err := scenarios.WithoutOption(sides[0], *without)
		if err != nil {
			return usageError(fs, stderr, "%v", err)
		}
		sides = append(sides, u)
	}
	var sp *uint64
	if isSet(fs, "seed") {
		sp = seed
	}
	c, err := scenarios.NewComparison(sides[0], sides[1], sp, nil)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(2)
	}
	if !*print {
		return ui.RunCompare(c, ui.Options{Speed: *speed})
	}
	c.Run()
	c.Report(stdout)
	if c.Div != nil {
		return exitError(1)
	}
	return nil
}

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", "leaselab list", stderr,
		"Lists the bundled lessons by theme, numbered in teaching order, then the bundled examples.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError(fs, stderr, "unexpected argument %q", pos[0])
	}
	ls := scenarios.Lessons()
	width := 0
	for _, l := range ls {
		width = max(width, len(l.Name))
	}
	theme := ""
	for _, l := range ls {
		if l.Theme != theme {
			theme = l.Theme
			if l.Number > 1 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "%s\n", theme)
		}
		fmt.Fprintf(stdout, "%3d  %-*s  %s\n", l.Number, width, l.Name, l.Title)
		if l.Teaches != "" {
			fmt.Fprintf(stdout, "     %-*s  %s\n", width, "", l.Teaches)
		}
	}
	if ex := scenarios.Examples(); len(ex) > 0 {
		// Not lessons: scenarios a lesson points to, runnable by name from any directory.
		fmt.Fprintf(stdout, "\nexamples (not lessons; a lesson names the one it needs)\n")
		for _, l := range ex {
			fmt.Fprintf(stdout, "     %-*s  %s\n", width, l.Name, l.Title)
			if l.Teaches != "" {
				fmt.Fprintf(stdout, "     %-*s  %s\n", width, "", l.Teaches)
			}
		}
	}
	fmt.Fprintf(stdout, "\nplay one with: leaselab play NAME (n at its end plays the next)   headless: leaselab run NAME\n")
	return nil
}

func cmdChaos(args []string, stdout, stderr, progress io.Writer) error {
	if len(args) > 0 && args[0] == "merge" {
		return cmdChaosMerge(args[1:], stdout, stderr)
	}
	fs := newFlags("chaos", "leaselab chaos [--seeds N] [--from S] [--duration D] [--nodes N] [--unsafe NAME]... [--profile wide] [--liveness] [--swarm] [--check-determinism] [--shard K/N] [--json FILE] [--jobs N] [--out DIR]\n       leaselab chaos merge [--out DIR] [--json FILE] REPORT...", stderr,
		"Runs a random fault schedule per seed against the invariant checker and porcupine;",
		"shrinks each kind of violation to a scenario file (and an HTML history) in --out.",
		"Exit status: 0 nothing found and every history checked, 1 violations found, a history",
		"not checked or (in safe mode) a stuck request, 2 bad usage.")
	o := chaos.DefaultOptions()
	fs.IntVar(&o.Seeds, "seeds", o.Seeds, "how many seeds to run")
	fs.Uint64Var(&o.From, "from", o.From, "the first seed")
	fs.DurationVar(&o.Duration, "duration", o.Duration, "simulated time per seed")
	fs.IntVar(&o.Nodes, "nodes", o.Nodes, "cluster size, 3 to 9")
	fs.Var((*unsafeList)(&o.Unsafe), "unsafe", "switch off the safety mechanism `NAME` (repeatable): "+strings.Join(scenarios.UnsafeNames, ", "))
	fs.StringVar(&o.Profile, "profile", o.Profile, "`NAME` of the fault mix: default, or wide (adds transfer-leader and rejoin, check-quorum and pre-vote off, short leases, larger clock skews)")
	fs.IntVar(&o.Jobs, "jobs", o.Jobs, "worker processes (1: run in this process)")
	fs.StringVar(&o.Out, "out", o.Out, "reproducers and their HTML go to directory `DIR`")
	fs.BoolVar(&o.First, "first", o.First, "stop at the first seed with a violation")
	fs.DurationVar(&o.LinTimeout, "lin-timeout", o.LinTimeout, "porcupine's time budget per history (a history it cannot settle in time is reported as not checked)")
	fs.IntVar(&o.ShrinkRuns, "shrink-runs", o.ShrinkRuns, "the shrinker's budget of runs per reproducer")
	fs.IntVar(&o.ShrinkSeeds, "shrink-seeds", o.ShrinkSeeds, "seeds shrunk per violation kind (those whose violation comes earliest); the smallest reproducer is kept")
	fs.BoolVar(&o.Liveness, "liveness", o.Liveness, "after the faults, heal everything (links, clocks, pauses, clients, crashed nodes) and require within bounds from the timeouts a leader, convergence and a granted fresh acquire from every client; a seed that does not get there is a liveness finding, shrunk like a violation")
	fs.BoolVar(&o.CheckDeterminism, "check-determinism", o.CheckDeterminism, "run every seed twice, the second time in another worker process (with --jobs 1, one is started), and compare the results and trace hashes; a seed that differs is a finding, with both traces written to --out")
	fs.Func("shard", "run only slice `K/N` of the seeds: the K-th of N, K from 0 (a batch engine's index: Kubernetes' JOB_COMPLETION_INDEX, a Slurm array); merge the --json reports with 'leaselab chaos merge'", func(v string) error {
		sh, err := chaos.ParseShard(v)
		o.Shard = sh
		return err
	})
	var jsonOut string
	fs.StringVar(&jsonOut, "json", "", "also write the report, every seed's result and every shrunk reproducer, as JSON to `FILE` (what 'leaselab chaos merge' reads)")
	fs.BoolVar(&o.Swarm, "swarm", o.Swarm, "swarm testing: every seed leaves out a random subset of fault kinds, and may clog and unclog nodes one by one (swizzle-clog); findings say which fault kinds they need")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	bad := func(format string, a ...any) error { return usageError(fs, stderr, format, a...) }
	switch {
	case len(pos) > 0:
		return bad("unexpected argument %q", pos[0])
	case o.Seeds < 1:
		return bad("--seeds must be at least 1, got %d", o.Seeds)
	case o.Duration < time.Second || o.Duration > cluster.MaxDuration:
		return bad("--duration must be 1s to %v, got %v", cluster.MaxDuration, o.Duration)
	case o.From > math.MaxUint64-uint64(o.Seeds-1):
		return bad("--from %d with --seeds %d runs past the last seed, %d", o.From, o.Seeds, uint64(math.MaxUint64))
	case o.Nodes < 3 || o.Nodes > 9:
		return bad("--nodes must be 3 to 9, got %d", o.Nodes)
	case o.Profile != "" && o.Profile != "default" && o.Profile != "wide":
		return bad("--profile must be default or wide, got %q", o.Profile)
	case o.Jobs < 1:
		return bad("--jobs must be at least 1, got %d", o.Jobs)
	case o.LinTimeout <= 0:
		return bad("--lin-timeout must be positive, got %v", o.LinTimeout)
	case o.ShrinkRuns < 1:
		return bad("--shrink-runs must be at least 1, got %d", o.ShrinkRuns)
	case o.ShrinkSeeds < 1:
		return bad("--shrink-seeds must be at least 1, got %d", o.ShrinkSeeds)
	case o.Shard.N > o.Seeds:
		return bad("--shard %v: more shards than the %d seeds", o.Shard, o.Seeds)
	case o.Shard.N > 1 && o.First:
		return bad("--shard cannot go with --first: each shard would stop at its own first finding")
	}
	if o.Profile == "default" {
		o.Profile = ""
	}
	if err := checkOutDir(o.Out); err != nil {
		return bad("--out %s: %v", o.Out, err)
	}
	if jsonOut != "" {
		if err := checkOutDir(filepath.Dir(jsonOut)); err != nil {
			return bad("--json %s: %v", jsonOut, err)
		}
	}
	rep, err := chaos.Run(o, progress)
	if err := report(stdout, rep, err, jsonOut); err != nil {
		return err
	}
	jobs := fmt.Sprintf("%d jobs", o.Jobs)
	if o.Jobs == 1 {
		jobs = "1 job"
	}
	fmt.Fprintf(stderr, "chaos: %d seeds in %v (%.1f seeds/s, %s)\n", len(rep.Results), rep.Wall.Round(time.Millisecond), float64(len(rep.Results))/rep.Wall.Seconds(), jobs)
	if !rep.Passed() {
		return exitError(1)
	}
	return nil
}

// cmdChaosMerge is `leaselab chaos merge`: the shards' --json reports made into the whole run's.
func cmdChaosMerge(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("chaos merge", "leaselab chaos merge [--out DIR] [--json FILE] REPORT...", stderr,
		"Combines the --json reports of the N shards of one search (chaos --shard K/N) into the",
		"report a whole run makes: one summary, and per kind the reproducer a whole run keeps",
		"(duplicates collapse; the candidates are the whole range's), written and checked in --out.",
		"Exit status as chaos's; 2 also for reports that are not all the shards of one search.")
	out := chaos.DefaultOptions().Out
	fs.StringVar(&out, "out", out, "the merged reproducers and their HTML go to directory `DIR`")
	var jsonOut string
	fs.StringVar(&jsonOut, "json", "", "also write the merged report as JSON to `FILE`")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	bad := func(format string, a ...any) error { return usageError(fs, stderr, format, a...) }
	if len(pos) == 0 {
		return bad("no reports to merge")
	}
	if err := checkOutDir(out); err != nil {
		return bad("--out %s: %v", out, err)
	}
	var reps []*chaos.Report
	for _, p := range pos {
		r, err := chaos.ReadReport(p)
		if err != nil {
			return bad("%v", err)
		}
		reps = append(reps, r)
	}
	rep, err := chaos.Merge(reps, out)
	if err != nil && rep == nil {
		return bad("%v", err)
	}
	if err := report(stdout, rep, err, jsonOut); err != nil {
		return err
	}
	if !rep.Passed() {
		return exitError(1)
	}
	return nil
}

// chaosWorker is this process's life as one of a chaos search's workers (chaos re-runs this
// executable with chaos.WorkerEnv set); it returns the exit status.
func chaosWorker() int {
	if err := chaos.ServeWorker(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "leaselab chaos worker:", err)
		return 1
	}
	return 0
}

// unsafeList is chaos's repeatable --unsafe flag.
type unsafeList []string

func (u *unsafeList) String() string { return strings.Join(*u, ",") }
func (u *unsafeList) Set(s string) error {
	if !slices.Contains(scenarios.UnsafeNames, s) {
		return fmt.Errorf("unknown unsafe switch %q (want %s)", s, strings.Join(scenarios.UnsafeNames, ", "))
	}
	if !slices.Contains(*u, s) {
		*u = append(*u, s)
	}
	return nil
}

// checkOutDir makes sure chaos can write reproducers to dir before the search starts (they would
// be lost after it): dir, or the nearest part of its path that exists, must be a directory.
func checkOutDir(dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		switch {
		case err == nil && fi.IsDir():
			return nil
		case err == nil:
			return fmt.Errorf("%s is not a directory", d)
		case d == filepath.Dir(d):
			return nil
		}
	}
}

// runMemoryLimit is `leaselab run`'s soft memory limit while parsing, and its headroom above the
// parsed scripts while running (GOMEMLIMIT overrides both).
const runMemoryLimit = 192 << 20

// sameFile says whether two paths name one existing file (a link or another spelling included).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func cmdServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", serve.Usage, stderr,
		"Serves the lab over SSH: each session is the whole TUI (lessons, sandbox, time travel),",
		"and a teacher (a key in --teacher-keys) opens a class that students follow live.",
		"Students need no account: any key, or none. SIGTERM closes every session and exits 0.")
	addr := fs.String("addr", "127.0.0.1:2222", "where to listen, `HOST:PORT` (a class on the room's network: --addr :2222)")
	hostKey := fs.String("host-key", "leaselab_host_ed25519", "the host key file, made on first start (mode 0600)")
	teachers := fs.String("teacher-keys", "", "authorized_keys file: these keys are teachers")
	students := fs.String("student-keys", "", "authorized_keys file: only these keys (and teachers) may connect")
	maxSessions := fs.Int("max-sessions", 200, "sessions at once; the next is refused")
	idle := fs.Duration("idle", 0, "close a session with no key for this long (0: never)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usageError(fs, stderr, "unexpected argument %q", pos[0])
	case *maxSessions < 1 || *maxSessions > 10000:
		return usageError(fs, stderr, "--max-sessions must be 1 to 10000, got %d", *maxSessions)
	case *idle < 0:
		return usageError(fs, stderr, "--idle must not be negative, got %v", *idle)
	case *addr == "" || *hostKey == "":
		return usageError(fs, stderr, "--addr and --host-key must not be empty")
	}
	return serve.Main(serve.Config{Addr: *addr, HostKey: *hostKey, TeacherKeys: *teachers, StudentKeys: *students,
		MaxSessions: *maxSessions, Idle: *idle}, stdout, stderr)
}

// report prints a chaos report (what there is of it, even beside an error) and writes its JSON
// when asked, for chaos and chaos merge alike.
func report(stdout io.Writer, rep *chaos.Report, err error, jsonOut string) error {
	if rep != nil {
		rep.Print(stdout)
	}
	if err != nil {
		return err
	}
	if jsonOut != "" {
		return rep.WriteJSON(jsonOut)
	}
	return nil
}
