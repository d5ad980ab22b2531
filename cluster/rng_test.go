package cluster

import (
	"bytes"
	crand "crypto/rand"
	"io"
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
