package scenarios

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// steadySource is the steady workload of the long-run measurements: three clients take turns
// on five keys (acquire, fenced write, release; about 7 client operations per simulated
// second), with a snapshot every 100 entries, for d of simulated time.
func steadySource(d time.Duration) []byte {
	var b strings.Builder
	b.WriteString("title \"steady workload\"\noption snapshot-every 100\n")
	for i := 0; time.Duration(i)*430*time.Millisecond < d; i++ {
		c, k := i%3+1, i%5
		fmt.Fprintf(&b, "c%d acquire k%d 1s\nc%d write k%d\nc%d release k%d\nwait 430ms\n", c, k, c, k, c, k)
	}
	b.WriteString("expect violations none\n")
	return []byte(b.String())
}

// BenchmarkSteady runs the steady workload for 10 minutes to 12 hours of simulated time, as
// `leaselab run` does (no step log, its soft memory limit), and reports the live heap at the
// end, the process's peak RSS (a high-water mark: run one size alone, e.g.
// -bench 'Steady/12h', for that size's figure) and wall seconds per simulated hour, which stays
// flat if time is linear. The README's long-run table comes from it.
func BenchmarkSteady(b *testing.B) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(192 << 20))
	for _, d := range []time.Duration{10 * time.Minute, time.Hour, 6 * time.Hour, 12 * time.Hour} {
		b.Run(d.String(), func(b *testing.B) {
			src := steadySource(d)
			for range b.N {
				start := time.Now()
				s, err := Parse("steady.scenario", src)
				if err != nil {
					b.Fatal(err)
				}
				r, err := NewRunner(s, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				r.NoLog = true
				r.Run()
				wall := time.Since(start)
				if !r.Passed() {
					b.Fatal(r.Failures)
				}
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-MB")
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
