package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// Served is what leaselab serve gives a session's Model: its own renderer (a global one gives
// an SSH client no colour), and hooks for what a served session must not do or shares with a
// class. The Model never touches the network; the server calls it from one goroutine per
// session, the class's members under the class's lock.
type Served struct {
	Renderer *lipgloss.Renderer
	NoColor  bool
	// Leave is the message the program gets instead of quitting (q, ctrl-c, n at a lesson's
	// end): the server shows its menu, or the lesson Next names.
	Leave tea.Msg
	// ClassLine, for a teacher, is who follows and the live tally of an ask, drawn on the
	// status line in its longest form that fits in room cells (wider only when none does).
	ClassLine func(room int) string
	// OnAnswer tells the class a follower's answer to the ask at line (choice 0-based).
	OnAnswer func(line, choice int)
	// Revealed says whether the teacher has shown the answer to the ask at line.
	Revealed func(line int) bool
	// FrameEvery is the wall time between the Model's frames (0: the TUI's 30 a second). A
	// student's screen redraws less often than the projector's: most of a session's CPU.
	FrameEvery time.Duration
	// View, for a follower, takes the class's snapshot for these options: followers asking
	// with the same options at the same instant share one.
	View func(cluster.ViewOptions) cluster.View
	// MayFork, for a follower, is asked before each fork (F from the class): an error refuses
	// it, said on the status line. A fork copies the class's world.
	MayFork func() error
}

// NewServedSandbox is a served session's sandbox.
func NewServedSandbox(o Options, sv *Served) (*Model, error) {
	return newServed(SandboxScenario(o), o, sv, true)
}

// NewServedPlay is a served session's lesson.
func NewServedPlay(s *scenarios.Scenario, o Options, sv *Served) (*Model, error) {
	return newServed(s, o, sv, false)
}

func newServed(s *scenarios.Scenario, o Options, sv *Served, sandbox bool) (*Model, error) {
	m, err := newModel(s, o, newStyles(sv.Renderer, sv.NoColor), sandbox)
	if err != nil {
		return nil, err
	}
	m.served = sv
	m.sim.limitCheckpoints(servedCheckpointBytes)
	m.sim.frameAt = sv.FrameEvery
	return m, nil
}

// servedCheckpointBytes bounds a served session's checkpoints (the TUI's: 256 MB).
const servedCheckpointBytes = 32 << 20

// Follower is a read-only Model on m's run (a class's world, driven by m): its own size,
// panels, scroll, diagram and focus; no key of it moves time or acts. The caller refreshes it
// (Refresh) when the class has moved, and never lets it run at the same time as m.
func (m *Model) Follower(sv *Served) *Model {
	f := &Model{
		input: newLineEdit(), st: newStyles(sv.Renderer, sv.NoColor), keys: followerKeys(), help: m.help, tl: newTLView(),
		sim: m.sim, base: m.base, title: m.title, seed: m.seed, wall: m.wall, node: 1, client: "c1",
		leaseIdx: scriptLeaseIdx(m.base), focus: panelNodes, panels: defaultPanels(), served: sv, class: m.sim,
	}
	f.help.Styles.ShortKey, f.help.Styles.FullKey = f.st.helpKey, f.st.helpKey
	f.help.Styles.ShortDesc, f.help.Styles.FullDesc = f.st.helpDesc, f.st.helpDesc
	f.help.Styles.ShortSeparator, f.help.Styles.FullSeparator, f.help.Styles.Ellipsis = f.st.helpSep, f.st.helpSep, f.st.helpSep
	f.sayFit("following the class: the teacher drives · F forks a copy of your own · m diagram · ? keys",
		"following: the teacher drives · F fork · ? keys")
	f.resize(80, 24)
	return f
}

// followerKeys is the key map with every key a follower may not use turned off, in the help
// line too (F, fork, is said on the status line).
func followerKeys() keyMap {
	k := newKeyMap()
	for _, b := range []*key.Binding{&k.Pause, &k.Step, &k.Slower, &k.Faster, &k.Back, &k.Forward, &k.Continue,
		&k.Isolate, &k.Crash, &k.RateUp, &k.RateDown, &k.OffsetUp, &k.OffsetDown, &k.ClockReset, &k.Campaign,
		&k.Transfer, &k.Snapshot, &k.Heal, &k.Partition, &k.SlowLinks, &k.DropAll, &k.Acquire, &k.Release,
		&k.Write, &k.Disconnect, &k.GCPause, &k.Command, &k.Save, &k.Next, &k.SaveWeb, &k.LockFilter} {
		b.SetEnabled(false)
	}
	return k
}

// Following says the Model shows its class's run (not forked).
func (m *Model) Following() bool { return m.class != nil && m.sim == m.class }

// Forked says a follower has forked the class into a run of its own.
func (m *Model) Forked() bool { return m.class != nil && m.sim != m.class }

// Refresh takes a new snapshot of the run (a follower, after its class moved).
func (m *Model) Refresh() { m.refresh() }

// Actions is how many actions the run has recorded (the session's script, and the runner's
// record of what it did): each is kept until the run ends.
func (m *Model) Actions() int { return m.sim.actions() }

// Next is the lesson the student asked to play next (n at the end), or "".
func (m *Model) Next() string { return m.next }

// Err is a panic caught in Update, or nil.
func (m *Model) Err() error { return m.err }

// Answered says whether this Model answered the ask at line (a teacher's answer reveals it).
func (m *Model) Answered(line int) bool { _, ok := m.answers[line]; return ok }

// Ask is the script's ask the run is stopped at: its line and number of choices.
func (m *Model) Ask() (line, choices int, ok bool) {
	if a := m.curAsk(); a != nil {
		return a.Pos.Line, len(a.Choices), true
	}
	return 0, 0, false
}

// Size is the Model's screen size.
func (m *Model) Size() (w, h int) { return m.width, m.height }

// FollowKey is everything a follower's screen depends on beyond its class's run: followers
// with equal keys, refreshed at the same instant, draw the same frame (drawn once, shared).
func (m *Model) FollowKey() string {
	ans := -1
	if line, _, ok := m.Ask(); ok {
		if a, ok := m.answers[line]; ok {
			ans = a
			if m.served.Revealed != nil && m.served.Revealed(line) {
				ans += 100
			}
		}
	}
	return fmt.Sprint(m.width, m.height, m.served.Renderer.ColorProfile(), m.served.Renderer.HasDarkBackground(), m.served.NoColor,
		m.focus, m.node, m.client, m.keyIdx, m.leaseIdx, m.tl.filter, m.locks.prefix, m.page.glossary, m.page.glossOn, m.page.glossTop, m.page.helpTop,
		m.help.ShowAll, m.narrScroll, ans, m.dg.on, m.dg.all, m.dg.only, m.dg.sel, m.dg.selN, m.status, m.statusAlt, m.statusBad,
		m.tl.vp.YOffset, m.page.script != nil, m.page.scriptTop)
}

// quit is what q, ctrl-c and n send: tea.Quit, or the server's message for a served session.
func (m *Model) quit() tea.Cmd {
	if m.served != nil && m.served.Leave != nil {
		msg := m.served.Leave
		return func() tea.Msg { return msg }
	}
	return tea.Quit
}

// onFollowerKey answers a follower's keys: those that change only its own view, an answer
// to the class's ask, F to fork. Anything that would act or move time is refused.
func (m *Model) onFollowerKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.keys
	if msg.String() == "F" {
		if a := m.curAsk(); a != nil && m.Following() && !m.revealed(a) {
			m.fail("F forks once the teacher has revealed this answer (a copy of your own would show it)")
			return nil, true
		}
		if !m.Forked() && m.served.MayFork != nil {
			if err := m.served.MayFork(); err != nil {
				m.fail("%v", err)
				return nil, true
			}
		}
		m.fork()
		return nil, true
	}
	if m.Forked() || m.page.script != nil || m.pendingAsk() != nil {
		return nil, false
	}
	switch {
	case key.Matches(msg, k.Quit, k.Help, k.Diagram, k.Only, k.Filter, k.Focus, k.Node, k.Client, k.Key, k.Lease,
		k.Up, k.Down, k.PageUp, k.PageDown), msg.Type == tea.KeyEsc:
		return nil, false
	}
	// At 80x24 the long form was cut behind the pause note; the short one keeps the key.
	m.failFit("the teacher drives the class: F forks a copy of your own to try that", "the teacher drives: F forks your own copy")
	return nil, true
}

// fork puts a follower on a copy of the class's run at its instant (the checkpoint clone), or
// back on the class (which has moved on meanwhile).
func (m *Model) fork() {
	if m.Forked() {
		m.sim = m.class
		m.gen++ // the copy's frames, seeks and jobs must never reach the class's run
		m.job, m.seek.by, m.seek.wait = nil, 0, false
		m.keys = followerKeys()
		m.dg.on, m.dg.sel, m.tl.set = false, 0, false
		m.results = nil
		m.sayFit("back in the class: the teacher drives · F forks again", "back in the class · F forks again")
		m.resize(m.width, m.height)
		m.refresh()
		return
	}
	s, err := m.class.fork(m.served.FrameEvery)
	if err != nil {
		m.fail("fork: %v", err)
		return
	}
	m.sim = s
	m.keys = newKeyMap()
	m.tl.set = false
	run := "space" // at a script stop only enter runs it on (space holds a stop)
	if s.atPause() {
		run = "enter"
	}
	m.sayFit(fmt.Sprintf("your own copy at %s: act, travel, %s runs it · F rejoins the class", simTime(s.now()), run),
		fmt.Sprintf("your copy · %s runs it · F rejoins", run))
	m.resize(m.width, m.height)
	m.refresh()
}

// showScript opens the session's script on screen, to copy: a served session writes no file.
func (m *Model) showScript() {
	m.sim.align()
	m.refresh()
	src := scenarios.Format(m.sim.session("leaselab-session.scenario"))
	m.page.script = strings.Split(strings.TrimRight(termsafe.Text(src), "\n"), "\n")
	m.page.scriptTop = 0
}

// onScriptKey scrolls the script page; esc, w or q closes it.
func (m *Model) onScriptKey(msg tea.KeyMsg) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Up):
		m.page.scriptTop--
	case key.Matches(msg, k.Down):
		m.page.scriptTop++
	case key.Matches(msg, k.PageUp):
		m.page.scriptTop -= m.height - 2
	case key.Matches(msg, k.PageDown):
		m.page.scriptTop += m.height - 2
	case msg.Type == tea.KeyEsc, key.Matches(msg, k.Save, k.Quit):
		m.page.script = nil
		return
	}
	m.page.scriptTop = max(0, min(m.page.scriptTop, len(m.page.script)-(m.height-2)))
}

// scriptView draws the script page: a title, the lines, a footer.
func (m *Model) scriptView() string {
	rows := []string{m.st.title.r(cut(" this session as a scenario: copy it, then leaselab play FILE at home (nothing is written here)", m.width))}
	room := max(0, m.height-2)
	for i := m.page.scriptTop; i < len(m.page.script) && len(rows) <= room; i++ {
		rows = append(rows, cut(m.page.script[i], m.width))
	}
	for len(rows) <= room {
		rows = append(rows, "")
	}
	rows = append(rows, m.st.status.r(cut(fmt.Sprintf(" lines %d-%d of %d · ↑/↓ pgup/pgdn scroll · esc closes", m.page.scriptTop+1, min(len(m.page.script), m.page.scriptTop+room), len(m.page.script)), m.width)))
	return strings.Join(rows, "\n")
}

// World is the world the Model shows now (read it only where the Model may be used).
func (m *Model) World() *cluster.World {
	if m.twin != nil {
		return m.twin.c.World(0) // the twin's runs move while it is open: the bounds are theirs
	}
	return m.sim.world()
}

// SetServed replaces the served hooks (a teacher's class line, once the class is open).
func (m *Model) SetServed(sv *Served) { m.served = sv }

// waitingAskLines is a follower's ask once answered, before the teacher reveals the answer.
func waitingAskLines(st *scenarios.Step, answer, w int) []narrLine {
	out := askLines(st, -1, w)
	out = out[:len(out)-1] // "press 1-N"
	for _, l := range wrap(fmt.Sprintf("→ your prediction: %d · the answer shows when the teacher reveals it", answer+1), w-2, "  ") {
		out = append(out, narrLine{l, narrAsk})
	}
	return out
}

// ShownAt is the simulated instant of the snapshot the screen draws.
func (m *Model) ShownAt() time.Duration { return m.v.Now }

// Paused says the run stands at a script pause (or an ask).
func (m *Model) Paused() bool { return m.sim.atPause() }
