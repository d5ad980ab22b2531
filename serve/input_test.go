package serve

import (
	"io"
	"maps"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// The terminal's answers are taken out of the input, whole or cut by reads; keys pass, a lone
// escape at once.
func TestInputFilter(t *testing.T) {
	in := &input{reply: make(chan struct{})}
	var got []string
	for _, chunk := range []string{"a\x1b]11;rgb:ffff/ffff/", "ffff\x1b\\\x1b[?62;22c", "b", "\x1b", "\x1b[A", "\x1b]2;x\x07", "\x1b[?1;2c"} {
		got = append(got, string(in.filter([]byte(chunk))))
	}
	want := []string{"a", "", "b", "\x1b", "\x1b[A", "\x1b]2;x\x07", ""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("filtered %q, want %q", got, want)
	}
	if dark, told := in.background(); dark || !told {
		t.Fatalf("a white background read as dark %v, told %v", dark, told)
	}
	for c, dark := range map[string]bool{"rgb:0000/0000/0000": true, "rgb:ff/ff/ff": false, "rgb:1e1e/1e1e/2e2e": true, "rgba:fdfd/f6f6/e3e3/ffff": false} {
		if d, ok := darkColor(c); !ok || d != dark {
			t.Errorf("%s: dark %v ok %v", c, d, ok)
		}
	}
	if _, ok := darkColor("rgb:zz/00/00"); ok {
		t.Error("a garbled colour was read")
	}
}

// A client that never answers the background query gets its session after bgWait, on a dark
// background, and keys it typed meanwhile are not lost.
func TestClientThatNeverAnswers(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "mute")
	s, _ := c.NewSession()
	s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{})
	in, _ := s.StdinPipe()
	out, _ := s.StdoutPipe()
	var got syncBuf // the screen, written by the copy's goroutine
	go io.Copy(&got, out)
	start := time.Now()
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, keyDown+keyDown) // typed before the program runs
	var se *session
	eventually(t, "the program runs", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		for x := range ts.sessions {
			x.mu.Lock()
			p := x.prog
			x.mu.Unlock()
			if p != nil {
				se = x
			}
		}
		return se != nil
	})
	if d := time.Since(start); d < bgWait/2 || d > bgWait+3*time.Second {
		t.Errorf("the session started after %v (the wait is %v)", d, bgWait)
	}
	if !se.root.r.HasDarkBackground() {
		t.Error("no answer, yet not a dark background")
	}
	// The menu is the program's own (reading its selection here would race with its
	// goroutine): enter opens the item the keys typed meanwhile chose, the third, whose
	// header the screen shows.
	io.WriteString(in, "\r")
	eventually(t, "the keys typed meanwhile moved the menu", func() bool {
		return strings.Contains(ansi.Strip(got.String()), " 3 racing-acquires │")
	})
}

// A terminal that says its background is light gets the light palette.
func TestLightTerminal(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "paper"), 80, 24, "", true, "\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62c")
	tm.waitFor(0, "student paper")
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for se := range ts.sessions {
		if se.root.r.HasDarkBackground() {
			t.Fatal("a white terminal was drawn for a dark background")
		}
	}
}

// A client that never reads (and so never answers) holds only its own session: another client
// is served at once, and the stalled one's program runs.
func TestClientThatNeverReads(t *testing.T) {
	ts := startServer(t, nil)
	stuck := openTerm(t, ts.dial(t, "stuck"), 200, 60, "", false)
	ok := openTerm(t, ts.dial(t, "ok"), 80, 24, "", true)
	ok.waitFor(0, "student ok")
	ok.send(keyEnter)
	ok.waitFor(0, "n1")
	eventually(t, "the stalled client's program runs", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		for se := range ts.sessions {
			se.mu.Lock()
			p := se.prog
			se.mu.Unlock()
			if se.user == "stuck" && p != nil {
				return true
			}
		}
		return false
	})
	stuck.send(keyEnter) // its sandbox runs, its frames fill its window
	time.Sleep(time.Second)
	from := ok.mark()
	ok.send("q")
	ok.waitFor(from, "student ok") // back in the menu
}

// A session closed by its client on a connection that stays open ends on the server (wish's
// middleware would otherwise keep forwarding window sizes from the closed channel).
func TestSessionClosedConnectionOpen(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "multi")
	tm := openTerm(t, c, 80, 24, "", true)
	tm.waitFor(0, "student multi")
	tm.sess.Close()
	eventually(t, "the session ends", func() bool { return ts.count() == 0 })
	openTerm(t, c, 80, 24, "", true).waitFor(0, "student multi")
}

// Each session draws with its own renderer: a 256-colour terminal gets colours over SSH (a
// renderer made for the server's own output, not a terminal, would send none), and a light
// terminal other colours than a dark one.
func TestSessionsGetTheirColours(t *testing.T) {
	ts := startServer(t, nil)
	raw := func(answer string) string {
		tm := openTerm(t, ts.dial(t, "c"), 120, 40, "", true, answer)
		tm.waitFor(0, "student c")
		for range menuIndex("sandbox") {
			tm.send(keyDown)
		}
		tm.send(keyEnter)
		tm.waitFor(0, "n1")
		time.Sleep(300 * time.Millisecond)
		tm.mu.Lock()
		defer tm.mu.Unlock()
		return tm.out.String()
	}
	colours := func(s string) map[string]bool {
		out := map[string]bool{}
		for _, m := range regexp.MustCompile(`\x1b\[[0-9;]*38;5;[0-9]+`).FindAllString(s, -1) {
			out[m[strings.Index(m, "38;5;"):]] = true
		}
		return out
	}
	dark, light := colours(raw(darkAnswer)), colours(raw("\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62c"))
	if len(dark) < 3 || len(light) < 3 {
		t.Fatalf("colours sent: %d on a dark terminal, %d on a light one", len(dark), len(light))
	}
	if maps.Equal(dark, light) {
		t.Fatalf("a light terminal got the dark terminal's colours: %v", dark)
	}
}

// A client's keyboard is held to inputRate after a burst of inputBurst: the rest of a flood
// is read and dropped, so it neither keeps the server busy nor queues in front of the client's
// end. The clock is the test's.
func TestInputRateLimited(t *testing.T) {
	in := &input{reply: make(chan struct{})}
	in.pr, in.pw = io.Pipe()
	clock := time.Unix(0, 0)
	in.now = func() time.Time { return clock }
	got := make(chan int)
	go func() { n, _ := io.Copy(io.Discard, in); got <- int(n) }()
	// 100 KB at once, then one second later 100 KB more, then the client leaves.
	first := strings.Repeat("x", 100<<10)
	src := &steppedReader{parts: []string{first, first}, between: func() { clock = clock.Add(time.Second) }}
	done := make(chan struct{})
	go in.loop(src, func() { close(done) })
	<-done
	if n, want := <-got, inputBurst+inputRate; n != want {
		t.Fatalf("the program read %d bytes, want %d (the burst, then a second's worth)", n, want)
	}
}

// steppedReader returns its parts in reads of at most 4 KB, calling between between parts.
type steppedReader struct {
	parts   []string
	between func()
}

func (r *steppedReader) Read(p []byte) (int, error) {
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.parts[0])
	if r.parts[0] = r.parts[0][n:]; r.parts[0] == "" {
		if r.parts = r.parts[1:]; len(r.parts) > 0 {
			r.between()
		}
	}
	return n, nil
}

// A client that floods its input and then closes its session ends it at once: what it sent
// past the keyboard's budget is dropped, not queued in front of its end (2 MB read at the
// budget's rate would keep the session, and its slot, for a quarter of an hour).
func TestFloodThenLeave(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "flood"), 80, 24, "play first-lock", true)
	tm.waitFor(0, "first")
	// 256 KB: queued at the budget's rate it would keep the session about two minutes, far past
	// eventually's bound, and it drains over SSH in a quarter of the time 1 MB took (under load
	// a 1 MB flood came near that bound even with the drop).
	tm.in.Write([]byte(strings.Repeat("?", 256<<10)))
	tm.sess.Close()
	eventually(t, "the session ends", func() bool { return ts.count() == 0 })
}

// A client's end is seen however far behind the program is: a program that takes no key
// while the client sends a burst and leaves still hears of the end at once, and then reads
// the keys the budget let through, then the end.
func TestInputEndNotBehindTheProgram(t *testing.T) {
	clock := time.Unix(0, 0)
	in := &input{reply: make(chan struct{}), now: func() time.Time { return clock }}
	in.pr, in.pw = io.Pipe()
	ended := make(chan struct{})
	go in.loop(strings.NewReader(strings.Repeat("?", 64<<10)), func() { close(ended) })
	select {
	case <-ended:
	case <-time.After(10 * time.Second): // a bound on a hang: the end needs no read by the program
		t.Fatal("the client's end waited for the program to read its keys")
	}
	n, err := io.Copy(io.Discard, in)
	if err != nil || n != inputBurst {
		t.Fatalf("the program read %d bytes (%v), want the burst, %d, then the end", n, err, inputBurst)
	}
}
