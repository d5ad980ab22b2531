package ui

import (
	"regexp"
	"strings"
	"testing"
)

// At 80x24 a node row's lock cells use the row's room before cutting: nc15-c, racing-acquires-
// unsafe, read "invoic… #1 █████ 30s │ +1" with 9 cells to spare, and "orders — released │
// invoic… #1 ██…", a cell cut at the right edge (its countdown lost).
func TestLockCellsUseTheRoom80(t *testing.T) {
	cutKey := regexp.MustCompile(`(\S+)… #`)
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	playThrough(t, m, func(stop int, v string) {
		for _, row := range strings.Split(v, "\n")[2:7] {
			row = strings.TrimRight(row, " ")
			if strings.HasSuffix(row, "…") {
				t.Errorf("stop %d: a lock cell is cut at the right edge: %q", stop, row)
			}
			for _, c := range cutKey.FindAllStringSubmatch(row, -1) {
				for _, k := range m.v.LockKeys {
					if strings.HasPrefix(k, c[1]) && 80-width(row) >= width(k)-width(c[1]+"…") {
						t.Errorf("stop %d: %q is cut to %q with %d cells to spare: %q", stop, k, c[1]+"…", 80-width(row), row)
					}
				}
			}
		}
	})
}
