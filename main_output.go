package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"leaselab/scenarios/termsafe"
	"leaselab/scenarios/web"
)

// checkedWriter keeps the first write error of a command's output (a full disk, a closed pipe),
// so a report that was never written is an error, not exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// terminalOut is what a headless command writes to: the text of files and prompts in it (a
// title, a say, a file name) shows its control bytes escaped (termsafe), and the first write
// error is kept.
type terminalOut struct {
	*termsafe.Writer
	checked *checkedWriter
}

func newTerminalOut(w io.Writer) *terminalOut {
	c := &checkedWriter{w: w}
	return &terminalOut{Writer: termsafe.NewWriter(c), checked: c}
}

// done flushes and returns the first write error.
func (t *terminalOut) done() error {
	t.Flush()
	return t.checked.err
}

// openOutput opens a file run writes (--trace, --html) write-only: a pipe or FIFO named there
// (/dev/stdout into `head`, a mkfifo) is not held open for reading by leaselab itself, so its
// reader going away is a broken pipe, not a write blocked for ever. It opens without blocking
// (a FIFO nobody reads is an error at once, not an open that waits for a reader), and each
// write to a pipe or a terminal is then bound by a deadline (see setDeadline); a regular file is
// written as usual.
func openOutput(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NONBLOCK, 0o666)
	if errors.Is(err, syscall.ENXIO) {
		return nil, fmt.Errorf("%s: a FIFO nobody reads (start its reader first)", path)
	}
	return f, err
}

// outputFile is an output opened by openOutput whose writes stop at a deadline.
type outputFile struct{ f *os.File }

// setDeadline bounds the writes from now on by d (0: none). Regular files have no deadlines
// (their writes do not wait for a reader); pipes, FIFOs and terminals do.
func (o *outputFile) setDeadline(d time.Duration) {
	var t time.Time
	if d > 0 {
		t = time.Now().Add(d)
	}
	_ = o.f.SetWriteDeadline(t) // os.ErrNoDeadline for a regular file: nothing waits there
}

func (o *outputFile) Write(p []byte) (int, error) {
	n, err := o.f.Write(p)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = fmt.Errorf("%s: its reader did not take the output within --timeout", o.f.Name())
	}
	return n, err
}

// checkOutput checks before a run that path can be written: not a directory, in a directory
// that exists. (An export found unwritable after a long run would lose the run.)
func checkOutput(path string) error {
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory", path)
		}
		return nil
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: no directory %s", path, dir)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	return nil
}

// writeHTML writes the exported page to path as openOutput opens it, within timeout (0: none).
func writeHTML(path string, p *web.Page, timeout time.Duration) error {
	f, err := openOutput(path)
	if err != nil {
		return err
	}
	o := &outputFile{f: f}
	o.setDeadline(timeout)
	if err := web.Write(o, p); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
