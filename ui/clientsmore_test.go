package ui

import (
	"regexp"
	"strings"
	"testing"
)

// The compact clients row counts the locks a client holds beyond the one it shows, as the node
// rows count their keys: nc18-h, racing-acquires-unsafe at 80x24, saw "c1 holds orders #3 5.0s"
// from 0.070s on with no mark, and could think c1 had let 'invoices' go.
func TestCompactClientsCountOtherLocks(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	c1 := regexp.MustCompile(`c1 holds orders #3 \S+ \+1 `)
	seen := 0
	playThrough(t, m, func(stop int, v string) {
		c := m.clientView("c1")
		if c == nil || len(c.Holds) != 2 {
			return
		}
		seen++
		for _, r := range strings.Split(v, "\n") {
			if strings.HasPrefix(r, "▸c1 ") {
				if !c1.MatchString(r) {
					t.Errorf("stop %d: c1 holds %d locks, its row counts none beyond the one shown: %q", stop, len(c.Holds), r)
				}
				return
			}
		}
		t.Errorf("stop %d: no row for c1:\n%s", stop, v)
	})
	if seen == 0 {
		t.Fatal("c1 never held two locks at a stop")
	}
}
