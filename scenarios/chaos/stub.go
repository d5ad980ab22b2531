// Package chaos searches random fault schedules for violations. (Placeholder until it lands.)
package chaos

import (
	"errors"
	"io"
)

// Main is `leaselab chaos`.
func Main(args []string, stdout, stderr io.Writer) error { return errors.New("chaos is not built yet") }
