package serve

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/ui"
)

// openClass connects the teacher and opens a lesson (or "sandbox") as the class.
func (ts *testServer) openClass(t testing.TB, name string) (*term, *class) {
	t.Helper()
	return ts.openClassAt(t, name, 120, 40)
}

// openClassAt is openClass with the teacher's terminal at w x h.
// classToAsk has the teacher press enter through the class's pauses until it waits at an ask.
func classToAsk(t testing.TB, teacher *term, c *class) {
	eventually(t, "the class at its ask", func() bool {
		c.mu.Lock()
		_, _, ask := c.model.Ask()
		paused := c.model.Paused()
		c.mu.Unlock()
		if !ask && paused {
			teacher.send(keyEnter)
			time.Sleep(200 * time.Millisecond)
		}
		return ask
	})
}

func (ts *testServer) openClassAt(t testing.TB, name string, w, h int) (*term, *class) {
	t.Helper()
	tm := openTerm(t, ts.dial(t, "teach", gossh.PublicKeys(ts.teacher)), w, h, "", true)
	tm.waitFor(0, "teacher teach")
	for range menuIndex(name) {
		tm.send(keyDown)
	}
	tm.send("c")
	var c *class
	eventually(t, "the class opens", func() bool { c = ts.openedClass(); return c != nil })
	return tm, c
}

// joinClass connects a student who joins the open class.
func (ts *testServer) joinClass(t testing.TB, user string, w, h int, read bool) *term {
	t.Helper()
	tm := openTerm(t, ts.dial(t, user), w, h, "", read)
	if read {
		tm.waitFor(0, "join the class")
	} else {
		time.Sleep(300 * time.Millisecond)
	}
	tm.send(keyEnter)
	return tm
}

func (c *class) size() int {
	c.reg.Lock()
	defer c.reg.Unlock()
	return len(c.members)
}

func (c *class) followers() []*ui.Model {
	c.reg.Lock()
	defer c.reg.Unlock()
	var out []*ui.Model
	for se := range c.members {
		if m := se.model.Load(); m != nil && m != c.model {
			out = append(out, m)
		}
	}
	return out
}

// A teacher opens a class; 30 followers see the instant the teacher's world stands at.
func TestClassOf30(t *testing.T) {
	ts := startServer(t, nil)
	teacher, c := ts.openClass(t, "first-lock")
	var tms []*term
	for i := range 30 {
		tms = append(tms, ts.joinClass(t, fmt.Sprintf("s%02d", i), 100+i%3*10, 30+i%2*10, true))
	}
	eventually(t, "30 in the class", func() bool { return c.size() == 30 && len(c.followers()) == 30 })
	var now time.Duration
	eventually(t, "the class stands at its first pause, every follower showing that instant", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !c.model.Paused() {
			return false
		}
		now = c.model.World().Now()
		c.reg.Lock()
		defer c.reg.Unlock()
		for se := range c.members {
			if m := se.model.Load(); m == nil || !m.Following() || se.scr.shownAt() != now {
				return false
			}
		}
		return true
	})
	at := fmt.Sprintf("%.3fs", now.Seconds())
	for _, tm := range tms {
		tm.waitFor(0, at)
		tm.waitFor(0, "the teacher continues")
	}
	// Four names of six give way to the pause note at 120 columns.
	teacher.waitFor(0, "class: 30 connected (s00, s01, s02, s03, +26) · 30 following · 0 forked  ‖ the script paused here: enter continues ")
	if r := c.renders.Load(); r > 30*4 {
		t.Errorf("%d follower frames drawn for 30 followers in 6 sizes: frames are not shared", r)
	}
}

// An ask is tallied live on the teacher's screen; the teacher's answer reveals it.
func TestAskTallied(t *testing.T) {
	ts := startServer(t, nil)
	teacher, c := ts.openClass(t, "first-lock")
	var st []*term
	for i := range 3 {
		st = append(st, ts.joinClass(t, fmt.Sprintf("s%d", i), 120, 40, true))
	}
	eventually(t, "3 in the class", func() bool { return c.size() == 3 })
	classToAsk(t, teacher, c)
	for _, s := range st {
		s.waitFor(0, "When does n2 apply it?")
	}
	st[0].send("1")
	st[1].send("2")
	st[2].send("2")
	teacher.waitFor(0, "3 of 3 answered · 1: 1 · 2: 2 · 3: 0")
	for _, s := range st {
		s.waitFor(0, "the answer shows when the teacher reveals it")
		if strings.Contains(s.text(), "A follower learns the commit index") {
			t.Fatal("a student saw the explanation before the teacher revealed it")
		}
	}
	teacher.send("2")
	for _, s := range st {
		s.waitFor(0, "A follower learns the commit index")
	}
	st[0].waitFor(0, "Not this time: the answer is 2")
}

// A follower's keys neither act on nor move the class; a student's w writes no file.
func TestStudentCannotDriveOrSave(t *testing.T) {
	ts := startServer(t, nil)
	_, c := ts.openClass(t, "first-lock")
	s := ts.joinClass(t, "s", 120, 40, true)
	eventually(t, "the class at its first pause", func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.model.Paused() && len(c.followers()) == 1
	})
	var hash uint64
	ts.worldOf(c.model, func(w *cluster.World) { hash = w.TraceHash() })
	from := s.mark()
	s.send(" ", "\r", "x", "w", ":", "W", "right")
	s.waitFor(from, "the teacher drives the class")
	time.Sleep(300 * time.Millisecond)
	ts.worldOf(c.model, func(w *cluster.World) {
		if w.TraceHash() != hash {
			t.Fatal("a follower's keys changed the class's world")
		}
	})
	if !c.model.Paused() {
		t.Fatal("a follower's enter continued the class")
	}
	// At 80x24 the refusal keeps its key whole (the long form was cut with '…').
	small := ts.joinClass(t, "s80", 80, 24, true)
	from = small.mark()
	small.send("x")
	small.waitFor(from, "the teacher drives: F forks your own copy")
	// In a sandbox of their own, w shows the script and writes nothing.
	before, _ := filepathGlob(".")
	o := openTerm(t, ts.dial(t, "o"), 120, 40, "", true)
	o.waitFor(0, "join the class")
	for range menuIndex("sandbox") + 1 {
		o.send(keyDown)
	}
	o.send(keyEnter)
	o.waitFor(0, "sandbox")
	o.send("w")
	o.waitFor(0, "nothing is written here")
	if after, _ := filepathGlob("."); len(after) != len(before) {
		t.Fatalf("files before %v, after %v", before, after)
	}
}

// F forks the class into a run of one's own; F again rejoins the class, which moved on.
func TestForkAndRejoin(t *testing.T) {
	ts := startServer(t, nil)
	teacher, c := ts.openClass(t, "sandbox")
	s := ts.joinClass(t, "s", 120, 40, true)
	eventually(t, "joined", func() bool { return len(c.followers()) == 1 })
	from := s.mark()
	s.send("F")
	s.waitFor(from, "your own copy at")
	f := c.followers()[0]
	eventually(t, "forked", func() bool { c.mu.Lock(); defer c.mu.Unlock(); return f.Forked() })
	teacher.waitFor(0, "1 forked")
	s.send("1", "x") // crash n1 in the copy
	ts.worldOf(c.model, func(w *cluster.World) {
		if !w.View(cluster.ViewOptions{}).Nodes[0].Up {
			t.Fatal("the student's crash reached the class")
		}
	})
	from = s.mark()
	s.send("F")
	s.waitFor(from, "back in the class")
	eventually(t, "following again", func() bool { c.mu.Lock(); defer c.mu.Unlock(); return f.Following() })
}

// A follower whose client never reads stalls neither the teacher nor the other followers.
func TestStalledFollower(t *testing.T) {
	ts := startServer(t, nil)
	teacher, c := ts.openClass(t, "sandbox")
	ts.joinClass(t, "stuck", 1000, 300, false)
	ok := ts.joinClass(t, "ok", 120, 40, true)
	eventually(t, "both joined", func() bool { return len(c.followers()) == 2 })
	var okS, stuckS *session
	c.reg.Lock()
	for se := range c.members {
		if se.user == "ok" {
			okS = se
		} else {
			stuckS = se
		}
	}
	c.reg.Unlock()
	read := func() (tch, shown, stuck time.Duration) {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.model.World().Now(), okS.scr.shownAt(), stuckS.scr.shownAt()
	}
	// The stalled client's SSH window (2 MB) fills: then its screen stops.
	stalled := false
	for i := 0; i < 60 && !stalled; i++ {
		_, _, a := read()
		time.Sleep(500 * time.Millisecond)
		_, _, b := read()
		stalled = a == b
	}
	if !stalled {
		t.Fatal("the client that never reads never stalled")
	}
	t0, s0, k0 := read()
	n0 := len(ok.text())
	time.Sleep(2 * time.Second)
	t1, s1, k1 := read()
	if k1 != k0 {
		t.Fatalf("the client that never reads kept taking frames (%v -> %v): the test stalls no one", k0, k1)
	}
	if t1-t0 < time.Second {
		t.Errorf("the teacher's world moved %v in 2s of wall time", t1-t0)
	}
	if s1-s0 < time.Second {
		t.Errorf("the other follower's screen moved %v in 2s", s1-s0)
	}
	if len(ok.text()) == n0 {
		t.Error("the other follower got no output")
	}
	from := teacher.mark()
	teacher.send("1")
	teacher.waitFor(from, "n1")
	openTerm(t, ts.dial(t, "new"), 80, 24, "", true).waitFor(0, "join the class")
}

// A class of 30 and 10 sandboxes, stepping side by side while clients connect (key
// exchanges), give every world the trace hash of the same run alone.
func TestWorldsSideBySideKeepTheirHashes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	ts := startServer(t, nil)
	_, c := ts.openClass(t, "late-expire")
	for i := range 30 {
		ts.joinClass(t, fmt.Sprintf("s%02d", i), 80, 24, true)
	}
	var sand []*term
	for i := range 10 {
		tm := openTerm(t, ts.dial(t, fmt.Sprintf("b%d", i)), 80, 24, "", true)
		tm.waitFor(0, "join the class")
		for range menuIndex("sandbox") + 1 {
			tm.send(keyDown)
		}
		tm.send(keyEnter)
		sand = append(sand, tm)
	}
	eventually(t, "everyone in", func() bool { return c.size() == 30 && len(ts.models()) == 41 })
	time.Sleep(time.Second)
	type run struct {
		base *scenarios.Scenario
		seed uint64
		now  time.Duration
		hash uint64
	}
	var runs []run
	c.mu.Lock()
	cluster.Exclusive(func() {
		for _, m := range ts.models() {
			if m.Following() {
				continue
			}
			w := m.World()
			var base *scenarios.Scenario
			if m == c.model {
				base = mustLesson(t, "late-expire")
			} else {
				base = ui.SandboxScenario(ui.Options{Seed: w.Config().Seed})
			}
			runs = append(runs, run{base, w.Config().Seed, w.Now(), w.TraceHash()})
		}
	})
	c.mu.Unlock()
	if len(runs) != 11 {
		t.Fatalf("%d worlds, want 11", len(runs))
	}
	for _, r := range runs {
		var p *scenarios.Playback
		var err error
		// Alone, but in the same process as the server's sessions: under the world lock too.
		cluster.Exclusive(func() {
			if p, err = scenarios.NewPlayback(r.base, r.seed, nil); err == nil {
				p.RunTo(r.now)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if p.Now() != r.now || p.World().TraceHash() != r.hash {
			t.Errorf("%s seed %d at %v: hash %x side by side, %x alone (at %v)", r.base.Name, r.seed, r.now, r.hash, p.World().TraceHash(), p.Now())
		}
	}
}

func mustLesson(t testing.TB, name string) *scenarios.Scenario {
	for _, l := range scenarios.Lessons() {
		if l.Name == name {
			s, err := scenarios.Parse(name+".scenario", l.Source)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	t.Fatal("no lesson ", name)
	return nil
}

func filepathGlob(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out, err
}

// A student already in the menu sees the class when it opens, and no longer once it ends.
func TestMenuShowsTheClassWhenItOpens(t *testing.T) {
	ts := startServer(t, nil)
	s := openTerm(t, ts.dial(t, "early"), 120, 40, "", true)
	s.waitFor(0, "student early")
	teacher, _ := ts.openClass(t, "first-lock")
	s.waitFor(0, "join the class: First lock")
	from := s.mark()
	teacher.send("q")
	eventually(t, "the class closes", func() bool { return ts.openedClass() == nil })
	s.send(keyDown) // a redraw
	s.waitFor(from, "1. first-lock")
	if strings.Contains(s.text()[from:], "join the class") {
		t.Fatal("the menu still offers the ended class")
	}
}

// A student cannot fork at an ask before the teacher reveals it: the copy would show it.
func TestNoForkBeforeReveal(t *testing.T) {
	ts := startServer(t, nil)
	teacher, c := ts.openClass(t, "first-lock")
	s := ts.joinClass(t, "s", 120, 40, true)
	classToAsk(t, teacher, c)
	s.send("2", "F")
	s.waitFor(0, "F forks once the teacher has revealed this answer")
	if strings.Contains(s.text(), "A follower learns the commit index") {
		t.Fatal("the explanation showed before the reveal")
	}
	teacher.send("1")
	s.waitFor(0, "A follower learns the commit index")
	from := s.mark()
	s.send("F")
	s.waitFor(from, "your own copy at")
}

// Followers of one size share the class's work: one world snapshot and one drawn frame per
// version, and the bytes that turn the last frame into the next are made once for all of
// them (their programs' renderers draw nothing while they follow).
func TestFollowersShareWork(t *testing.T) {
	ts := startServer(t, nil)
	_, c := ts.openClass(t, "sandbox")
	var tms []*term
	for i := range 20 {
		tms = append(tms, ts.joinClass(t, fmt.Sprintf("s%02d", i), 100, 30, true))
	}
	eventually(t, "20 in the class", func() bool { return len(c.followers()) == 20 })
	time.Sleep(500 * time.Millisecond)
	shows := func() (n int64) {
		c.reg.Lock()
		defer c.reg.Unlock()
		for se := range c.members {
			n += se.scr.shows.Load()
		}
		return n
	}
	s0, v0, r0, d0 := shows(), c.viewsMade.Load(), c.renders.Load(), diffsMade.Load()
	time.Sleep(2 * time.Second)
	s, v, r, d := shows()-s0, c.viewsMade.Load()-v0, c.renders.Load()-r0, diffsMade.Load()-d0
	t.Logf("2s: %d frames shown to 20 followers; %d snapshots, %d frames drawn, %d diffs made", s, v, r, d)
	if s < 20*5 {
		t.Fatalf("followers were shown %d frames in 2s: the class is not moving", s)
	}
	if v*4 > s || r*4 > s || d*4 > s {
		t.Errorf("%d frames shown but %d snapshots, %d drawings, %d diffs: followers do not share", s, v, r, d)
	}
	from := tms[0].mark()
	tms[0].waitFor(from, "leaselab sandbox │") // the bytes reach a client
}
