package chaos

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mainOut(args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := Main(args, &out, &errb)
	return out.String(), errb.String(), err
}

// A history not checked is never a pass: the exit status is 1 and the summary says so.
func TestNotCheckedFails(t *testing.T) {
	out, _, err := mainOut("--seeds", "3", "--lin-timeout", "1ns", "--duration", "5s", "--out", t.TempDir())
	if err != ExitCode(1) || !strings.Contains(out, "3 not checked") || !strings.Contains(out, "NOT A PASS: 3 histories could not be checked") {
		t.Fatalf("err %v\n%s", err, out)
	}
}

func TestChaosRefusesBadArgsBeforeStarting(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"--from", "18446744073709551615", "--seeds", "2"},
		{"--out", file, "--seeds", "1"},
		{"--out", filepath.Join(file, "sub"), "--seeds", "1"},
		{"--duration", "1001h"},
	}
	for _, args := range cases {
		out, errs, err := mainOut(args...)
		if err != ExitCode(2) || out != "" || !strings.Contains(errs, "leaselab chaos: --") {
			t.Errorf("%v: err %v, stdout %q, stderr %.200q", args, err, out, errs)
		}
	}
	// The last seed itself is fine.
	if _, errs, err := mainOut("--from", "18446744073709551615", "--seeds", "1", "--duration", "2s", "--out", t.TempDir()); err != nil {
		t.Errorf("last seed: %v %s", err, errs)
	}
}
