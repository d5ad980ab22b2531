package serve

import (
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A follower's screen is not drawn by its program's renderer. bubbletea v1's renderer cuts and
// measures every changed line of every frame for every program: for a class of 100 that was
// most of the server's work, though their frames are the same. So a follower's View gives the
// renderer a constant placeholder (it writes nothing more), and the session's screen writes
// the class's shared frame itself: each frame is cut to its width once, and the bytes that
// turn one frame into the next are made once for every follower that showed the same frame.

// followPlaceholder is what a follower's View returns to its program's renderer.
const followPlaceholder = " "

// frame is one drawn follower screen at one version of the class, shared by every follower
// with the same view (FollowKey).
type frame struct {
	id    uint64
	w, h  int
	at    time.Duration // the class's instant it shows
	lines []string      // cut to w; a narrower line ends with erase-line

	mu   sync.Mutex
	from map[uint64][]byte // frame id (0: unknown) -> the bytes that make this one from it
}

var (
	frameIDs  atomic.Uint64
	diffsMade atomic.Int64 // bytesFrom's computations (tests)
)

func newFrame(view string, w, h int, at time.Duration) *frame {
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		lines = lines[len(lines)-h:] // what bubbletea's renderer keeps
	}
	for i, l := range lines {
		l = ansi.Truncate(l, w, "")
		if ansi.StringWidth(l) < w {
			l += ansi.EraseLineRight
		}
		lines[i] = l
	}
	return &frame{id: frameIDs.Add(1), w: w, h: h, at: at, lines: lines, from: map[uint64][]byte{}}
}

// bytesFrom is what turns the terminal showing prev (nil: anything) into f: the lines that
// differ, each placed by a cursor move; made once per prev and shared.
func (f *frame) bytesFrom(prev *frame) []byte {
	var pid uint64
	if prev != nil && prev.w == f.w && prev.h == f.h {
		pid = prev.id
	} else {
		prev = nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if b, ok := f.from[pid]; ok {
		return b
	}
	diffsMade.Add(1)
	var b strings.Builder
	if prev == nil {
		b.WriteString(ansi.EraseEntireScreen)
	}
	for i, l := range f.lines {
		if prev != nil && i < len(prev.lines) && prev.lines[i] == l {
			continue
		}
		b.WriteString("\x1b[" + strconv.Itoa(i+1) + "H")
		b.WriteString(l)
	}
	if prev != nil {
		for i := len(f.lines); i < len(prev.lines); i++ {
			b.WriteString("\x1b[" + strconv.Itoa(i+1) + "H" + ansi.EraseEntireLine)
		}
	}
	out := []byte(b.String())
	if len(f.from) >= 64 { // followers out of step: keep the map bounded
		clear(f.from)
	}
	f.from[pid] = out
	return out
}

// screen is a session's output. While its session follows a class, the class's frames are
// written by show and the renderer's writes are dropped (it draws only the placeholder);
// otherwise the renderer's writes pass through.
type screen struct {
	w      io.Writer
	mu     sync.Mutex // one writer at a time; held while a write blocks (this session only)
	follow bool
	last   *frame // the frame on the client's terminal while following
	shown  atomic.Int64
	shows  atomic.Int64 // frames shown (tests)
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.follow {
		return len(p), nil
	}
	return s.w.Write(p)
}

// setFollow switches between the class's frames and the renderer's; it says whether it
// changed. After following, the renderer must repaint the whole screen (tea.ClearScreen).
func (s *screen) setFollow(on bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.follow == on {
		return false
	}
	s.follow, s.last = on, nil
	return true
}

// show writes what turns the terminal's screen into f. It may block on a client that does
// not read: call it holding no lock another session takes.
func (s *screen) show(f *frame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.follow || f == s.last {
		return
	}
	b := f.bytesFrom(s.last)
	s.last = f
	s.shown.Store(int64(f.at))
	s.shows.Add(1)
	if len(b) > 0 {
		s.w.Write(b)
	}
}

// shownAt is the class's instant on the follower's terminal (tests).
func (s *screen) shownAt() time.Duration { return time.Duration(s.shown.Load()) }
