package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// ↓ in the Clients panel at 80x24 selected c3 and moved it to the front of the compact
// clients row for the rest of the lesson, and the status line was cut to "r re…" (nc21-d):
// the row keeps name order with the selection marked, and the status gives way in whole words.
func TestCompactClientsStableOrder(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	for i := 0; i < 14; i++ { // to 1.295s, c2's acquire
		runToStop(t, m)
		answerAsk(m)
		press(m, "enter")
	}
	runToStop(t, m)
	m.focus = panelClients
	for _, want := range []string{"c2", "c3"} {
		press(m, "down")
		if m.client != want {
			t.Fatalf("↓ selected %s, want %s", m.client, want)
		}
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		var names []string
		for _, row := range rows {
			for _, f := range strings.Fields(strings.ReplaceAll(row, "│", " ")) {
				if f = strings.TrimPrefix(f, "▸"); len(f) == 2 && f[0] == 'c' && f[1] >= '1' && f[1] <= '9' && !strings.Contains(row, "─") {
					names = append(names, f)
				}
			}
		}
		if got := strings.Join(names, " "); !strings.HasPrefix(got, "c1 c2 c3") {
			t.Errorf("with %s selected the clients read %q, want name order:\n%s", want, got, strings.Join(rows, "\n"))
		}
		if !strings.Contains(strings.Join(rows, "\n"), "▸"+want) {
			t.Errorf("%s selected but not marked ▸:\n%s", want, strings.Join(rows, "\n"))
		}
		status := rows[len(rows)-2]
		i := strings.Index(status, "client "+want+" selected")
		if i < 0 {
			t.Fatalf("the status line does not say %s is selected: %q", want, status)
		}
		long := "client " + want + " selected (a acquire, r release, f write, d disconnect, g pause) · a r f d g act on it (? keys)"
		for _, w := range strings.Fields(status[i:]) {
			if w != "…" && !slices.Contains(strings.Fields(long), w) {
				t.Errorf("the status line cuts a word (%q): %q", w, status)
			}
		}
	}
}
