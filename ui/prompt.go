package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// The `:` prompt takes any one line of the scenario language, so every step (cut, drop,
// delay, partition, client clock skew...) is reachable from the keyboard in its own spelling.
// Actions are recorded like keys; `wait`/`wait-until` travel forward; `expect` is evaluated
// now and answered in the status line.

func (m *Model) onPromptKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc, tea.KeyCtrlC:
		m.prompting = false
		return nil
	case tea.KeyEnter:
		line := strings.TrimSpace(m.input.value())
		m.prompting = false
		if line != "" {
			m.runLine(line)
		}
		m.refresh()
		return nil
	}
	m.input.update(msg)
	return nil
}

// runLine parses one line as a step of this run and performs it; the playback decides what it
// means, the prompt only says how it went.
func (m *Model) runLine(line string) {
	st, err := m.sim.p.ParseStep(line)
	if err != nil {
		m.fail("%v", err)
		return
	}
	if st.Kind.IsAction() {
		m.act(st)
		return
	}
	o, err := m.sim.exec(st)
	if err != nil {
		m.fail("%s: %v", scenarios.FormatStep(st), err)
		return
	}
	cond := ""
	if st.Cond != nil {
		cond = scenarios.FormatCond(st.Cond)
	}
	switch {
	case st.Kind == scenarios.StepWait:
		m.say("waited %v: %s → %s", st.Dur, simTime(o.From), simTime(o.To))
	case st.Kind == scenarios.StepWaitUntil && o.Held:
		m.say("%s holds at %s (after %v)", cond, simTime(o.To), o.To-o.From)
	case st.Kind == scenarios.StepWaitUntil:
		m.fail("not within %v: %s — found %s", st.Dur, cond, o.Found)
	case o.Held:
		m.say("✓ holds: %s", cond)
	default:
		m.fail("✗ %s — found %s", cond, o.Found)
	}
}
