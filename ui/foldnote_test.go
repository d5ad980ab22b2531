package ui

import (
	"regexp"
	"strings"
	"testing"
)

// foldedRow is a timeline row that folds like rows of several nodes into one ("n2-n5 append 5",
// "n2 n3 confirm n1 still leads").
var foldedRow = regexp.MustCompile(`\bn\d+(-n\d+|( n\d+)+) (append|apply|confirm)\b`)

// A timeline titled "N folded" shows a folded row: a story placed at the rows its narration
// names could keep its folded rows above the top row drawn and still say "2 folded" (round 17).
func TestFoldedTitleShowsAFoldedRow(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		checked := 0
		everyStop(t, size[0], size[1], func(lesson string, stop int, v string) {
			for _, l := range strings.Split(v, "\n") {
				if !strings.Contains(l, " folded") || !strings.Contains(strings.ToLower(l), "timeline") {
					continue
				}
				checked++
				if !foldedRow.MatchString(v) {
					t.Errorf("%s %dx%d stop %d: the title says folded, no folded row shows:\n%s", lesson, size[0], size[1], stop, v)
				}
			}
		})
		if checked == 0 {
			t.Errorf("%dx%d: no stop's timeline says folded", size[0], size[1])
		}
	}
}
