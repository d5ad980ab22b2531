package scenarios

import (
	"fmt"
	"runtime"
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

// BenchmarkSteady runs the steady workload for 10 minutes to 12 hours of simulated time and
// reports the peak live heap (sampled every simulated minute) and wall time per simulated hour.
// The README's long-run table comes from it (and from /usr/bin/time on `leaselab run` for RSS).
func BenchmarkSteady(b *testing.B) {
	for _, d := range []time.Duration{10 * time.Minute, time.Hour, 6 * time.Hour, 12 * time.Hour} {
		b.Run(d.String(), func(b *testing.B) {
			src := steadySource(d)
			for range b.N {
				s, err := Parse("steady.scenario", src)
				if err != nil {
					b.Fatal(err)
				}
				r, err := NewRunner(s, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				var peak uint64
				var ms runtime.MemStats
				start := time.Now()
				for !r.Done() {
					r.AdvanceTo(r.World().Now() + time.Minute)
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapInuse)
				}
				r.Finalize()
				wall := time.Since(start)
				if !r.Passed() {
					b.Fatal(r.Failures)
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				b.ReportMetric(wall.Seconds()/r.World().Now().Hours(), "wall-s/sim-h")
			}
		})
	}
}
