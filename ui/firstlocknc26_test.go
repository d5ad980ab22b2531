package ui

import (
	"regexp"
	"strings"
	"testing"
)

// nc25-f (80x24): at first-lock's 0.034s stops the screen showed 'c/a', 'check 1.0s ✓', '✔ 0
// violations' and '4 on the wire: 4 append' (while entry 2 was ✓ everywhere), and no stop said
// what they were. The "Reading the rows" stop names them; for seeds 1 to 12 at both sizes what
// it says is on screen: the messages on the wire are all the followers' answers to n1's append
// (MsgAppResp, "append" alone in the count), c/a reads 2/2, no violation, and n1's check reads
// exactly as quoted, 'check 1.0s ✓' (nc26-a, nc26-f: the check showed from the first stop and was
// read only at the delay stop, after; the reading stop now reads it, in a few words).
func TestFirstLockReadingTheRows(t *testing.T) {
	check := regexp.MustCompile(`(n1 leader .*|┃term 1 · )check \d\.\ds ✓`)
	wire := regexp.MustCompile(`on the wire: (\d+ · )?\d+ append\b`)
	eachSeed(t, "first-lock", 0, func(m *Model, w int, at string) {
		reading := false
		playThrough(t, m, func(stop int, v string) {
			said := strings.Join(strings.Fields(v), " ")
			switch {
			case strings.Contains(said, "Reading the rows: each node's commit · applied"):
				reading = true
				n := 0
				for _, f := range m.v.Net.InFlight {
					if ty := f.Msg.Type.String(); ty != "MsgAppResp" {
						t.Errorf("%s: a %s on the wire, the stop says they are all answers (MsgAppResp)", at, ty)
					}
					n++
				}
				if n == 0 || len(m.v.Net.ClientFlights) > 0 || !wire.MatchString(v) || strings.Contains(v, "heartbeat") {
					t.Errorf("%s: %d answers on the wire, want some and the count to read 'append' alone:\n%s", at, n, v)
				}
				if !regexp.MustCompile(`n2 follower +T1 +2/2|commit 2 · applied 2`).MatchString(v) || !strings.Contains(v, "✔ 0 violations") || !check.MatchString(v) {
					t.Errorf("%s: the stop names c/a 2/2 (commit · applied), ✔ 0 violations and check ✓, not all on screen:\n%s", at, v)
				}
				if !strings.Contains(said, "n1's 'check 1.0s ✓': every 1s a leader checks") || !strings.Contains(v, "check 1.0s ✓") {
					t.Errorf("%s: the reading stop should read n1's check as it shows, 'check 1.0s ✓':\n%s", at, v)
				}
			case strings.Contains(said, "(✓: a majority answered since the last;"):
				// The delay stop read the ✓ once; the reading stop, before it, does now.
				t.Errorf("%s: the delay stop explains check-quorum again:\n%s", at, v)
			}
		})
		if !reading {
			t.Errorf("%s: no reading stop", at)
		}
	})
}
