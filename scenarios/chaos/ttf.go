package chaos

import (
	"fmt"
	"io"
	"slices"
)

// Time to find: how many seeds, and how many simulated seconds, a search runs before its first
// finding. It is how the generator is tuned: a change that helps finds every unsafe switch's
// violation sooner, over several seed ranges (one range is luck).

// TTF is one search's time to find.
type TTF struct {
	Seeds     int     `json:"seeds"`     // seeds run, the finding one included
	Simulated float64 `json:"simulated"` // simulated seconds: the seeds before, then up to the first violation
	Seed      uint64  `json:"seed"`      // the finding seed (0: none within the budget)
}

// TimeToFind runs o's seeds in order, from o.From, stopping at the first that finds something
// (o.Seeds is the budget); no shrinking.
func TimeToFind(o Options, progressOut io.Writer) (TTF, error) {
	if progressOut == nil {
		progressOut = io.Discard
	}
	o.First, o.Shard = true, Shard{}
	es, err := startExecutors(o.settings(), min(o.Jobs, o.Seeds), progressOut)
	if err != nil {
		return TTF{}, err
	}
	rep := &Report{Options: o}
	_, err = search(o, es, rep, io.Discard)
	if cerr := closeAll(es); err == nil {
		err = cerr
	}
	var t TTF
	for _, r := range rep.Results {
		t.Seeds++
		if r.Failed() {
			t.Seed = r.Seed
			t.Simulated += r.FirstAtS
			return t, err
		}
		t.Simulated += r.SimulatedS
	}
	return t, err
}

// median of xs (the lower middle for an even count).
func median[T int | float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// TTFRow is one switch's time to find over several seed ranges.
type TTFRow struct {
	Unsafe string
	Swarm  bool
	Runs   []TTF
}

func (r TTFRow) String() string {
	var seeds []int
	var sim []float64
	missed := 0
	for _, t := range r.Runs {
		if t.Seed == 0 {
			missed++
		}
		seeds = append(seeds, t.Seeds)
		sim = append(sim, t.Simulated)
	}
	mode := "default"
	if r.Swarm {
		mode = "--swarm"
	}
	s := fmt.Sprintf("| %s | %s | %d | %.0f s | %d |", r.Unsafe, mode, median(seeds), median(sim), slices.Max(seeds))
	if missed > 0 {
		s += fmt.Sprintf(" (%d ranges found nothing)", missed)
	}
	return s
}
