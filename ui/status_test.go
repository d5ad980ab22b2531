package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// statusRow is the screen's status row, plain.
func statusRow(m *Model) string {
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	return strings.TrimSpace(rows[m.lay.status])
}

// The status line's hints and the save message are whole at 80 and 120 columns: where the
// long form does not fit, a short one says what matters (no "…").
func TestStatusFitsTheWidth(t *testing.T) {
	for _, w := range []int{80, 120, 200} {
		h := 24
		if w > 80 {
			h = 40
		}
		m := newSandbox(t, 778864, 5, w, h)
		if s := statusRow(m); strings.Contains(s, "…") || !strings.Contains(s, "? keys") {
			t.Errorf("%dx%d sandbox: the start hint reads %q", w, h, s)
		}
		lesson := playLesson(t, "first-lock", w, h)
		if s := statusRow(lesson); strings.Contains(s, "…") || !strings.Contains(s, "? keys") {
			t.Errorf("%dx%d lesson: the start hint reads %q", w, h, s)
		}
		// A save late in a session (its name carries a long instant), into the directory the
		// user started in, as by default.
		t.Chdir(t.TempDir())
		m.saveDir = "."
		if err := m.sim.seek(3601538 * time.Millisecond); err != nil {
			t.Fatal(err)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("w")})
		s := statusRow(m)
		if strings.Contains(s, "…") || !strings.Contains(s, "leaselab play leaselab-session-778864-") || !strings.Contains(s, "3601.538s.scenario") {
			t.Errorf("%dx%d: after w the status reads %q", w, h, s)
		}
	}
}
