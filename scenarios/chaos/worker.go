package chaos

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"leaselab/cluster"
)

// Parallel seeds run in worker processes, never in goroutines: raft's jitter source is
// process-global, so two worlds must never step at once in one process. A worker is this same
// executable re-run with WorkerEnv set and no arguments: it reads the search's settings as one
// JSON line on stdin, then jobs as JSON lines, and writes one answer line per job on stdout, in
// order. Every answer depends only on the job and the settings, so the search's result does not
// depend on --jobs.

// WorkerEnv is set in every worker's environment; a program that runs chaos searches with more
// than one job checks it first thing and then calls ServeWorker (leaselab's main does; so does
// this package's TestMain, since under `go test` os.Executable is the test binary).
const WorkerEnv = "LEASELAB_CHAOS_WORKER"

// job is one unit of work: run a seed, or shrink it for a violation kind.
type job struct {
	Seed   uint64                `json:"seed"`
	Shrink cluster.ViolationKind `json:"shrink,omitempty"`
	Live   bool                  `json:"live,omitempty"`  // shrink for a liveness failure
	Trace  bool                  `json:"trace,omitempty"` // run it and send its trace too
}

// answer is a job's outcome: Result for a run, Repro for a shrink.
type answer struct {
	Seed   uint64      `json:"seed"`
	Result *SeedResult `json:"result,omitempty"`
	Repro  *Repro      `json:"repro,omitempty"`
	Trace  string      `json:"trace,omitempty"` // the run's trace, JSON lines (job.Trace)
}

// settings are what every job of a search shares; a worker gets them as its first stdin line.
type settings struct {
	Duration   time.Duration `json:"duration"`
	Nodes      int           `json:"nodes"`
	Unsafe     []string      `json:"unsafe,omitempty"`
	Profile    string        `json:"profile,omitempty"`
	LinTimeout time.Duration `json:"lin_timeout"`
	ShrinkRuns int           `json:"shrink_runs"`
	Liveness   bool          `json:"liveness,omitempty"`
	Swarm      bool          `json:"swarm,omitempty"`
}

func (s settings) params(seed uint64) Params {
	return Params{Seed: seed, Duration: s.Duration, Nodes: s.Nodes, Unsafe: s.Unsafe, Profile: s.Profile, Liveness: s.Liveness, Swarm: s.Swarm}
}

// do runs one job in this process.
func (s settings) do(j job) (a answer) {
	a.Seed = j.Seed
	defer func() {
		if p := recover(); p != nil { // execute recovers the simulation's panics; this is the rest
			msg := fmt.Sprintf("panic: %v", p)
			if j.Shrink != 0 || j.Live {
				a.Result, a.Repro = nil, &Repro{Seed: j.Seed, Kind: j.Shrink, Liveness: j.Live, Error: msg}
			} else {
				a.Result, a.Repro = &SeedResult{Seed: j.Seed, Error: msg}, nil
			}
		}
	}()
	p := s.params(j.Seed)
	if j.Live {
		sc, tail := generate(p)
		sc.Steps = sc.Steps[:tail]
		rep := ShrinkLiveness(sc, s.ShrinkRuns)
		a.Repro = &rep
		return a
	}
	if j.Shrink != 0 {
		rep := Shrink(Generate(p), j.Shrink, s.ShrinkRuns, s.LinTimeout)
		a.Repro = &rep
		return a
	}
	var trace strings.Builder
	var tw io.Writer // nil: no trace
	if j.Trace {
		tw = &trace
	}
	r := runSeed(p, s.LinTimeout, tw)
	a.Result = &r
	a.Trace = trace.String()
	return a
}

// serveOne writes one job's answer line.
func serveOne(s settings, j job, out io.Writer) error { return json.NewEncoder(out).Encode(s.do(j)) }

// ServeWorker is a worker process's whole life: the settings line, then one answer line per
// job line, until stdin ends.
func ServeWorker(in io.Reader, out io.Writer) error {
	br := bufio.NewReader(in)
	line, err := br.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("worker: no settings: %v", err)
	}
	var s settings
	if err := json.Unmarshal(line, &s); err != nil {
		return fmt.Errorf("worker: bad settings %q: %v", line, err)
	}
	return serve(s, br, out)
}

// serve is the worker's loop: one answer line per job line, until in ends.
func serve(s settings, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	bw := bufio.NewWriter(out)
	for sc.Scan() {
		var j job
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			return fmt.Errorf("worker: bad job %q: %v", sc.Text(), err)
		}
		if err := serveOne(s, j, bw); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// executor runs jobs one at a time: in this process, or in a worker process.
type executor interface {
	do(job) (answer, error)
	close() error
}

type local struct{ s settings }

func (l local) do(j job) (answer, error) { return l.s.do(j), nil }
func (l local) close() error             { return nil }

// worker is a child process serving jobs.
type worker struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	enc *json.Encoder
}

func startWorker(s settings, stderr io.Writer) (*worker, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("cannot find this executable to start workers: %v", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), WorkerEnv+"=1")
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting a worker: %v", err)
	}
	w := &worker{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16), enc: json.NewEncoder(in)}
	if err := w.enc.Encode(s); err != nil {
		w.close()
		return nil, fmt.Errorf("sending a worker its settings: %v", err)
	}
	return w, nil
}

func (w *worker) do(j job) (answer, error) {
	var a answer
	if err := w.enc.Encode(j); err != nil {
		return a, fmt.Errorf("worker %d: sending seed %d: %v", w.cmd.Process.Pid, j.Seed, err)
	}
	line, err := w.out.ReadBytes('\n')
	if err != nil {
		return a, fmt.Errorf("worker %d died on seed %d: %v", w.cmd.Process.Pid, j.Seed, err)
	}
	if err := json.Unmarshal(line, &a); err != nil || a.Seed != j.Seed {
		return a, fmt.Errorf("worker %d: bad answer for seed %d: %q", w.cmd.Process.Pid, j.Seed, line)
	}
	return a, nil
}

func (w *worker) close() error {
	w.in.Close()
	return w.cmd.Wait()
}

// startExecutors makes n executors: this process when n is 1, else n worker processes.
func startExecutors(s settings, n int, stderr io.Writer) ([]executor, error) {
	if n <= 1 {
		return []executor{local{s}}, nil
	}
	var out []executor
	for range n {
		w, err := startWorker(s, stderr)
		if err != nil {
			closeAll(out)
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

func closeAll(es []executor) error {
	var errs []error
	for _, e := range es {
		if err := e.close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// dispatch runs jobs on the executors, one job per executor at a time: next hands executor e
// its next job (false: none left for it) and done takes each answer as it arrives, with the
// executor that made it; both run under one lock.
func dispatch(es []executor, next func(e int) (job, bool), done func(j job, e int, a answer)) error {
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		firstErr error
	)
	for ei, e := range es {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				j, ok := next(ei)
				ok = ok && firstErr == nil
				mu.Unlock()
				if !ok {
					return
				}
				a, err := e.do(j)
				mu.Lock()
				if err != nil {
					firstErr = cmpOr(firstErr, err)
				} else {
					done(j, ei, a)
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
