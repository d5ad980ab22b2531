package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A node column's log starts at its start or says what it leaves out above: at every stop of
// every lesson at 120x40, the row under each column's "─ log" rule shows entry 1 or "…
// 1-N above" (late-release-unsafe's ask at 1.083s dropped "1 (bootstrap)" without a word).
var firstLogRow = regexp.MustCompile(`^(\S )?\s*1 |above|^…\d|\(empty log\)|… 1-\d+, none|… none|… 1-\d+ (in )?snap`)

func TestLogColumnSaysWhatIsAbove(t *testing.T) {
	saw := 0
	everyStop(t, 120, 40, func(lesson string, stop int, v string) {
		rows := strings.Split(v, "\n")
		for i, r := range rows {
			if !strings.Contains(r, "─ log ─") || i+1 >= len(rows) {
				continue
			}
			for _, col := range regexp.MustCompile(`[│┃]+`).Split(rows[i+1], -1) {
				if strings.TrimSpace(col) == "" {
					continue
				}
				if !firstLogRow.MatchString(col) {
					t.Errorf("%s stop %d: a log column starts at %q with nothing said above:\n%s", lesson, stop, col, v)
				}
				if strings.Contains(col, "above") {
					saw++
				}
			}
			break
		}
	})
	if saw == 0 {
		t.Error("no log column ever left entries out above: the test looks at nothing")
	}
}

// The log window is the longest log's, so a lagging node's column must not claim the leader's
// entries above it: snapshot-catch-up's cut-off n5 (its log ends at 3) read "… 1-200 above"
// over "201 · (ends 3)". At every stop of every lesson, a column that says where its log ends
// claims no entry above beyond that end.
var (
	logEnds    = regexp.MustCompile(`\((?:log )?ends(?: at)? (\d+)\)`)
	claimAbove = regexp.MustCompile(`…\s+(?:entries |entry )?1-?(\d*)(?: above)?(,|\s|$)`)
)

func TestLaggingLogClaimsNoEntryItLacks(t *testing.T) {
	saw := 0
	everyStop(t, 120, 40, func(lesson string, stop int, v string) {
		rows := strings.Split(v, "\n")
		split := regexp.MustCompile(`[│┃]+`)
		for i, r := range rows {
			if !strings.Contains(r, "─ log ─") {
				continue
			}
			cols := map[int]string{}
			for _, row := range rows[i+1:] {
				parts := split.Split(row, -1)
				if len(parts) < 3 {
					break
				}
				for c, p := range parts {
					cols[c] += p + "\n"
				}
			}
			for c := 0; c < len(cols); c++ {
				end, above := logEnds.FindStringSubmatch(cols[c]), claimAbove.FindStringSubmatch(cols[c])
				if end == nil || above == nil {
					continue
				}
				saw++
				m := above[1]
				if m == "" {
					m = "1"
				}
				if len(m) > len(end[1]) || len(m) == len(end[1]) && m > end[1] {
					t.Errorf("%s stop %d: a column whose log ends at %s claims entries 1-%s above:\n%s", lesson, stop, end[1], m, cols[c])
				}
			}
			break
		}
	})
	if saw == 0 {
		t.Error("no lagging column was ever seen: the test looks at nothing")
	}
}

func TestAboveTextForALaggingLog(t *testing.T) {
	for _, c := range []struct {
		lo, last uint64
		long     bool
		want     string
	}{
		{201, 200, true, "1-200 above"},
		{201, 300, false, "1-200 above"},
		{2, 1, true, "1 above"},
		{201, 3, true, "1-3 above, none 4-200"},
		{201, 3, false, "1-3, none to 200"},
		{5, 3, true, "1-3 above, none 4"},
		{201, 0, true, "none 1-200"},
	} {
		if got := aboveText(c.lo, c.last, c.long); got != c.want {
			t.Errorf("aboveText(%d, %d, %v) = %q, want %q", c.lo, c.last, c.long, got, c.want)
		}
	}
}

func TestAboveFormsUnderASnapshot(t *testing.T) {
	for _, c := range []struct {
		lo, last, snap uint64
		want           []string
	}{
		{202, 201, 201, []string{"1-201 in snapshot", "1-201 snap"}},
		{201, 201, 201, []string{"1-200 in snapshot", "1-200 snap"}},
		{203, 204, 201, []string{"1-201 in snapshot, 202 above", "1-201 snap, 202 above", "202 above"}},
		{206, 210, 201, []string{"1-201 in snapshot, 202-205 above", "1-201 snap, 202-205 above", "202-205 above"}},
		{206, 203, 201, []string{"1-201 in snapshot, 202-203 above, none 204-205", "1-201 snap, 202-203 above, none to 205", "202-203 above, none to 205"}},
		{206, 201, 201, []string{"1-201 in snapshot, none 202-205", "1-201 snap, none to 205", "none to 205"}},
		{201, 3, 1, []string{"1-3 above, none 4-200", "1-3, none to 200"}}, // the bootstrap alone: as before
	} {
		if got := aboveForms(c.lo, c.last, c.snap); !slices.Equal(got, c.want) {
			t.Errorf("aboveForms(%d, %d, %d) = %q, want %q", c.lo, c.last, c.snap, got, c.want)
		}
	}
}

// A compacted log's column does not claim the entries its snapshot replaced: snapshot-catch-up
// read "… 1-201 above" under "snap 201", and "… 1-202 above" at its end, as if the node still
// held them. At every stop at 120x40, a column whose rule says "snap N" says of 1-N only that
// they are in the snapshot.
func TestCompactedLogClaimsNoEntryItDropped(t *testing.T) {
	m := playLesson(t, "snapshot-catch-up", 120, 40)
	saw := 0
	split := regexp.MustCompile(`[│┃]+`)
	snapRule := regexp.MustCompile(`─ log ─+ snap (\d+) ─`)
	for stop := 0; stop < 40; stop++ {
		runToStop(t, m)
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		for i, r := range rows {
			if !strings.Contains(r, "─ log ─") || i+1 >= len(rows) {
				continue
			}
			rules, firsts := split.Split(r, -1), split.Split(rows[i+1], -1)
			for c := range min(len(rules), len(firsts)) {
				if snapRule.FindStringSubmatch(rules[c]) == nil || !strings.Contains(firsts[c], "…") {
					continue
				}
				saw++
				if strings.Contains(firsts[c], "… 1-") && !strings.Contains(firsts[c], " snap") || strings.Contains(firsts[c], "entries") {
					t.Errorf("stop %d: under %q the column says %q", stop, strings.TrimSpace(rules[c]), strings.TrimSpace(firsts[c]))
				}
			}
			break
		}
		if m.sim.ended {
			break
		}
		answerAsk(m)
		press(m, "enter")
	}
	if saw == 0 {
		t.Error("no compacted column left rows out above: the test looks at nothing")
	}
}
