package chaos

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Shards: a search of many seeds belongs to a batch engine people already run (a Kubernetes
// Indexed Job, a Slurm array, GNU parallel), not to a scheduler of ours. `--shard K/N` runs the
// K-th (from 0) of N contiguous slices of the seed range and shrinks what that slice found;
// `--json FILE` writes the report with every seed's result and every reproducer shrunk;
// `chaos merge` reads such reports and makes the report, and the reproducer files, that one
// whole run would have made: the same candidates per kind (the ShrinkSeeds whose violation came
// earliest in the whole range), the same pick among them (fewest steps, then the lowest seed).
// That works because a whole run's candidates for a kind are each among the candidates of the
// shard that holds them, which that shard has shrunk.

// Shard is the K-th of N slices of a search's seeds (N 0: the whole range).
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// ParseShard reads "K/N", 0 <= K < N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("want K/N with 0 <= K < N (K counts from 0, as JOB_COMPLETION_INDEX does), got %q", s)
	}
	return Shard{K: k, N: n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// span is the seeds this search runs: its shard's slice of From..From+Seeds-1.
func (o Options) span() (from uint64, seeds int) {
	if o.Shard.N <= 1 {
		return o.From, o.Seeds
	}
	lo := int(int64(o.Seeds) * int64(o.Shard.K) / int64(o.Shard.N))
	hi := int(int64(o.Seeds) * int64(o.Shard.K+1) / int64(o.Shard.N))
	return o.From + uint64(lo), hi - lo
}

// WriteJSON writes the report as JSON.
func (r *Report) WriteJSON(path string) error {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// ReadReport reads a report WriteJSON wrote.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not a chaos --json report: %v", path, err)
	}
	return &r, nil
}

// same says whether two searches ran the same seeds the same way (shards, jobs, output and
// determinism checks aside).
func (o Options) same(p Options) bool {
	o.Shard, p.Shard = Shard{}, Shard{}
	o.Jobs, p.Jobs = 0, 0
	o.Out, p.Out = "", ""
	o.CheckDeterminism, p.CheckDeterminism = false, false
	b1, _ := json.Marshal(o)
	b2, _ := json.Marshal(p)
	return string(b1) == string(b2)
}

// Merge combines the reports of the N shards of one search (each exactly once; a report given
// twice counts once) into the report of the whole search, writing its reproducers to out.
func Merge(reports []*Report, out string) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("no reports to merge")
	}
	o := reports[0].Options
	n := max(1, o.Shard.N)
	byShard := make([]*Report, n)
	for _, r := range reports {
		switch {
		case !r.Options.same(o):
			return nil, fmt.Errorf("shard %v is of another search (other seeds, switches or settings) than shard %v", r.Options.Shard, o.Shard)
		case max(1, r.Options.Shard.N) != n:
			return nil, fmt.Errorf("shard %v and shard %v split the seeds differently", r.Options.Shard, o.Shard)
		case o.First:
			return nil, fmt.Errorf("a --first search cannot be merged: each shard stopped at its own first finding")
		}
		byShard[r.Options.Shard.K] = r
	}
	for k, r := range byShard {
		if r == nil {
			return nil, fmt.Errorf("shard %d/%d is missing: a merge must have every shard", k, n)
		}
	}
	whole := o
	whole.Shard, whole.Out = Shard{}, out
	rep := &Report{Options: whole}
	seen := map[string]bool{}
	for _, r := range byShard {
		rep.Results = append(rep.Results, r.Results...)
		rep.Wall += r.Wall
		for _, x := range r.Shrunk {
			if id := x.id(); !seen[id] {
				seen[id] = true
				rep.Shrunk = append(rep.Shrunk, x)
			}
		}
	}
	slices.SortStableFunc(rep.Results, func(a, b SeedResult) int {
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	groups, jobs := shrinkJobs(whole, rep.Results)
	repros := make([]*Repro, len(jobs))
	for i, j := range jobs {
		for k := range rep.Shrunk {
			if x := &rep.Shrunk[k]; x.Seed == j.Seed && x.Kind == j.Shrink && x.Liveness == j.Live {
				repros[i] = x
			}
		}
		if repros[i] == nil {
			return nil, fmt.Errorf("no shard report holds the shrink of seed %d (%s) that a whole run makes", j.Seed, j.name())
		}
	}
	if len(jobs) > 0 {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
	}
	if err := pickFindings(whole, rep, groups, jobs, repros); err != nil {
		return rep, err
	}
	return rep, writeCrashed(whole, rep)
}

// id names a reproducer's job: its seed and what it was shrunk for.
func (r *Repro) id() string { return fmt.Sprintf("%d/%s", r.Seed, r.Name()) }

func (j job) name() string {
	if j.Live {
		return "liveness"
	}
	return j.Shrink.String()
}
