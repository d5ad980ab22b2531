package serve

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
)

// The benchmarks measure the server alone: the SSH clients run in a child process (this test
// binary again, with clientsEnv set), so their decryption is not counted. Each iteration is
// one wall second, a simulated second at 1x; cpu-s/sim-s is the server process's CPU time
// (user+system, getrusage) per simulated second of the class (or of each sandbox).

const clientsEnv = "LEASELAB_SERVE_BENCH_CLIENTS" // "ADDR N join|sandbox"

func TestMain(m *testing.M) {
	if v := os.Getenv(clientsEnv); v != "" {
		os.Exit(clientPool(v))
	}
	if v := os.Getenv(mainEnv); v != "" {
		os.Exit(mainChild(v))
	}
	os.Exit(m.Run())
}

// clientPool connects N clients to ADDR, each into the class (join) or a sandbox, prints
// "ready" once all are in, reads and discards everything until its stdin closes.
func clientPool(spec string) int {
	f := strings.Fields(spec)
	n, _ := strconv.Atoi(f[1])
	sandbox := f[2] == "sandbox"
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- poolClient(f[0], fmt.Sprintf("p%03d", i), sandbox)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			fmt.Println("error:", err)
			return 1
		}
	}
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	return 0
}

func poolClient(addr, user string, sandbox bool) error {
	ki := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{ki}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second})
	if err != nil {
		return err
	}
	s, err := c.NewSession()
	if err != nil {
		return err
	}
	if err := s.RequestPty("xterm-256color", 40, 120, gossh.TerminalModes{}); err != nil {
		return err
	}
	in, _ := s.StdinPipe()
	out, _ := s.StdoutPipe()
	if err := s.Shell(); err != nil {
		return err
	}
	seen := make(chan struct{})
	go func() { // read everything; say when the menu is up
		r := bufio.NewReader(out)
		var acc strings.Builder
		once := false
		buf := make([]byte, 32<<10)
		for {
			k, err := r.Read(buf)
			if !once {
				acc.Write(buf[:k])
				if strings.Contains(ansi.Strip(acc.String()), "sandbox: a cluster") {
					once = true
					close(seen)
				}
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case <-seen:
	case <-time.After(30 * time.Second):
		return fmt.Errorf("%s: no menu", user)
	}
	if sandbox {
		for range menuIndex("sandbox") { // no class is open: the lessons, then the sandbox
			io.WriteString(in, keyDown)
		}
	}
	_, err = io.WriteString(in, keyEnter)
	return err
}

// startPool starts n clients in a child process and waits until they are in.
func startPool(b *testing.B, addr string, n int, what string) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %s", clientsEnv, addr, n, what))
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stdin.Close(); cmd.Wait() })
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "ready" {
		b.Fatalf("client pool: %q", line)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs b.N wall seconds and reports cpu-s/sim-s, the simulated time read by simNow.
func measure(b *testing.B, simNow func() time.Duration) {
	time.Sleep(time.Second) // let joins settle
	b.ResetTimer()
	cpu0, sim0 := cpuTime(), simNow()
	for i := 0; i < b.N; i++ {
		time.Sleep(time.Second)
	}
	cpu, sim := cpuTime()-cpu0, simNow()-sim0
	b.StopTimer()
	b.ReportMetric(cpu.Seconds()/sim.Seconds(), "cpu-s/sim-s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkClassFollowers: a class on the sandbox at 1x, its teacher at 120x40, N followers.
func BenchmarkClassFollowers(b *testing.B) {
	for _, n := range []int{1, 30, 100} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			ts := startServer(b, nil)
			_, c := ts.openClass(b, "sandbox")
			startPool(b, ts.addr, n, "join")
			eventually(b, "all joined", func() bool { return c.size() == n })
			measure(b, func() time.Duration {
				c.mu.Lock()
				defer c.mu.Unlock()
				return c.model.World().Now()
			})
		})
	}
}

// BenchmarkSandboxes: N students, each in a sandbox of their own at 1x.
func BenchmarkSandboxes(b *testing.B) {
	for _, n := range []int{1, 30} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			ts := startServer(b, nil)
			startPool(b, ts.addr, n, "sandbox")
			eventually(b, "all in a sandbox", func() bool { return len(ts.models()) == n })
			measure(b, func() time.Duration { // the mean of the sandboxes' clocks
				var sum time.Duration
				ms := ts.models()
				for _, m := range ms {
					cluster.Exclusive(func() { sum += m.World().Now() })
				}
				return sum / time.Duration(max(1, len(ms)))
			})
		})
	}
}

// BenchmarkSessionMemory: the heap an idle sandbox session costs (20 sessions, after GC).
func BenchmarkSessionMemory(b *testing.B) {
	const n = 20
	ts := startServer(b, nil)
	h0 := heapBytes()
	startPool(b, ts.addr, n, "sandbox")
	eventually(b, "all in a sandbox", func() bool { return len(ts.models()) == n })
	measure(b, func() time.Duration {
		var sum time.Duration
		for _, m := range ts.models() {
			cluster.Exclusive(func() { sum += m.World().Now() })
		}
		return sum / n
	})
	b.ReportMetric(float64(heapBytes()-h0)/n/(1<<20), "MB/session")
}

func heapBytes() int64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() + s[1].Value.Uint64())
}
