package ui

import (
	"regexp"
	"strings"
	"testing"
)

// A Replication row names its proposer one way from its proposal to its apply (nc22-j: ghost-
// lock's row 6 read "n1 ghost release #2", then "Released · ghost release"; "c2", then
// "Released · c2 release"), at both sizes, every stop of ghost-lock.
func TestTrackerProposerStable(t *testing.T) {
	row := regexp.MustCompile(`^[│ ] {0,2}(\d+) t\d+ +(Grant|Release|Expire)\b`)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "ghost-lock", size[0], size[1])
		seen := map[string]string{}
		pending := 0
		playThrough(t, m, func(stop int, v string) {
			for _, ln := range strings.Split(v, "\n") {
				if i := strings.Index(ln, "││"); i >= 0 {
					ln = ln[:i]
				}
				g := row.FindStringSubmatch(ln)
				if g == nil {
					continue
				}
				ln = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(ln, " "), "│"), " ")
				who := ""
				if i := strings.LastIndex(ln, " · "); i >= 0 {
					who = ln[i+len(" · "):]
				}
				if strings.Contains(ln, "not yet") || strings.Contains(ln, "not applied yet") {
					pending++
				}
				if was, ok := seen[g[1]]; ok && was != who {
					t.Errorf("%dx%d stop %d: row %s names its proposer %q, earlier %q:\n%s", size[0], size[1], stop, g[1], who, was, ln)
				}
				seen[g[1]] = who
			}
		})
		if pending == 0 || seen["6"] == "" {
			t.Errorf("%dx%d: no row seen before its apply, or row 6 names no proposer (%v)", size[0], size[1], seen)
		}
	}
}
