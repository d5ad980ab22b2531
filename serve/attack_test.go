package serve

import (
	"bytes"
	"fmt"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// hostile is a user name that would drive a terminal: set its title, clear it.
const hostileUser = "eve\x1b]0;pwned\x07\x1b[2J\r\nforged"

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The server's log (the teacher's terminal, where serve runs) shows a client's user name,
// command and TERM: their control bytes are escaped.
func TestLogEscapesClientText(t *testing.T) {
	ts := startServer(t, nil)
	var logb syncBuf
	ts.log.SetOutput(&logb)
	tm := openTerm(t, ts.dial(t, hostileUser), 80, 24, "", true)
	tm.waitFor(0, "student eve")
	eventually(t, "the connect is logged", func() bool { return strings.Contains(logb.String(), "connect") })
	if s := logb.String(); strings.ContainsAny(s, "\x1b\x07\r") || strings.Contains(s, "\nforged") {
		t.Fatalf("the log carries the client's control bytes: %q", s)
	}
}

// A student's menu shows the teacher's user name escaped.
func TestJoinItemEscapesTeacherName(t *testing.T) {
	ts := startServer(t, nil)
	teach := openTerm(t, ts.dial(t, hostileUser, gossh.PublicKeys(ts.teacher)), 100, 30, "", true)
	teach.waitFor(0, "teacher eve")
	teach.send("c")
	eventually(t, "the class opens", func() bool { return ts.openedClass() != nil })
	st := openTerm(t, ts.dial(t, "sam"), 100, 30, "", true)
	st.waitFor(0, "join the class")
	time.Sleep(200 * time.Millisecond)
	st.mu.Lock()
	raw := st.out.String()
	st.mu.Unlock()
	if strings.Contains(raw, "\x1b]0;pwned") || strings.Contains(raw, "\x1b[2J\r\nforged") {
		t.Fatalf("the student's menu carries the teacher's name raw: %q", raw[max(0, len(raw)-600):])
	}
}

// Connections that never send a byte (or never open a session) cannot hold every slot: they
// are cut after the handshake timeout, and a real student gets in.
func TestSilentConnectionsDoNotLockOut(t *testing.T) {
	defer func(d time.Duration) { handshakeTimeout = d }(handshakeTimeout)
	handshakeTimeout = 300 * time.Millisecond
	ts := startServer(t, func(c *Config) { c.MaxSessions = 2 })
	// An authenticated connection that opens no session holds a slot too.
	ts.dial(t, "idle")
	for range 2*2 - 1 {
		c, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	time.Sleep(100 * time.Millisecond)
	cfg := &gossh.ClientConfig{User: "early", Auth: []gossh.AuthMethod{gossh.Password("")}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second}
	if c, err := gossh.Dial("tcp", ts.addr, cfg); err == nil {
		c.Close()
		t.Fatal("the slots were not full")
	}
	time.Sleep(handshakeTimeout + 200*time.Millisecond)
	tm := openTerm(t, ts.dial(t, "real"), 80, 24, "", true)
	tm.waitFor(0, "student real")
}

// Window sizes from the client are bounded: a 10000x10000 window, a 0x0 one and a storm of
// resizes leave the session working and the server's heap bounded.
func TestHugeAndZeroWindows(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "win"), 80, 24, "play first-lock", true)
	tm.waitFor(0, "first")
	for _, wh := range [][2]int{{10000, 10000}, {0, 0}, {1, 1}, {10000, 1}, {1, 10000}} {
		if err := tm.sess.WindowChange(wh[1], wh[0]); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
	}
	for i := range 500 {
		tm.sess.WindowChange(20+i%200, 20+i%300)
	}
	tm.sess.WindowChange(10000, 10000)
	time.Sleep(time.Second)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap in use after the storm: %d MB", ms.HeapInuse>>20)
	if ms.HeapInuse > 128<<20 {
		t.Fatalf("heap %d MB after a 10000x10000 window", ms.HeapInuse>>20)
	}
	m := tm.mark()
	tm.sess.WindowChange(24, 80)
	tm.waitFor(m, "first")
	if ts.count() != 1 {
		t.Fatalf("the session ended: %q", tm.text()[max(0, len(tm.text())-400):])
	}
}

// A megabyte of pasted input and a 10 KB user name end nothing but, at most, that session.
func TestPasteAndLongName(t *testing.T) {
	ts := startServer(t, nil)
	long := strings.Repeat("x", 10<<10)
	tm := openTerm(t, ts.dial(t, long), 80, 24, "", true)
	tm.waitFor(0, "student xxx")
	other := openTerm(t, ts.dial(t, "other"), 80, 24, "", true)
	other.waitFor(0, "student other")
	paste := openTerm(t, ts.dial(t, "paste"), 80, 24, "play first-lock", true)
	paste.waitFor(0, "first")
	junk := bytes.Repeat([]byte("ab\x1b[Ac \x03\x00\xff"), 100000)
	done := make(chan error, 1)
	go func() { _, err := paste.in.Write(junk); done <- err }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Log("the paste is still being taken after 20s")
	}
	m := other.mark()
	other.send(keyDown)
	other.waitFor(m, "lease-expiry")
	if ts.count() < 2 {
		t.Fatalf("sessions ended: %d left", ts.count())
	}
}

// Environment requests are bounded: each is kept by the session until it ends, so a client
// sending many large ones before its shell would grow the server's heap without end. So are
// session channels on one connection that never start a shell.
func TestEnvAndChannelFlood(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "env")
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("v", 200<<10)
	for i := range 500 {
		s.Setenv(fmt.Sprint("K", i), big)
	}
	opened := 0
	for range 200 {
		s, err := c.NewSession()
		if err != nil {
			break
		}
		defer s.Close()
		opened++
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapInuse) - int64(before.HeapInuse)
	t.Logf("heap grew %d MB; %d idle session channels opened", grew>>20, opened)
	if grew > 32<<20 {
		t.Fatalf("500 env requests of 200 KB grew the heap by %d MB", grew>>20)
	}
	if opened > maxChannels {
		t.Fatalf("one connection holds %d session channels", opened)
	}
	// The connection still works within its bounds.
	s.Close()
	tm := openTerm(t, ts.dial(t, "next"), 80, 24, "", true)
	tm.waitFor(0, "student next")
}

// A connection whose sessions have ended (a refused command) cannot be held open, idle, to
// take a slot: it is closed once it has had no live session for the handshake timeout.
func TestRefusedSessionDoesNotHoldASlot(t *testing.T) {
	defer func(d time.Duration) { handshakeTimeout = d }(handshakeTimeout)
	handshakeTimeout = 300 * time.Millisecond
	ts := startServer(t, func(c *Config) { c.MaxSessions = 1 })
	for range 2 {
		c := ts.dial(t, "holder")
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		s.CombinedOutput("cat /etc/passwd") // refused; the connection stays open
	}
	eventually(t, "the idle connections are closed", func() bool { return ts.conns.Load() == 0 })
	tm := openTerm(t, ts.dial(t, "real"), 80, 24, "", true)
	tm.waitFor(0, "student real")
	// A live session keeps its connection past the timeout.
	time.Sleep(3 * handshakeTimeout)
	m := tm.mark()
	tm.send(keyDown)
	tm.waitFor(m, "lease-expiry")
}
