package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An index a snapshot covers is applied on that node, so its log row carries ✓ as an applied
// entry's does: snapshot-catch-up's bootstrap row "1 (bootstrap)" had no mark beside "✓ 2" and
// "✓ 3", and read as the one entry left unapplied (round 7); likewise "201 (in snapshot)". The
// cut-off n5, whose log ends at 3, marks no index it lacks.
func TestSnapshotRowsMarkedApplied(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	runToStop(t, m)
	v := ansi.Strip(m.View())
	if n := strings.Count(v, "✓ 1 (bootstrap)"); n != 5 {
		t.Fatalf("first stop: %d of 5 columns mark the bootstrap row applied:\n%s", n, v)
	}
	press(m, "enter")
	runToStop(t, m)
	v = ansi.Strip(m.View())
	if n := strings.Count(v, "✓ 201 (in snapshot)"); n != 4 {
		t.Fatalf("4.095s: %d of n1-n4 mark 201 (in snapshot) applied:\n%s", n, v)
	}
	if !strings.Contains(v, "  201 · (ends 3)") || strings.Contains(v, "✓ 201 · (ends 3)") {
		t.Fatalf("4.095s: n5's 201 row claims an entry it lacks:\n%s", v)
	}
}
