package serve

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios/termsafe"
	"leaselab/ui"
)

// followerHz is how often at most a class's followers are told it moved: each is drawn at
// most that often, and only after a change.
const followerHz = 10

// A class is one world, driven by its teacher's session, followed by students.
//
// Locks: mu guards the class's run (the teacher's Model and everything the followers read of
// it): the teacher's Update and View, a follower's refresh and drawing, a fork's clone all hold
// it; stepping also holds cluster.Exclusive, taken inside mu. reg guards the members and the
// answers, and is taken inside mu or alone, never the other way.
type class struct {
	title   string
	teacher *session
	mu      sync.Mutex
	model   *ui.Model // the teacher's
	version atomic.Uint64

	// frames are the followers' screens drawn at one version, by FollowKey: drawn once for
	// every follower with the same size and view, under mu.
	frames    map[string]*frameEntry
	framesAt  uint64
	views     map[viewKey]cluster.View // the world's snapshots at viewsAt, by options
	viewsAt   uint64
	keyCache  cluster.KeyCache
	renders   atomic.Int64 // frames drawn for followers (tests, benchmarks)
	viewsMade atomic.Int64 // world snapshots taken for followers (tests)

	reg     sync.Mutex
	members map[*session]*member
	answers map[int]map[*session]int // ask line -> member -> choice
	closed  bool

	stop chan struct{}
	done chan struct{}
}

type member struct {
	forked bool
}

func newClass(teacher *session, m *ui.Model, title string) *class {
	c := &class{title: title, teacher: teacher, model: m, frames: map[string]*frameEntry{}, views: map[viewKey]cluster.View{}, members: map[*session]*member{},
		answers: map[int]map[*session]int{}, stop: make(chan struct{}), done: make(chan struct{})}
	go c.fanOut()
	return c
}

// moved is called after the teacher's Update: followers hear of it at the next fan-out.
func (c *class) moved() { c.version.Add(1) }

// fanOut tells every follower the class moved, at most followerHz times a second and only
// after a change. A wake never blocks: a follower slow to draw gets the latest news once.
func (c *class) fanOut() {
	defer close(c.done)
	t := time.NewTicker(time.Second / followerHz)
	defer t.Stop()
	sent := c.version.Load()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			if v := c.version.Load(); v != sent {
				sent = v
				c.reg.Lock()
				for se := range c.members {
					se.wake()
				}
				c.reg.Unlock()
			}
		}
	}
}

// close ends the class: its followers go back to their menus.
func (c *class) close() {
	c.reg.Lock()
	if c.closed {
		c.reg.Unlock()
		return
	}
	c.closed = true
	ms := make([]*session, 0, len(c.members))
	for se := range c.members {
		ms = append(ms, se)
	}
	c.reg.Unlock()
	close(c.stop)
	<-c.done
	for _, se := range ms {
		se.wake()
	}
}

func (c *class) isClosed() bool {
	c.reg.Lock()
	defer c.reg.Unlock()
	return c.closed
}

func (c *class) join(se *session) bool {
	c.reg.Lock()
	defer c.reg.Unlock()
	if c.closed {
		return false
	}
	c.members[se] = &member{}
	return true
}

func (c *class) leave(se *session) {
	c.reg.Lock()
	delete(c.members, se)
	for _, a := range c.answers {
		delete(a, se)
	}
	c.reg.Unlock()
	c.teacher.wake()
}

func (c *class) setForked(se *session, forked bool) {
	c.reg.Lock()
	if m := c.members[se]; m != nil && m.forked != forked {
		m.forked = forked
		defer c.teacher.wake()
	}
	c.reg.Unlock()
}

// answer records a follower's answer to the ask at line; the teacher's tally redraws.
func (c *class) answer(se *session, line, choice int) {
	c.reg.Lock()
	if c.answers[line] == nil {
		c.answers[line] = map[*session]int{}
	}
	c.answers[line][se] = choice
	c.reg.Unlock()
	c.teacher.wake()
}

// revealed says whether the teacher has shown the answer of the ask at line (called under mu).
func (c *class) revealed(line int) bool { return c.model.Answered(line) }

// line is the teacher's status: who is here, and the tally of the ask the class stands at
// ("14 of 18 answered · 1: 3 · 2: 11 · 3: 0") until the teacher reveals it, in its longest form
// that fits in room cells (its shortest when none does): the script's pause note beside it
// must show whole, at 80 columns too (called under mu).
func (c *class) line(room int) string {
	forms := c.lines()
	for _, f := range forms {
		if ansi.StringWidth(f) <= room {
			return f
		}
	}
	return forms[len(forms)-1]
}

// lines are the teacher's status line's forms, longest first: fewer names, then none, then
// shorter words (following is connected less forked, so the shortest says it all).
func (c *class) lines() []string {
	c.reg.Lock()
	defer c.reg.Unlock()
	n, forked := len(c.members), 0
	var names []string
	for se, m := range c.members {
		if m.forked {
			forked++
		}
		names = append(names, termsafe.Line(se.user))
	}
	sort.Strings(names)
	if line, choices, ok := c.model.Ask(); ok && !c.model.Answered(line) {
		count := make([]int, choices)
		for _, ch := range c.answers[line] {
			if ch >= 0 && ch < choices {
				count[ch]++
			}
		}
		tally := ""
		for i, k := range count {
			tally += fmt.Sprintf(" · %d: %d", i+1, k)
		}
		got := len(c.answers[line])
		return []string{
			fmt.Sprintf("%d of %d answered%s · your answer reveals it", got, n, tally),
			fmt.Sprintf("%d of %d answered%s", got, n, tally),
			fmt.Sprintf("%d/%d answered%s", got, n, tally),
		}
	}
	var out []string
	for k := min(len(names), 6); k > 0; k-- {
		who := strings.Join(names[:k], ", ")
		if len(names) > k {
			who += fmt.Sprintf(", +%d", len(names)-k)
		}
		out = append(out, fmt.Sprintf("class: %d connected (%s) · %d following · %d forked", n, who, n-forked, forked))
	}
	return append(out,
		fmt.Sprintf("class: %d connected · %d following · %d forked", n, n-forked, forked),
		fmt.Sprintf("class: %d connected · %d forked", n, forked),
		fmt.Sprintf("%d in class · %d forked", n, forked))
}

// who lists the members' names, for the teacher's menu.
func (c *class) who() []string {
	c.reg.Lock()
	defer c.reg.Unlock()
	var out []string
	for se := range c.members {
		out = append(out, se.user)
	}
	sort.Strings(out)
	return out
}

// view is the class world's snapshot for a follower's options, taken once per version and
// options (called under mu, by a follower's refresh). The followers' key caches are left out
// of the key (each has its own) and the class's is used.
func (c *class) view(o cluster.ViewOptions) cluster.View {
	if v := c.version.Load(); v != c.viewsAt {
		clear(c.views)
		c.viewsAt = v
	}
	k := viewKey{o.LogTail, o.Events, o.Proposals, o.LockRows, strings.Join(o.LockKeys, "\x00"), o.LockPrefix}
	if v, ok := c.views[k]; ok {
		return v
	}
	o.KeyCache = &c.keyCache
	v := c.model.World().View(o)
	c.viewsMade.Add(1)
	c.views[k] = v
	return v
}

type viewKey struct {
	logTail, events, proposals, lockRows int
	lockKeys, prefix                     string
}

// frame is a following member's screen at the class's current version: drawn once per
// distinct FollowKey and shared (called under mu). A member not refreshed since the class
// moved shows, without refreshing, the frame of a member that had its view and kept it
// through its refresh (its own refresh would draw the same); otherwise it refreshes first.
func (c *class) frame(rt *root) *frame {
	v := c.version.Load()
	if v != c.framesAt {
		clear(c.frames)
		c.framesAt = v
	}
	f := rt.child
	k := f.FollowKey()
	if rt.fresh != v {
		if e, ok := c.frames[k]; ok && e.kept {
			return e.f
		}
		f.Refresh()
		rt.fresh = v
		k2 := f.FollowKey()
		e := c.draw(f, k2)
		e.kept = e.kept || k == k2
		return e.f
	}
	return c.draw(f, k).f
}

// draw is f's frame under key k at the current version, drawn if no member drew it yet.
func (c *class) draw(f *ui.Model, k string) *frameEntry {
	if e, ok := c.frames[k]; ok {
		return e
	}
	w, h := f.Size()
	e := &frameEntry{f: newFrame(f.View(), w, h, c.model.World().Now())}
	c.renders.Add(1)
	c.frames[k] = e
	return e
}

// frameEntry is a shared frame; kept says a member's refresh left its key unchanged.
type frameEntry struct {
	f    *frame
	kept bool
}
