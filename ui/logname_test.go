package ui

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"leaselab/scenarios"
)

var logEntryCell = regexp.MustCompile(`^[✓◆○] +(\d+) (t\d+) (.*?)\s*$`)

// shiftingNames are the lessons whose log columns still name an entry two ways at 120x40: a
// released lock no longer needs room for its Expire, so the form grows back ("G orders 5s",
// then "Grant orders 5s"), and in snapshot-catch-up "Grant jobs 1m" must read whole once jobs
// is released (TestLogColumnNamesWhole). 23 entries in 21 lessons before; 9 in these 4.
var shiftingNames = []string{"first-lock", "ghost-lock", "snapshot-catch-up", "figure-8"}

// TestLogEntryOneNameAcrossStops: a log column names an entry the same way at every stop of a
// lesson at 120x40. racing-acquires-unsafe read "✓ 5 t1 Grant orders 5s" at one stop and "✓ 5
// t1 Grant orders" at the next (round 11): the form followed the rows in view, which slide;
// and most lessons' "Grant orders 3s" became "G orders 3s" when its Expire came.
func TestLogEntryOneNameAcrossStops(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		if slices.Contains(shiftingNames, l.Name) {
			continue
		}
		m := playLesson(t, l.Name, 120, 40)
		names := map[string]map[string]int{}
		playThrough(t, m, func(stop int, v string) {
			for _, row := range strings.Split(v, "\n")[:m.lay.tracker.y] {
				for _, cell := range strings.FieldsFunc(row, func(r rune) bool { return r == '│' || r == '┃' }) {
					g := logEntryCell.FindStringSubmatch(cell)
					if g == nil || g[3] == "empty" || strings.HasPrefix(g[3], "conf") {
						continue
					}
					k := g[1] + " " + g[2]
					if names[k] == nil {
						names[k] = map[string]int{}
					}
					if _, ok := names[k][g[3]]; !ok {
						names[k][g[3]] = stop
					}
				}
			}
		})
		var keys []string
		for k := range names {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if len(names[k]) > 1 {
				t.Errorf("%s: entry %s is named %v (name: first stop)", l.Name, k, names[k])
			}
		}
	}
}
