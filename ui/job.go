package ui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// A long move in time (a wait or wait-until typed at the prompt, a seek, a rewind's replay) runs
// as a job: one bounded piece of work per message, then the next piece is asked for with a
// message of its own. Keys arrive in between, so q and ctrl-c quit (and the terminal is
// restored) and esc stops the job within a frame, however far it goes; the status line shows
// how far it has got.

// jobMsg asks for the next piece of the job in progress; gen tells a stale one from the live one.
type jobMsg struct{ gen int }

// startJob runs the first piece of a job now (a short wait ends at once, as before) and, if it
// is not over, keeps it for the following messages.
func (m *Model) startJob(j *scenarios.Job, what string, done func(*Model, scenarios.Outcome)) tea.Cmd {
	m.jobGen++
	m.job = &job{j: j, what: what, done: func() { done(m, j.Outcome()) }, gen: m.jobGen}
	m.sim.hold(true)
	return m.stepJob()
}

// stepJob runs one piece of the job in progress.
func (m *Model) stepJob() tea.Cmd {
	jb := m.job
	over := m.sim.piece(jb)
	m.sim.moved()
	if over {
		m.job = nil
		m.sim.hold(false)
		jb.done()
		return nil
	}
	m.say("%s", jb.progress())
	return jb.next()
}

// onJobKey answers keys while a job runs: quit, stop the job, or a hint.
func (m *Model) onJobKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case msg.Type == tea.KeyCtrlC || key.Matches(msg, m.keys.Quit):
		return m.quit()
	case msg.Type == tea.KeyEsc:
		_, now, _ := m.job.j.Progress()
		what := m.job.what
		m.job = nil
		m.sim.hold(false)
		m.sim.moved()
		m.fail("%s stopped at %s", what, simTime(now))
	default:
		m.fail("%s is running · esc stops it · q quits", m.job.what)
	}
	return nil
}

// waitDone says how a prompt's wait or wait-until went.
func waitDone(st scenarios.Step) func(*Model, scenarios.Outcome) {
	return func(m *Model, o scenarios.Outcome) {
		cond := ""
		if st.Cond != nil {
			cond = scenarios.FormatCond(st.Cond)
		}
		switch {
		case st.Kind == scenarios.StepWait:
			m.say("waited %v: %s → %s", st.Dur, simTime(o.From), simTime(o.To))
		case o.Held:
			m.say("%s holds at %s (after %v)", cond, simTime(o.To), o.To-o.From)
		default:
			m.fail("not within %v: %s — found %s", st.Dur, cond, o.Found)
		}
	}
}

// seekDone says where a seek got to.
func seekDone(m *Model, o scenarios.Outcome) {
	if m.sim.atPause() && o.To > o.From {
		m.say("%s → %s · stopped at a script stop, so its narration is not skipped: enter continues", simTime(o.From), simTime(o.To))
		return
	}
	where := ""
	if asked := m.seek.asked; o.To < o.From && asked >= 0 && o.To != asked {
		// A rewind lands on the last instant where something happened, not between events.
		// Said as two times, "3.093s (the last event at or before 3.095s)" read as a
		// contradiction (nc25-b): the one asked for is named as what it is.
		where = fmt.Sprintf(" (%v back is %s: a rewind lands on the last event before it)", (o.From - asked).Round(time.Millisecond), simTime(asked))
	}
	if n := m.seek.stops; o.To < o.From && n > 0 {
		// ← is a second of simulated time, and a lesson's stops can be closer: first-lock's
		// first eight are within 0.85s, and a newcomer took the jump to 0.000s for a snap back
		// to a stop (fl29). Said last, it gives way first on a narrow screen.
		defer func() {
			stops := "stops"
			if n == 1 {
				stops = "stop"
			}
			// A rewind lands paused between stops, where enter answers "not at a script pause"
			// and space plays on (nc31-i); on a stop, enter is the key.
			on := "space"
			if m.sim.atPause() {
				on = "enter"
			}
			part := fmt.Sprintf(" · ← is 1s of simulated time: back past %d script %s, %s plays on", n, stops, on)
			// The narrow form keeps the count: at 80x24 gc-pause's end said only "6.712s →
			// 5.649s, the last event before 5.712s", three stops gone unsaid (nc31-e).
			// The key last, a part of its own: where both do not fit, it gives way first.
			short := fmt.Sprintf(" · back past %d script %s · %s plays on", n, stops, on)
			if m.statusAlt != "" {
				if where != "" && m.sim.ahead() == 0 {
					// The count says what the jump passed; "the last event before 5.712s" would
					// push it off an 80-column line (fl31 with nc31-e).
					m.statusAlt = fmt.Sprintf("%s → %s (%v back)", simTime(o.From), simTime(o.To), (o.From - m.seek.asked).Round(time.Millisecond))
				}
				m.statusAlt += short
			}
			m.status += part
		}()
	}
	if a := m.sim.ahead(); a > 0 {
		// The header's "⟲1 ahead" is these actions: the short form, for 80x24, names the mark
		// and drops "replayed" and where it landed (nc24-f found the long one cut at "1 later …").
		what, them := fmt.Sprintf("your %d later actions", a), "them"
		if a == 1 {
			what, them = "your later action", "it"
		}
		m.sayFit(fmt.Sprintf("%s → %s%s · replayed · ⟲%d ahead: %s kept; acting now drops %s", simTime(o.From), simTime(o.To), where, a, what, them),
			fmt.Sprintf("%s → %s · ⟲%d ahead: %s kept; acting now drops %s", simTime(o.From), simTime(o.To), a, what, them))
	} else if where != "" {
		m.sayFit(fmt.Sprintf("%s → %s%s", simTime(o.From), simTime(o.To), where),
			// Which time is the one asked for, said: "1.323s → 0.299s, the last event before
			// 0.323s" read as a typo (nc31-a).
			fmt.Sprintf("%s → %s, the last event before %s (%v back)", simTime(o.From), simTime(o.To), simTime(m.seek.asked), (o.From-m.seek.asked).Round(time.Millisecond)))
	} else {
		m.say("%s → %s", simTime(o.From), simTime(o.To))
	}
}
