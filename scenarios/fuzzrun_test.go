package scenarios

import (
	"os"
	"strings"
	"testing"
	"time"
)

// Small limits for a fuzzed run: enough for every lesson's story to get going, small enough that
// thousands of inputs run a second.
const (
	fuzzBudget = 2 * time.Minute
	fuzzEvents = 20000
)

// FuzzRun runs what it parses, twice, under a small budget: it must end (no hang, no runaway
// memory), never panic, stay within its limits, and give the same trace both times. Parsing
// alone could not find the time-arithmetic bugs: they were in the simulator.
func FuzzRun(f *testing.F) {
	for _, file := range corpusFiles(f) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		// The reproducers of the overflow bugs, at the edges of the ranges the parser allows.
		"skew n1 rate 0.01\nwait 1s",
		"skew n1 rate 0.01\nc1 acquire k 1000h\nwait 2s",
		"c1 skew rate 0.01\nc1 acquire k 1s\nwait 3s",
		"election 10000\ntick 1m\ncampaign n1\nc1 acquire k 1s\nwait 5s",
		"tick 1ms\nskew n1 rate 100\nwait 1s",
		"wait 1h\nwait 1000h\nexpect leader none",
		"wait 1h\nwait-until leader n1 within 1000h",
		"delay n1 n2 1000h\nwait 3s",
		"campaign n1\nwait 1s\nexpect n1 commit >= 9223372036854775808",
		strings.Repeat("skew n1 offset +1000h\n", 3000) + "c1 acquire k 1s\nwait 2s",
		strings.Repeat("skew n2 offset -1000h\n", 3000) + "campaign n2\nc1 acquire k 1s\nwait 5s",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse("fuzz.scenario", src)
		if err != nil {
			return
		}
		var hash [2]uint64
		for i := range hash {
			r, err := NewRunner(s, nil, nil)
			if err != nil {
				return // a header the world refuses (reported as an error, not a panic)
			}
			r.Budget, r.MaxEvents = fuzzBudget, fuzzEvents
			r.Run()
			if !r.Done() {
				t.Fatal("Run returned before the script ended")
			}
			// A limited run looks at its limits every runSlice of simulated time.
			if r.World().Now() > fuzzBudget {
				t.Fatalf("ran to %v, over the %v budget", r.World().Now(), fuzzBudget)
			}
			hash[i] = r.World().TraceHash()
		}
		if hash[0] != hash[1] {
			t.Fatalf("same input, different traces: %x %x", hash[0], hash[1])
		}
	})
}
