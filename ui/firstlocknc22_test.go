package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc22-d played first-lock at 80x24 and read n1's "×1 1.0s ✓" in the clock column as its
// clock's time: the compact row dropped the word "check". Every stop of first-lock at 80x24
// shows it now; c1's release in flight shows beside the lock it still holds; and at the end c3
// says it is unused rather than standing as a bare name at the right edge.
func TestFirstLock80CheckReleaseC3(t *testing.T) {
	check := regexp.MustCompile(`★ n1 leader .* ×1 check \d\.\ds [✓✗] `)
	m := playLesson(t, "first-lock", 80, 24)
	sawRelease := false
	last := ""
	playThrough(t, m, func(stop int, v string) {
		last = v
		if !check.MatchString(v) {
			t.Errorf("stop %d: n1's row has no 'check' before its countdown:\n%s", stop, v)
		}
		if strings.Contains(v, "n1 appends 4 t1 Release orders") && !strings.Contains(v, "Released ·") {
			sawRelease = true
			if !strings.Contains(clientsRow(v), "holds orders #1") || !strings.Contains(clientsRow(v), "⋯ release orders") {
				t.Errorf("stop %d: c1's release is in flight and its row does not say so: %q", stop, clientsRow(v))
			}
		}
	})
	if !sawRelease {
		t.Fatal("no stop showed the Release appended and not yet applied")
	}
	if row := clientsRow(last); !strings.Contains(row, "c3 unused") || !strings.Contains(row, "c2 holds orders #2") {
		t.Errorf("the end's clients row: %q, want c2's lock and 'c3 unused'", row)
	}
}

// clientsRow is the compact screen's first row under the clients rule.
func clientsRow(v string) string {
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "─ clients") && i+1 < len(lines) {
			return lines[i+1]
		}
	}
	return ""
}

// Where the lock cells need the row, the check keeps its place without the word and the
// column's title says "clock check" (partitioned's "orders #1 EXPIRED HERE·wait Expire").
func TestCompactClockCheckTitle(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	runToStop(t, m)
	if w := m.clockW(80); w == clockNarrow {
		t.Fatalf("first-lock's first stop at 80x24: clock column %d wide, want room for 'check'", w)
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "clock check") {
		t.Errorf("the title says 'clock check' where the row has the word:\n%s", v)
	}
	// 50 cells: no room for the word and the locks column.
	head := ansi.Strip(m.tableHead(50, "locks"))
	row := ansi.Strip(m.nodeRow(&m.v.Nodes[0], 50))
	if m.clockW(50) != clockNarrow || !strings.Contains(head, "clock check") || !regexp.MustCompile(`×1 \d\.\ds ✓`).MatchString(row) {
		t.Errorf("a 50-cell table: head %q, n1 %q; want 'clock check' over '×1 1.0s ✓'", head, row)
	}
}
