package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// lease-read at 120x40 (nc20-a): a passing check-quorum left no trace and c2's 2s timeout was
// on no screen. Now the leader's first line counts down to its next check ("check 0.8s ✓"):
// ✓ when n1 is cut off (the answers from before the cut carry the next check), ✗ at the ask
// (that check passed, no one answered since); and c2's row says how long its request has
// waited, of its timeout. The Replication title never shrinks to bare marks ("· · ○ ◆ ✓").
// The marks are the narration's claims, so they hold under the lesson's seed and seeds 1 to 12.
func TestLeaseReadShowsQuorumCheckAndWait(t *testing.T) {
	for seed := uint64(0); seed <= 12; seed++ {
		s, err := scenarios.Load("lease-read")
		if err != nil {
			t.Fatal(err)
		}
		if seed > 0 {
			s.Header.Seed = seed
		}
		leaseReadMarks(t, newPlay(t, s, 120, 40), s.Header.Seed)
	}
}

func leaseReadMarks(t *testing.T, m *Model, seed uint64) {
	check := regexp.MustCompile(`term 2 · check \d\.\ds ([✓✗])`)
	// The stops the narration reads n1's mark at, by their words: just elected, cut off, the
	// ask, c2's request waiting.
	want := map[string]string{"Leadership moves to n1": "✗", "n1 is cut off from": "✓", "What does c2 get?": "✗", "c2 asks n1 again. n1": "✗"}
	seen := map[string]bool{}
	waited := false
	playThrough(t, m, func(stop int, screen string) {
		lines := strings.Split(screen, "\n")
		for words, mark := range want {
			if !strings.Contains(screen, words) || len(lines) < 3 {
				continue
			}
			seen[words] = true
			if g := check.FindStringSubmatch(lines[2]); g == nil || g[1] != mark {
				t.Errorf("seed %d stop %d (%s): n1's first line %q, want its check marked %s", seed, stop, words, lines[2], mark)
			}
			if words == "Leadership moves to n1" {
				// nc23-a read the just-elected leader's ✗ as failing and could not tell whom
				// the followers follow: n1's net line counts who it heard (itself only), each
				// follower names its vote until n1's first append names the leader.
				if !strings.Contains(lines[5], "net ok · heard 1 of 5") {
					t.Errorf("seed %d stop %d: n1's net line %q, want 'heard 1 of 5'", seed, stop, lines[5])
				}
				if c := strings.Count(lines[2], "term 2 · voted n1"); c != 4 {
					t.Errorf("seed %d stop %d: %d followers read 'term 2 · voted n1', want 4: %q", seed, stop, c, lines[2])
				}
			}
		}
		row := ansi.Strip(strings.Join(m.clientRows("c2", 53, 2), " "))
		if strings.Contains(row, "⋯ acquire orders") {
			if !regexp.MustCompile(`waited (\d\.\ds|\d+ms) of 2s`).MatchString(row) {
				t.Errorf("seed %d stop %d: c2's request in flight says nothing of its timeout: %q", seed, stop, row)
			}
			waited = true
		}
		if strings.Contains(screen, "· · ○") {
			t.Errorf("seed %d stop %d: the Replication title shows bare marks", seed, stop)
		}
	})
	if len(seen) != len(want) {
		t.Errorf("seed %d: found only the stops %v", seed, seen)
	}
	if !waited {
		t.Errorf("seed %d: c2's row never showed a request in flight", seed)
	}
}
