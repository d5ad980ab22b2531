package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func fifo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "f")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	return p
}

// Issue 22.1: --trace or --html naming a FIFO nobody reads is an error at once (the open does not
// wait for a reader, and leaselab does not hold a read end of its own).
func TestOutputFIFOWithoutReader(t *testing.T) {
	p := writeScenario(t, "s.scenario", "wait 60s\n")
	for _, flag := range []string{"--trace", "--html"} {
		f := fifo(t)
		_, errs, code := runCLI(t, "run", "--timeout", "5s", flag, f, p)
		if code != 2 || !strings.Contains(errs, f+": a FIFO nobody reads") {
			t.Errorf("%s FIFO: code %d, %q", flag, code, errs)
		}
	}
}

// A reader that never reads: the trace's writes stop at --timeout, and the run fails with a
// clear error instead of hanging (a hang here is the test's own timeout).
func TestOutputReaderThatNeverReads(t *testing.T) {
	p := writeScenario(t, "s.scenario", "nodes 9\nwait 60s\n")
	f := fifo(t)
	r, err := os.OpenFile(f, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, errs, code := runCLI(t, "run", "--timeout", "1s", "--trace", f, p)
	if code != 2 || !strings.Contains(errs, f+": its reader did not take the output within --timeout") {
		t.Errorf("code %d, %q", code, errs)
	}
}

// A reader that goes away (`--trace /dev/stdout | head -c100`): a broken pipe, exit 2.
func TestOutputBrokenPipe(t *testing.T) {
	p := writeScenario(t, "s.scenario", "nodes 9\nwait 60s\n")
	f := fifo(t)
	r, err := os.OpenFile(f, os.O_RDONLY|syscall.O_NONBLOCK, 0) // a reader, there before the run
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer r.Close() // after 100 bytes it goes away, as head -c100 does
		buf := make([]byte, 100)
		for got := 0; got < len(buf); {
			n, err := r.Read(buf[got:])
			got += n
			if err == io.EOF { // no writer yet
				time.Sleep(time.Millisecond)
			} else if err != nil {
				return
			}
		}
	}()
	_, errs, code := runCLI(t, "run", "--trace", f, p)
	<-done
	if code != 2 || !strings.Contains(errs, "broken pipe") {
		t.Errorf("code %d, %q", code, errs)
	}
}

// `run > /dev/full`: the report could not be written, so the command fails.
func TestReportToFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	p := writeScenario(t, "s.scenario", "wait 1s\n")
	var errb strings.Builder
	err = run([]string{"run", p}, full, &errb)
	if code, ok := err.(exitError); !ok || code != 1 || !strings.Contains(errb.String(), "writing the output: write /dev/full: no space left on device") {
		t.Errorf("err %v, %q", err, errb.String())
	}
}

// --html is checked before the run, as --trace is: a directory, or a missing directory, is a
// usage error before anything runs (it was found after a 24-hour run).
func TestHTMLCheckedBeforeTheRun(t *testing.T) {
	p := writeScenario(t, "s.scenario", "wait 1000h\n")
	dir := t.TempDir()
	for _, out := range []string{dir, filepath.Join(dir, "no", "such", "x.html"), filepath.Join(p, "x.html")} {
		stdout, errs, code := runCLI(t, "run", "--html", out, p)
		if code != 2 || stdout != "" || !strings.Contains(errs, "--html "+out) {
			t.Errorf("--html %s: code %d, %q %q", out, code, stdout, errs)
		}
	}
}
