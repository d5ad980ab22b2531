package scenarios

import (
	"path/filepath"
	"testing"
)

// Every testdata/regression-*.scenario is a story that must stay true. One with no `seed` line
// must hold under every seed from 1 to 50; one that pins its seed (a chaos reproducer, true of
// that run only) runs under that seed.
func TestRegressionScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/regression-*.scenario")
	if len(files) == 0 {
		t.Fatal("no regression scenarios found")
	}
	for _, f := range files {
		s, err := Load(f)
		if err != nil {
			t.Fatal(err)
		}
		seeds := []uint64{s.Header.Seed}
		if !s.Header.Set["seed"] {
			seeds = seeds[:0]
			for seed := uint64(1); seed <= 50; seed++ {
				seeds = append(seeds, seed)
			}
			if testing.Short() {
				seeds = seeds[:5]
			}
		}
		for _, seed := range seeds {
			res, err := RunScenario(s, RunOptions{Seed: &seed})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Runner.Passed() {
				t.Errorf("%s (seed %d): %v", f, seed, res.Runner.Failures)
			}
		}
	}
}
