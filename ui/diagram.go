package ui

import (
	"fmt"
	"path/filepath"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios/web"
)

// diagramKey moves the diagram's selection through history: ↑/↓ one row, pgup/pgdn ten. The
// run pauses first (while it runs the diagram follows the present); moving below the newest
// row follows the present again.
func (m *Model) diagramKey(msg tea.KeyMsg) {
	if m.sim.moving() && !m.Following() {
		m.sim.pause()
	}
	k := &m.keys
	steps, dir := 1, -1
	switch {
	case key.Matches(msg, k.Down):
		dir = 1
	case key.Matches(msg, k.PageUp):
		steps = 10
	case key.Matches(msg, k.PageDown):
		steps, dir = 10, 1
	}
	rows := m.sim.dg.Rows()
	key, client := m.curKey(), m.client
	// i is the selected row's position, or len(rows) when following the present.
	i := len(rows)
	if m.dg.sel != 0 {
		for j := len(rows) - 1; j >= 0; j-- {
			if rows[j].Seq == m.dg.sel {
				i = j
				break
			}
		}
	}
	for ; steps > 0; steps-- {
		j := i + dir
		for j >= 0 && j < len(rows) && !m.dgMatch(&rows[j], key, client) {
			j += dir
		}
		if j < 0 {
			break
		}
		i = j
		if i >= len(rows) {
			break
		}
	}
	if i >= len(rows) {
		m.dg.sel = 0
		m.say("diagram: following the present")
		return
	}
	m.dg.sel = rows[i].Seq
	m.say("diagram: row at %s selected · ↓ past the newest follows the present", simTime(rows[i].At))
}

// saveWeb replays the session so far headless (the same steps at the same instants) and writes
// it as one web page, the way `leaselab run --html` does.
func (m *Model) saveWeb() {
	name := fmt.Sprintf("leaselab-session-%d-%s.html", m.sim.seed(), simTime(m.sim.now()))
	path := filepath.Join(m.saveDir, name)
	s := m.sim.session(path)
	seed := m.sim.seed()
	page, err := web.Record(s, &seed)
	if err == nil {
		err = web.WriteFile(path, page)
	}
	if err != nil {
		m.fail("save web page: %v", err)
		return
	}
	m.say("saved %s · open it in a browser", path)
}

// diagramBox is the diagram in the full layout: one box over the panels' room.
func (m *Model) diagramBox(w, h int) []string {
	title := fmt.Sprintf("Messages · %s (v, o) · m panels", m.diagramFilterText())
	if m.dg.sel != 0 {
		title += " · ↑/↓ history"
	}
	return box(m.st, title, m.diagramLines(w-2, h-2), w, h, true)
}
