package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// probePanel is a panel added the way README's "To add a panel" says: a type with the four
// methods and one more entry in the list. It draws its size and counts the u keys it gets.
type probePanel struct{ got []string }

func (*probePanel) Size(s sizing) size {
	if s.mode == modeFull {
		return size{band: 2} // beside the clients and the timeline, sharing the timeline's room
	}
	return size{band: 3} // beside the replication tracker
}

func (*probePanel) Render(m *Model, r rect) []string {
	out := []string{fit(fmt.Sprintf("PROBE %dx%d", r.w, r.h), r.w)}
	for len(out) < r.h {
		out = append(out, fit("probe", r.w))
	}
	return out
}

func (p *probePanel) Key(m *Model, msg tea.KeyMsg) bool {
	if msg.String() != "u" {
		return false
	}
	p.got = append(p.got, msg.String())
	return true
}

func (*probePanel) Focusable(*Model) bool { return true }

// cells is the screen's row y from column x, w cells (box drawing is one cell a rune).
func cells(screen string, x, y, w int) string {
	rows := strings.Split(ansi.Strip(screen), "\n")
	if y >= len(rows) {
		return ""
	}
	r := []rune(rows[y])
	return string(r[min(x, len(r)):min(x+w, len(r))])
}

func TestAddPanelThroughTheList(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			m := newSandbox(t, 7, 5, sz[0], sz[1])
			before := m.lay.timeline
			probe := &probePanel{}
			m.panels = append(m.panels, probe)
			at := panel(len(m.panels) - 1)
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})

			// Laid out: a rectangle of its own in its band, drawn there.
			r, l := m.lay.at[at], &m.lay
			if r.w < 10 || r.h < 2 {
				t.Fatalf("the probe got %+v", r)
			}
			band := l.timeline
			if l.mode == modeCompact {
				band = l.tracker
			}
			if r.y != band.y || r.h != band.h || r.x != band.x+band.w {
				t.Errorf("the probe at %+v, not right of its band's panel %+v", r, band)
			}
			if l.mode == modeFull && l.timeline.w+r.w != before.w {
				t.Errorf("timeline %d + probe %d cells, want the timeline's %d shared", l.timeline.w, r.w, before.w)
			}
			screen := m.View()
			if got, want := cells(screen, r.x, r.y, r.w), fit(fmt.Sprintf("PROBE %dx%d", r.w, r.h), r.w); got != want {
				t.Errorf("row %d from column %d is %q, want %q\n%s", r.y, r.x, got, want, screen)
			}
			if n := strings.Count(ansi.Strip(screen), "\n") + 1; n != sz[1] {
				t.Errorf("%d rows, want %d", n, sz[1])
			}

			// Not focused: its key is not its own.
			m.Update(keyMsg("u"))
			if len(probe.got) != 0 {
				t.Fatalf("the probe got %v without the focus", probe.got)
			}
			// shift+tab reaches it (nodes, clients, timeline, the probe), and then it gets its key.
			for i := 0; i < 3; i++ {
				m.Update(keyMsg("shift+tab"))
			}
			if m.focus != at {
				t.Fatalf("focus %d after three shift+tabs, want the probe (%d)", m.focus, at)
			}
			m.Update(keyMsg("u"))
			if len(probe.got) != 1 {
				t.Fatalf("the focused probe got %v, want one u", probe.got)
			}
			// A key it does not take goes on: ↑ scrolls the timeline, i acts on the world.
			m.Update(keyMsg("i"))
			if !m.v.Nodes[0].Isolated {
				t.Errorf("i with the probe focused did not isolate n1: %q", m.status)
			}
			m.Update(keyMsg("shift+tab"))
			if m.focus != panelNodes {
				t.Errorf("focus %d after the probe, want the nodes (%d)", m.focus, panelNodes)
			}
		})
	}
}
