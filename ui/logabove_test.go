package ui

import (
	"regexp"
	"strings"
	"testing"

	"leaselab/scenarios"
)

// A node column's log starts at its start or says what it leaves out above: at every stop of
// every lesson at 120x40, the row under each column's "─ log" rule shows entry 1 or "… entries
// 1-N above" (late-release-unsafe's ask at 1.083s dropped "1 (bootstrap)" without a word).
var firstLogRow = regexp.MustCompile(`^(\S )?\s*1 |above|^…\d|\(empty log\)`)

func TestLogColumnSaysWhatIsAbove(t *testing.T) {
	saw := 0
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		playThrough(t, m, func(stop int, v string) {
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
						t.Errorf("%s stop %d: a log column starts at %q with nothing said above:\n%s", l.Name, stop, col, v)
					}
					if strings.Contains(col, "above") {
						saw++
					}
				}
				break
			}
		})
	}
	if saw == 0 {
		t.Error("no log column ever left entries out above: the test looks at nothing")
	}
}
