package ui

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// CompareModel shows two runs of a comparison side by side (or one above the other on a
// narrower terminal), in lockstep: one clock, one pause, one speed for both. It plays them only
// through scenarios.Comparison; its own work is pacing wall time against simulated time, and
// drawing.
type CompareModel struct {
	pacer // the single-run TUI's pacing: a frame's wall budget, seeks as jobs
	st    *styles
	keys  compareKeys
	c     *scenarios.Comparison

	atPause  bool        // a script stopped at a `pause`
	harmSaid [2]harmNote // what each side's first violation did, once seen (compare_notes.go)
	ended    bool        // both scripts have run to their ends
	gen      int
	job      *job // a seek in progress, run a piece per message
	jobGen   int

	div     *scenarios.Divergence // the first divergence, kept across rewinds
	width   int
	height  int
	v       [2]cluster.View
	kept    [2]*keptEvents // each side's latest results, replies and violations
	status  string
	answers map[scenarios.Pos]int // the student's prediction at each ask, by its place
	err     error

	named     [2]namedCache // each side's rows its says name, found once per stop (compare_rows.go)
	lastWords bool          // at the end, the story's last narration in place of the verdicts (n)
	page      comparePage   // the page covering the halves: ? the keys, ? again the glossary, ? or esc closes
	glossTop  int
	keysTop   int
	// scroll: the results scrolled (↑ ↓) to a place in time, both halves alike
	// (compare_scroll.go); nil at a move in time: the newest rows.
	scroll  *resultsPos
	resSize [2][2]int // each half's results' width and rows, as last drawn
	// missNoRoom: while halves draws, the lower half's results have no room for the ✗ rows of
	// its newest failed checks, so its note says so rather than point at them (storyMiss).
	missNoRoom bool
	drawn      [2]halfFit // what each half had room for, as last drawn (halves)
	// fromPlay: opened from a lesson (C, twin.go), whose Model takes esc and C back to it;
	// the key line says so.
	fromPlay bool
}

// compareKeys are the comparison's keys: the clock only, since an action on one side would
// break the lockstep.
type compareKeys struct {
	Pause, Continue, Step, Slower, Faster, Back, Forward, Jump, End, Answer, LastWords, Glossary, Older, Newer, Quit key.Binding
}

func newCompareKeys() compareKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return compareKeys{
		Pause:     b("space", "pause", " "),
		Continue:  b("enter", "continue", "enter", "c"),
		Step:      b(".", "step", "."),
		Slower:    b("<", "slower", "<", ","),
		Faster:    b(">", "faster", ">"),
		Back:      b("←", "-1s", "left"),
		Forward:   b("→", "+1s", "right"),
		Jump:      b("d", "divergence", "d"),
		End:       b("e", "to the end", "e"),
		Answer:    b("1-4", "answer", "1", "2", "3", "4"),
		LastWords: b("n", "story's last words", "n"),
		Glossary:  b("?", "keys", "?"),
		Older:     b("↑", "older results", "up"),
		Newer:     b("↓", "newer results", "down"),
		Quit:      b("q", "quit", "q", "ctrl+c"),
	}
}

func (k compareKeys) list() []key.Binding {
	return []key.Binding{k.Pause, k.Continue, k.Step, k.Back, k.Forward, k.Jump, k.End, k.Answer, k.LastWords, k.Slower, k.Faster, k.Glossary, k.Quit}
}

// RunCompare plays a comparison in the TUI.
func RunCompare(c *scenarios.Comparison, o Options) error {
	m := newCompare(c, o, terminalStyles())
	p := tea.NewProgram(m, tea.WithAltScreen())
	final, err := p.Run()
	if fm, ok := final.(*CompareModel); ok && fm.err != nil {
		return fm.err
	}
	return err
}

func newCompare(c *scenarios.Comparison, o Options, st *styles) *CompareModel {
	speed := o.Speed
	if speed <= 0 {
		speed = 1
	}
	m := &CompareModel{pacer: pacer{wall: time.Now, speed: min(100, max(0.1, speed)), paused: o.StartPaused},
		st: st, keys: newCompareKeys(), c: c, width: 120, height: 40, answers: map[scenarios.Pos]int{}}
	m.status = "space pause · enter continue at a script pause · ← → travel in time · d jump to the divergence"
	m.refresh()
	return m
}

// Init starts the frame clock unless the model starts paused.
func (m *CompareModel) Init() tea.Cmd {
	if m.moving() {
		m.resume()
		return m.tick()
	}
	return nil
}

func (m *CompareModel) moving() bool { return !m.paused && !m.atPause && m.job == nil }

func (m *CompareModel) resume() { m.start(m.wall(), m.c.Now()) }

func (m *CompareModel) tick() tea.Cmd {
	m.gen++
	gen := m.gen
	return tea.Tick(m.every(), func(t time.Time) tea.Msg { return frameMsg{gen: gen, at: t} })
}

// Update handles one message; a panic is caught so the terminal is restored.
func (m *CompareModel) Update(msg tea.Msg) (_ tea.Model, cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			m.err = fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
			cmd = tea.Quit
		}
	}()
	was := m.moving()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case frameMsg:
		if msg.gen != m.gen || !m.moving() {
			return m, nil
		}
		m.frame(msg.at)
		if m.moving() {
			return m, m.tick()
		}
		return m, nil
	case jobMsg:
		if m.job == nil || msg.gen != m.job.gen {
			return m, nil
		}
		cmd = m.stepJob()
	case tea.KeyMsg:
		var cmds []tea.Cmd
		for _, k := range splitRunes(msg) {
			if key.Matches(k, m.keys.Quit) {
				return m, tea.Quit
			}
			if m.pageKey(k) {
				continue
			}
			cmds = append(cmds, m.onKey(k))
		}
		cmd = tea.Sequence(cmds...)
	}
	if !was && m.moving() {
		m.resume()
		cmd = m.tick()
	}
	return m, cmd
}

// frame advances both runs for one frame that ended at wall time at, with the single-run TUI's
// pacer: speed x elapsed, in whole milliseconds, within the frame's wall budget.
func (m *CompareModel) frame(at time.Time) {
	m.settle(m.play(cmpRunner{m.c}, m.target(at, m.c.Now())))
}

// settle records why the comparison stopped and takes the snapshot the screen draws.
func (m *CompareModel) settle(stop scenarios.Stop) {
	if m.c.Div != nil {
		m.div = m.c.Div // found at a pause at its instant too
	}
	switch stop {
	case scenarios.StopPause:
		m.atPause = true
		m.status = "" // the status line's pause block says it
		if m.c.Div != nil && m.c.Div.At == m.c.Now() {
			m.status = "the runs part at this very instant: d comes back here later"
		}
	case scenarios.StopDiverge:
		m.paused = true
		m.div = m.c.Div
		m.status = "paused at the first divergence: enter (or space) runs on, d comes back here later"
	case scenarios.StopEnd:
		m.paused, m.ended = true, true
		m.status = "both scripts finished · space runs both worlds on · ← rewinds · d jumps to the divergence"
		if sc := m.scoreText(); sc != "" {
			m.status = sc + " · " + m.status
		}
	}
	m.clock = m.c.Now()
	m.scroll = nil // the results' newest rows are the new instant's
	m.refresh()
	if stop == scenarios.StopPause && m.status == "" && m.nonLinFoundNow() && m.width >= 100 {
		// Its instant is the history check's, not its operations': at late-expire --unsafe's
		// 5.860s it showed 0.6s after the Expire that caused it, nothing saying why (nc26-g).
		m.status = "non-linearizable: found now, by the script's violation check · the history is not checked as answers come"
	}
}

// nonLinFoundNow is whether a half's non-linearizable violation was found at this very instant.
func (m *CompareModel) nonLinFoundNow() bool {
	for i := range m.kept {
		if m.kept[i] == nil {
			continue
		}
		for _, e := range m.kept[i].evs {
			if e.Kind == cluster.EvViolation && e.Violation == cluster.NonLinearizable && e.At == m.c.Now() {
				return true
			}
		}
	}
	return false
}

func (m *CompareModel) refresh() {
	for i := range m.v {
		// One event, not the ring: the kept results come from the world's stream (a frame
		// asked for 512 and copied them, twice, 30 times a second).
		// The log tail names the Replication rows' entries between proposals (trackerRows).
		m.v[i] = m.c.World(i).View(cluster.ViewOptions{LogTail: 24, Events: 1, Proposals: 12})
		if m.kept[i] == nil || m.kept[i].w != m.c.World(i) {
			// A new world (the start, a rewind): the old one's listener stays with it.
			m.kept[i] = &keptEvents{}
			m.kept[i].follow(m.c.World(i))
		}
	}
}

func (m *CompareModel) onKey(msg tea.KeyMsg) tea.Cmd {
	k := &m.keys
	if m.job != nil {
		m.onJobKey(msg)
		return nil
	}
	switch {
	case key.Matches(msg, k.Pause):
		switch {
		case m.atPause:
			m.status = "space does not continue" // as in play (nc25-b)
		case m.paused:
			m.paused = false
			m.status = "running at " + speedText(m.speed)
		default:
			m.paused = true
			m.status = fmt.Sprintf("paused at %s · . next instant · ← → travel in time", simTime(m.c.Now()))
		}
	case key.Matches(msg, k.Continue):
		switch {
		case m.atPause:
			m.continueScripts()
		case m.paused && !m.ended && m.c.Div != nil && m.c.Div.At == m.c.Now():
			m.paused = false // the divergence stop is a stop of the story too
			m.status = "running on past the divergence"
		default:
			m.status = "not at a script pause"
			for i, s := range m.c.Sides {
				if s.Verdict == nil && m.c.Sides[1-i].Verdict != nil {
					m.status += fmt.Sprintf(": the %s run plays on to its script's end · e plays both there", strings.SplitN(s.Label, ":", 2)[0])
				}
			}
		}
	case key.Matches(msg, k.Older):
		m.scrollOlder()
	case key.Matches(msg, k.Newer):
		m.scrollNewer()
	case key.Matches(msg, k.Step):
		m.step()
	case key.Matches(msg, k.Slower, k.Faster):
		d := 1
		if key.Matches(msg, k.Slower) {
			d = -1
		}
		m.speedStep(d)
		m.status = "speed " + speedText(m.speed)
	case key.Matches(msg, k.Back):
		return m.seek(m.c.Now()-time.Second, "")
	case key.Matches(msg, k.Forward):
		return m.seek(m.c.Now()+time.Second, "")
	case key.Matches(msg, k.Answer):
		m.answer(int(msg.Runes[0] - '1'))
	case key.Matches(msg, k.Jump):
		if m.div == nil {
			m.status = "no divergence found yet"
			return nil
		}
		m.paused = true
		return m.seek(m.div.At, "back at the first divergence")
	case key.Matches(msg, k.End):
		m.toEnd()
	case key.Matches(msg, k.LastWords):
		if !m.c.Done() {
			m.status = "n reads the story's last narration once both scripts have ended"
			return nil
		}
		if !m.hasLastWords() {
			// Beside "■ BOTH DONE" the message above read as if they had not (nc23-g).
			m.status = "no narration left unread: the story said all of it at its stops"
			return nil
		}
		m.lastWords = !m.lastWords
		m.status = "the story's last narration · n: back to the verdicts"
		if !m.lastWords {
			m.status = "the verdicts · n: the story's last narration"
		}
	case msg.String() == "m" || msg.String() == "v":
		// play's diagram keys did nothing here, silently (nc30-h).
		m.status = "no message diagram in compare (m, v): leaselab play " + m.c.Sides[0].Scenario.Name + " has it"
	}
	return nil
}

// toEnd plays both runs, still in lockstep, to the instant both scripts have finished, passing
// their pauses and asks: a side that ended early no longer makes the class wait out the other's
// checks at the clock's pace. The divergence found on the way stays marked.
func (m *CompareModel) toEnd() {
	if m.c.Ended() {
		m.status = "both scripts have finished"
		return
	}
	for !m.c.Ended() {
		if m.c.AdvanceTo(1<<63-1) == scenarios.StopPause {
			m.c.Continue()
		}
	}
	m.atPause = false
	m.settle(scenarios.StopEnd)
	// As enter's end says it: e's left out what space does there (cp29).
	m.status = "both scripts played to their ends · space runs both worlds on · ← rewinds · d jumps to the divergence"
	if sc := m.scoreText(); sc != "" {
		m.status = sc + " · " + m.status
	}
}

func (m *CompareModel) continueScripts() {
	m.c.Continue()
	// Enter goes on as it does in play: after a rewind or a step (which pause the clock) it
	// left the view ‖ PAUSED at the pause it had just passed.
	m.atPause, m.paused = false, false
	m.status = "continuing both scripts"
}

// step plays both runs to the next instant either has something at, and stops there.
func (m *CompareModel) step() {
	if m.atPause {
		// As play's . at a pause; the key line offers . only between stops.
		m.status = "at a script pause: enter to continue (then space pauses, . steps)"
		return
	}
	m.paused = true
	at, ok := m.c.NextAt()
	if !ok {
		m.status = "nothing left to happen"
		return
	}
	from, before := m.c.Now(), m.halvesText()
	m.settle(m.c.AdvanceTo(at))
	m.status = "stepped to " + simTime(at)
	if m.halvesText() == before {
		// Instants fall between whole milliseconds: "stepped to 5.253s" from 5.253s (0.7ms on)
		// with nothing changed read as a step that did not move.
		to := simTime(at)
		if to == simTime(from) {
			// "stepped 0.7ms on, to 5.253s" under a header that read 5.253s before and after
			// still looked like no move (nc21-g): within one shown ms, both ends to the digit
			// that tells them apart.
			f, t := finerTimes(from, at)
			m.status = fmt.Sprintf("stepped %.1fms on, %s → %s, inside the ms the header shows: a message or clock tick neither half draws · . again",
				float64(at-from)/1e6, f, t)
			return
		}
		m.status = fmt.Sprintf("stepped %.1fms on, to %s: what happened there (a message, a clock tick) neither half draws · . again",
			float64(at-from)/1e6, to)
	}
}

// finerTimes is from and at in seconds with the fewest decimals, from four, that tell them
// apart (5.2526s and 5.2533s).
func finerTimes(from, at time.Duration) (string, string) {
	for d := 4; ; d++ {
		f, t := fmt.Sprintf("%.*fs", d, from.Seconds()), fmt.Sprintf("%.*fs", d, at.Seconds())
		if f != t || d >= 9 {
			return f, t
		}
	}
}

// halvesText is both halves as drawn, to tell whether a step changed what they show.
func (m *CompareModel) halvesText() string {
	var b strings.Builder
	for _, h := range m.halves(m.layout()) {
		b.WriteString(strings.Join(h, "\n"))
	}
	return b.String()
}

// seek moves both runs to instant t (backward replays both from their seeds), passing script
// pauses on the way; the clock keeps its pause state. It runs as a job, a piece per message
// (as the single-run TUI's seeks do), so a rewind over a long run never holds a frame; done,
// it says landed (or where it got to).
func (m *CompareModel) seek(t time.Duration, landed string) tea.Cmd {
	forward := t >= m.c.Now()
	j, err := m.c.SeekJob(max(t, 0))
	if err != nil {
		m.status = "seek: " + err.Error()
		return nil
	}
	// A rewind rebuilt both worlds at time zero: follow them now, before the replay, so the
	// results list gets every event as playing there did (taken up after the replay, it held
	// only what the ring still had: d lost the rows before 4.250s of late-expire).
	m.refresh()
	m.jobGen++
	m.job = &job{j: j, what: "replaying to " + simTime(max(t, 0)), gen: m.jobGen, done: func() {
		m.status = "at " + simTime(m.c.Now())
		if landed != "" {
			m.status = landed
		}
	}}
	if forward {
		m.job.what = "running on to " + simTime(t)
	}
	return m.stepJob()
}

// stepJob runs one piece of the seek in progress.
func (m *CompareModel) stepJob() tea.Cmd {
	jb := m.job
	over := m.piece(jb)
	m.moved()
	if over {
		m.job = nil
		jb.done()
		return nil
	}
	m.status = jb.progress()
	return jb.next()
}

// moved takes in a move in time: both runs stand at a new instant.
func (m *CompareModel) moved() {
	m.atPause = false
	m.ended = m.c.Ended()
	m.clock, m.carry = m.c.Now(), 0
	m.scroll = nil
	m.refresh()
}

// onJobKey answers keys while a seek runs: esc stops it where it got to (q quits in Update).
func (m *CompareModel) onJobKey(msg tea.KeyMsg) {
	if msg.Type == tea.KeyEsc {
		what := m.job.what
		m.job = nil
		m.moved()
		m.status = fmt.Sprintf("%s stopped at %s", what, simTime(m.c.Now()))
		return
	}
	m.status = m.job.what + " is running · esc stops it · q quits"
}

// waitingAsk is the ask a side waits at (side 0's first), if any.
func (m *CompareModel) waitingAsk() (*scenarios.Step, bool) {
	for i := range m.c.Sides {
		if _, ask, waiting := m.c.Narration(i); waiting {
			return ask, true
		}
	}
	return nil, false
}

// answer records a prediction for the ask a side waits at (side 0's first, as its narration
// is the one shown for a shared script).
func (m *CompareModel) answer(choice int) {
	for i := range m.c.Sides {
		if _, ask, waiting := m.c.Narration(i); waiting {
			if choice >= len(ask.Choices) {
				m.status = fmt.Sprintf("this ask has %d answers", len(ask.Choices))
				return
			}
			if _, done := m.answers[ask.Pos]; done {
				m.status = "already answered: enter continues both"
				return
			}
			m.answers[ask.Pos] = choice
			m.status = "" // the pause line already says enter continues both runs
			return
		}
	}
	m.status = "no question is waiting for an answer"
}

// glossLead is the line above compare's glossary: the node table's columns, which the glossary
// names but a half shows without their legend.
// It says it is the screen's: it read as a leftover line above the glossary's first word
// (nc32-n).
func (m *CompareModel) glossLead() string {
	return "this screen's " + strings.Split(nodeRowsLegend, " · the net line")[0]
}
