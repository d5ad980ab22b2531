package serve

import (
	"testing"
	"time"
)

// A follower forks at most once per forkEvery: each fork copies the class's world under the
// class's lock and the world lock, so F held down would keep the teacher waiting. Rejoining
// is never held back.
func TestForkSpamRefused(t *testing.T) {
	defer func(d time.Duration) { forkEvery = d }(forkEvery)
	forkEvery = time.Hour
	ts := startServer(t, nil)
	_, c := ts.openClass(t, "sandbox")
	s := ts.joinClass(t, "s", 120, 40, true)
	eventually(t, "joined", func() bool { return len(c.followers()) == 1 })
	from := s.mark()
	s.send("F")
	s.waitFor(from, "your own copy at")
	from = s.mark()
	s.send("F")
	s.waitFor(from, "back in the class")
	from = s.mark()
	s.send("F")
	s.waitFor(from, "F forks again in")
	f := c.followers()[0]
	c.mu.Lock()
	following := f.Following()
	c.mu.Unlock()
	if !following {
		t.Fatal("a second fork within forkEvery was made")
	}
}

// The menu opens at most one thing per openEvery: a lesson builds a world holding the world
// lock, so enter and q sent without end would keep every session waiting.
func TestMenuOpeningsPaced(t *testing.T) {
	defer func(d time.Duration) { openEvery = d }(openEvery)
	openEvery = time.Hour
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "spam"), 100, 30, "", true)
	tm.waitFor(0, "student spam")
	m := tm.mark()
	tm.send(keyEnter)
	tm.waitFor(m, "first-lock")
	eventually(t, "the lesson opens", func() bool { return ts.models()["spam"] != nil })
	m = tm.mark()
	tm.send("q")
	tm.waitFor(m, "student spam")
	m = tm.mark()
	tm.send(keyEnter)
	tm.waitFor(m, "the menu opens again in")
	if ts.models()["spam"] != nil {
		t.Fatal("a second lesson was opened within openEvery")
	}
}
