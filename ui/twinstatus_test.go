package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc22-c, C at the extend lesson's keep stop (120x40): the status row ended "esc or C:…", the
// keep half's "(5 of the story's checks so far)" read as the 5th check or as 5 that held, and
// nothing on the compare screen or its ? page said what "c/a" and "×1" mean.
func TestTwinStatusCountAndColumnsSaid(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
	toStopSaying(t, m, "Press C")
	press(m, "C")
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	status := rows[len(rows)-2]
	if !strings.Contains(status, "same seed") || !strings.Contains(status, "esc or C: back") || strings.Contains(status, "…") {
		t.Errorf("the status row is cut, or lacks the way back: %q", status)
	}
	v := strings.Join(rows, "\n")
	flat := strings.Join(strings.Fields(strings.NewReplacer("┃", " ", "│", " ").Replace(v)), " ")
	// (Or, since nc26-m, no note: the ✗ row it repeated stands in the results, the rest counted
	// in their rule, "↑ 54 older (4 ✗)".)
	inResults := strings.Contains(flat, "applied results & replies ──") && strings.Contains(flat, "✗) (↑ ↓ scroll)") && strings.Contains(flat, "4.141s ✗ the story has c2 holds invoices token 1")
	if !inResults && !strings.Contains(flat, "checks don't hold here so far: the ✗ rows in the results)") || strings.Contains(v, "of the story's checks so far") {
		t.Errorf("the keep half's ✗ row does not say its count is of failed checks:\n%s", v)
	}
	press(m, "?")
	g := ansi.Strip(m.View())
	if !strings.Contains(g, "c/a = commit/applied") || !strings.Contains(g, "×1 true speed") {
		t.Errorf("compare's ? page does not say what c/a and ×1 are:\n%s", g)
	}
	press(m, "?")
	// Where the row has no room for every part, the last gives way whole: no "esc or C:…".
	m = playLesson(t, "leader-crash-mid-lease-extend", 80, 24)
	toStopSaying(t, m, "Press C")
	press(m, "C")
	rows = strings.Split(ansi.Strip(m.View()), "\n")
	if s := rows[len(rows)-2]; strings.Contains(s, "esc or C") {
		t.Errorf("80x24: the status row keeps a cut part: %q", s)
	}
}
