package ui

import (
	"strings"
	"testing"
)

// A student opens ?? to learn a word, often just before an ask: an entry defines its word and
// never gives a lesson's answer. Each phrase below once did (gl29, newcomer round 29: "I looked
// up EXPIRED HERE and it told me what the late Expire would do").
func TestGlossaryGivesNoAsksAnswer(t *testing.T) {
	for _, c := range []struct{ term, phrase, ask string }{
		{"EXPIRED HERE, — expired, — deleted, — released, · not yet, · free in snap", "only a committed Expire deletes", "lease-expiry: when does the lock leave n4's table; skewed-followers: what does n4 do at zero"},
		{"EXPIRED HERE, — expired, — deleted, — released, · not yet, · free in snap", "only with unsafe expire-ignores-token", "late-expire: what the late Expire does, with and without the switch"},
		{"G R E, log column forms", "may apply late, or twice", "late-expire: what the late Expire for token 1 does to c2's lock"},
		{"G R E, log column forms", "deletes whatever lock the key has", "late-release-unsafe: what the unchecked Release does"},
		{"G R E, log column forms", "checks the client's token before proposing", "late-release: what n1 does with c1's Release"},
		{"lost-grant", "late Expire", "late-expire-unsafe: what the late Expire does to c2"},
		{"results", "expire-ignores-token", "late-expire: what the late Expire does without the token check"},
		{"results", "whatever its token", "late-release-unsafe: what the unchecked Release does"},
		{"lease manager", "Only a committed Expire deletes", "lease-expiry: when does the lock leave n4's table"},
		{"lease, countdown", "Only the leader's countdown ends", "skewed-followers: what does n4 do at zero"},
		{"stale-write", "comes before any newer token's write", "gc-pause: what becomes of c2's write before c3 has written"},
		{"token", "once a later holder has written", "gc-pause: what becomes of c2's write before c3 has written"},
		{"rejected", "unchecked-proposals", "racing-acquires: what goes into the log"},
		{"not-found", "proposes nothing", "late-release: what n1 does with c1's Release"},
		{"MsgApp / MsgAppResp, MsgHeartbeat, index N", "as soon as it commits", "first-lock: when n2 applies the Grant"},
		{"snapshot, compaction", "never a time left", "snapshot-catch-up: which countdown n5 shows once it restores the snapshot"},
	} {
		if text := glossaryEntry(t, c.term); strings.Contains(text, c.phrase) {
			t.Errorf("glossary %q says %q, the answer to %s: %s", c.term, c.phrase, c.ask, text)
		}
	}
}

// non-linearizable, as a newcomer can retell it: what an operation is, what one order
// means, and that porcupine searches for it (a player could not explain it from the entry).
func TestGlossaryNonLinearizablePlain(t *testing.T) {
	text := glossaryEntry(t, "porcupine, non-linearizable")
	for _, w := range []string{"is an operation, from its start (sent) to its end (the answer arrives)",
		"Linearizable: there is one order of all the operations", "between its own start and end", "gives every answer seen",
		"non-linearizable: no such order exists", "porcupine is the checker that searches for one",
		"when a script step checks for violations"} {
		if !strings.Contains(text, w) {
			t.Errorf("the non-linearizable entry does not say %q: %s", w, text)
		}
	}
}
