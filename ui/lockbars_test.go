package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// nc32-b: at snapshot-catch-up's end n5 drew "bills #102 ████ 1m" beside "orders #1 ██████
// 1m": a bar's length came from the room its token left, so one lease drew two lengths, and
// comparing bars by eye (the lesson's 1m against 51s) misled. In a node column every bar
// starts in one column and has one width, at every stop of every lesson at 120x40.
func TestLockBarsOneWidthPerColumn(t *testing.T) {
	checked := 0
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		playThrough(t, m, func(stop int, _ string) {
			if m.lay.mode != modeFull || len(m.lay.cols) == 0 {
				return
			}
			iw := m.lay.cols[0].w - 2
			for i := range m.v.Nodes {
				start, size := -1, -1
				for _, row := range m.lockRows(&m.v.Nodes[i], m.v.LockKeys, len(m.v.LockKeys)+4, iw) {
					r := []rune(ansi.Strip(row))
					at := strings.IndexFunc(string(r), func(c rune) bool { return c == '█' || c == '░' })
					if at < 0 {
						continue
					}
					at = len([]rune(string(r)[:at]))
					n := 0
					for k := at; k < len(r) && (r[k] == '█' || r[k] == '░'); k++ {
						n++
					}
					if start < 0 {
						start, size = at, n
						continue
					}
					checked++
					if at != start || n != size {
						t.Errorf("%s stop %d n%d: a bar at cell %d, %d wide, beside one at %d, %d wide: %q", l.Name, stop, i+1, at, n, start, size, ansi.Strip(row))
					}
				}
			}
		})
	}
	if checked == 0 {
		t.Error("no column had two bars")
	}
}
