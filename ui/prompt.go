package ui

import (
	"fmt"
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

// runLine parses one line against this run's node count and performs it.
func (m *Model) runLine(line string) {
	src := fmt.Sprintf("nodes %d\n%s\n", len(m.v.Nodes), line)
	sc, err := scenarios.Parse("step", []byte(src))
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), "step:2:", "col ")
		m.fail("%s", strings.TrimSpace(msg))
		return
	}
	if len(sc.Steps) != 1 {
		m.fail("one step at a time (header lines like seed or nodes are fixed for a run)")
		return
	}
	st := sc.Steps[0]
	st.Pos = scenarios.Pos{}
	switch st.Kind {
	case scenarios.StepWait:
		from := m.sim.p.Now()
		if err := m.sim.seek(from + st.Dur); err != nil {
			m.fail("wait: %v", err)
			return
		}
		m.say("waited %v: %s → %s", st.Dur, simTime(from), simTime(m.sim.p.Now()))
	case scenarios.StepWaitUntil:
		m.waitUntil(&st)
	case scenarios.StepExpect:
		ok, found := m.sim.p.R.Eval(st.Cond)
		if ok {
			m.say("✓ holds: %s", scenarios.FormatCond(st.Cond))
		} else {
			m.fail("✗ %s — found %s", scenarios.FormatCond(st.Cond), found)
		}
	case scenarios.StepSay, scenarios.StepPause:
		m.fail("say and pause belong in scenario files")
	default:
		m.act(st)
	}
}

// waitUntil plays on, event by event, until the condition holds or its time runs out.
func (m *Model) waitUntil(st *scenarios.Step) {
	p := m.sim.p
	from := p.Now()
	deadline := from + st.Dur
	ok := false
	for {
		if ok, _ = p.R.Eval(st.Cond); ok {
			break
		}
		at, queued := p.World().NextAt()
		if !queued || at > deadline {
			break
		}
		if m.sim.atPause {
			p.R.Continue()
			m.sim.atPause = false
		}
		m.sim.settle(p.AdvanceTo(at))
	}
	if !ok {
		_ = m.sim.seek(deadline)
	}
	m.sim.atPause = false
	m.sim.clock = p.Now()
	if ok {
		m.say("%s holds at %s (after %v)", scenarios.FormatCond(st.Cond), simTime(p.Now()), p.Now()-from)
		return
	}
	_, found := p.R.Eval(st.Cond)
	m.fail("not within %v: %s — found %s", st.Dur, scenarios.FormatCond(st.Cond), found)
}
