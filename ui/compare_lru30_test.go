package ui

import (
	"strings"
	"testing"
	"time"

	"leaselab/scenarios"
)

// lease-read-unsafe's compare (C) at 3.331s read "✗ the story has not leader n1; here: leader
// n1", which a newcomer could not parse (nc30-d, item 6): a leader check is said in words.
func TestCompareStoryMissSaysLeaderInWords(t *testing.T) {
	for _, c := range []struct{ step, found, want string }{
		{"wait-until not leader n1 within 5s", "leader n1", "✗ the story has n1 no longer the leader; here: n1 leads"},
		{"wait-until leader n2", "leader none", "✗ the story has n2 the leader; here: no leader"},
		{"expect not leader none", "leader none", "✗ the story has a leader; here: no leader"},
	} {
		_, got := storyMissText(scenarios.Failure{Step: c.step, Found: c.found, At: 3331 * time.Millisecond})
		if got != c.want {
			t.Errorf("%s / %s: %q, want %q", c.step, c.found, got, c.want)
		}
		if strings.Contains(got, "not leader") {
			t.Errorf("%s: script language left: %q", c.step, got)
		}
	}
}
