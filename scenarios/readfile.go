package scenarios

import (
	"fmt"
	"io"
	"os"
)

// MaxFileSize is the largest scenario file read. A parsed step is a 240-byte record, so a file
// of the shortest lines (`say "x"`, `heal`) costs 30 to 48 times its size once parsed, and
// more while the collector catches up: 32 MB is about 1 to 1.6 GB, which a shared 2-core, 24 GB
// machine can run (256 MB would need about 13 GB). The longest generated workloads in use fit
// well: a day of the steady workload (7 operations a second) is 11 MB.
const MaxFileSize = 32 << 20

// readScenarioFile reads a scenario file, refusing what is not a regular file (a device or a
// FIFO would read forever or block) and anything over MaxFileSize. A missing file gives an
// error for which os.IsNotExist holds.
func readScenarioFile(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		what := "not a regular file"
		if fi.IsDir() {
			what = "a directory"
		}
		return nil, fmt.Errorf("%s: %s (a scenario is a regular file)", name, what)
	}
	if fi.Size() > MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes is over the %d MB limit for a scenario file", name, fi.Size(), MaxFileSize>>20)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been swapped since Stat: read at most one byte past the limit.
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > MaxFileSize {
		return nil, fmt.Errorf("%s: over the %d MB limit for a scenario file", name, MaxFileSize>>20)
	}
	return src, nil
}
