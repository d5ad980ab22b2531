package ui

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// panel is a panel's place in the Model's list (panel.go); the focus is one.
type panel int

// frameMsg is one animation frame; gen tells a stale frame chain from the live one.
type frameMsg struct {
	gen int
	at  time.Time
}

// seekMsg performs the seeks asked for since the last one (held arrow keys coalesce).
type seekMsg struct{}

// Model is the root bubbletea model: it owns the playback, routes keys to actions and the
// focused panel, and draws a snapshot of the world taken in Update.
type Model struct {
	st *styles
	// oneZero: a lock at zero reads "EXPIRED HERE" at every width (compare's halves, whose
	// cells read it three ways as the width changed).
	oneZero bool
	// checkInHead: a leader's check always goes without its word, under the column title
	// "clock check" (compare's halves: the word came and went with the lock cells' room, so
	// the head read "clock check" at one stop and "clock" at the next, nc25-m).
	checkInHead bool
	// writeTimes: the clients' shared row says an accepted write too, each with its time, where
	// the row has room (compare's halves, which show no timeline beside it: cp29).
	writeTimes bool
	// ownClock: the clients' shared row says "(own clock)" after when a lock ran out, where
	// the row has room (compare's halves, as their full rows say it: nc31-b).
	ownClock bool
	// nameW: extra cells in the node table's first column, for compare's folded rows (n2-n5),
	// in every row and the head alike.
	nameW int
	// pairView: the other run's view in a comparison, so that a replication row both runs hold
	// reads alike in both halves but for what differs (late-expire's entry 6 read "LATE no-op
	// Expired{existed:false}" beside "deletes c2's lock #2 · n1 retry #1").
	pairView *cluster.View
	// tableW, pairTableW: a comparison's node table widths, this half's and the other's: a
	// net cell names its slowed peers only where both halves' lock cells keep their room.
	tableW, pairTableW int
	keys               keyMap
	help               help.Model
	input              lineEdit

	sim     *sim
	base    *scenarios.Scenario
	title   string
	seed    uint64
	saveDir string
	wall    func() time.Time // wall clock, for frame pacing only

	width, height int
	panels        []Panel // the screen's parts, from which the layout is derived (panel.go)
	lay           layout
	v             cluster.View // the snapshot the screen shows, taken in Update

	focus     panel
	node      int    // selected node id
	client    string // selected client
	keyIdx    int
	leaseIdx  int
	prompting bool

	tl         tlView              // the timeline panel's viewport
	filled     fillCache           // the says shown, their quoted rows filled (shownSays)
	filledAt   map[string][]string // each stop's says as first filled there, kept for after a rewind (shownSays)
	locks      lockView            // the lock table's prefix and key cache
	dg         dgView              // the message diagram
	page       pageView            // the pages over the panels: keys, glossary, a served session's script
	narrScroll int                 // narration lines scrolled back from the newest
	trScroll   int                 // replication rows scrolled back from the newest, while it has the focus
	seek       seekState           // the seek asked for, held arrow keys coalesced

	next        string      // the lesson to play after this program ends (n at the end)
	answers     map[int]int // the student's answer to each ask, by the ask's line
	stopSeen    int         // 1 + the script step the playback was stopped at when last refreshed (0: none)
	topAsked    bool        // > was pressed once below the top speed: y goes there
	skipOffered int         // 1 + the script step whose long wait enter was offered to skip (0: none)

	status    string
	statusAlt string // a shorter status for a screen too narrow for status (sayFit), or ""
	statusBad bool
	results   *results // the script's verdict, once it ended (play)

	job    *job // a long move in time in progress, run a piece per message
	jobGen int
	gen    int
	err    error // a panic caught in Update

	twin       *CompareModel // the lesson beside its twin (C, twin.go), over the lesson while open
	twinPaused bool          // the lesson's pause state when the twin opened, given back on leaving

	served *Served // set for a session of leaselab serve
	class  *sim    // a follower's class run (m.sim while following, not when forked)
}

// tlView is the timeline panel's viewport and what it was last filled with.
type tlView struct {
	vp      viewport.Model
	filter  filter
	version uint64 // the timeline's version the viewport holds
	shown   filter // the filter it was filled with
	set     bool   // filled at all since the last resize or stop
	atW     int    // the time column it was filled with (see wholeRows)

	// At a script stop the timeline starts at the first event since the stop before (the
	// narration tells that story from its start); the newest rows, when they do not all fit,
	// are below. anchored: it is so placed, which counts as following (nobody scrolled it).
	stopSeq  uint64 // the newest event at the latest stop
	from     uint64 // the events after this one are the story of the stop (0: the newest rows)
	told     uint64 // the latest story's start: a stop with none of its own says more of it
	anchored bool
	gap      bool     // placed at a story, which may show folded (timeline_gap.go)
	storyAt  int      // the story's first row
	marks    [][2]int // the rows of it the narration names, and its violations
	above    int      // placed at rows the narration names: rows of the story above them
	aboveAt  int      // the top row it was so placed at (scrolled away, the notes go)
	lines    []string // the viewport's content, by row
	hand     bool     // scrolled by hand (↑/↓, paging, the wheel): see scrollRows
	short    shortCache
}

// following: nobody scrolled the timeline back (it shows the newest rows, or the stop's story).
func (t *tlView) following() bool { return t.vp.AtBottom() || t.anchored }

// grow makes vp, a copy of the viewport, spare rows taller: it still shows the newest rows,
// or the stop's story from its start (and more of what came after).
func (t *tlView) grow(vp *viewport.Model, spare int) {
	vp.Height += spare
	if t.anchored || !t.vp.AtBottom() { // placed at a stop, or scrolled: the same top row
		vp.SetYOffset(vp.YOffset) // the same first row, unless the rest now fits from a higher one
	} else {
		vp.GotoBottom()
	}
}

// anchorNote is the timeline's title note while it is anchored at a stop with n rows below:
// it starts at the stop's story, or (a stop with no story of its own) at rows its says name.
func (t *tlView) anchorNote(n, top int) string {
	if t.from == 0 {
		// The rows below are past too, newer than the named ones: "↓ 4 below" at first-lock's
		// first stop read as events still to come (nc26-f); "newer" did too (nc25-f).
		below := fmt.Sprintf("↓ %d below", n) + pastWords
		if a := t.aboveNote(top); a != "" {
			return fmt.Sprintf("rows the narration names · %s · %s", a, below)
		}
		return "rows the narration names · " + below
	}
	if a := t.aboveNote(top); a != "" {
		return fmt.Sprintf("%s · ↓ %d more", a, n)
	}
	return fmt.Sprintf("since last stop · ↓ %d more", n)
}

// atStop takes in a new script stop whose newest event is seq: the story to show is what came
// since the stop before. The first stop has none before it: what led to it is the setup, and
// its newest rows are the state the narration describes, unless its says name rows above them
// (syncTimeline, firstStop). A stop at the same event as the one before (two pauses at one
// instant) has no story of its own: it shows the newest rows, what the stop before had below
// ("since last stop, 3 newer below" again, over the same rows, said something had happened
// since).
func (t *tlView) atStop(seq uint64) {
	switch {
	case seq > t.stopSeq && t.stopSeq > 0:
		t.from, t.told = t.stopSeq, t.stopSeq
	case seq < t.from, seq < t.told: // a rewind
		t.from, t.told = 0, 0
	case seq == t.stopSeq: // nothing since the stop before (its story was shown)
		t.from = 0
	}
	t.stopSeq = seq
}

// newTLView is an empty timeline viewport that the root's key routing alone scrolls.
func newTLView() tlView {
	vp := viewport.New(40, 5)
	vp.MouseWheelEnabled = true
	vp.KeyMap = viewport.KeyMap{} // keys reach it only through the root's routing
	return tlView{vp: vp}
}

// lockView is what the lock table shows.
type lockView struct {
	prefix string // only keys with this prefix
	cache  cluster.KeyCache
}

// dgView is the message diagram's state.
type dgView struct {
	on   bool   // the message diagram replaces the panels
	all  bool   // it shows heartbeats and other routine messages too
	only only   // it shows only one key's or one client's messages
	sel  uint64 // the selected row (its event's Seq); 0 follows the present
	// Which of that event's rows: a request refused at a crashed node draws two, the drop and
	// the client's 'cannot reach' mark, and ↑ stuck on the second (nc30-e).
	selN int
	// The selected row's details: the first line shown (shift+↑/↓ when they are longer than
	// their box) and the most it can be, as last drawn. A new selection shows them from the top.
	detTop, detMax int
	// The rows that pass the filters left out above and below the window, as last drawn.
	above, below int
}

// pageView is the pages over the panels.
type pageView struct {
	glossary  bool     // the ? screen's second page is open
	glossTop  int      // its first line shown
	glossOn   []int    // the glossary entries the screen behind it shows (openGlossary)
	glossKey  string   // the screen glossOn was found on (glossScreenKey)
	helpTop   int      // the keys page's first line shown
	script    []string // the script page (w in a served session), or nil
	scriptTop int
}

// seekState is the seek asked for by the arrow keys.
type seekState struct {
	by    time.Duration // pending seek distance
	wait  bool          // a seekMsg is on its way
	asked time.Duration // the instant the latest seek asked for (it may land just before)
	stops int           // the script stops a rewind goes back past (seekDone says so)
}

var (
	sandboxKeys = []string{"orders", "billing", "cache"}
	leases      = []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}
	dropSteps   = []float64{0, 10, 30}
	baseClients = []string{"c1", "c2", "c3"}
)

// newModel builds the TUI around a scenario; sandbox marks the interactive sandbox.
func newModel(base *scenarios.Scenario, o Options, st *styles, sandbox bool) (*Model, error) {
	s, err := newSim(base, o.Seed, o.Speed, sandbox)
	if err != nil {
		return nil, err
	}
	if o.StartPaused {
		s.paused = true
	}
	m := &Model{
		input: newLineEdit(),
		st:    st, keys: newKeyMap(), help: help.New(), tl: newTLView(),
		sim: s, base: base, title: termsafe.Line(base.Header.Title), seed: o.Seed, saveDir: o.SaveDir,
		wall: time.Now, node: 1, client: "c1", leaseIdx: scriptLeaseIdx(base), focus: panelNodes, panels: defaultPanels(),
	}
	m.keys.Twin = twinKey(base, sandbox)
	s.wall = func() time.Time { return m.wall() }
	if sandbox {
		m.title = "sandbox"
	}
	if m.saveDir == "" {
		m.saveDir = "."
	}
	m.help.Styles.ShortKey, m.help.Styles.FullKey = st.helpKey, st.helpKey
	m.help.Styles.ShortDesc, m.help.Styles.FullDesc = st.helpDesc, st.helpDesc
	m.help.Styles.ShortSeparator, m.help.Styles.FullSeparator, m.help.Styles.Ellipsis = st.helpSep, st.helpSep, st.helpSep
	m.help.Ellipsis = helpMore
	m.sayFit(m.hint())
	m.resize(80, 24)
	return m, nil
}

// hint is the status line at start, long and short (for 80 columns).
func (m *Model) hint() (long, short string) {
	if m.sim.sandbox {
		return "1-9 pick a node, i isolate, x crash · tab pick a client, a acquire · : any step · ? keys, ?? glossary",
			"1-9 node, i isolate, x crash · tab client, a acquire · : any step · ? keys"
	}
	return "space pause · enter continue at a script pause · ← → travel in time · ? keys, ?? glossary",
		"space pause · enter continues a script pause · ← → travel · ? keys"
}

// Init starts the frame clock, unless the model starts paused.
func (m *Model) Init() tea.Cmd {
	m.refresh()
	if m.sim.moving() && !m.Following() {
		m.sim.resume(m.wall())
		return m.tick()
	}
	return nil
}

func (m *Model) tick() tea.Cmd {
	m.gen++
	gen := m.gen
	return tea.Tick(m.sim.every(), func(t time.Time) tea.Msg { return frameMsg{gen: gen, at: t} })
}

// Update handles one message. A panic here is caught so the terminal is restored, and the
// error is printed after the program ends.
func (m *Model) Update(msg tea.Msg) (_ tea.Model, cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			m.err = fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
			cmd = tea.Quit
		}
	}()
	if m.Following() {
		switch msg.(type) {
		case frameMsg, seekMsg, jobMsg: // the teacher's run moves only in the teacher's session
			return m, nil
		}
	}
	if m.twin != nil {
		if cmd, done := m.twinUpdate(msg); done {
			return m, cmd
		}
	}
	was := m.sim.moving()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		m.refresh()
		if m.page.glossary { // the screen behind it, at the new size, shows other words
			m.page.glossOn, m.page.glossKey = glossaryOn(m.screenWords()), m.glossScreenKey()
			m.scrollGlossary(0)
		}
		return m, nil
	case frameMsg:
		if msg.gen != m.gen || !m.sim.moving() {
			return m, nil
		}
		m.sim.frame(msg.at)
		m.refresh()
		if m.sim.moving() {
			return m, m.tick()
		}
		return m, nil
	case seekMsg:
		cmd = m.doSeek()
	case jobMsg:
		if m.job == nil || msg.gen != m.job.gen {
			return m, nil
		}
		cmd = m.stepJob()
		m.refresh()
	case tea.KeyMsg:
		var cmds []tea.Cmd
		for _, k := range splitRunes(msg) {
			cmds = append(cmds, m.onKey(k))
		}
		cmd = tea.Sequence(cmds...)
	case tea.MouseMsg:
		m.onMouse(msg)
	}
	if m.lay.mode != modeSmall && m.lay.helpRows != m.footerRowsWanted() {
		m.resize(m.width, m.height) // a prompt error appeared, changed or went
	}
	if cmd == nil && !was && m.sim.moving() && !m.Following() {
		m.sim.resume(m.wall())
		cmd = m.tick()
	}
	return m, cmd
}

// refresh takes the snapshot the screen draws and brings the timeline and verdict up to date.
func (m *Model) refresh() {
	m.sim.attach()
	stop := 0
	if m.atStop() {
		stop = 1 + m.sim.pc()
	}
	if stop > 0 && stop != m.stopSeen { // a new stop, maybe at the instant of the one before
		m.status, m.statusAlt, m.statusBad = "", "", false // what was said before the stop is stale now
		m.tl.set = false                                   // and the timeline shows what came since the stop before, which the narration speaks of
		m.tl.atStop(m.sim.tl.lastSeq())
	}
	m.stopSeen = stop
	m.offerSkip()
	m.takeView()
	lay := m.lay
	if m.node > len(m.v.Nodes) {
		m.node = 1
	}
	if m.sim.ended && m.results == nil {
		m.results = newResults(m.sim.verdict())
		m.status, m.statusAlt, m.statusBad = "", "", false // "continuing the script" and the like are stale now
		m.resize(m.width, m.height)
	} else if !m.sim.ended && m.results != nil {
		m.results = nil
		m.resize(m.width, m.height)
	} else if m.lay.mode != modeSmall && m.narrationLines(m.width, m.height) != m.lay.narration.h {
		m.resize(m.width, m.height) // a `say` typed at the prompt can need more room
	} else if m.lay.mode != modeSmall && len(m.lay.cols) != len(m.v.Nodes) {
		m.resize(m.width, m.height) // a node joined: a column (or a row) more
	} else if m.lay.mode == modeCompact && m.namedTrackerRows() != m.lay.growWant {
		m.resize(m.width, m.height) // the Replication keeps the entries the narration names
	}
	if m.lay.logTail != lay.logTail || m.lay.proposals != lay.proposals {
		// The end's verdict (or a longer narration) resized the panels after the snapshot was
		// taken: a column drew more log rows than the snapshot held, as "2 ?".
		m.takeView()
	}
	if m.sim.moving() {
		m.dg.sel, m.dg.detTop = 0, 0 // running: the diagram follows the present
	}
	m.syncTimeline()
}

// takeView takes the snapshot the screen draws, as much of it as the layout shows.
func (m *Model) takeView() {
	// The log tail covers the Replication panel's rows too: it names the entries between its
	// proposals (a new leader's empty entry) from the nodes' logs.
	// (And the rows back to an entry the narration names, so namedTrackerRows counts them as
	// they are, not estimated: the layout made for them stays.)
	props := max(m.lay.proposals, min(m.lay.growWant, trackerKept))
	if m.focus == panelTracker {
		props = max(props, trackerKept) // every proposal the tracker keeps, to scroll back through
	}
	o := cluster.ViewOptions{LogTail: max(m.lay.logTail, 2*props), Events: 1, Proposals: props,
		LockRows: m.lockRowsFit(), LockKeys: m.lockKeysWanted(), LockPrefix: m.locks.prefix, KeyCache: &m.locks.cache}
	if m.Following() && m.served.View != nil {
		m.v = m.served.View(o)
	} else {
		m.v = m.sim.world().View(o)
	}
}

// atStop: the script stopped here, at a pause or its end, with narration about what led here.
func (m *Model) atStop() bool { return m.sim.atPause() || m.sim.ended && !m.sim.moving() }

// tlRows is how many of the latest events the timeline viewport holds.
const tlRows = 400

// syncTimeline refills the viewport when the events or the filter changed, following the
// newest event unless the user scrolled up.
func (m *Model) syncTimeline() {
	tl := m.sim.tl
	if m.tl.set && tl.version == m.tl.version && m.tl.filter == m.tl.shown {
		return
	}
	follow := !m.tl.set || m.tl.vp.AtBottom() || m.tl.anchored || m.tl.filter != m.tl.shown
	content := tl.content(m.tl.filter, tlRows, m.tl.vp.Width, m.st)
	m.tl.vp.SetContent(content)
	m.tl.lines = strings.Split(content, "\n")
	m.tl.short = shortCache{}
	m.tl.atW = timeColumn(&tl.rings[m.tl.filter])
	m.tl.version, m.tl.shown, m.tl.set = tl.version, m.tl.filter, true
	if follow {
		m.tl.vp.GotoBottom()
		m.tl.anchored, m.tl.gap, m.tl.above, m.tl.hand = false, false, 0, false
		if !m.atStop() {
			return
		}
		says := m.stopSays()
		if m.tl.from > 0 {
			if first, marks, ok := tl.story(m.tl.filter, tlRows, m.tl.from, newRowNames(says), true); ok {
				// A violation, or a row the narration names, is what the stop is about: the
				// first one whole on screen, and the ones after it as far as the first stays.
				m.tl.vp.SetYOffset(markedTop(first, marks, m.tl.vp.Height))
				m.tl.anchored = !m.tl.vp.AtBottom()
				m.tl.gap, m.tl.storyAt, m.tl.marks = true, first, marks
				m.tl.above, m.tl.aboveAt = m.tl.vp.YOffset-first, m.tl.vp.YOffset
			}
		} else if names := newRowNames(says); names.any() && (m.tl.told > 0 || m.firstStop()) {
			// A stop with no story of its own, whose says tell more of the one before
			// (etcd-failover-reset's 'n1 began that round'), or the script's first stop,
			// whose story is the setup (first-lock's 'n1 becomes leader (term 1)', above the
			// newest rows at 80x24): the newest rows, unless rows the says name are above
			// them (the violations were the stop before's to show).
			if first, marks, ok := tl.story(m.tl.filter, tlRows, m.tl.told, names, false); ok && len(marks) > 0 && marks[0][0] < m.tl.vp.YOffset {
				// The first named row at the top, and as many newer rows as fit after it: the
				// newest too where they all fit (racing-acquires-unsafe's 'One fault, two
				// witnesses' at 120x40: lost-grant's row at the foot hid non-linearizable's).
				m.tl.vp.SetYOffset(marks[0][0])
				m.tl.anchored = !m.tl.vp.AtBottom()
				// The story's rows above the named one say so (nc19-d, first-lock at 80x24:
				// the pre-candidate and candidate rows the narration tells of were above
				// 'n1 becomes leader', under a title with only "↓ 2 newer").
				m.tl.above, m.tl.aboveAt = m.tl.vp.YOffset-first, m.tl.vp.YOffset
			}
		}
	}
}

// firstStop says whether the playback stands at the script's first stop: no pause or ask of
// the script played before it (the user's own steps are no stops).
func (m *Model) firstStop() bool {
	stops := 0
	for _, e := range m.sim.log().All() {
		if !e.User && (e.Step.Kind == scenarios.StepPause || e.Step.Kind == scenarios.StepAsk) {
			stops++
		}
	}
	if m.sim.atPause() {
		stops-- // the pause or ask it stands at
	}
	return stops <= 0
}

// markedTop is the first row to show of a story that starts at row first, with marks (each
// [from, to)) to show: the first mark whole, and the ones after it as far as the first stays.
func markedTop(first int, marks [][2]int, h int) int {
	top := first
	for _, v := range marks {
		top = max(top, min(v[1]-h, marks[0][0]))
	}
	return top
}

// footerRowsWanted is how many rows the footer needs now: the resize that follows caps it.
func (m *Model) footerRowsWanted() int {
	return 1 + m.promptErrExtra(m.width, m.height, m.narrationLines(m.width, m.height))
}

// promptErrExtra is the rows beyond one that a wrapping prompt error takes from the panels,
// as the narration does: at most what the narration leaves of its room (one at least).
func (m *Model) promptErrExtra(w, h, narr int) int {
	// One row more than the narration leaves: the whole list of step words (a longer one since
	// `cX timeout`) fits at 80x24 under a lesson's narration; the timeline gives the row.
	return min(max(0, len(m.promptErrLines(w))-1), max(1, narrationRoom(w, h, m.sim.world().Nodes())-narr+1))
}

// resize recomputes every size from the terminal's; the one place sizes are decided.
func (m *Model) resize(w, h int) {
	m.width, m.height = w, h
	narr := m.narrationLines(w, h)
	extra := m.promptErrExtra(w, h, narr)
	m.lay = computeLayout(w, h, m.sim.world().Nodes(), narr+extra, m.panels)
	if m.lay.mode != modeSmall {
		m.lay.narration.h = narr
		m.lay.status, m.lay.help, m.lay.helpRows = h-2-extra, h-1-extra, 1+extra
	}
	if m.lay.mode == modeCompact {
		m.lay.growWant = m.namedTrackerRows()
		m.lay.growTracker(m.lay.growWant - m.entryRoom(m.lay.tracker.h-1))
	}
	m.tl.vp.Width, m.tl.vp.Height = max(1, m.lay.timeline.w-2), max(1, m.lay.timeline.h-2)
	if m.lay.mode == modeCompact {
		m.tl.vp.Width, m.tl.vp.Height = max(1, m.lay.timeline.w), max(1, m.lay.timeline.h-1)
	}
	m.help.Width = w
	m.tl.set = false
}

// clients is the client list: the world's, then the sandbox's c1 c2 c3 not yet mentioned
// (shown, not created: the world only learns of a client from the step that first uses it).
func (m *Model) clients() []string {
	var out []string
	for _, c := range m.v.Clients {
		out = append(out, c.Name)
	}
	for _, c := range baseClients {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	// In name order, c2 before c10, as a reader looks one up (the world knows them in the order
	// the script first used them: c2, c1, c3 read as a ranking).
	slices.SortStableFunc(out, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return out
}

// keysList is the keys the client keys cycle through: the script's, then the sandbox's.
func (m *Model) keysList() []string {
	var out []string
	for _, st := range m.base.Steps {
		k := st.Key
		if k == "" && st.Cond != nil {
			k = st.Cond.Key
		}
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, k := range sandboxKeys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func (m *Model) curKey() string          { ks := m.keysList(); return ks[m.keyIdx%len(ks)] }
func (m *Model) curLease() time.Duration { return leases[m.leaseIdx%len(leases)] }

// scriptLeaseIdx is where l's cycle starts: at the script's first acquire's lease, as the key
// starts at the script's first key, so the clients' title offers what the story uses
// (first-lock's title said "orders 3s" beside its 5s leases, nc18-d); 3s where the script
// acquires nothing, or with a lease l does not offer. l offers 1m, the lease-read lessons' and
// snapshot-catch-up's first (lease-read's title read "3s" beside c1's 1m and c2's 10s: nc31-f).
func scriptLeaseIdx(base *scenarios.Scenario) int {
	for _, st := range base.Steps {
		if st.Kind == scenarios.StepAcquire {
			if i := slices.Index(leases, st.Dur); i >= 0 {
				return i
			}
			break
		}
	}
	return 2
}

func (m *Model) say(format string, a ...any) {
	m.status, m.statusAlt, m.statusBad = fmt.Sprintf(format, a...), "", false
}

// sayFit says long, or short where long does not fit the screen's width.
func (m *Model) sayFit(long, short string) {
	m.status, m.statusAlt, m.statusBad = long, short, false
}

func (m *Model) fail(format string, a ...any) {
	m.status, m.statusAlt, m.statusBad = fmt.Sprintf(format, a...), "", true
}

// failFit is fail with a shorter form where long does not fit (as sayFit).
func (m *Model) failFit(long, short string) {
	m.status, m.statusAlt, m.statusBad = long, short, true
}

// nodeView is the selected node's snapshot.
func (m *Model) nodeView(id int) *cluster.NodeView {
	if id < 1 || id > len(m.v.Nodes) {
		return nil
	}
	return &m.v.Nodes[id-1]
}

// lockRowsFit is how many keys the lock table can show: a node column's height less its state,
// rules, one log row and the "+N more" line; the compact table shows a few per line.
func (m *Model) lockRowsFit() int {
	if m.lay.mode == modeFull && len(m.lay.cols) > 0 {
		return max(1, m.lay.cols[0].h-10)
	}
	return 8
}

// lockKeysWanted are the keys the lock table shows even among thousands: the selected key and
// the keys the selected client holds (as of the last frame).
func (m *Model) lockKeysWanted() []string {
	keys := []string{m.curKey()}
	for _, c := range m.v.Clients {
		if c.Name == m.client {
			for _, h := range c.Holds {
				keys = append(keys, h.Key)
			}
		}
	}
	return keys
}
