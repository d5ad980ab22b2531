package serve

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

const mainEnv = "LEASELAB_SERVE_MAIN" // "DIR": run Main with a host key in DIR, on a free port

// mainChild is the test binary as `leaselab serve`.
func mainChild(dir string) int {
	err := Main(Config{Addr: "127.0.0.1:0", HostKey: filepath.Join(dir, "host"), MaxSessions: 10}, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// SIGTERM closes every session with a message and exits 0; the start line says what a
// student types.
func TestSIGTERM(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), mainEnv+"="+t.TempDir())
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	r := bufio.NewReader(stdout)
	first, _ := r.ReadString('\n')
	second, _ := r.ReadString('\n')
	m := regexp.MustCompile(`listening on 127\.0\.0\.1:(\d+) · host key SHA256:\S+ \(.*host, made now\)`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("start line %q", first)
	}
	if want := "students type:  ssh -p " + m[1] + " 127.0.0.1\n"; second != want {
		t.Fatalf("second line %q, want %q", second, want)
	}
	ts := &testServer{addr: "127.0.0.1:" + m[1]}
	tm := openTerm(t, ts.dial(t, "a"), 80, 24, "", true)
	tm.waitFor(0, "student a")
	cmd.Process.Signal(syscall.SIGTERM)
	tm.waitFor(0, "leaselab: the server is stopping")
	restc := make(chan string, 1)
	go func() { b, _ := r.ReadString(0); restc <- b }()
	var rest string
	select {
	case rest = <-restc: // stdout closed: the process is ending
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit after SIGTERM")
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("exit status %d after SIGTERM, want 0", ee.ExitCode())
		} else if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit after SIGTERM")
	}
	if !strings.Contains(rest, "leaselab serve: stopped") {
		t.Fatalf("after SIGTERM: %q", rest)
	}
}
