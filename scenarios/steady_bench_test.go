package scenarios

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// steadySource is the steady workload of the long-run measurements: three clients take turns
// on five keys (acquire, fenced write, release; about 7 client operations per simulated
// second), with a snapshot every 100 entries, for d of simulated time.
func steadySource(d time.Duration) []byte { return steadyFaults(d, 0) }

// steadyFaults is the steady workload with a 20s partition that leaves the leader (n5: it leads
// under the default seed and is given the lead back before each) in the minority every `every`
// of simulated time from the first minute on (0: none): requests sent to it time out, and their
// entries may apply later or never.
func steadyFaults(d, every time.Duration) []byte {
	var b strings.Builder
	b.WriteString("title \"steady workload\"\noption snapshot-every 100\n")
	step := 430 * time.Millisecond
	for i := 0; time.Duration(i)*step < d; i++ {
		c, k := i%3+1, i%5
		if first := 140; every > 0 && i >= first { // 140 steps: a minute in
			switch (i - first) % int(every/step) {
			case 0:
				b.WriteString("partition n4 n5 | n1 n2 n3\n")
			case 47: // about 20s later
				b.WriteString("heal\n")
			case int(every/step) - 30: // n5 leads again when the next partition comes
				b.WriteString("transfer-leader n5\n")
			}
		}
		fmt.Fprintf(&b, "c%d acquire k%d 1s\nc%d write k%d\nc%d release k%d\nwait 430ms\n", c, k, c, k, c, k)
	}
	b.WriteString("expect violations none\n")
	return []byte(b.String())
}

// BenchmarkSteady runs the steady workload for 10 minutes to 12 hours of simulated time (and
// with partitions that time requests out, up to a day), as `leaselab run` does (no step log,
// its soft memory limit), and reports the live heap at the end, the peak heap (runtime/metrics,
// sampled), the process's peak RSS (a high-water mark: run one size alone, e.g.
// -bench 'Steady/12h', for that size's figure) and wall seconds per simulated hour, which stays
// flat if time is linear. The README's long-run table comes from it.
func BenchmarkSteady(b *testing.B) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(192 << 20))
	type size struct {
		d, faults time.Duration // faults: steadyFaults's period, 0 for none
	}
	for _, sz := range []size{{10 * time.Minute, 0}, {time.Hour, 0}, {6 * time.Hour, 0}, {12 * time.Hour, 0},
		{time.Hour, time.Hour}, {6 * time.Hour, 6 * time.Hour}, {24 * time.Hour, time.Hour}} {
		name := sz.d.String()
		if sz.faults > 0 {
			name += "-partitioned-every-" + sz.faults.String()
		}
		b.Run(name, func(b *testing.B) {
			src := steadyFaults(sz.d, sz.faults)
			for range b.N {
				start := time.Now()
				s, err := Parse("steady.scenario", src)
				if err != nil {
					b.Fatal(err)
				}
				var ms runtime.MemStats // run's limit: 192 MB above the parsed script
				runtime.GC()
				runtime.ReadMemStats(&ms)
				debug.SetMemoryLimit(192<<20 + int64(ms.HeapAlloc))
				r, err := NewRunner(s, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				r.NoLog = true
				r.Budget = sz.d + time.Hour
				peak := peakHeap(r.Run)
				wall := time.Since(start)
				if !r.Passed() {
					b.Fatal(r.Failures)
				}
				runtime.GC()
				runtime.ReadMemStats(&ms)
				b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-MB")
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				if hwm := peakRSS(); hwm > 0 {
					b.ReportMetric(float64(hwm)/(1<<20), "peak-RSS-MB")
				}
				b.ReportMetric(wall.Seconds()/r.World().Now().Hours(), "wall-s/sim-h")
				runtime.KeepAlive(r)
			}
		})
	}
}

// peakRSS is the process's resident high-water mark in bytes (Linux), or 0.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// peakHeap runs f and returns the highest heap in use that runtime/metrics showed while it ran
// (sampled every millisecond, with the heap before f as the floor).
func peakHeap(f func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	peak, done := read(), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				peak = max(peak, read())
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	return max(peak, read())
}
