package ui

import (
	"fmt"

	"leaselab/scenarios"
)

// The narration area: the script's `say` lines since its last pause, every word of them. It is
// as tall as the longest stretch of narration between two pauses needs at this width (so the
// layout stays put while a lesson plays), taking rows from the panels above; only when even the
// largest area the screen can spare is too small does it scroll, with a marker saying so.

// narrLine is one line of the narration area before styling.
type narrLine struct {
	text string
	kind int // narrSay, narrVerdict, narrFail
}

const (
	narrSay = iota
	narrVerdict
	narrVerdictBad
	narrFail
)

// sayLines wraps the `say` texts to w cells, each in quotes.
func sayLines(says []string, w int) []narrLine {
	var out []narrLine
	for _, t := range says {
		for _, l := range wrap("❝ "+t+" ❞", w-2, "  ") {
			out = append(out, narrLine{text: l})
		}
	}
	return out
}

// narrationText is every line the narration area has to show now.
func (m *Model) narrationText(w int) []narrLine {
	if r := m.results; r != nil {
		kind := narrVerdict
		if len(r.lines) > 0 {
			kind = narrVerdictBad
		}
		var out []narrLine
		for _, l := range wrap(r.summary(), w-2, "  ") {
			out = append(out, narrLine{l, kind})
		}
		for _, f := range r.lines {
			for _, l := range wrap("✗ "+f, w-2, "    ") {
				out = append(out, narrLine{"  " + l, narrFail})
			}
		}
		if len(r.lines) == 0 {
			out = append(out, sayLines(m.says(), w)...)
		}
		return out
	}
	out := sayLines(m.says(), w)
	if len(out) == 0 && m.sim.sandbox {
		out = []narrLine{{text: "sandbox: every key is a scenario step; w saves the session as a .scenario file"}}
	}
	return out
}

// sectionSays is the narration of the stretch of script the runner is in: the `say` lines
// from the pause before step pc up to the next pause (the script is a straight line of steps,
// so the area can be sized for the whole stretch before its first line is said).
func sectionSays(s *scenarios.Scenario, pc int) []string {
	from := min(pc, len(s.Steps))
	for from > 0 && s.Steps[from-1].Kind != scenarios.StepPause {
		from--
	}
	var out []string
	for _, st := range s.Steps[from:] {
		if st.Kind == scenarios.StepPause {
			break
		}
		if st.Kind == scenarios.StepSay {
			out = append(out, st.Text)
		}
	}
	return out
}

// narrationLines is the narration area's height: one line in the sandbox; in a lesson room for
// what it shows and the rest of the current stretch of narration (at least three lines, two on
// the compact screen), or for the verdict and closing lines; never more than the screen can
// spare.
func (m *Model) narrationLines(w, h int) int {
	if m.sim.sandbox {
		return 1
	}
	n := 3
	if w < fullW || h < fullH {
		n = 2
	}
	n = max(n, len(m.narrationText(w)))
	if m.results == nil {
		n = max(n, len(sayLines(sectionSays(m.base, m.sim.p.PC()), w)))
	}
	return min(n, narrationRoom(w, h, m.sim.p.World().Nodes()))
}

// narrOverflows says whether the narration is scrolled or has lines it cannot show.
func (m *Model) narrOverflows() bool {
	return len(m.narrationText(m.lay.narration.w)) > m.lay.narration.h
}

// narrationRoom is the most rows the narration may take and leave every panel usable: in the
// full layout node columns of 12 rows and 12 more for the boxes below; in the compact one the
// node table, and two rows each for clients, replication and timeline.
func narrationRoom(w, h, nodes int) int {
	if w >= fullW && h >= fullH {
		return max(3, h-3-24)
	}
	return max(2, h-2-(nodes+3)-6)
}

// narration draws the area: the lines that fit, the newest at the bottom; when they do not
// all fit, the first row says how many are above and how to scroll to them.
func (m *Model) narration(w, h int) []string {
	st := m.st
	text := m.narrationText(w)
	var out []string
	if len(text) > h {
		hidden := len(text) - (h - 1)
		below := min(max(m.narrScroll, 0), hidden)
		top := hidden - below
		out = append(out, st.warn.r(fit(fmt.Sprintf(" ▲ %d line(s) above, ▼ %d below · shift+tab to the narration, then ↑ ↓", top, below), w)))
		text = text[top : top+h-1]
	}
	for _, l := range text {
		s := st.narr
		switch l.kind {
		case narrVerdict:
			s = st.good
		case narrVerdictBad:
			s = st.badBlock
		case narrFail:
			s = st.bad
		}
		out = append(out, s.r(fit(" "+l.text, w)))
	}
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out
}
