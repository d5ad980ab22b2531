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
