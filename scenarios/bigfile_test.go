package scenarios

import (
	"runtime"
	"strings"
	"testing"
)

// Issue 22.5: a step is a 240-byte record, so a file of the shortest steps (`say "x"` 8 bytes,
// `heal` 5) costs 30 to 48 times its size parsed; the parse no longer copies the steps as they
// grow (which held up to three times them at once). The documented maximum is lowered to 32 MB
// so the worst file stays near 1.6 GB; this checks the cost per byte it is based on.
func TestBigFileCost(t *testing.T) {
	src := []byte(strings.Repeat("say \"x\"\nheal\n", 4<<20/13))
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := live()
	var s *Scenario
	var err error
	peak := peakHeap(func() { s, err = Parse("big.scenario", src) })
	if err != nil {
		t.Fatal(err)
	}
	kept := float64(live()-before) / float64(len(src))
	top := float64(peak-before) / float64(len(src))
	if kept > 45 || top > 80 {
		t.Errorf("parsed %d bytes: %.0f times the file kept, %.0f at the peak (want at most 45 and 80)", len(src), kept, top)
	}
	t.Logf("%d steps from %d bytes: %.0f times the file kept, %.0f at the peak", len(s.Steps), len(src), kept, top)
	if cap(s.Steps) != len(s.Steps)+1 {
		t.Errorf("steps cap %d for %d steps: they were copied to grow", cap(s.Steps), len(s.Steps))
	}
	runtime.KeepAlive(s)
}
