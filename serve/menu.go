package serve

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// menu is a session's first screen: the lessons in curriculum order, the sandbox, and "join
// the class" while one is open. A teacher opens any of them as the class with c.
type menu struct {
	rt    *root
	items []item
	sel   int
	note  string // a message at the bottom (an error, "the class has ended")

	title, selSt, dim, warn lipgloss.Style
}

type item struct {
	label string
	kind  int // itemLesson, itemSandbox, itemJoin
	name  string
}

const (
	itemLesson = iota
	itemSandbox
	itemJoin
)

func newMenu(rt *root) *menu {
	r := rt.r
	m := &menu{rt: rt,
		title: r.NewStyle().Bold(true), selSt: r.NewStyle().Reverse(true).Bold(true),
		dim: r.NewStyle().Faint(true), warn: r.NewStyle().Bold(true).Foreground(lipgloss.AdaptiveColor{Light: "#AF5F00", Dark: "#FFAF5F"}),
	}
	m.refresh()
	return m
}

// refresh rebuilds the list (a class opened or closed meanwhile).
func (m *menu) refresh() {
	m.items = m.items[:0]
	if c := m.rt.se.srv.openedClass(); c != nil && c.teacher != m.rt.se {
		m.items = append(m.items, item{label: "join the class: " + termsafe.Line(c.title) + " (taught by " + termsafe.Line(c.teacher.user) + ")", kind: itemJoin})
	}
	m.items = append(m.items, newMenuItems()...)
	m.sel = min(m.sel, len(m.items)-1)
}

func (m *menu) update(msg tea.Msg) tea.Cmd {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	m.note = ""
	switch km.String() {
	case "q", "ctrl+c", "esc":
		return tea.Quit
	case "up", "k":
		m.sel = (m.sel + len(m.items) - 1) % len(m.items)
	case "down", "j", "tab":
		m.sel = (m.sel + 1) % len(m.items)
	case "home":
		m.sel = 0
	case "end":
		m.sel = len(m.items) - 1
	case "r":
		m.refresh()
	case "enter", "c":
		asClass := km.String() == "c"
		if asClass && !m.rt.se.teacher {
			m.note = "only a teacher's key opens a class"
			return nil
		}
		if err := m.rt.se.mayOpen(); err != nil {
			m.note = err.Error()
			return nil
		}
		it := m.items[m.sel]
		switch it.kind {
		case itemJoin:
			return m.rt.joinClass()
		case itemSandbox:
			return m.rt.openSandbox(asClass)
		default:
			return m.rt.openLesson(it.name, asClass)
		}
	}
	return nil
}

func (m *menu) view() string {
	w, h := m.rt.w, m.rt.h
	role := "student"
	if m.rt.se.teacher {
		role = "teacher"
	}
	rows := []string{m.title.Render(cut(fmt.Sprintf(" leaselab · a lock service on raft, in your terminal · %s %s", role, termsafe.Line(m.rt.se.user)), w)), ""}
	room := max(1, h-len(rows)-4)
	top := max(0, min(m.sel-room/2, len(m.items)-room))
	for i := top; i < len(m.items) && i < top+room; i++ {
		line := cut(" "+m.items[i].label, w)
		if i == m.sel {
			line = m.selSt.Render(line + strings.Repeat(" ", max(0, w-lipgloss.Width(line))))
		}
		rows = append(rows, line)
	}
	for len(rows) < h-2 {
		rows = append(rows, "")
	}
	help := " ↑/↓ choose · enter opens · r refreshes · q leaves"
	if m.rt.se.teacher {
		help = " ↑/↓ choose · enter opens for you · c opens it as the class (students join live) · q leaves"
		if c := m.rt.se.srv.openedClass(); c != nil {
			help += fmt.Sprintf(" · class open: %d in it", len(c.who()))
		}
	}
	if m.note != "" {
		rows = append(rows, m.warn.Render(cut(" "+termsafe.Line(m.note), w)))
	} else {
		rows = append(rows, "")
	}
	rows = append(rows, m.dim.Render(cut(help, w)))
	return strings.Join(rows[:min(len(rows), max(h, 1))], "\n")
}

// cut shortens s to w cells.
func cut(s string, w int) string { return ansi.Truncate(s, max(0, w), "") }

// newMenuItems are the lessons in curriculum order, then the sandbox.
func newMenuItems() []item { return slices.Clone(menuItems()) }

var menuItems = sync.OnceValue(func() []item {
	var out []item
	for _, l := range scenarios.Lessons() {
		out = append(out, item{label: fmt.Sprintf("%2d. %s · %s", l.Number, l.Name, termsafe.Line(l.Teaches)), kind: itemLesson, name: l.Name})
	}
	return append(out, item{label: "    sandbox: a cluster of your own, every key a scenario step", kind: itemSandbox, name: "sandbox"})
})
