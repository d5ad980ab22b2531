package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc24-b (snapshot-catch-up, rated 4): what a snapshot holds showed nowhere before the ask on
// the token counter (? said "a snapshot keeps held locks only", ?? "state machine" named no
// counter); "each lease's length, not the time left" could not be checked; ✓ marked entries n5
// never applied; n2-n4's log read "… entries 1-51 above" over blank rows while they held them.

// The snapshot rows name what a snapshot holds, the locks with their lease lengths and the next
// token, at the stops that tell of them, at both sizes.
func TestSnapshotRowsNameContents(t *testing.T) {
	const taken = "n1 snapshots at 51: orders #1 1m lease, next #26"
	const restored = "n5 restores snap 201: orders #1 1m lease, next #101"
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "snapshot-catch-up", size[0], size[1])
		sawTaken, sawRestored := false, false
		playThrough(t, m, func(stop int, v string) {
			says := strings.Join(m.says(), " ")
			if strings.Contains(says, "took its first snapshot") {
				sawTaken = true
				if !regexp.MustCompile(`\d\.\d{3}s +` + regexp.QuoteMeta(taken)).MatchString(v) {
					t.Errorf("%dx%d stop %d: no %q row:\n%s", size[0], size[1], stop, taken, v)
				}
			}
			if strings.Contains(says, "does your log hold 203?") {
				sawRestored = true
				if !regexp.MustCompile(`\d\.\d{3}s +` + regexp.QuoteMeta(restored)).MatchString(v) {
					t.Errorf("%dx%d stop %d: no %q row:\n%s", size[0], size[1], stop, restored, v)
				}
				// The length it carries beside the time left n1 counts: 1m on n5, 51s on n1.
				if !strings.Contains(v, "51s") || !strings.Contains(v, "orders #1 █████ 1m") && !strings.Contains(v, "orders #1 ██████    1m") {
					t.Errorf("%dx%d stop %d: n1's 51s and n5's 1m do not both show:\n%s", size[0], size[1], stop, v)
				}
			}
		})
		if !sawTaken || !sawRestored {
			t.Fatalf("%dx%d: a stop is missing (first snapshot %v, restore %v)", size[0], size[1], sawTaken, sawRestored)
		}
	}
}

// ? and ?? say what a snapshot holds: the held locks with their lease lengths and the next token.
func TestSnapshotContentsExplained(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	help := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.helpBody(120, 40), "\n"))), " ")
	if strings.Contains(help, "held locks only") || !strings.Contains(help, "a snapshot holds the held locks, each with its lease length, and the next token") {
		t.Errorf("? does not say what a snapshot holds:\n%s", help)
	}
	if g := glossaryEntry(t, "state machine"); !strings.Contains(g, "token counter") {
		t.Errorf("?? state machine names no token counter: %s", g)
	}
	if g := glossaryEntry(t, "snapshot, compaction"); !strings.Contains(g, "lease length") || !strings.Contains(g, "next token") {
		t.Errorf("?? snapshot does not say what it holds: %s", g)
	}
	if g := glossaryEntry(t, "step 12/47"); strings.Contains(g, "are done") || !strings.Contains(g, "queued") {
		t.Errorf("?? step calls queued steps done: %s", g)
	}
}

// Where n1 has compacted to 51 and n2-n4 still hold 49-51, their columns show those entries,
// not "… entries 1-51 above" over blank rows; n1's column says its snapshot and stays blank.
func TestLogColumnsKeepUncompactedEntries(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	seen := false
	playThrough(t, m, func(stop int, v string) {
		if !strings.Contains(strings.Join(m.says(), " "), "took its first snapshot") {
			return
		}
		seen = true
		if strings.Contains(v, "entries 1-51 above") || !strings.Contains(v, "… 1-51 in snapshot") {
			t.Errorf("stop %d: the log columns hide entries their nodes hold:\n%s", stop, v)
		}
		if n := strings.Count(v, "51 t1 R jobs"); n != 3 {
			t.Errorf("stop %d: entry 51 shows in %d columns, want n2-n4's 3:\n%s", stop, n, v)
		}
	})
	if !seen {
		t.Fatal("no stop tells of the first snapshot")
	}
}

// The Replication panel marks s, not ✓, where n5 holds an entry only through the snapshot it
// restored, and its title names the mark; 202, which n5 applied itself, is ✓.
func TestTrackerMarksSnapshotCovered(t *testing.T) {
	for _, size := range [][2]int{{120, 40}} {
		m := playLesson(t, "snapshot-catch-up", size[0], size[1])
		seen := false
		playThrough(t, m, func(stop int, v string) {
			if !strings.Contains(strings.Join(m.says(), " "), "The snapshot set n5's token counter too") {
				return
			}
			seen = true
			if !regexp.MustCompile(`201 t1 +Release jobs +✓  ✓  ✓  ✓  s `).MatchString(v) || !regexp.MustCompile(`202 t1 +Grant jobs 1m +✓  ✓  ✓  ✓  ✓ `).MatchString(v) {
				t.Errorf("stop %d: the panel does not tell n5's snapshot-covered entries apart:\n%s", stop, v)
			}
			if !strings.Contains(v, "s=in snapshot") {
				t.Errorf("stop %d: the panel's title does not name the s mark:\n%s", stop, v)
			}
		})
		if !seen {
			t.Fatal("no stop after the restore")
		}
	}
	m := playLesson(t, "first-lock", 120, 40)
	playThrough(t, m, func(stop int, v string) {
		if strings.Contains(v, "s=in snapshot") {
			t.Fatalf("first-lock stop %d names an s mark no row has:\n%s", stop, v)
		}
	})
}
