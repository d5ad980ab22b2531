package scenarios

import (
	"strings"
	"testing"
)

// An undecided linearizability check (porcupine out of time) is never a pass: `expect
// violations none` fails saying it could not be decided, and so do the end-of-run check and the
// verdict the TUI shows.
func TestUndecidedIsNotAPass(t *testing.T) {
	src := "campaign n1\nc1 acquire k 1s\nc2 acquire k 1s\nwait 3s\nexpect violations none\n"
	r, err := NewRunner(mustParse(t, src), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.LinTimeout = -1 // no time at all: every check is undecided
	v := func() Verdict { return r.Verdict() }
	r.AdvanceTo(2 * 1e9)
	if got := v(); got.OK() || !strings.Contains(got.Failures[len(got.Failures)-1].Found, "could not be decided") {
		t.Fatalf("TUI verdict before the end: %+v", got)
	}
	r.Run()
	if r.Passed() || len(r.Failures) != 2 {
		t.Fatalf("failures %v", r.Failures)
	}
	if f := r.Failures[0]; f.Pos.Line != 5 || !strings.Contains(f.Found, "could not be decided") {
		t.Errorf("expect violations none: %v", f)
	}
	if f := r.Failures[1]; f.Step != "(end of run)" || !strings.Contains(f.Found, "undecided is not a pass") {
		t.Errorf("end of run: %v", f)
	}
	if got := v(); got.OK() {
		t.Error("the verdict passes")
	}
	// With time to decide, the same run passes.
	ok, _ := NewRunner(mustParse(t, src), nil, nil)
	ok.Run()
	if !ok.Passed() {
		t.Fatalf("decided run: %v", ok.Failures)
	}
	// `not violations none` and `violations non-linearizable` cannot be decided either.
	for _, cond := range []string{"not violations none", "violations non-linearizable", "not violations non-linearizable"} {
		r, _ := NewRunner(mustParse(t, "campaign n1\nc1 acquire k 1s\nwait 2s\nexpect "+cond+"\n"), nil, nil)
		r.LinTimeout = -1
		r.Run()
		if r.Passed() || !strings.Contains(r.Failures[0].Found, "could not be decided") {
			t.Errorf("%s: %v", cond, r.Failures)
		}
	}
}
