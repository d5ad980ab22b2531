package scenarios

import (
	"strings"
	"testing"
)

// commit and applied are uint64: a huge index must not compare as a negative int64.
func TestCommitComparedAsUint64(t *testing.T) {
	s, err := Parse("w.scenario", []byte("nodes 3\nwait 2s\nexpect n1 commit >= 9223372036854775808\nexpect n1 applied < 18446744073709551615\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if len(r.Failures) != 1 || !strings.Contains(r.Failures[0].Step, "commit >= 9223372036854775808") {
		t.Errorf("want exactly the commit expect to fail, got %v", r.Failures)
	}
}
