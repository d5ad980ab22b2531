package ui

import (
	"fmt"
	"leaselab/fsm"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// onKey routes a key to the first that takes it: what holds the keys now (a job, the prompt,
// the script page, a follower's limits, an ask waiting for its answer, the top speed's y), the
// pages over the panels (keys, glossary), the clock, the screen's own keys, the selection, the
// focused panel (panelKey), and last the actions on the world.
func (m *Model) onKey(msg tea.KeyMsg) tea.Cmd {
	for _, h := range keyHandlers {
		if cmd, ok := h(m, msg); ok {
			return cmd
		}
	}
	if !m.panelKey(msg) {
		m.onActionKey(msg)
	}
	m.refresh()
	return nil
}

// keyHandlers take a key (true) or leave it to the next. A handler that takes a key without a
// command of its own ends with taken: the screen's snapshot is taken again.
var keyHandlers = []func(*Model, tea.KeyMsg) (tea.Cmd, bool){
	(*Model).heldKey, (*Model).pageKey, (*Model).clockKey, (*Model).screenKey, (*Model).selectKey,
}

func (m *Model) taken() (tea.Cmd, bool) {
	m.refresh()
	return nil, true
}

// heldKey: a job, the prompt, the script page and a follower's limits hold the keys; an ask
// takes 1-9, and y after the question about the top speed.
func (m *Model) heldKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case m.job != nil:
		return m.onJobKey(msg), true
	case m.prompting:
		return m.onPromptKey(msg), true
	case m.page.script != nil:
		m.onScriptKey(msg)
		return nil, true
	}
	if m.class != nil {
		if cmd, done := m.onFollowerKey(msg); done {
			return cmd, true
		}
	}
	topAsked := m.topAsked
	m.topAsked = false // asked for the next > only
	if a := m.pendingAsk(); a != nil && msg.Type == tea.KeyRunes && len(msg.Runes) == 1 && msg.Runes[0] >= '1' && msg.Runes[0] <= '9' {
		if i := int(msg.Runes[0] - '1'); i < len(a.Choices) {
			m.answer(a, i)
		} else {
			m.fail("this question has %d choices: press 1-%d", len(a.Choices), len(a.Choices))
		}
		return m.taken()
	}
	if topAsked && msg.Type == tea.KeyRunes && string(msg.Runes) == "y" {
		m.sim.speed = speeds[len(speeds)-1]
		m.say("speed %s", speedText(m.sim.speed))
		return nil, true
	}
	return nil, false
}

// pageKey: q, and the pages over the panels: ? cycles the keys page, the glossary, closed; esc
// closes them; ↑/↓ and paging scroll the one open.
func (m *Model) pageKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		switch {
		case m.help.ShowAll:
			m.openGlossary()
		case m.page.glossary:
			m.page.glossary = false
		default:
			m.help.ShowAll, m.page.helpTop = true, 0
		}
	case msg.Type == tea.KeyEsc && (m.help.ShowAll || m.page.glossary):
		m.help.ShowAll, m.page.glossary = false, false
	case m.page.glossary && (msg.Type == tea.KeyHome || msg.Type == tea.KeyEnd):
		// home/end: the glossary's top and end (303 lines; nc25-g); scrollGlossary clamps.
		m.scrollGlossary(map[bool]int{true: -1 << 20, false: 1 << 20}[msg.Type == tea.KeyHome])
	case (m.page.glossary || m.help.ShowAll) && key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown):
		d := 1
		if key.Matches(msg, k.PageUp, k.PageDown) {
			// A page: the rows the page shows, less one kept for context (10 lines, a third
			// of the glossary's page at 120x40, made 265 lines slow to read: nc24-a).
			d = max(1, m.lay.narration.y-3)
			if !m.page.glossary {
				d = max(1, m.helpRoom()-2)
				if key.Matches(msg, k.PageDown) {
					// The page ends on a whole item: the next starts with the item after it.
					_, cont := m.helpItems(m.width, m.helpRoom())
					top := min(max(m.page.helpTop, 0), max(0, len(cont)-max(1, m.helpRoom()-1)))
					d = max(1, helpPageEnd(cont, top, max(1, m.helpRoom()-1))-top)
				}
			}
		}
		if key.Matches(msg, k.Up, k.PageUp) {
			d = -d
		}
		if m.page.glossary {
			m.scrollGlossary(d)
		} else {
			m.scrollHelp(d)
		}
	default:
		return nil, false
	}
	return m.taken()
}

// clockKey: pause, one event, one lock event, speed, travel in time, continue the script.
func (m *Model) clockKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Pause):
		m.togglePause()
	case key.Matches(msg, k.Step):
		m.stepEvent()
	case key.Matches(msg, k.LockStep):
		m.stepLock()
	case key.Matches(msg, k.Slower):
		m.sim.speedStep(-1)
		m.say("speed %s", speedText(m.sim.speed))
	case key.Matches(msg, k.Faster):
		// The top speed runs more than a minute of simulated time while a few keys are
		// pressed: it is asked for, so a run of > presses stops just below it.
		if top := speeds[len(speeds)-1]; m.sim.nextSpeed(+1) == top && m.sim.speed < top {
			m.topAsked = true
			m.say("speed %s · y goes to %s (%s of simulated time every second), any other key stays", speedText(m.sim.speed), speedText(top), time.Duration(top)*time.Second)
			return nil, true
		}
		m.sim.speedStep(+1)
		m.say("speed %s", speedText(m.sim.speed))
	case key.Matches(msg, k.Back):
		return m.queueSeek(-time.Second), true
	case key.Matches(msg, k.Forward):
		return m.queueSeek(time.Second), true
	case key.Matches(msg, k.Continue):
		if end, ok := m.longWait(); ok {
			m.say("skipping the script's wait to %s", simTime(end))
			return m.queueSeek(end - m.sim.now()), true
		}
		m.continueScript()
	default:
		return nil, false
	}
	return m.taken()
}

// screenKey: save, the next lesson, the prompt, the lock filter, the diagram and its filters,
// the timeline's filter, the focus.
func (m *Model) screenKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Save) && m.served != nil:
		m.showScript()
	case key.Matches(msg, k.Save):
		m.save()
	case key.Matches(msg, k.Next):
		return m.nextLesson(), true
	case key.Matches(msg, k.Twin):
		m.openTwin()
	case msg.String() == "C" && !m.sim.sandbox && m.class == nil:
		// The ? page names C; pressed in a lesson without a twin it did nothing, silently (nc29-b).
		m.sayFit("no unsafe twin to compare for this lesson", "C: no unsafe twin here")
	case key.Matches(msg, k.Command):
		m.prompting = true
		m.input.reset(scenarios.StepStarts(len(m.v.Nodes), m.clients()))
		m.statusBad = false
	case key.Matches(msg, k.LockFilter):
		m.prompting = true
		m.input.reset(nil)
		m.input.set("/" + m.locks.prefix)
	case key.Matches(msg, k.Diagram):
		m.dg.on, m.dg.sel, m.dg.detTop = !m.dg.on, 0, 0
		if m.dg.on {
			// The short form keeps whole parts, the most needed first (the box's title repeats
			// the keys): "paused:…" was cut at 120x40 behind the script's pause note.
			// v's word is what it brings, as the title then reads it ("all messages"): "v
			// heartbeats" under a narration's "v: every message" read as two keys (nc26-f).
			// The short form is every key whole, without the view's name (the box's title has
			// it): it ended "· o only" at 120x40 and lost m at 80x24 (fl29).
			f, v := m.diagramFilterText(), "v "+m.diagramToggleText()
			m.sayFit("message diagram: "+f+" · "+v+" · o only key/client · paused: ↑/↓ select · m back",
				"↑/↓ select · "+v+" · o only key/client · m back")
		} else {
			m.say("panels")
		}
	case key.Matches(msg, k.Only):
		m.dg.only = (m.dg.only + 1) % nOnly
		m.dg.on = true
		m.say("diagram: %s (k picks the key, tab the client)", m.diagramFilterText())
	case key.Matches(msg, k.SaveWeb) && m.served != nil:
		m.fail("the web export is off on leaselab serve: w shows this session's script, to copy")
	case key.Matches(msg, k.SaveWeb):
		m.saveWeb()
	case m.dg.on && key.Matches(msg, k.Filter):
		m.dg.all = !m.dg.all
		m.say("diagram: %s", m.diagramFilterText())
	case m.dg.on && key.Matches(msg, k.DetailUp, k.DetailDown):
		if m.dg.sel == 0 {
			m.say("diagram: ↑ selects a row; shift+↑/↓ then scroll its details")
			break
		}
		d := 1
		if key.Matches(msg, k.DetailUp) {
			d = -1
		}
		m.dg.detTop = min(max(m.dg.detTop+d, 0), m.dg.detMax)
	case m.dg.on && key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown):
		m.diagramKey(msg)
	case key.Matches(msg, k.Filter):
		m.tl.filter = (m.tl.filter + 1) % nFilters
		m.focus = panelTimeline
		m.syncTimeline()
		m.say("timeline: %s", m.tl.filter)
	case key.Matches(msg, k.Focus):
		m.focus = m.nextFocus()
		m.trScroll = 0 // the Replication panel opens at its newest rows
	default:
		return nil, false
	}
	return m.taken()
}

// selectKey: the node, the client, the key and the lease the action keys act with.
func (m *Model) selectKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.Node):
		if id := int(msg.Runes[0] - '0'); id <= len(m.v.Nodes) {
			m.node, m.focus = id, panelNodes
		} else {
			m.fail("no n%d: this cluster has n1..n%d", id, len(m.v.Nodes))
		}
	case key.Matches(msg, k.Client):
		m.cycleClient(1)
		m.focus = panelClients
	case key.Matches(msg, k.Key):
		m.keyIdx = (m.keyIdx + 1) % len(m.keysList())
		m.say("key %s (for a/r/f)", m.curKey())
	case key.Matches(msg, k.Lease):
		m.leaseIdx = (m.leaseIdx + 1) % len(leases)
		m.say("lease %s (for a)", fsm.DurText(m.curLease()))
	default:
		return nil, false
	}
	return m.taken()
}

func (m *Model) cycleClient(d int) {
	cs := m.clients()
	i := 0
	for j, c := range cs {
		if c == m.client {
			i = j
		}
	}
	m.client = cs[(i+d+len(cs))%len(cs)]
	// Behind a pause note at 80x24 the list was cut to "r re…" (nc21-d): the short form's
	// parts give way whole.
	m.sayFit(fmt.Sprintf("client %s selected (a acquire, r release, f write, d disconnect, g pause)", m.client),
		fmt.Sprintf("client %s selected · a r f d g act on it (? keys)", m.client))
}

func (m *Model) togglePause() {
	switch {
	case m.sim.atPause():
		// A student pressing space to hold on must not skip the stop unseen (nc25-b): only
		// enter continues a script pause.
		if a := m.pendingAsk(); a != nil {
			m.fail("first your prediction: press 1-%d", len(a.Choices))
		} else {
			m.say("space does not continue")
		}
	case m.sim.paused:
		m.sim.resume(m.wall())
		m.say("running at %s", speedText(m.sim.speed))
	default:
		m.sim.pause()
		m.say("paused at %s · . one event · ← → travel in time", simTime(m.sim.now()))
	}
}

func (m *Model) continueScript() {
	if !m.sim.atPause() {
		m.say("not at a script pause")
		return
	}
	if a := m.pendingAsk(); a != nil {
		m.fail("first your prediction: press 1-%d", len(a.Choices))
		return
	}
	m.sim.continueScript(m.wall())
	m.narrScroll = 0
	m.say("continuing the script")
}

// longWaitFrom is how long a script's plain `wait` must still run for enter to offer to skip
// it: a saved sandbox session replays the user's idle minutes as such waits.
const longWaitFrom = 10 * time.Second

// longWait is the end of the script's plain wait in progress when at least longWaitFrom of it
// is left.
func (m *Model) longWait() (time.Duration, bool) {
	end, ok := m.sim.waiting()
	return end, ok && !m.sim.atPause() && end-m.sim.now() >= longWaitFrom
}

// offerSkip says, once per long wait, that enter skips it.
func (m *Model) offerSkip() {
	end, ok := m.longWait()
	if !ok || m.skipOffered == m.sim.pc()+1 {
		return
	}
	m.skipOffered = m.sim.pc() + 1
	m.say("the script waits until %s here (%s of idle time): enter skips to its end", simTime(end), (end - m.sim.now()).Round(time.Millisecond))
}

// stepEvent runs the next happening while paused and says what it did.
func (m *Model) stepEvent() {
	if m.sim.moving() {
		m.sim.pause()
	}
	if m.sim.atPause() {
		m.fail("at a script pause: enter to continue")
		return
	}
	seq := m.sim.tl.lastSeq()
	if !m.sim.stepEvent() {
		m.fail("nothing is queued")
		return
	}
	evs := m.sim.tl.since(seq)
	text := "a timer fired (no visible event)"
	for i := range evs {
		if evs[i].Kind.IsMessage() && i < len(evs)-1 {
			continue
		}
		text = evs[i].Describe()
		break
	}
	if len(evs) > 1 {
		m.say("%s  %s  (+%d more)", simTime(m.sim.now()), text, len(evs)-1)
	} else {
		m.say("%s  %s", simTime(m.sim.now()), text)
	}
}

// queueSeek adds to the pending seek and asks for a seekMsg unless one is on its way, so a held
// arrow key replays once per batch of presses rather than once per press.
// stepLock runs on to the next moment of the lock itself, and pauses there: a lock command
// proposed or applied on a node (a commit shows as the applies it brings, in the same
// instant), a reply to a client, a countdown reaching zero, a local expiry, a write's verdict.
// Watching an Expire replicate took fifteen keys at 0.1x; this is one per node.
func (m *Model) stepLock() {
	if m.sim.moving() {
		m.sim.pause()
	}
	if m.sim.atPause() {
		m.fail("at a script pause: enter to continue")
		return
	}
	e, ok := m.sim.stepLock(lockStepLimit)
	// refresh first: at a new stop it clears the status, and what j says here went with it.
	m.refresh()
	switch {
	case ok:
		m.say("%s  %s  (j: the next one)", simTime(m.sim.now()), e.Describe())
	case m.sim.atPause():
		// It ran past appends, which the timeline's lock events (v) list: say what j stops at
		// (nc32-g: "I couldn't tell what counts as a lock event for j").
		m.sayFit(fmt.Sprintf("%s  j: no proposal, apply, reply or countdown at 0 before this pause", simTime(m.sim.now())),
			fmt.Sprintf("%s  j: no proposal, apply or reply before this pause", simTime(m.sim.now())))
	default:
		m.fail("no lock event within %v (at %s now)", lockStepLimit, simTime(m.sim.now()))
	}
}

func (m *Model) queueSeek(d time.Duration) tea.Cmd {
	m.seek.by += d
	if m.seek.wait {
		return nil
	}
	m.seek.wait = true
	return func() tea.Msg { return seekMsg{} }
}

func (m *Model) doSeek() tea.Cmd {
	d := m.seek.by
	m.seek.by, m.seek.wait = 0, false
	from := m.sim.now()
	if d > 0 && m.sim.atPause() {
		// Beside the stop's own "enter continues" the long form was cut to "…" at 80x24 (nc32-e).
		m.failFit("at a script stop: enter continues first (→ never skips narration)", "(→ never skips narration)")
		return nil
	}
	if d < 0 && m.sim.atPause() {
		// Rewound from a script stop, the run lands paused, as from the script's end: it
		// played on at once, the timeline past the instant the status line named (nc25-b).
		m.sim.pause()
	}
	m.seek.stops = 0
	if d < 0 { // counted before the job: a rewind drops the log's later steps at once
		m.seek.stops = m.stopsAfter(max(0, from+d))
	}
	j, err := m.sim.seekJob(from+d, d > 0)
	if err != nil {
		m.fail("seek: %v", err)
		return nil
	}
	what := "replaying to " + simTime(max(0, from+d))
	m.seek.asked = max(0, from+d)

	if d > 0 {
		what = "running on to " + simTime(from+d)
	}
	cmd := m.startJob(j, what, seekDone)
	m.refresh()
	return cmd
}

// stopsAfter is how many of the script's stops played after instant t, not counting the one
// the playback stands at: the stops a rewind to t goes back past.
func (m *Model) stopsAfter(t time.Duration) int {
	n := 0
	for _, e := range m.sim.log().All() {
		if !e.User && (e.Step.Kind == scenarios.StepPause || e.Step.Kind == scenarios.StepAsk) && e.At > t {
			n++
		}
	}
	if m.sim.atPause() && n > 0 {
		n-- // the stop it stands at
	}
	return n
}

// onMouse selects a node or client by click, focuses the panel clicked, scrolls the timeline.
func (m *Model) onMouse(msg tea.MouseMsg) {
	if msg.Action != tea.MouseActionPress {
		return
	}
	if msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown {
		m.tl.vp, _ = m.tl.vp.Update(msg)
		m.tl.anchored, m.tl.hand = false, true
		return
	}
	if msg.Button != tea.MouseButtonLeft {
		return
	}
	x, y := msg.X, msg.Y
	if id := m.lay.nodeAt(x, y); id > 0 && id <= len(m.v.Nodes) {
		m.node, m.focus = id, panelNodes
		m.say("n%d selected", id)
		return
	}
	if i := m.lay.clientAt(x, y); i >= 0 {
		if cs := m.clients(); i < len(cs) {
			m.client, m.focus = cs[i], panelClients
			m.say("client %s selected", m.client)
		}
		return
	}
	for i := range m.panels {
		if m.lay.at[i].contains(x, y) && (panel(i) == panelNarration || m.panels[i].Focusable(m)) {
			m.focus = panel(i) // the narration too: a click says where the student looks
		}
	}
}

func speedText(s float64) string { return trimFloat(s) + "x" }

// nextLesson ends this program so the next lesson in teaching order starts (see RunPlay).
func (m *Model) nextLesson() tea.Cmd {
	if m.sim.sandbox || !m.sim.ended {
		m.fail("n plays the next lesson once this one has ended")
		return nil
	}
	nx := scenarios.Next(m.base.Name)
	if nx == "" {
		m.fail("no next lesson: %s is the last (leaselab list shows them all)", m.base.Name)
		return nil
	}
	m.next = nx
	return m.quit()
}
