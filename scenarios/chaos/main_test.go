package chaos

import (
	"fmt"
	"os"
	"testing"
)

// TestMain lets the test binary serve as a chaos worker: Run re-executes os.Executable (this
// binary, under go test) with WorkerEnv set and the arguments `chaos --worker ...`.
func TestMain(m *testing.M) {
	if os.Getenv(WorkerEnv) != "" {
		args := os.Args[1:]
		if len(args) > 0 && args[0] == "chaos" {
			args = args[1:]
		}
		if err := Main(args, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "chaos worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
