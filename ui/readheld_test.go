package ui

import (
	"strings"
	"testing"
)

// racing-acquires told that the heartbeats n1 sent after c2's acquire were a ReadIndex round
// before it answers busy, and no row tied them to c2's request: the lock events went from "n1
// receives c2's acquire orders" to "n2 confirms n1 still leads" (nc21-m). Right after a request
// the leader answers with a read (no proposal), the lock events say it holds it for that round,
// and why; the release's too. A request the leader proposes gets no such row, nor does any
// request when the leader's check is off (racing-acquires-unsafe proposes both).
func TestLockEventsSayARequestWaitsForAReadIndex(t *testing.T) {
	rows := strings.Join(lockRows(t, "racing-acquires"), "\n")
	for _, want := range []string{
		"0.055s n1 receives c2's acquire orders\n0.055s n1 holds c2's acquire for a ReadIndex (orders taken)\n",
		"0.075s n1 receives c2's release orders\n0.075s n1 holds c2's release for a ReadIndex (not c2's lock)\n",
	} {
		if !strings.Contains(rows, want) {
			t.Errorf("racing-acquires' lock events lack\n%s\nin:\n%s", want, rows)
		}
	}
	if n := strings.Count(rows, "for a ReadIndex"); n != 2 {
		t.Errorf("%d rows say a request waits for a ReadIndex, want 2 (c1's Grant was proposed):\n%s", n, rows)
	}
	if rows := strings.Join(lockRows(t, "racing-acquires-unsafe"), "\n"); strings.Contains(rows, "for a ReadIndex") {
		t.Errorf("with unchecked proposals no request waits for a read, yet:\n%s", rows)
	}
}
