package scenarios

import (
	"strings"
	"testing"
)

// Issue 22.7's small things.
func TestTermWithEveryNodeDown(t *testing.T) {
	s, err := Parse("down.scenario", []byte("nodes 3\nwait 2s\ncrash n1\ncrash n2\ncrash n3\nexpect term 0\nexpect n1 role down\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if len(r.Failures) != 1 || !strings.Contains(r.Failures[0].String(), "down.scenario:6") || !strings.Contains(r.Failures[0].String(), "no such node (every node down)") {
		t.Errorf("failures %v, want line 6's term 0 to fail with no such node", r.Failures)
	}
}

func TestNumberForms(t *testing.T) {
	for src, want := range map[string]float64{"skew n1 rate 1e2\n": 100, "skew n1 rate 0x1p-2\n": 0.25, "skew n1 rate +1.5\n": 1.5, "skew n1 rate .5\n": 0.5} {
		s, err := Parse("r.scenario", []byte(src))
		if err != nil || s.Steps[0].Rate != want {
			t.Errorf("%q: %v %v, want rate %v", src, err, s, want)
		}
	}
	s, err := Parse("r.scenario", []byte("drop all 1e1%\n"))
	if err != nil || s.Steps[0].Percent != 10 {
		t.Errorf("drop all 1e1%%: %v", err)
	}
	for src, want := range map[string]string{
		"skew n1 rate NaN\n":                          `r.scenario:1:14: bad rate "NaN"`,
		"skew n1 rate Inf\n":                          `r.scenario:1:14: bad rate "Inf"`,
		"skew n1 rate -1\n":                           `r.scenario:1:14: bad rate "-1"`,
		"skew n1 rate 1e3\n":                          `r.scenario:1:14: rate must be 0.01 to 100, found 1e3`,
		"drop all -5%\n":                              `r.scenario:1:10: bad percentage "-5%"`,
		"option snapshot-every 9223372036854775808\n": `r.scenario:1:23: snapshot-every must be 0..9223372036854775807, found 9223372036854775808`,
		"seed 18446744073709551616\n":                 `r.scenario:1:6: seed must be 0..18446744073709551615, found 18446744073709551616`,
	} {
		if _, err := Parse("r.scenario", []byte(src)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %s", src, err, want)
		}
	}
}
