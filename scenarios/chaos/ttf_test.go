package chaos

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"leaselab/scenarios"
)

// ttfBudget is each unsafe switch's documented budget (README, "Time to find": the worst of 15
// seed ranges, rounded up): the seeds a search from seed 1 may run before its first violation,
// without and with --swarm.
var ttfBudget = map[string][2]int{
	"expire-ignores-token": {60, 60},
	"unchecked-proposals":  {5, 5},
	"local-expiry":         {5, 5},
	"no-fencing":           {5, 5},
	"lease-read":           {160, 80},
}

// Each unsafe switch is found within its budget, from seed 1, without and with --swarm.
func TestTimeToFindWithinBudget(t *testing.T) {
	for _, u := range scenarios.UnsafeNames {
		for i, swarm := range []bool{false, true} {
			budget := ttfBudget[u][i]
			o := opts(t, budget, u)
			o.Swarm, o.Jobs = swarm, 2
			got, err := TimeToFind(o, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Seed == 0 || got.Seeds > budget || got.Simulated <= 0 {
				t.Errorf("%s (swarm %v): %+v, budget %d seeds", u, swarm, got, budget)
			}
			t.Logf("%s swarm %v: %d seeds, %.0f simulated seconds", u, swarm, got.Seeds, got.Simulated)
		}
	}
}

// TestTimeToFindTable prints the README's table: per switch, with and without --swarm, the
// median over N seed ranges (from 1, 1001, 2001..., up to 1000 seeds each). Opt-in, it is a
// sweep: LEASELAB_CHAOS_TTF=N (LEASELAB_CHAOS_JOBS for workers; LEASELAB_CHAOS_TTF_ONLY=SWITCH
// for one switch).
func TestTimeToFindTable(t *testing.T) {
	if os.Getenv("LEASELAB_CHAOS_TTF") == "" {
		t.Skip("set LEASELAB_CHAOS_TTF=1 to measure the time-to-find table")
	}
	var b strings.Builder
	ranges := envInt(t, "LEASELAB_CHAOS_TTF", 5)
	fmt.Fprintf(&b, "| switch | mix | median seeds | median simulated time | worst of %d ranges (seeds) |\n|---|---|---|---|---|\n", ranges)
	for _, u := range scenarios.UnsafeNames {
		if only := os.Getenv("LEASELAB_CHAOS_TTF_ONLY"); only != "" && only != u {
			continue
		}
		for _, swarm := range []bool{false, true} {
			row := TTFRow{Unsafe: u, Swarm: swarm}
			for r := range ranges {
				o := opts(t, 1000, u)
				o.From, o.Swarm, o.Jobs = uint64(1+1000*r), swarm, envInt(t, "LEASELAB_CHAOS_JOBS", 2)
				got, err := TimeToFind(o, nil)
				if err != nil {
					t.Fatal(err)
				}
				row.Runs = append(row.Runs, got)
			}
			fmt.Fprintln(&b, row)
		}
	}
	t.Logf("\n%s", b.String())
}
