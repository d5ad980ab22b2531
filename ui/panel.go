package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Panel is one part of the screen: the node columns, the replication tracker, the network,
// the clients, the timeline and the narration are each one. The layout is derived from the
// Model's list of panels (m.panels, defaultPanels): each says where it goes (Size), draws
// itself into the rectangle it was given (Render), and answers the keys it takes while it has
// the focus (Key). The root model keeps what is not a panel: the header, the status and help
// lines, and the pages that cover the panels (the keys page, the glossary, the diagram).
type Panel interface {
	// Size is where the panel goes on a screen described by s.
	Size(s sizing) size
	// Render draws the panel into r: r.h rows of r.w cells each.
	Render(m *Model, r rect) []string
	// Key answers a key while the panel has the focus; false leaves it to the root (↑/↓ and
	// paging then scroll the timeline, other keys act on the world).
	Key(m *Model, msg tea.KeyMsg) bool
	// Focusable says whether shift+tab may give the panel the focus now.
	Focusable(m *Model) bool
}

// sizing is what a panel's size may depend on.
type sizing struct {
	mode  mode
	w     int // the screen's width
	body  int // rows between the header and the narration
	left  int // rows of the body that the bands above this one have not taken
	nodes int
}

// size is where a panel goes. Panels stand in bands, stacked from the top by band number;
// the panels of one band stand side by side, in the order of the list.
type size struct {
	band   int  // < 0: the narration's area at the foot, above the status line
	width  int  // percent of the screen's width; 0: an equal share of what the percents leave
	height int  // the band's rows (its first panel's say); 0: every row the bands above leave
	keep   bool // drawn when the keys page (?) covers the other panels
}

// The built-in panels, by their place in defaultPanels (m.focus is such a place).
const (
	panelNodes panel = iota
	panelTracker
	panelNet
	panelClients
	panelTimeline
	panelNarration
)

// defaultPanels is the screen's list of panels. A new panel is one more entry (a type with the
// four methods, in a file of its own).
func defaultPanels() []Panel {
	return []Panel{nodesPanel{}, trackerPanel{}, netPanel{}, clientsPanel{}, timelinePanel{}, narrationPanel{}}
}

// nextFocus is the next panel after the focused one that may take the focus.
func (m *Model) nextFocus() panel {
	n := len(m.panels)
	for i := 1; i <= n; i++ {
		if p := (int(m.focus) + i) % n; m.panels[p].Focusable(m) {
			return panel(p)
		}
	}
	return m.focus
}

// panelKey gives a key to the focused panel; ↑/↓ and paging it does not take scroll the
// timeline. False: no panel took the key.
func (m *Model) panelKey(msg tea.KeyMsg) bool {
	if int(m.focus) < len(m.panels) && m.panels[m.focus].Key(m, msg) {
		return true
	}
	k := &m.keys
	return key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown) && m.panels[panelTimeline].Key(m, msg)
}

// upDown is +1 for ↓, -1 for ↑, 0 for any other key.
func (m *Model) upDown(msg tea.KeyMsg) int {
	switch {
	case key.Matches(msg, m.keys.Up):
		return -1
	case key.Matches(msg, m.keys.Down):
		return 1
	}
	return 0
}

// nodesPanel: a column per node (full), a table row per node (compact); ↑/↓ select a node.
type nodesPanel struct{}

func (nodesPanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 0, height: max(12, s.body*46/100), keep: true}
	}
	return size{band: 0, height: s.nodes + 1, keep: true}
}

func (nodesPanel) Render(m *Model, r rect) []string {
	if m.lay.mode == modeFull {
		var cols [][]string
		for i := range m.v.Nodes {
			c := m.lay.cols[i]
			cols = append(cols, m.nodeColumn(&m.v.Nodes[i], c.w, c.h))
		}
		return hjoin(cols...)
	}
	// Shorter where an old leader's wider role column takes a cell (oldLeader).
	locks := firstFit(r.w-width(m.tableCols(r.w)), locksTitle, locksTitleShort)
	rows := []string{m.tableHead(r.w, locks)}
	if m.focus == panelNodes {
		// The node table has the focus (↑ ↓ select a node): its head row says so.
		rows[0] = m.st.headKey.r(fit("▶"+strings.TrimPrefix(m.tableCols(r.w), " ")+locks, r.w))
	}
	for i := range m.v.Nodes {
		rows = append(rows, m.nodeRow(&m.v.Nodes[i], r.w))
	}
	return rows
}

func (nodesPanel) Key(m *Model, msg tea.KeyMsg) bool {
	d := m.upDown(msg)
	if d == 0 {
		return false
	}
	n := len(m.v.Nodes)
	m.node = (m.node-1+d+n)%n + 1
	return true
}

func (nodesPanel) Focusable(*Model) bool { return true }

// trackerPanel: the replication tracker.
type trackerPanel struct{}

func (trackerPanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 1, width: 58, height: max(7, s.body*24/100)}
	}
	return size{band: 3, height: max(1, (s.left-2)*2/5) + 1}
}

func (trackerPanel) Render(m *Model, r rect) []string {
	if m.lay.mode == modeFull {
		return m.trackerBox(r)
	}
	body := m.trackerBody(r.w, r.h-1, false)
	return append([]string{m.replRule(r.w, r.h-1)}, body...)
}

// Key: ↑/↓ scroll the rows a row at a time, paging by the body's height. The rows it leaves
// out ("↑ 4 earlier") could not be seen at 80x24, where the body has one row (nc18-h).
func (trackerPanel) Key(m *Model, msg tea.KeyMsg) bool {
	k, room := &m.keys, m.trackerRoom()
	most := max(0, len(m.trackerRows())-room)
	switch {
	case key.Matches(msg, k.Up):
		m.trScroll++
	case key.Matches(msg, k.Down):
		m.trScroll--
	case key.Matches(msg, k.PageUp):
		m.trScroll += room
	case key.Matches(msg, k.PageDown):
		m.trScroll -= room
	default:
		return false
	}
	m.trScroll = min(max(m.trScroll, 0), most)
	return true
}

// trackerRoom is how many entry rows the panel's body has.
func (m *Model) trackerRoom() int {
	h := m.lay.tracker.h - 1 // the compact rule
	if m.lay.mode == modeFull {
		h = m.lay.tracker.h - 3 // the box's borders and the column head
	}
	return max(1, m.entryRoom(h))
}

// trackerKept is how many proposals the world's tracker keeps (cluster/check's ring): the
// focused panel's view takes them all.
const trackerKept = 64

// Focusable: only while it leaves rows out (as the narration, only when it overflows).
func (trackerPanel) Focusable(m *Model) bool {
	return m.lay.mode != modeSmall && m.v.ProposalsBefore+len(m.trackerRows()) > m.trackerRoom()
}

// netPanel: the network (a box in full, one line in compact).
type netPanel struct{}

func (netPanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 1}
	}
	return size{band: 1, height: 1, keep: true}
}

func (netPanel) Render(m *Model, r rect) []string {
	if m.lay.mode == modeFull {
		return m.netBox(r)
	}
	return []string{m.netLine(r.w)}
}

func (netPanel) Key(*Model, tea.KeyMsg) bool { return false }
func (netPanel) Focusable(*Model) bool       { return false }

// clientsPanel: what each client believes, and the resource; ↑/↓ select a client.
type clientsPanel struct{}

func (clientsPanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 2, width: 46}
	}
	return size{band: 2, height: min(3, max(1, s.left-9)) + 1}
}

func (clientsPanel) Render(m *Model, r rect) []string {
	if m.lay.mode == modeFull {
		r.h += m.narrationLent() // beside the timeline, which takes the narration's spare rows
		return m.clientsBox(r)
	}
	w := r.w
	rows := []string{rule(m.st, m.focusName(panelClients, "clients"), "tab · "+m.acquireHint(), w)}
	// In name order whatever is selected (▸ marks it): moving the selected one first reordered
	// the row for the rest of a lesson after one ↓ (nc21-d). With fewer rows than clients the
	// last row sums up every client the rows leave out, so c2 taking the lock still shows.
	cs := m.clients()
	for i := 0; i < r.h-1; i++ {
		switch {
		case i == r.h-2 && len(cs) > i+1:
			rows = append(rows, m.clientsShort(cs[i:], w))
		case i < len(cs):
			rows = append(rows, m.clientLine(cs[i], w))
		default:
			rows = append(rows, blank(w))
		}
	}
	return rows
}

func (clientsPanel) Key(m *Model, msg tea.KeyMsg) bool {
	d := m.upDown(msg)
	if d != 0 {
		m.cycleClient(d)
	}
	return d != 0
}

func (clientsPanel) Focusable(*Model) bool { return true }

// timelinePanel: the event timeline in a scrolling viewport; ↑/↓ and paging scroll it.
type timelinePanel struct{}

func (timelinePanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 2}
	}
	return size{band: 4}
}

func (timelinePanel) Render(m *Model, r rect) []string {
	if m.lay.mode == modeFull {
		r.h += m.narrationLent()
		return m.timelineBox(r)
	}
	vp := m.tl.vp // a copy: drawing changes nothing
	spare := m.narrationLent()
	if spare > 0 {
		m.tl.grow(&vp, spare)
	}
	body, below := m.tl.wholeRows(vp)
	note := m.tl.filter.String() + " (v)"
	if rows, told, ok := m.tl.shorter(vp, &m.sim.tl.rings[m.tl.filter], m.sim.tl.version, m.st); ok {
		body, note = rows, told+" · "+note
	} else if m.tl.anchored && below > 0 {
		note = m.tl.anchorNote(below, vp.YOffset) + " · " + note
	} else if a := m.tl.aboveNote(vp.YOffset); a != "" {
		note = a + " · " + note
	} else if a := m.storyAboveNote(vp); a != "" {
		note = a + " · " + note
	} else if !m.tl.vp.AtBottom() && !m.tl.anchored {
		note = "scrolled: ↓ newest · " + note // as the full screen's box title says
	}
	name := m.focusName(panelTimeline, "timeline")
	rows := []string{rule(m.st, name, fitNote(note, r.w-width(name)-8), r.w)}
	if r.h > 1 {
		for i := 0; i < r.h-1+spare; i++ {
			if i < len(body) {
				rows = append(rows, body[i])
			} else {
				rows = append(rows, blank(r.w))
			}
		}
	}
	return rows
}

func (timelinePanel) Key(m *Model, msg tea.KeyMsg) bool {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Up):
		m.tl.scrollRows(-1, m.tl.vp.Height+m.narrationLent())
	case key.Matches(msg, k.Down):
		m.tl.scrollRows(1, m.tl.vp.Height+m.narrationLent())
	case key.Matches(msg, k.PageUp):
		m.tl.vp.PageUp()
	case key.Matches(msg, k.PageDown):
		m.tl.vp.PageDown()
	default:
		return false
	}
	m.tl.anchored, m.tl.hand = false, true // scrolled by hand: it follows again once back at the bottom
	return true
}

func (timelinePanel) Focusable(*Model) bool { return true }

// narrationPanel: the lesson's narration at the foot; ↑/↓ scroll it when it overflows.
type narrationPanel struct{}

func (narrationPanel) Size(sizing) size { return size{band: -1} }

func (narrationPanel) Render(m *Model, r rect) []string {
	return m.narration(r.w, r.h-m.narrationLent()-m.helpLent()+m.statusLent())
}

// helpLent is how many rows of the narration area the keys page draws: those the narration
// does not use. They stayed blank under a short narration while the page above was cut to 16
// lines (racing-acquires' first stop at 120x40: four, nc31-i).
func (m *Model) helpLent() int {
	if m.lay.mode == modeSmall || !m.help.ShowAll || m.page.glossary {
		return 0
	}
	return max(0, m.lay.narration.h-len(m.narrationText(m.lay.narration.w)))
}

// narrationLent is how many rows of the narration area the band above it draws (the compact
// timeline; the full screen's clients and timeline boxes): the area is sized for its whole
// section (an ask to come keeps its rows, so the screen does not jump), and rows the narration
// does not use yet would stay blank while the timeline shows one or two events (at 80x24).
// Only while the timeline follows its newest events.
func (m *Model) narrationLent() int {
	if !m.lends() {
		return 0
	}
	return max(0, m.lay.narration.h-len(m.narrationText(m.lay.narration.w))) + m.statusLent()
}

// lends: the timeline, or the message diagram in its place, is drawn and may take rows the
// foot does not use, scrolled or not (a scrolled timeline that gave them back left blank rows
// under the narration while a student scrolled up to find a row: ghost-lock at 0.041s, rounds
// 10 and 11; the diagram left two blank under first-lock's 0.848s stop at 80x24, nc20-d).
func (m *Model) lends() bool {
	return m.lay.mode != modeSmall && !m.help.ShowAll && !m.page.glossary
}

// statusLent is 1 when the status line's row goes to the timeline too, the narration moving
// down into it: at a script stop with nothing to say there (its end), where the row stayed blank
// while the timeline was cut short (at 80x24 to one row).
func (m *Model) statusLent() int {
	if !m.lends() || m.prompting || m.lay.helpRows != 1 || !m.atStop() || m.status != "" {
		return 0
	}
	if strings.TrimSpace(ansi.Strip(m.statusLine(m.lay.w))) != "" {
		return 0
	}
	return 1
}

func (narrationPanel) Key(m *Model, msg tea.KeyMsg) bool {
	switch m.upDown(msg) {
	case -1:
		m.narrScroll = min(m.narrScroll+1, max(0, len(m.narrationText(m.lay.narration.w))-(m.lay.narration.h-1)))
	case 1:
		m.narrScroll = max(0, m.narrScroll-1)
	default:
		return false
	}
	return true
}

// Focusable: only a narration too long for its area needs the keys.
func (narrationPanel) Focusable(m *Model) bool { return m.narrOverflows() }
