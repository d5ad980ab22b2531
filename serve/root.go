package serve

import (
	"fmt"
	"runtime/debug"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/ui"
)

// leaveMsg is what a session's ui.Model sends instead of quitting.
type leaveMsg struct{}

// root is a session's bubbletea model: the menu, or the Model it opened (a lesson, the
// sandbox, the class as teacher or follower). It takes the locks a Model needs around it.
type root struct {
	se     *session
	r      *lipgloss.Renderer
	menu   *menu
	child  *ui.Model
	class  *class // the class the child teaches or follows
	fresh  uint64 // the class version a follower last refreshed at
	direct bool   // opened by `ssh HOST play NAME`: leaving ends the session
	w, h   int
	bye    string // why the session ends, said after the program

	quitting bool // the program was told to quit

	checked time.Time // the last look at the world's bounds
}

func newRoot(se *session, r *lipgloss.Renderer) *root {
	rt := &root{se: se, r: r, w: 80, h: 24}
	rt.menu = newMenu(rt)
	return rt
}

func (rt *root) served() *ui.Served {
	every := time.Second / studentFPS
	if rt.se.teacher {
		every = time.Second / teacherFPS
	}
	return &ui.Served{Renderer: rt.r, NoColor: rt.r.ColorProfile() == termenv.Ascii, Leave: leaveMsg{}, FrameEvery: every}
}

func (rt *root) Init() tea.Cmd {
	if rt.child != nil {
		return rt.childInit()
	}
	return nil
}

// Update routes a message. Its screen follows the class's frames while the child follows
// (else the program's renderer draws it, repainting all once it stopped following); a
// program that is quitting gets its renderer back, to restore the client's terminal.
func (rt *root) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		if ws.Width <= 0 || ws.Height <= 0 {
			return rt, nil // wish's middleware reads a closed channel's zero window while the session ends
		}
		msg = clampWindow(ws.Width, ws.Height)
	}
	_, cmd := rt.update(msg)
	follow := !rt.quitting && rt.child != nil && rt.class != nil && rt.child.Following()
	if rt.se.scr.setFollow(follow) && !follow && !rt.quitting {
		cmd = tea.Batch(cmd, tea.ClearScreen)
	}
	return rt, cmd
}

// quit ends the program.
func (rt *root) quit() tea.Cmd {
	rt.quitting = true
	return tea.Quit
}

// update routes a message; a panic ends this session only.
func (rt *root) update(msg tea.Msg) (_ tea.Model, cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			rt.se.srv.log.Printf("session %d (%s): panic: %v\n%s", rt.se.id, rt.se.user, r, debug.Stack())
			rt.bye = "internal error: this session ends (the server goes on)"
			cmd = rt.quit()
		}
	}()
	switch msg := msg.(type) {
	case endMsg:
		return rt, rt.quit()
	case tea.WindowSizeMsg:
		rt.w, rt.h = msg.Width, msg.Height
	case tea.KeyMsg, tea.MouseMsg:
		rt.se.active.Store(time.Now().UnixNano())
	case leaveMsg:
		return rt, rt.leave()
	case kickMsg:
		return rt, rt.onKick()
	}
	if rt.child == nil {
		return rt, rt.menu.update(msg)
	}
	cmd = rt.childUpdate(msg)
	if rt.child != nil && rt.child.Err() != nil {
		rt.se.srv.log.Printf("session %d (%s): %v", rt.se.id, rt.se.user, rt.child.Err())
		rt.bye = "internal error: this session ends (the server goes on)"
		return rt, rt.quit()
	}
	if why := rt.outOfBounds(); why != "" {
		rt.bye = why
		return rt, rt.quit()
	}
	return rt, cmd
}

func (rt *root) View() (out string) {
	defer func() {
		if r := recover(); r != nil {
			rt.se.srv.log.Printf("session %d (%s): panic while drawing: %v\n%s", rt.se.id, rt.se.user, r, debug.Stack())
			out = "leaselab: internal error while drawing (q leaves)"
		}
	}()
	if rt.child == nil {
		return rt.menu.view()
	}
	if rt.class == nil {
		return rt.child.View()
	}
	c := rt.class
	if rt.child.Following() {
		c.mu.Lock()
		f := c.frame(rt)
		c.mu.Unlock()
		rt.se.scr.show(f) // outside the class's lock: it may wait for this client
		return followPlaceholder
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return rt.child.View()
}

// childUpdate runs the child's Update under the locks its run needs: the class's lock for a
// class's run (the teacher's, or a follower's reading it or forking from it), the process-wide
// world lock for any stepping.
func (rt *root) childUpdate(msg tea.Msg) (cmd tea.Cmd) {
	c := rt.class
	teacher := c != nil && c.model == rt.child
	if c != nil && (teacher || rt.child.Following() || isKey(msg, "F")) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if v := c.version.Load(); !teacher && rt.child.Following() && rt.fresh != v {
			rt.child.Refresh() // it may have shown others' frames without refreshing
			rt.fresh = v
		}
	}
	cluster.Exclusive(func() { _, cmd = rt.child.Update(msg) })
	if teacher {
		c.moved()
	} else if c != nil {
		c.setForked(rt.se, rt.child.Forked())
	}
	return cmd
}

func (rt *root) childInit() (cmd tea.Cmd) {
	c := rt.class
	if c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	cluster.Exclusive(func() {
		cmd = rt.child.Init()
		_, _ = rt.child.Update(tea.WindowSizeMsg{Width: rt.w, Height: rt.h})
	})
	if c != nil {
		rt.fresh = c.version.Load()
	}
	return cmd
}

func isKey(msg tea.Msg, k string) bool {
	km, ok := msg.(tea.KeyMsg)
	return ok && km.String() == k
}

// onKick: a follower refreshes from its class (or, the class closed, goes back to the menu); a
// teacher just redraws (a tally or the members changed).
func (rt *root) onKick() tea.Cmd {
	c := rt.class
	if rt.child == nil { // in the menu: a class opened or closed
		rt.menu.refresh()
		return nil
	}
	if c == nil {
		return nil
	}
	if c.model != rt.child && c.isClosed() {
		rt.leaveClass()
		rt.setChild(nil)
		rt.menu.note = "the class has ended"
		rt.menu.refresh()
		return nil
	}
	return nil // a follower's View shows the class's latest frame
}

// leave: the child quit (q, n at a lesson's end). The next lesson follows, or the menu.
func (rt *root) leave() tea.Cmd {
	next := ""
	if rt.child != nil {
		next = rt.child.Next()
	}
	rt.leaveClass()
	rt.setChild(nil)
	if next != "" {
		return rt.openLesson(next, false)
	}
	if rt.direct {
		return rt.quit()
	}
	rt.menu.refresh()
	return nil
}

// leaveClass takes the session out of its class; a teacher's leaving ends the class.
func (rt *root) leaveClass() {
	c := rt.class
	if c == nil {
		return
	}
	rt.class = nil
	if c.model == rt.child {
		rt.se.srv.closeClass(c)
		return
	}
	c.leave(rt.se)
}

// openLesson opens a bundled lesson (by name), for this session alone or, for a teacher, as
// the class.
func (rt *root) openLesson(name string, asClass bool) tea.Cmd {
	var s *scenarios.Scenario
	for _, l := range scenarios.Lessons() {
		if l.Name == name {
			var err error
			if s, err = scenarios.Parse(l.Name+".scenario", l.Source); err != nil {
				rt.menu.note = err.Error()
				return nil
			}
		}
	}
	if s == nil {
		rt.menu.note = "no lesson " + name
		return nil
	}
	var m *ui.Model
	var err error
	cluster.Exclusive(func() { m, err = ui.NewServedPlay(s, ui.Options{Seed: s.Header.Seed}, rt.served()) })
	return rt.open(m, err, asClass, s.Header.Title)
}

// openSandbox opens a sandbox, alone or as the class.
func (rt *root) openSandbox(asClass bool) tea.Cmd {
	var m *ui.Model
	var err error
	seed := uint64(time.Now().UnixNano()%1000 + 1)
	cluster.Exclusive(func() { m, err = ui.NewServedSandbox(ui.Options{Seed: seed}, rt.served()) })
	return rt.open(m, err, asClass, "sandbox")
}

func (rt *root) open(m *ui.Model, err error, asClass bool, title string) tea.Cmd {
	if err != nil {
		rt.menu.note = err.Error()
		return nil
	}
	if asClass {
		c, err := rt.se.srv.openClass(rt.se, m, title)
		if err != nil {
			rt.menu.note = err.Error()
			return nil
		}
		sv := rt.served()
		sv.ClassLine = c.line
		m.SetServed(sv)
		rt.class = c
	}
	rt.setChild(m)
	return rt.childInit()
}

// joinClass makes this session a follower of the open class.
func (rt *root) joinClass() tea.Cmd {
	c := rt.se.srv.openedClass()
	if c == nil || !c.join(rt.se) {
		rt.menu.note = "no class is open"
		rt.menu.refresh()
		return nil
	}
	sv := rt.served()
	se := rt.se
	sv.OnAnswer = func(line, choice int) { c.answer(se, line, choice) }
	sv.Revealed = c.revealed
	sv.View = c.view
	sv.MayFork = se.mayFork
	c.mu.Lock()
	f := c.model.Follower(sv)
	c.mu.Unlock()
	rt.class = c
	rt.setChild(f)
	c.teacher.wake()
	return rt.childInit()
}

// forkEvery is the least wall time between a follower's forks: each copies the class's world
// (about a millisecond and 400 KB) holding the class's lock and the world lock, so F sent as
// fast as the keyboard's budget allows would keep the teacher and every session waiting.
var forkEvery = time.Second

// mayFork allows a follower's fork at most once per forkEvery (its program's goroutine only).
func (se *session) mayFork() error {
	if wait := paced(&se.lastFork, forkEvery); wait > 0 {
		return fmt.Errorf("F forks again in %.1fs (a fork copies the class's world)", wait.Seconds())
	}
	return nil
}

// openEvery is the least wall time between two things a session opens from its menu: a
// lesson or the sandbox builds a world (raft nodes and all) holding the world lock, joining
// the class draws a follower holding the class's lock, so enter and q sent as fast as the
// keyboard's budget allows would keep every session waiting.
var openEvery = time.Second

// mayOpen allows an opening from the menu at most once per openEvery.
func (se *session) mayOpen() error {
	if wait := paced(&se.lastOpen, openEvery); wait > 0 {
		return fmt.Errorf("the menu opens again in %.1fs (one opening a second)", wait.Seconds())
	}
	return nil
}

// paced says how long until every has passed since *last; when it has, *last becomes now.
func paced(last *time.Time, every time.Duration) time.Duration {
	now := time.Now()
	if wait := last.Add(every).Sub(now); wait > 0 {
		return wait
	}
	*last = now
	return 0
}

// Bounds on one session's world (see the package doc): past one, the session ends.
const (
	maxSimTime    = 24 * time.Hour // simulated time, from the run's start
	maxWorldBytes = 64 << 20       // what a copy of the world would hold (cluster.World.CloneSize)
)

// maxActions bounds the actions a session's run records (each key that acts is one, kept
// with its step twice until the run ends, about 600 bytes): a paste of 200,000 h (heal) keys
// grew the server's heap by 140 MB. No lesson or class needs near this many.
var maxActions = 10000

// outOfBounds checks the session's own world, once a second.
func (rt *root) outOfBounds() string {
	if rt.child == nil || rt.child.Following() || time.Since(rt.checked) < time.Second {
		return ""
	}
	rt.checked = time.Now()
	if c := rt.class; c != nil && c.model == rt.child {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	var now time.Duration
	var size int64
	var acts int
	cluster.Exclusive(func() {
		w := rt.child.World()
		now, size, acts = w.Now(), w.CloneSize(), rt.child.Actions()
	})
	switch {
	case acts > maxActions:
		return fmt.Sprintf("this session's run passed its bound of %d actions", maxActions)
	case now > maxSimTime:
		return fmt.Sprintf("this session's world passed its bound of %v of simulated time", maxSimTime)
	case size > maxWorldBytes:
		return fmt.Sprintf("this session's world passed its bound of %d MB (keys, leases, log)", maxWorldBytes>>20)
	}
	return ""
}

// setChild changes what the session shows (the session keeps it for tests and benchmarks).
func (rt *root) setChild(m *ui.Model) {
	rt.child = m
	rt.se.model.Store(m)
}
