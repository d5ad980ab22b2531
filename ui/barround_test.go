package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// A countdown's bar and its label round the same way: at about 3.8s into crash-restart n1 and
// n2 showed "███░ 26s" and n4 and n5 "████ 26s" (25.6s and 26.4s left, nc21-k). Equal labels
// draw equal bars, in the full column (a four-cell bar after "orders   #1 ") and the compact one.
func TestCountdownBarMatchesLabel(t *testing.T) {
	m := playLesson(t, "crash-restart", 120, 40)
	ms := time.Millisecond
	for _, compact := range []bool{false, true} {
		for _, lefts := range [][]time.Duration{{25600 * ms, 26000 * ms, 26400 * ms}, {26600 * ms, 27000 * ms, 27400 * ms}} {
			var got []string
			for _, left := range lefts {
				n := &cluster.NodeView{Up: true, Locks: []cluster.LockView{{Key: "orders", Token: 1, LeaseMS: 30000, Remaining: left}}}
				l := newLine(22)
				l.add(m.st.plain, "orders   ")
				m.lockState(l, n, "orders", compact, 0)
				got = append(got, ansi.Strip(l.String()))
			}
			if got[0] != got[1] || got[1] != got[2] {
				t.Errorf("compact %v: %v left draw %q", compact, lefts, got)
			}
			if !strings.Contains(got[0], "█") {
				t.Errorf("compact %v: no bar: %q", compact, got)
			}
		}
	}
}
