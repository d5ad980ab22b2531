package chaos

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// The determinism check (--check-determinism, as madsim has it): every seed runs twice, the
// second time in another process than the first, and the two results (the trace hash of every
// event, the verdicts, the counts) must be equal. A difference is a finding: the seed is run
// once more in each of the two processes with its trace written, and both traces are kept.
// It needs two processes: with --jobs 1 it starts one worker beside this one.

// Nondeterminism is a seed whose two runs differ.
type Nondeterminism struct {
	Seed   uint64     `json:"seed"`
	A      SeedResult `json:"a"` // the first run
	B      SeedResult `json:"b"` // the second, in another process
	TraceA string     `json:"trace_a"`
	TraceB string     `json:"trace_b"`
}

// perturb makes this process's runs differ from every other's (tests of the check: a worker
// process of the test binary sets it).
var perturb bool

// sameResult compares two runs of a seed, everything they report.
func sameResult(a, b SeedResult) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// recheck runs every seed of the search again on an executor other than the one that ran it
// (by[i] ran rep.Results[i]), compares, and keeps both traces of each seed that differs.
func recheck(o Options, es []executor, rep *Report, by []int, progressOut io.Writer) error {
	left := make([]int, len(rep.Results)) // indexes into rep.Results not yet rechecked
	for i := range left {
		left[i] = i
	}
	var diff []int
	second := make([]int, len(rep.Results))
	prog := newProgress(progressOut, len(left))
	err := dispatch(es,
		func(e int) (job, bool) {
			for k, i := range left {
				if by[i] != e {
					left = slices.Delete(left, k, k+1)
					second[i] = e
					return job{Seed: rep.Results[i].Seed}, true
				}
			}
			return job{}, false
		},
		func(j job, e int, a answer) {
			i := int(j.Seed - rep.Results[0].Seed)
			if a.Result == nil {
				return
			}
			same := sameResult(rep.Results[i], *a.Result)
			prog.update(!same)
			if !same {
				diff = append(diff, i)
				rep.Nondeterministic = append(rep.Nondeterministic, Nondeterminism{Seed: j.Seed, A: rep.Results[i], B: *a.Result})
			}
		})
	prog.finish()
	if err != nil {
		return err
	}
	slices.SortFunc(rep.Nondeterministic, func(a, b Nondeterminism) int { return cmpSeed(a.Seed, b.Seed) })
	slices.Sort(diff)
	for n, i := range diff {
		nd := &rep.Nondeterministic[n]
		if err := os.MkdirAll(o.Out, 0o755); err != nil {
			return err
		}
		for side, e := range []int{by[i], second[i]} {
			a, err := es[e].do(job{Seed: nd.Seed, Trace: true})
			if err != nil {
				return err
			}
			path := filepath.Join(o.Out, fmt.Sprintf("seed-%d-determinism-%c.trace", nd.Seed, 'a'+side))
			if err := os.WriteFile(path, []byte(a.Trace), 0o644); err != nil {
				return err
			}
			if side == 0 {
				nd.TraceA = path
			} else {
				nd.TraceB = path
			}
		}
	}
	return nil
}

func cmpSeed(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
