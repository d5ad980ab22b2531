package serve

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"

	"leaselab/cluster"
)

// --student-keys: only those keys (and teachers) get in; keyboard-interactive is off.
func TestStudentKeys(t *testing.T) {
	allowed, other := newKey(t), newKey(t)
	var ts *testServer
	ts = startServer(t, func(c *Config) {
		p := filepath.Join(os.TempDir(), "leaselab-serve-students-"+strings.ReplaceAll(t.Name(), "/", "_"))
		os.WriteFile(p, gossh.MarshalAuthorizedKey(allowed.PublicKey()), 0o600)
		t.Cleanup(func() { os.Remove(p) })
		c.StudentKeys = p
	})
	openTerm(t, ts.dial(t, "in", gossh.PublicKeys(allowed)), 80, 24, "", true).waitFor(0, "student in")
	openTerm(t, ts.dial(t, "teach", gossh.PublicKeys(ts.teacher)), 80, 24, "", true).waitFor(0, "teacher teach")
	ki := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	for name, auth := range map[string][]gossh.AuthMethod{"another key": {gossh.PublicKeys(other)}, "no key": {ki}} {
		_, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "out", Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
		if err == nil {
			t.Errorf("%s: let in despite --student-keys", name)
		}
	}
}

// A terminal without colour gets none.
func TestDumbTerminalNoColour(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "d")
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("dumb", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, sess: s, done: make(chan struct{})}
	s.Stdout, s.Stderr = lockedWriter{tm, &tm.out}, lockedWriter{tm, &tm.errb}
	tm.in, _ = s.StdinPipe()
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tm.waitFor(0, "student d")
	for range menuIndex("sandbox") {
		tm.send(keyDown)
	}
	from := tm.mark()
	tm.send(keyEnter)
	tm.waitFor(from, "n1")
	time.Sleep(300 * time.Millisecond)
	tm.mu.Lock()
	raw := tm.out.String()
	tm.mu.Unlock()
	for _, m := range regexp.MustCompile(`\x1b\[([0-9;]*)m`).FindAllStringSubmatch(raw, -1) {
		for _, p := range strings.Split(m[1], ";") {
			if n, err := strconv.Atoi(p); err == nil && (n >= 30 && n <= 49 || n >= 90 && n <= 107) {
				t.Fatalf("colour %q sent to a dumb terminal", m[0])
			}
		}
	}
}

// A panic inside a session is caught: that session ends with a message, the server goes on.
func TestPanicEndsOnlyItsSession(t *testing.T) {
	ts := startServer(t, nil)
	other := openTerm(t, ts.dial(t, "other"), 80, 24, "", true)
	other.waitFor(0, "student other")
	rt := &root{se: &session{srv: ts.Server, user: "p", scr: &screen{w: io.Discard}}} // no menu: the next key panics
	_, cmd := rt.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
	if cmd == nil || cmd() != tea.Quit() || !strings.Contains(rt.bye, "internal error") {
		t.Fatalf("a panic in Update: cmd %v, bye %q", cmd, rt.bye)
	}
	if v := rt.View(); !strings.Contains(v, "internal error") {
		t.Fatalf("a panic in View drew %q", v)
	}
	from := other.mark()
	other.send(keyDown)
	other.waitFor(from, "lease-expiry")
}

// Agent forwarding is never used, and the session says so.
func TestAgentForwardingRefused(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "ag")
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := agent.RequestAgentForwarding(s); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s.Stderr = &out
	if err := s.Run("ls"); err == nil {
		t.Fatal("exec ran")
	}
	if !strings.Contains(out.String(), "refuses agent forwarding") {
		t.Fatalf("stderr %q", out.String())
	}
}

// The `none` method is refused (OpenSSH would take it and never offer the teacher's key),
// and the server's cryptography reads the system's reader, never a world's stream.
func TestNoneRefusedAndSystemRand(t *testing.T) {
	ts := startServer(t, nil)
	if c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "nobody", HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second}); err == nil {
		c.Close()
		t.Fatal("a client with no method but none got in")
	}
	if cfg := ts.srv.ServerConfigCallback(nil); cfg.Rand != cluster.SystemRand() {
		t.Fatal("the SSH server's config does not read the system's reader")
	}
}
