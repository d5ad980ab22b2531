package cluster

import (
	"time"

	"github.com/anishathalye/porcupine"
)

// The tests of this package run every world with its real checkers, which live in package
// check, which imports this one: only an external test file may name it, so attach_test.go
// fills these in before any test runs (New refuses a nil Attach, so a test never runs a world
// unchecked by mistake).
var (
	TestAttach       Attach
	TestCheckHistory func(*World, time.Duration) porcupine.CheckResult
)
