package serve

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
	"leaselab/ui"
)

// testServer is a server on a loopback port, with one teacher key.
type testServer struct {
	*Server
	addr    string
	teacher gossh.Signer
	dir     string
}

func newKey(t testing.TB) gossh.Signer {
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func startServer(t testing.TB, mod func(*Config)) *testServer {
	t.Helper()
	dir := t.TempDir()
	teacher := newKey(t)
	tk := filepath.Join(dir, "teachers")
	if err := os.WriteFile(tk, gossh.MarshalAuthorizedKey(teacher.PublicKey()), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Addr: "127.0.0.1:0", HostKey: filepath.Join(dir, "host"), TeacherKeys: tk, MaxSessions: 200}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { s.Serve(ln); close(done) }()
	t.Cleanup(func() {
		s.srv.Close()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
		if !s.closing {
			close(s.done)
		}
	})
	return &testServer{Server: s, addr: ln.Addr().String(), teacher: teacher, dir: dir}
}

// dial connects as user with the given methods (none: keyboard-interactive, no answers).
func (ts *testServer) dial(t testing.TB, user string, auth ...gossh.AuthMethod) *gossh.Client {
	t.Helper()
	if len(auth) == 0 {
		auth = []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	}
	c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// term is a client session with a pty, its output collected (escapes stripped) as it comes.
type term struct {
	t     testing.TB
	sess  *gossh.Session
	in    io.WriteCloser
	mu    sync.Mutex
	out   bytes.Buffer
	errb  bytes.Buffer
	done  chan struct{}
	exitE error

	answer   string // what the terminal answers to the background query
	answered bool
}

// darkAnswer is a dark terminal's answer to the background query (OSC 11, then DA1).
const darkAnswer = "\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[?62;22c"

// openTerm asks for a pty of w x h and a shell, or runs cmd ("" for the menu). read=false
// makes a client that never reads its output (nor answers). A client that reads answers the
// background query as a dark terminal does, or with answer[0].
func openTerm(t testing.TB, c *gossh.Client, w, h int, cmd string, read bool, answer ...string) *term {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, sess: s, done: make(chan struct{}), answer: darkAnswer}
	if len(answer) > 0 {
		tm.answer = answer[0]
	}
	tm.in, _ = s.StdinPipe()
	if read {
		s.Stdout = lockedWriter{tm, &tm.out}
		s.Stderr = lockedWriter{tm, &tm.errb}
	} else {
		// Pipes never read: the channel's window fills and the server's writes block (a nil
		// Stdout would be copied to io.Discard).
		if _, err := s.StdoutPipe(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.StderrPipe(); err != nil {
			t.Fatal(err)
		}
	}
	if cmd == "" {
		err = s.Shell()
	} else {
		err = s.Start(cmd)
	}
	if err != nil {
		t.Fatal(err)
	}
	go func() { tm.exitE = s.Wait(); close(tm.done) }()
	t.Cleanup(func() { s.Close() })
	return tm
}

type lockedWriter struct {
	t *term
	b *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.t.mu.Lock()
	defer w.t.mu.Unlock()
	if !w.t.answered && w.t.answer != "" && bytes.Contains(p, []byte("\x1b]11;?")) {
		w.t.answered = true
		go io.WriteString(w.t.in, w.t.answer)
	}
	return w.b.Write(p)
}

// text is everything received so far, escapes stripped.
func (tm *term) text() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.Strip(tm.out.String()) + ansi.Strip(tm.errb.String())
}

func (tm *term) mark() int { return len(tm.text()) }

// waitFor waits (up to 10 s) until what appears after position from.
func (tm *term) waitFor(from int, what string) {
	tm.t.Helper()
	// A bound on a hang, not a speed target: on a loaded 2-core machine a 1 MB flood over SSH
	// took more than 10s to drain (TestFloodThenLeave), so the bound is 30s.
	end := time.Now().Add(30 * time.Second)
	for time.Now().Before(end) {
		if s := tm.text(); len(s) >= from && strings.Contains(s[from:], what) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s := tm.text()
	tm.t.Fatalf("%q did not appear; got (last 1500 bytes):\n%s", what, s[max(0, len(s)-1500):])
}

func (tm *term) send(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		if _, err := io.WriteString(tm.in, k); err != nil {
			tm.t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// wait waits (up to 10 s) for the session to end.
func (tm *term) wait() error {
	tm.t.Helper()
	select {
	case <-tm.done:
		return tm.exitE
	case <-time.After(10 * time.Second):
		tm.t.Fatal("the session did not end")
		return nil
	}
}

// eventually polls cond for up to 10 s.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	// A bound on a hang, not a speed target: on a loaded 2-core machine a 1 MB flood over SSH
	// took more than 10s to drain (TestFloodThenLeave), so the bound is 30s.
	end := time.Now().Add(30 * time.Second)
	for time.Now().Before(end) {
		if cond() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s: did not happen within 30s", what)
}

// models are the sessions' current Models, by user name.
func (ts *testServer) models() map[string]*ui.Model {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	out := map[string]*ui.Model{}
	for se := range ts.sessions {
		if m := se.model.Load(); m != nil {
			out[se.user] = m
		}
	}
	return out
}

// worldOf reads a session's world under the locks its Update takes.
func (ts *testServer) worldOf(m *ui.Model, f func(w *cluster.World)) {
	lock := func() {}
	if c := ts.openedClass(); c != nil {
		c.mu.Lock()
		lock = c.mu.Unlock
	}
	defer lock()
	cluster.Exclusive(func() { f(m.World()) })
}

const (
	keyEnter = "\r"
	keyDown  = "\x1b[B"
)

func menuIndex(name string) int {
	for i, it := range newMenuItems() {
		if it.name == name {
			return i
		}
	}
	panic(fmt.Sprint("no menu item ", name))
}

// hasKeySession says a session of user logged in with a public key.
func (ts *testServer) hasKeySession(user string) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for se := range ts.sessions {
		if se.user == user && se.sess.PublicKey() != nil {
			return true
		}
	}
	return false
}
