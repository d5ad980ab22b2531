package serve

import (
	"io"
	"maps"
	"regexp"
	"strings"
	"testing"
	"time"

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
	var got strings.Builder
	done := make(chan struct{})
	go func() { io.Copy(&got, out); close(done) }()
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
	eventually(t, "the keys typed meanwhile moved the menu", func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		return se.root.menu.sel == 2
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

// A client's keyboard is held to inputRate after a burst of inputBurst: a flood waits in the
// client's SSH window instead of keeping the server busy. The clock is the test's.
func TestInputRateLimited(t *testing.T) {
	in := &input{reply: make(chan struct{})}
	in.pr, in.pw = io.Pipe()
	clock := time.Unix(0, 0)
	var slept time.Duration
	read, firstSleep := 0, -1
	in.now = func() time.Time { return clock }
	in.sleep = func(d time.Duration) {
		if firstSleep < 0 {
			firstSleep = read
		}
		slept += d
		clock = clock.Add(d)
	}
	got := make(chan int)
	go func() { n, _ := io.Copy(io.Discard, in); got <- int(n) }()
	const total = 100 << 10
	done := make(chan struct{})
	src := countingReader{r: strings.NewReader(strings.Repeat("x", total)), n: &read}
	go in.loop(src, func() { close(done) })
	<-done
	if n := <-got; n != total {
		t.Fatalf("the program read %d bytes of %d", n, total)
	}
	want := time.Duration(float64(total-inputBurst) / inputRate * float64(time.Second))
	if d := slept - want; d < -time.Millisecond || d > time.Millisecond {
		t.Fatalf("%d bytes waited %v, want %v", total, slept, want)
	}
	if firstSleep <= inputBurst {
		t.Fatalf("the first wait came after %d bytes, within the burst of %d", firstSleep, inputBurst)
	}
}

type countingReader struct {
	r io.Reader
	n *int
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += n
	return n, err
}
