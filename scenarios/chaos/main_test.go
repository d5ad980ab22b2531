package chaos

import (
	"fmt"
	"os"
	"testing"
)

// TestMain lets the test binary serve as a chaos worker: Run re-executes os.Executable (this
// binary, under go test) with WorkerEnv set.
func TestMain(m *testing.M) {
	if os.Getenv(WorkerEnv) != "" {
		perturb = os.Getenv("LEASELAB_CHAOS_TEST_PERTURB") != "" // TestCheckDeterminism's other process
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "chaos worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
