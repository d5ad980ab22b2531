package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// View draws the snapshot taken in Update. It only formats: no simulation, no seeking.
func (m *Model) View() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("leaselab: internal error while drawing: %v (q quits)", r)
		}
	}()
	if m.err != nil {
		return ""
	}
	var rows []string
	switch m.lay.mode {
	case modeSmall:
		return m.viewSmall()
	case modeCompact:
		rows = m.viewCompact()
	default:
		rows = m.viewFull()
	}
	return strings.Join(rows, "\n")
}

// viewSmall is the message for a terminal below 80x24, cut to whatever room there is.
func (m *Model) viewSmall() string {
	msg := []string{"terminal too small (need 80x24)", fmt.Sprintf("now %dx%d · q quits", m.width, m.height)}
	var rows []string
	for i := 0; i < m.height && i < len(msg); i++ {
		rows = append(rows, cut(msg[i], m.width))
	}
	return strings.Join(rows, "\n")
}

func (m *Model) viewFull() []string {
	l := &m.lay
	rows := make([]string, 0, l.h)
	rows = append(rows, m.header())
	if m.glossary {
		rows = append(rows, m.glossaryView(l.w, l.narration.y-1)...)
		rows = append(rows, m.narration(l.narration.w, l.narration.h)...)
		return append(append(rows, m.statusLine(l.w)), m.helpLine(l.w)...)
	}
	if m.diag && !m.help.ShowAll {
		rows = append(rows, m.diagramBox(l.w, l.narration.y-1)...)
		rows = append(rows, m.narration(l.narration.w, l.narration.h)...)
		return append(append(rows, m.statusLine(l.w)), m.helpLine(l.w)...)
	}
	var cols [][]string
	for i := range m.v.Nodes {
		c := l.cols[i]
		cols = append(cols, m.nodeColumn(&m.v.Nodes[i], c.w, c.h))
	}
	rows = append(rows, hjoin(cols...)...)
	if m.help.ShowAll {
		rows = append(rows, m.fullHelp(l.w, m.helpRoom())...)
	} else {
		rows = append(rows, hjoin(m.trackerBox(l.tracker), m.netBox(l.net))...)
		rows = append(rows, hjoin(m.clientsBox(l.clients), m.timelineBox(l.timeline))...)
	}
	rows = append(rows, m.narration(l.narration.w, l.narration.h)...)
	rows = append(append(rows, m.statusLine(l.w)), m.helpLine(l.w)...)
	return rows
}

// header: title, simulated time, run state and speed, seed, leader and term, violations,
// script step. Below 120 columns the words shorten. Everything but the title is measured
// first: the title takes the room left, and when the lesson's title does not fit, its short
// name (with its number in the curriculum) does, so nothing to its right is ever cut.
func (m *Model) header() string {
	probe := newLine(1 << 16)
	m.headerRest(probe)
	room := m.width - probe.w
	l := newLine(m.width)
	title := m.title
	if m.sim.sandbox {
		l.add(m.st.headName, " leaselab ")
		room -= 10
	} else {
		l.add(m.st.headName, " ")
		room--
		_, n, numbered := lessonNumber(m.base.Name)
		for _, t := range []string{fmt.Sprintf("%d %s", n, m.base.Name), m.base.Name, fmt.Sprintf("lesson %d", n)} {
			if width(title) <= room {
				break
			}
			if numbered || t == m.base.Name {
				title = t
			}
		}
	}
	l.add(m.st.headVal, cut(title, max(12, room)))
	m.headerRest(l)
	return l.String()
}

// lessonNumber is a bundled lesson's place in the curriculum.
func lessonNumber(name string) (string, int, bool) {
	for _, ls := range scenarios.Lessons() {
		if ls.Name == name {
			return ls.Theme, ls.Number, true
		}
	}
	return "", 0, false
}

// headerRest writes the header after the title.
func (m *Model) headerRest(l *line) {
	st, v := m.st, &m.v
	short := m.width < fullW
	sep := func() { l.add(st.border, " │ ") }
	pick := func(long, brief string) string {
		if short {
			return brief
		}
		return long
	}
	sep()
	l.add(st.headVal, simTime(v.Now))
	sep()
	switch {
	case m.curAsk() != nil:
		l.add(st.pauseBlock, pick(" ? PREDICT ", "? PREDICT"))
	case m.sim.atPause():
		l.add(st.pauseBlock, pick(" ‖ SCRIPT PAUSE ", "‖ SCRIPT"))
	case m.sim.ended && m.sim.paused:
		l.add(st.pauseBlock, pick(" ■ SCRIPT DONE ", "■ DONE"))
	case m.sim.paused:
		l.add(st.warnBlock, pick(" ‖ PAUSED ", "‖ PAUSED"))
	default:
		l.add(st.good, pick("▶ running", "▶"))
	}
	l.add(st.headKey, " "+speedText(m.sim.speed))
	sep()
	l.add(st.headKey, pick("seed ", "s"))
	l.add(st.headVal, fmt.Sprint(m.sim.p.Seed()))
	sep()
	if v.Leader != 0 {
		l.add(st.leader, fmt.Sprintf("★ n%d", v.Leader))
	} else {
		l.add(st.candidate, pick("no leader", "no ★"))
	}
	l.add(st.headKey, pick(" term ", " T"))
	l.add(st.term(v.Term), fmt.Sprint(v.Term))
	sep()
	if n := len(v.Violations); n > 0 {
		kinds := violationKinds(v.Violations)
		brief := "✖ " + kinds[0]
		if len(kinds) > 1 {
			brief += fmt.Sprintf(" +%d", len(kinds)-1)
		}
		l.add(st.badBlock, pick(fmt.Sprintf(" ✖ %d: %s ", n, strings.Join(kinds, ", ")), brief))
	} else {
		l.add(st.good, pick("✔ 0 violations", "✔ 0 viol"))
	}
	if !m.sim.sandbox && !m.sim.ended {
		sep()
		l.add(st.headKey, fmt.Sprintf(pick("step %d/%d", "%d/%d"), m.sim.p.PC(), len(m.base.Steps)))
	}
	if a := m.sim.ahead(); a > 0 {
		sep()
		l.add(st.warn, fmt.Sprintf(pick("⟲ rewound: %d action(s) ahead", "⟲%d ahead"), a))
	}
}

func violationKinds(vs []cluster.Violation) []string {
	var kinds []string
	for _, v := range vs {
		if !slices.Contains(kinds, v.Kind.String()) {
			kinds = append(kinds, v.Kind.String())
		}
	}
	return kinds
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// says is the narration since the script's last pause (the latest `say` when it has not
// paused since), oldest first.
func (m *Model) says() []string {
	log := m.sim.p.Log()
	var out []string
	atAsk := m.curAsk() != nil // an ask shows with the lines said since the stop before it only
	for i := len(log) - 1; i >= 0; i-- {
		st := &log[i].Step
		if (st.Kind == scenarios.StepPause || st.Kind == scenarios.StepAsk) && (len(out) > 0 || atAsk && i < len(log)-1) {
			break
		}
		if st.Kind == scenarios.StepSay {
			out = append(out, st.Text)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// wrap breaks plain text into lines of at most w cells at spaces; later lines get indent.
func wrap(text string, w int, indent string) []string {
	if w <= len(indent)+1 {
		return []string{cut(text, max(w, 0))}
	}
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = word
		case width(cur)+1+width(word) <= w:
			cur += " " + word
		default:
			lines = append(lines, cut(cur, w))
			cur = indent + word
		}
	}
	if cur != "" {
		lines = append(lines, cut(cur, w))
	}
	return lines
}

func (m *Model) statusLine(w int) string {
	l := newLine(w)
	if m.prompting {
		return fitStyled(m.input.view(m.st, w), w)
	}
	s := m.st.status
	if m.statusBad {
		s = m.st.statusBad
	}
	switch a := m.curAsk(); {
	case a != nil && m.pendingAsk() != nil:
		l.add(m.st.pauseBlock, fmt.Sprintf(" ? your prediction: press 1-%d ", len(a.Choices)))
	case a != nil:
		l.add(m.st.pauseBlock, " ‖ enter continues ")
	case m.sim.atPause():
		l.add(m.st.pauseBlock, " ‖ the script paused here: enter continues ")
	}
	l.add(s, " "+m.status)
	return l.String()
}

// fitStyled pads or cuts an already styled string (from bubbles) to w cells.
func fitStyled(s string, w int) string {
	sw := lipgloss.Width(s)
	if sw <= w {
		return s + blank(w-sw)
	}
	return cut(ansi.Strip(s), w)
}
