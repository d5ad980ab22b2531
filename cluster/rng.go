package cluster

import (
	crand "crypto/rand"
	"encoding/binary"
	"io"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// newRNG derives the world's one random stream from its seed.
func newRNG(seed uint64) simRNG {
	return simRNG{*rand.NewPCG(seed, seed^0x6c656173656c6162)} // "leaselab"
}

// simRNG is the world's random stream: the stream rand.New(rand.NewPCG(...)) gives, drawn by
// rand.Rand's own algorithms for the two draws the world makes (Int64N and Float64; a test
// holds the two streams equal), with the PCG held by value and called directly. rand.Rand
// calls its source through an interface on every draw, and a loaded run draws a latency for
// every message. (rand.Rand's 32-bit path for small n gives the 64-bit path's numbers by
// design, so this one path gives the same stream on every platform.)
type simRNG struct{ pcg rand.PCG }

// Int64N is rand.Rand.Int64N: uniform in [0, n).
func (r *simRNG) Int64N(n int64) int64 {
	if n <= 0 {
		panic("invalid argument to Int64N")
	}
	u := uint64(n)
	if u&(u-1) == 0 { // a power of two: mask
		return int64(r.pcg.Uint64() & (u - 1))
	}
	hi, lo := bits.Mul64(r.pcg.Uint64(), u) // Lemire's method, as rand.Rand's uint64n
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), u)
		}
	}
	return int64(hi)
}

// Float64 is rand.Rand.Float64: uniform in [0, 1).
func (r *simRNG) Float64() float64 { return float64(r.pcg.Uint64()<<11>>11) / (1 << 53) }

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

// install makes this world's stream the one crypto/rand.Reader hands out. It is called before
// every call into raft, so it stores only when another stream (or none) is there: an atomic
// load is a plain read, a store a locked exchange.
func (r *raftRand) install() {
	if jitter.cur.Load() != r {
		jitter.cur.Store(r)
	}
}

// leave gives crypto/rand.Reader back to the system's reader once the world is done with its
// stream: every World method that can call into raft (New, Step, the operations that campaign,
// restart or transfer, View and OwnLease, which read raft's progress) leaves before it returns,
// so nothing outside a world's own steps (an SSH key, any crypto) ever reads the jitter stream.
func (r *raftRand) leave() {
	if jitter.cur.Load() == r {
		jitter.cur.CompareAndSwap(r, nil)
	}
}

// systemRand is the operating system's reader, captured before any world exists. Anything
// cryptographic in the process (an SSH server's key exchange, host keys) must use it: while a
// world steps, crypto/rand.Reader is that world's seeded, guessable stream.
var systemRand = crand.Reader

// SystemRand is the operating system's random reader, captured at start.
func SystemRand() io.Reader { return systemRand }

// jitterSource is what crypto/rand.Reader points at for the life of the process. It hands
// out the stream of the world being stepped (the last one installed), except to another
// goroutine while a world steps under Exclusive: that gets the system's reader (x/crypto/ssh
// reads crypto/rand.Reader directly for its handshake cookie), so it neither learns nor
// consumes a world's stream. Without Exclusive (one world at a time, the commands) everyone
// gets the installed stream, as before.
type jitterSource struct {
	mu    sync.Mutex // the process-wide world lock
	owner atomic.Int64
	cur   atomic.Pointer[raftRand]
}

var jitter = &jitterSource{}

func init() { crand.Reader = jitter }

func (j *jitterSource) Read(p []byte) (int, error) {
	r := j.cur.Load()
	if r == nil {
		return systemRand.Read(p)
	}
	if o := j.owner.Load(); o != 0 && o != goid() {
		return systemRand.Read(p)
	}
	return r.Read(p)
}

// Exclusive runs f holding the process-wide world lock. A process that steps more than one
// world from more than one goroutine (leaselab serve) steps, clones and rewinds every world
// inside Exclusive: the jitter source is global, so two worlds stepping at once would read
// each other's streams. In such a process no world may step outside Exclusive: its raft would
// get the system's reader while another goroutine holds the lock. When f returns,
// crypto/rand.Reader hands out the system's reader again.
func Exclusive(f func()) {
	jitter.mu.Lock()
	jitter.owner.Store(goid())
	defer func() {
		jitter.cur.Store(nil)
		jitter.owner.Store(0)
		jitter.mu.Unlock()
	}()
	f()
}

// goid is the calling goroutine's id, read from its stack header ("goroutine 12 [...").
// Only Exclusive and a read of the jitter source during it pay for it.
func goid() int64 {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	var id int64
	for _, c := range buf[len("goroutine "):n] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + int64(c-'0')
	}
	return id
}

// between draws a duration uniformly in [lo, hi].
func between(r *simRNG, lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(r.Int64N(int64(hi-lo)+1))
}
