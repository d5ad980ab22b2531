package scenarios

import (
	"strings"
	"testing"
)

// Every membership form parses, formats back to itself, and a file using them replays to the
// same trace (a saved session is a scenario).
func TestMembershipFormsRoundTrip(t *testing.T) {
	forms := []string{
		"add-node n6",
		"add-learner n7",
		"promote n7",
		"remove-node n3",
		"reconfigure n1 n2 n6 n7 n8",
		"reconfigure n1 n2 n6 hold",
		"leave-joint",
		"expect all voters n1 n2 n6",
		"expect n6 learners n7",
		"expect leader learners none",
		"wait-until all config joint",
		"expect n1 config simple",
		"expect n3 removed",
		"expect not n6 removed",
		"wait-until n7 removed within 3s",
		"crash n6",
	}
	src := "campaign n1\nwait-until leader n1\n" + strings.Join(forms, "\n") + "\n"
	s, err := Parse("m.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range forms {
		if got := FormatStep(s.Steps[i+2]); got != want {
			t.Errorf("step %d formats as %q, want %q", i, got, want)
		}
	}
	again, err := Parse("m2.scenario", []byte(Format(s)))
	if err != nil {
		t.Fatalf("the formatted file does not parse: %v\n%s", err, Format(s))
	}
	seed := uint64(4)
	hash := func(sc *Scenario) uint64 {
		r, err := NewRunner(sc, &seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		return r.World().TraceHash()
	}
	if hash(s) != hash(again) {
		t.Fatal("the formatted scenario replays differently")
	}
}

// Bad membership lines are FILE:LINE:COL errors; a node a membership step introduced may be
// named from that line on, and only then.
func TestMembershipParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"add-node n10", "f:1:10: no node n10: node names run n1 to n9"},
		{"add-learner c1", `f:1:13: expected a node n1..n9, found "c1"`},
		{"reconfigure", "f:1:12: missing voter after reconfigure"},
		{"reconfigure n1 n2 n1", "f:1:19: reconfigure names n1 twice"},
		{"reconfigure n1 n12 hold", "f:1:16: no node n12: node names run n1 to n9"},
		{"reconfigure hold", `f:1:13: expected a voter n1..n9 after reconfigure, found "hold"`},
		{"crash n6\nadd-node n6", "f:1:7: unknown node n6 (this cluster has n1..n5)"},
		{"promote n6", "f:1:9: unknown node n6 (this cluster has n1..n5)"},
		{"expect all removed", `f:1:8: removed needs one node, like n1, before it; found "all"`},
		{"expect all config mixed", `f:1:19: unknown config form "mixed" (want joint or simple)`},
		{"expect n1 voters", "f:1:17: missing a node after voters"},
		{"expect n1 learners n2 n2", "f:1:23: learners names n2 twice"},
		{"leave-joint now", "f:1:13:"},
	} {
		_, err := Parse("f", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
	if _, err := Parse("f", []byte("add-node n6\ncrash n6\nreconfigure n1 n2 n9\nisolate n9\n")); err != nil {
		t.Errorf("nodes named by membership steps: %v", err)
	}
	h := DefaultHeader()
	if _, err := parseStepIn("crash n7", h, 7); err != nil {
		t.Errorf("a prompt in a run grown to n7: %v", err)
	}
}

// A refusal is an event in the run, not an error: the run goes on.
func TestMembershipRefusalIsNoError(t *testing.T) {
	s, err := Parse("r.scenario", []byte("campaign n1\nwait-until leader n1\nleave-joint\npromote n2\nadd-node n8\nexpect all voters n1 n2 n3 n4 n5\nexpect violations none\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	r.Run()
	if !r.Passed() {
		t.Fatal(r.Failures)
	}
	for _, e := range r.World().RecentEvents(1000) {
		if e.Kind.String() == "conf-refused" {
			refused = append(refused, e.Text)
		}
	}
	if len(refused) != 3 {
		t.Fatalf("refusals %q, want three", refused)
	}
}
