package chaos

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"leaselab/cluster"
)

// Parallel seeds run in worker processes, never in goroutines: raft's jitter source is
// process-global, so two worlds must never step at once in one process. A worker
// is this same executable re-run as `leaselab chaos --worker FLAGS`: it reads jobs as JSON
// lines on stdin and writes one answer line per job on stdout, in order. Every answer depends
// only on the job and the flags, so the search's result does not depend on --jobs.

// WorkerEnv is set in every worker's environment. The real binary reaches the worker through
// `leaselab chaos --worker`; a test binary (os.Executable under `go test`) has no such
// command, so its TestMain checks WorkerEnv and calls Main with the arguments after "chaos".
const WorkerEnv = "LEASELAB_CHAOS_WORKER"

// job is one unit of work: run a seed, or shrink it for a violation kind.
type job struct {
	Seed   uint64                `json:"seed"`
	Shrink cluster.ViolationKind `json:"shrink,omitempty"`
}

// answer is a job's outcome: Result for a run, Repro for a shrink.
type answer struct {
	Seed   uint64      `json:"seed"`
	Result *SeedResult `json:"result,omitempty"`
	Repro  *Repro      `json:"repro,omitempty"`
}

// settings are what every job of a search shares; a worker gets them as flags.
type settings struct {
	Duration   time.Duration
	Nodes      int
	Unsafe     []string
	Profile    string
	LinTimeout time.Duration
	ShrinkRuns int
}

func (s settings) params(seed uint64) Params {
	return Params{Seed: seed, Duration: s.Duration, Nodes: s.Nodes, Unsafe: s.Unsafe, Profile: s.Profile}
}

// args are the worker's command line for these settings.
func (s settings) args() []string {
	a := []string{"chaos", "--worker",
		"--duration", s.Duration.String(), "--nodes", strconv.Itoa(s.Nodes),
		"--lin-timeout", s.LinTimeout.String(), "--shrink-runs", strconv.Itoa(s.ShrinkRuns)}
	if s.Profile != "" {
		a = append(a, "--profile", s.Profile)
	}
	for _, u := range s.Unsafe {
		a = append(a, "--unsafe", u)
	}
	return a
}

// do runs one job in this process.
func (s settings) do(j job) (a answer) {
	a.Seed = j.Seed
	defer func() {
		if p := recover(); p != nil { // execute recovers the simulation's panics; this is the rest
			msg := fmt.Sprintf("panic: %v", p)
			if j.Shrink != 0 {
				a.Result, a.Repro = nil, &Repro{Seed: j.Seed, Kind: j.Shrink, Error: msg}
			} else {
				a.Result, a.Repro = &SeedResult{Seed: j.Seed, Error: msg}, nil
			}
		}
	}()
	p := s.params(j.Seed)
	if j.Shrink != 0 {
		rep := Shrink(Generate(p), j.Shrink, s.ShrinkRuns, s.LinTimeout)
		a.Repro = &rep
		return a
	}
	r := runSeed(p, s.LinTimeout)
	a.Result = &r
	return a
}

// serveOne writes one job's answer line.
func serveOne(s settings, j job, out io.Writer) error { return json.NewEncoder(out).Encode(s.do(j)) }

// serve is the worker's loop: one answer line per job line, until stdin ends.
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
	cmd := exec.Command(exe, s.args()...)
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
	return &worker{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16), enc: json.NewEncoder(in)}, nil
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

// dispatch runs jobs on the executors, one job per executor at a time: next hands out the next
// job (false: none left) and done takes each answer as it arrives; both run under one lock.
func dispatch(es []executor, next func() (job, bool), done func(job, answer)) error {
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		firstErr error
	)
	for _, e := range es {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				j, ok := next()
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
					done(j, a)
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
