package serve

import (
	"runtime"
	"strings"
	"testing"
)

// Session channels that never start hold no more than maxEarlyInput of what their client
// sends: x/crypto/ssh would keep up to 2 MB on each (its window), eight per connection. A
// client sending more before its shell has its channel closed; a session started after
// typing ahead still gets its keys.
func TestEarlyInputBounded(t *testing.T) {
	ts := startServer(t, nil)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	big := []byte(strings.Repeat("x", 2<<20))
	closed := make(chan struct{}, 3*maxChannels)
	for range 3 {
		c := ts.dial(t, "early")
		for range maxChannels {
			s, err := c.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			in, _ := s.StdinPipe()
			in.Write(big)
			go func() { s.Wait(); closed <- struct{}{} }()
		}
	}
	big = nil
	runtime.GC()
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	t.Logf("24 channels sent 2 MB each before a shell: the heap grew %d MB", grew>>20)
	if grew > 24<<20 {
		t.Fatalf("the heap grew %d MB", grew>>20)
	}
	eventually(t, "the channels are closed", func() bool { return len(closed) == 3*maxChannels })
	tm := openTerm(t, ts.dial(t, "next"), 80, 24, "", true)
	tm.waitFor(0, "student next")
	m := tm.mark()
	tm.send(keyDown)
	tm.waitFor(m, "lease-expiry")
}
