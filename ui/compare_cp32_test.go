package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc32-h: stacked at 120x40, from the divergence at 5.253s the unsafe half lost its node
// table's column head (the ✖ line took its row) and then its tracker rows, while the safe half
// kept both: the halves no longer lined up where they are compared. Past the divergence both
// halves show the same sections: the column head in both or neither, and as many tracker rows
// (or both the tracker's one-row form).
func TestCompareStackedHalvesAlign(t *testing.T) {
	entry := regexp.MustCompile(`^\s*\d+ t\d+ `)
	shape := func(box []string) string {
		head, entries, oneRow := false, 0, false
		for _, l := range box {
			head = head || strings.HasPrefix(l, " node ")
			if entry.MatchString(l) {
				entries++
			}
			oneRow = oneRow || strings.HasPrefix(l, "─ replication · ") && strings.Contains(l, "newest:")
		}
		return fmt.Sprintf("head %v, %d tracker rows, one-row tracker %v", head, entries, oneRow)
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		parted := 0
		compareStops(t, m, func(v string) {
			if m.c.Div == nil {
				return
			}
			parted++
			h := halfBoxes(v)
			if len(h) != 2 {
				t.Fatalf("%dx%d at %s: %d halves", sz[0], sz[1], simTime(m.c.Now()), len(h))
			}
			if s0, s1 := shape(h[0]), shape(h[1]); s0 != s1 {
				t.Errorf("%dx%d at %s: the halves differ: safe %s, unsafe %s:\n%s", sz[0], sz[1], simTime(m.c.Now()), s0, s1, v)
			}
		})
		if parted < 4 {
			t.Errorf("%dx%d: %d stops past the divergence", sz[0], sz[1], parted)
		}
	}
}

// nc32-h: at 6.060s (120x40) c1 and c2 shared a row with no ● while c3's own line read "c3 ●
// holds nothing", and at the end the unsafe half's three shared one row while the safe half's
// had ● each: as if c1 and c2 were in another state. The clients' rule says the shared row
// leaves ● out, where a half has one, and only there.
func TestCompareSharedRowSaysMarkLeftOut(t *testing.T) {
	const note = "a shared row leaves ● (connected) out"
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		shared := 0
		compareStops(t, m, func(v string) {
			for i, box := range halfBoxes(v) {
				body := strings.Join(box, "\n")
				row := strings.Contains(body, " │ c2 ") || strings.Contains(body, " │ c3 ")
				if row {
					shared++
				}
				if row != strings.Contains(body, note) {
					t.Errorf("%dx%d at %s half %d: a shared row %v, the note %v:\n%s", sz[0], sz[1], simTime(m.c.Now()), i, row, !row, v)
				}
			}
		})
		if shared == 0 {
			t.Errorf("%dx%d: no half shares a client row: the test's premise is gone", sz[0], sz[1])
		}
	}
}

// nc32-h: the resource row stood flush against the box's border ("┃resource  orders   high
// #2 …") while every client row starts a cell in. It starts a cell in too.
func TestCompareResourceRowKeepsAMargin(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}, {160, 48}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		seen := 0
		compareStops(t, m, func(v string) {
			for _, box := range halfBoxes(v) {
				for _, l := range box {
					if strings.Contains(l, "resource ") && strings.Contains(l, "high #") {
						seen++
						if !strings.HasPrefix(l, " resource ") && !strings.HasPrefix(l, "▸resource ") {
							t.Errorf("%dx%d at %s: the resource row starts at the border: %q", sz[0], sz[1], simTime(m.c.Now()), l)
						}
					}
				}
			}
		})
		if seen == 0 {
			t.Errorf("%dx%d: no resource row: the test's premise is gone", sz[0], sz[1])
		}
	}
}

// nc32-n: ?? in compare opened with "node rows: term · c/a = …", the ? page's legend line, above
// the glossary's first word, and it read as a leftover. It says it is this screen's.
func TestCompareGlossaryLeadSaysItIsTheScreens(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("?"))
	m.Update(keyMsg("?"))
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	if len(rows) < 4 || !strings.Contains(rows[2]+rows[3], "this screen's node rows: term · c/a = commit/applied") {
		t.Errorf("the glossary's lead line does not say it is this screen's:\n%s", strings.Join(rows[:min(6, len(rows))], "\n"))
	}
}
