package cluster

import (
	"bytes"
	crand "crypto/rand"
	"io"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// While a world's stream is installed under Exclusive, another goroutine (an SSH handshake)
// reading crypto/rand.Reader gets the system's bytes and leaves the world's stream untouched.
func TestExclusiveKeepsStreamFromOtherGoroutines(t *testing.T) {
	want := make([]byte, 16)
	io.ReadFull(newRaftRand(7), want)
	got := make([]byte, 16)
	var foreign [64]byte
	Exclusive(func() {
		newRaftRand(7).install()
		r := jitter.cur.Load()
		done := make(chan struct{})
		go func() { // another goroutine reads while this one holds the world lock
			defer close(done)
			io.ReadFull(crand.Reader, foreign[:])
		}()
		<-done
		if jitter.cur.Load() != r {
			t.Fatal("the installed stream changed")
		}
		io.ReadFull(crand.Reader, got)
	})
	if !bytes.Equal(got, want) {
		t.Fatalf("the world's stream was read by another goroutine: first bytes %x, want %x", got, want)
	}
	if bytes.Contains(foreign[:], want[:8]) {
		t.Fatal("the other goroutine got the world's stream")
	}
	if jitter.cur.Load() != nil {
		t.Fatal("Exclusive left a world's stream installed")
	}
}

// Worlds stepped side by side from several goroutines, each step under Exclusive, give the
// trace hash each gives alone.
func TestExclusiveWorldsSideBySide(t *testing.T) {
	const n = 4
	solo := make([]uint64, n)
	for i := range solo {
		solo[i] = busyRun(t, uint64(i+1)).TraceHash()
	}
	got := make([]uint64, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w *World
			Exclusive(func() { w = newBusyWorld(t, uint64(i+1)) })
			for s := 0; s < busyLen; s++ {
				Exclusive(func() { busySteps(t, w, s, s+1) })
			}
			got[i] = w.TraceHash()
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != solo[i] {
			t.Errorf("world %d: hash %x side by side, %x alone", i+1, got[i], solo[i])
		}
	}
}

// A world gives crypto/rand.Reader back to the system once it is done with its stream: after
// New, a step, an operation that calls into raft, or a view, nothing else can read the stream.
func TestWorldLeavesTheStream(t *testing.T) {
	w := newWorld(t, nil)
	check := func(what string) {
		t.Helper()
		if jitter.cur.Load() != nil {
			t.Fatalf("after %s, crypto/rand.Reader still hands out the world's stream", what)
		}
	}
	check("New")
	w.AdvanceTo(2 * time.Second)
	check("AdvanceTo")
	if err := w.Campaign(2); err != nil {
		t.Fatal(err)
	}
	check("Campaign")
	w.Crash(3)
	if err := w.Restart(3); err != nil {
		t.Fatal(err)
	}
	check("Restart")
	w.AdvanceTo(4 * time.Second)
	if err := w.TransferLeader(3); err != nil {
		t.Fatal(err)
	}
	check("TransferLeader")
	w.View(ViewOptions{})
	w.OwnLease(1)
	check("View")
}

// The world's stream is rand.Rand's over the same PCG, draw for draw: Int64N at powers of two,
// small and huge bounds (where the rejection loop runs), Float64 between them.
func TestSimRNGIsRandRand(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		sim, ref := newRNG(seed), rand.New(rand.NewPCG(seed, seed^0x6c656173656c6162))
		bounds := []int64{1, 2, 3, 7, 64, 1000, 6_000_001, 1<<62 + 1, 1<<63 - 1, 3 << 61}
		for i := 0; i < 20000; i++ {
			if i%5 == 4 {
				if got, want := sim.Float64(), ref.Float64(); got != want {
					t.Fatalf("seed %d, draw %d: Float64 %v, want %v", seed, i, got, want)
				}
				continue
			}
			n := bounds[i%len(bounds)]
			if got, want := sim.Int64N(n), ref.Int64N(n); got != want {
				t.Fatalf("seed %d, draw %d: Int64N(%d) %d, want %d", seed, i, n, got, want)
			}
		}
	}
}
