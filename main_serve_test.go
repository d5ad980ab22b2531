package main

import (
	"strings"
	"testing"
)

// leaselab serve's bad flags are usage errors (status 2) before anything listens; the
// sandbox's --keys is not a serve flag (a session's world is bounded).
func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--keys", "100000"},
		{"serve", "--max-sessions", "0"},
		{"serve", "--idle", "-1s"},
		{"serve", "extra"},
		{"serve", "--addr", ""},
	} {
		_, errOut, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, "usage: leaselab serve") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	if _, _, code := runCLI(t, "serve", "--teacher-keys", "/nonexistent", "--host-key", t.TempDir()+"/hk"); code != 1 {
		t.Errorf("missing teacher keys: exit %d, want 1", code)
	}
}
