package fsm_test

import (
	"testing"

	"leaselab/fsm"
)

func TestResultString(t *testing.T) {
	cases := []struct {
		r    fsm.Result
		want string
	}{
		{fsm.Result{Kind: fsm.Granted, Token: 3}, "Granted{token:3}"},
		{fsm.Result{Kind: fsm.Granted, Token: 1}, "Granted{token:1}"},
		{fsm.Result{Kind: fsm.Granted, Token: 18446744073709551615}, "Granted{token:18446744073709551615}"},
		{fsm.Result{Kind: fsm.GrantRejected}, "GrantRejected"},
		{fsm.Result{Kind: fsm.Released}, "Released"},
		{fsm.Result{Kind: fsm.NotFound}, "NotFound"},
		{fsm.Result{Kind: fsm.Expired, Existed: true}, "Expired{existed:true}"},
		{fsm.Result{Kind: fsm.Expired, Existed: false}, "Expired{existed:false}"},
		{fsm.Result{Kind: fsm.Noop}, "Noop"},
		{fsm.Result{}, "Noop"},
	}
	for _, c := range cases {
		if got := c.r.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.r, got, c.want)
		}
		back, err := fsm.ParseResult(c.want)
		if err != nil {
			t.Errorf("ParseResult(%q): %v", c.want, err)
			continue
		}
		if back != c.r {
			t.Errorf("ParseResult(%q) = %#v, want %#v", c.want, back, c.r)
		}
	}
}

func TestParseResultRoundTripTokens(t *testing.T) {
	for _, tok := range []uint64{1, 2, 9, 10, 99, 100, 12345, 1 << 32, 1<<63 + 7, ^uint64(0)} {
		r := fsm.Result{Kind: fsm.Granted, Token: tok}
		back, err := fsm.ParseResult(r.String())
		if err != nil || back != r {
			t.Errorf("ParseResult(%q) = %#v, %v; want %#v", r.String(), back, err, r)
		}
	}
}

func TestParseResultRejects(t *testing.T) {
	bad := []string{
		"",
		" ",
		"Granted",
		"Granted{}",
		"Granted{token:}",
		"Granted{token:0}",
		"Granted{token:x}",
		"Granted{token:+1}",
		"Granted{token:-1}",
		"Granted{token: 1}",
		"Granted{token:1 }",
		"Granted{token:1",
		"Granted{token:1}}",
		"Granted{token:1}x",
		"Granted{token:0x1}",
		"Granted{token:1_0}",
		"Granted{token:1.0}",
		"Granted{token:1e3}",
		"Granted{token:18446744073709551616}", // overflows uint64
		"Granted{Token:1}",
		"Granted{tok:1}",
		"Granted{token=1}",
		"granted",
		"granted{token:1}",
		"GRANTED{token:1}",
		" Granted{token:1}",
		"Granted{token:1}\n",
		"grantrejected",
		"GrantRejected ",
		"Grantrejected",
		"released",
		"Release",
		"notfound",
		"NotFound{}",
		"noop",
		"Noop{}",
		"Expired",
		"Expired{}",
		"Expired{existed:maybe}",
		"Expired{existed:}",
		"Expired{existed:True}",
		"Expired{existed:TRUE}",
		"Expired{existed:1}",
		"Expired{existed:0}",
		"Expired{existed:t}",
		"Expired{existed:f}",
		"Expired{existed:true",
		"Expired{existed: true}",
		"expired{existed:true}",
		"Expired{token:1}",
	}
	for _, s := range bad {
		if r, err := fsm.ParseResult(s); err == nil {
			t.Errorf("ParseResult(%q) = %v, want an error", s, r)
		}
	}
}

// A spelling ParseResult accepts must be exactly the one String writes back: the scenario
// language compares results by spelling, so two spellings of one result would be a trap.
func TestParseResultCanonical(t *testing.T) {
	for _, s := range []string{
		"Granted{token:03}",
		"Granted{token:007}",
		"Granted{token:00}",
		"Granted{token:01}",
	} {
		r, err := fsm.ParseResult(s)
		if err == nil && r.String() != s {
			t.Errorf("ParseResult(%q) = %v, nil: accepts a spelling String never writes", s, r)
		}
	}
}
