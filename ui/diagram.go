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
	// Rows as the diagram draws them (merged marks are one row): i is the selected one's
	// position, or len(vis) when following the present.
	vis, i := m.visualRows()
	if i < 0 {
		i = len(vis)
	}
	i = min(len(vis), max(0, i+dir*steps))
	m.dg.detTop = 0 // a new row's details read from their first line
	if i >= len(vis) {
		m.dg.sel = 0
		m.say("diagram: following the present")
		return
	}
	m.dg.sel, m.dg.selN = vis[i].row.Seq, vis[i].nth
	// Short of room, whole parts go ("… selected · ↓…" behind the pause note at 80x24).
	s := fmt.Sprintf("diagram: row at %s selected · ↓ past the newest follows the present", simTime(vis[i].row.At))
	m.sayFit(s, s)
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
	lines := m.diagramLines(w-2, h-2) // first: it counts the rows left out, which the title says
	title := fmt.Sprintf("Messages%s · %s (v, o) · m panels", m.diagramMark(), m.diagramFilterText())
	if m.dg.sel != 0 {
		title += " · ↑/↓ history"
	}
	return box(m.st, title, lines, w, h, true)
}
