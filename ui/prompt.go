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
		if m.statusBad {
			// The error belonged to the line being fixed: once the prompt closes it would
			// sit, cut to one row, under whatever comes next.
			m.say("prompt closed (: ↑ recalls it)")
		}
		return nil
	case tea.KeyEnter:
		line := strings.TrimSpace(m.input.value())
		m.input.remember(line)
		var st scenarios.Step
		if line != "" && !strings.HasPrefix(line, "/") {
			var err error
			if st, err = m.sim.parseStep(line); err != nil {
				// Keep the prompt and its text open to fix the line; the error shows below it.
				m.fail("%v", err)
				m.input.hi = len(m.input.hist)
				return nil
			}
		}
		m.prompting = false
		var cmd tea.Cmd
		switch {
		case strings.HasPrefix(line, "/"):
			m.setLockFilter(strings.TrimSpace(line[1:]))
		case st.Kind.IsAction():
			m.act(st) // which builds the view
			return nil
		case line != "":
			cmd = m.runStep(st, line)
		}
		m.refresh()
		return cmd
	}
	m.input.update(msg)
	return nil
}

// runStep performs a step typed as line that is no action; the playback decides what it
// means, the prompt only says how it went. A wait or wait-until runs as a job (a piece per
// message: it can be watched, stopped with esc, and q always quits).
func (m *Model) runStep(st scenarios.Step, line string) tea.Cmd {
	if st.Kind == scenarios.StepWait || st.Kind == scenarios.StepWaitUntil {
		j, err := m.sim.waitJob(st)
		if err != nil {
			m.fail("%s: %v", scenarios.FormatStep(st), err)
			return nil
		}
		return m.startJob(j, line, waitDone(st))
	}
	o, err := m.sim.exec(st)
	if err != nil {
		m.fail("%s: %v", scenarios.FormatStep(st), err)
		return nil
	}
	cond := ""
	if st.Cond != nil {
		cond = scenarios.FormatCond(st.Cond)
	}
	switch {
	case o.Held:
		m.say("✓ holds: %s", cond)
	default:
		m.fail("✗ %s — found %s", cond, o.Found)
	}
	return nil
}

// setLockFilter shows only keys with prefix in the lock table (a view setting, not a step: it is
// not recorded). An empty prefix shows every key again.
func (m *Model) setLockFilter(prefix string) {
	m.locks.prefix = prefix
	if prefix == "" {
		m.say("lock table: every key")
		return
	}
	m.say("lock table: keys starting with %q (/ then enter clears)", prefix)
}
