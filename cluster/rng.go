package cluster

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
	"time"
)

// newRNG derives the world's one random stream from its seed.
func newRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x6c656173656c6162)) // "leaselab"
}

// raftRand is the stream raft's election jitter reads. raft v3.7.0 draws it from
// crypto/rand.Reader (process-global, unseedable); the world installs its own seeded stream
// there whenever it steps its nodes, so runs are reproducible.
type raftRand struct{ c *rand.ChaCha8 }

func newRaftRand(seed uint64) *raftRand {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	copy(s[8:], "leaselab raft jitter....")
	return &raftRand{rand.NewChaCha8(s)}
}

func (r *raftRand) Read(p []byte) (int, error) { return r.c.Read(p) }

// install points crypto/rand.Reader at this world's stream. Never step two worlds concurrently.
func (r *raftRand) install() { crand.Reader = r }

// between draws a duration uniformly in [lo, hi].
func between(r *rand.Rand, lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(r.Int64N(int64(hi-lo)+1))
}
