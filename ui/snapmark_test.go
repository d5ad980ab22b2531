package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An index a snapshot covers is applied on that node, so its log row carries ✓ as an applied
// entry's does: snapshot-catch-up's bootstrap row "1 (bootstrap)" had no mark beside "✓ 2" and
// "✓ 3", and read as the one entry left unapplied (round 7). The cut-off n5, whose log ends at
// 3, marks no index it lacks. A compacted index gets no row of its own: "… 1-200 in snapshot"
// over "✓ 201 (in snapshot)" said "… 1-201 in snapshot" another way whenever the column had a
// row to spare (nc19-l, nc20-l read it as a change).
func TestSnapshotRowsMarkedApplied(t *testing.T) {
	row := regexp.MustCompile(`(✓|┃ |│ ) +\d+ (\(bootstrap\)|\(in snapshot\)|· \(ends \d+\))`)
	seen := map[string]bool{}
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	for stop := 0; stop < 20 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		for _, r := range row.FindAllStringSubmatch(v, -1) {
			kind := r[2]
			if strings.Contains(kind, "ends") {
				kind = "(ends N)"
			}
			seen[kind] = true
			if kind == "(in snapshot)" {
				t.Errorf("stop %d: a row of its own for a compacted index, %q:\n%s", stop, r[0], v)
			}
			if marked := r[1] == "✓"; marked != (kind != "(ends N)") {
				t.Fatalf("stop %d: %q is marked %v:\n%s", stop, r[0], marked, v)
			}
		}
		answerAsk(m)
		press(m, "enter")
	}
	for _, k := range []string{"(bootstrap)", "(ends N)"} {
		if !seen[k] {
			t.Errorf("no stop showed a %s row (seen %v)", k, seen)
		}
	}
}
