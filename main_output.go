package main

import (
	"io"

	"leaselab/scenarios/termsafe"
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
