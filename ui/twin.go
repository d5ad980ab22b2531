package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// The twin is the compare view of the lesson beside the run it is about (scenarios.Twin: the
// safe run of an unsafe lesson, keep's run beside extend), opened from play by one key (C) at
// the instant the student stands at, and left by esc (or C) back to the lesson as it was. A
// lesson that only told what its twin does ("under keep…: leaselab compare … --without
// lease-on-promote") left its point to be taken on trust (nc21-c).

// twinGen offsets the comparison's frame and job generations from the lesson's, so a frame or
// piece of a job sent by one is never taken for the other's (both count from zero).
const twinGen = 1 << 30

// twinKey is the compare key's binding for this lesson: enabled, and named by the twin's run,
// only where the lesson has a twin (the footer and the ? page skip a disabled binding).
func twinKey(base *scenarios.Scenario, sandbox bool) key.Binding {
	b := key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "compare"))
	if twin, name := scenarios.Twin(base); name != "" && !sandbox {
		b.SetHelp("C", "beside "+name)
		if _, lb := scenarios.PairLabels(base, twin); strings.HasSuffix(lb, " ("+name+")") {
			// The twin runs the rule the option replaces, by its name ("keep"), which the
			// key line showed from the first stop, before any stop said it (nc30-e).
			b.SetHelp("C", "vs default rule")
		}
		return b
	}
	b.SetEnabled(false)
	return b
}

// openTwin builds the comparison of the lesson and its twin at the lesson's seed, plays it in
// lockstep to the instant (and the script step) the lesson stands at, and shows it. The lesson
// stops meanwhile and is left as it was.
func (m *Model) openTwin() {
	twin, name := scenarios.Twin(m.base)
	if twin == nil || m.sim.sandbox || m.class != nil {
		return // no twin (a follower's run is the class's): the key does nothing
	}
	if m.sim.actions() > 0 {
		// The comparison plays the script alone: the student's own steps are in neither half.
		m.fail("C plays the lesson's script beside its twin (%s): your own actions would be in neither half (restart the lesson to compare)", name)
		return
	}
	seed := m.sim.seed()
	c, err := scenarios.NewComparison(m.base, twin, &seed, nil)
	if err != nil {
		m.fail("C: %v", err)
		return
	}
	now, pc := m.sim.now(), m.sim.pc()
	stop := scenarios.StopTime
	for {
		stop = c.AdvanceTo(now)
		if stop == scenarios.StopEnd {
			break
		}
		if stop == scenarios.StopPause {
			// A pause the lesson passed already (an earlier instant, or an earlier stop at
			// this one): on to the one it stands at.
			if c.Now() < now || sidePC(c) < pc {
				c.Continue()
				continue
			}
			break
		}
		if c.Now() >= now {
			break // the instant reached (a divergence stop at it, or time)
		}
	}
	cm := newCompare(c, Options{Speed: m.sim.speed, StartPaused: true}, m.st)
	cm.gen, cm.jobGen = m.gen+twinGen, m.jobGen+twinGen
	cm.width, cm.height = m.width, m.height
	cm.fromPlay = true
	// The student's predictions are the comparison's too (the same asks, in the same file).
	for _, st := range m.base.Steps {
		if a, ok := m.answers[st.Pos.Line]; ok && st.Kind == scenarios.StepAsk {
			cm.answers[st.Pos] = a
		}
	}
	cm.settle(stop)
	cm.paused = true
	// Short enough for 120 columns after "‖ a script paused here: enter continues both"
	// (nc22-c: "esc or C:…"); where it is not, its last part gives way whole (cmpStatus).
	cm.status = "this lesson and its twin (" + name + "), same seed, at " + simTime(c.Now()) + " · esc or C: back"
	m.twinPaused = m.sim.paused
	m.sim.pause()
	m.twin = cm
}

// closeTwin goes back to the lesson, where it was (running again if it was).
func (m *Model) closeTwin() {
	m.twin = nil
	m.sim.paused = m.twinPaused
	m.say("back in the lesson at %s", simTime(m.sim.now()))
	m.refresh()
}

// twinUpdate gives the comparison, while it is open, the messages that are its: keys (esc or C
// leave it; q and ctrl-c quit as in play), its own frames and job pieces, and the terminal's
// size (the lesson takes that too). It reports whether the message was the comparison's alone.
func (m *Model) twinUpdate(msg tea.Msg) (tea.Cmd, bool) {
	cm := m.twin
	switch msg := msg.(type) {
	case tea.KeyMsg:
		var cmds []tea.Cmd
		for _, k := range splitRunes(msg) {
			switch {
			case m.twin == nil: // left by an earlier key of the paste: the rest are the lesson's
				cmds = append(cmds, m.onKey(k))
			case key.Matches(k, m.keys.Quit):
				return m.quit(), true
			case k.String() == "C" || k.Type == tea.KeyEsc && cm.job == nil && cm.page == pageNone:
				m.closeTwin()
			default:
				_, cmd := cm.Update(k)
				cmds = append(cmds, cmd)
			}
		}
		return tea.Sequence(cmds...), true
	case frameMsg:
		if msg.gen == cm.gen {
			_, cmd := cm.Update(msg)
			return cmd, true
		}
	case jobMsg:
		if cm.job != nil && msg.gen == cm.job.gen {
			_, cmd := cm.Update(msg)
			return cmd, true
		}
	case tea.WindowSizeMsg:
		cm.Update(msg)
	case tea.MouseMsg:
		return nil, true // the comparison has no mouse; the lesson's panels are hidden
	}
	return nil, false
}

// sidePC is the lesson's side's script step in the comparison (the lesson is side 0).
func sidePC(c *scenarios.Comparison) int {
	done, _ := c.Progress(0)
	return done
}
