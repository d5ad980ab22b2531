package chaos

import (
	"testing"
	"time"
)

// BenchmarkSeed is one safe seed of 30 simulated seconds, run as a search runs it (generate,
// run, check): what seeds/s per job is made of. Profile it with -cpuprofile to see the shares
// of raft, the checkers and porcupine.
func BenchmarkSeed(b *testing.B) {
	p := Params{Duration: 30 * time.Second, Nodes: 5}
	for i := 0; i < b.N; i++ {
		p.Seed = uint64(i%500) + 1
		if r := runSeed(p, 10*time.Second, nil); r.Failed() {
			b.Fatalf("seed %d: %v %s", p.Seed, r.Kinds, r.Error)
		}
	}
}
