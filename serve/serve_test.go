package serve

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
)

// A pty, the menu, a window change; q leaves.
func TestMenuAndWindowChange(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "ada"), 120, 40, "", true)
	tm.waitFor(0, "student ada")
	tm.waitFor(0, "first-lock")
	tm.waitFor(0, "sandbox: a cluster of your own")
	if strings.Contains(tm.text(), "join the class") {
		t.Fatal("the menu offers a class while none is open")
	}
	// Open the sandbox, then shrink the window below 80x24: the TUI says the new size.
	for range menuIndex("sandbox") {
		tm.send(keyDown)
	}
	from := tm.mark()
	tm.send(keyEnter)
	tm.waitFor(from, "sandbox")
	from = tm.mark()
	if err := tm.sess.WindowChange(20, 60); err != nil {
		t.Fatal(err)
	}
	tm.waitFor(from, "now 60x20")
	tm.sess.WindowChange(40, 120)
	from = tm.mark()
	tm.send("q") // back to the menu
	tm.waitFor(from, "student ada")
	tm.send("q")
	if err := tm.wait(); err != nil {
		t.Fatalf("q in the menu: %v", err)
	}
}

// `ssh HOST play NAME` plays a bundled lesson to its first pause; anything else is refused.
func TestPlayLessonToFirstPause(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "bob")
	tm := openTerm(t, c, 120, 40, "play first-lock", true)
	tm.waitFor(0, "the script paused here")
	for _, cmd := range []string{"play /etc/passwd", "play ../lessons/first-lock", "ls -la", "play"} {
		tm := openTerm(t, c, 80, 24, cmd, true)
		var ee *gossh.ExitError
		if err := tm.wait(); !errors.As(err, &ee) || ee.ExitStatus() != 1 {
			t.Errorf("%q: exit %v, want status 1", cmd, err)
		}
		if !strings.Contains(tm.text(), "leaselab serve") || strings.Contains(tm.text(), "root:") {
			t.Errorf("%q: %q", cmd, tm.text())
		}
	}
}

// Two students' sandboxes are independent worlds.
func TestSessionsIndependent(t *testing.T) {
	ts := startServer(t, nil)
	a := openTerm(t, ts.dial(t, "a"), 120, 40, "", true)
	b := openTerm(t, ts.dial(t, "b"), 120, 40, "", true)
	for _, tm := range []*term{a, b} {
		tm.waitFor(0, "sandbox")
		for range menuIndex("sandbox") {
			tm.send(keyDown)
		}
		tm.send(keyEnter)
	}
	eventually(t, "both in a sandbox", func() bool { return len(ts.models()) == 2 })
	ms := ts.models()
	if ms["a"] == ms["b"] || ms["a"].World() == ms["b"].World() {
		t.Fatal("two sessions share a world")
	}
	a.send("1", "x") // crash n1 in a's world
	eventually(t, "n1 down in a's world", func() bool {
		down := false
		ts.worldOf(ms["a"], func(w *cluster.World) { down = !w.View(cluster.ViewOptions{}).Nodes[0].Up })
		return down
	})
	ts.worldOf(ms["b"], func(w *cluster.World) {
		if !w.View(cluster.ViewOptions{}).Nodes[0].Up {
			t.Fatal("a's crash reached b's world")
		}
	})
}

// A client that offers a teacher's public key without its private key, then logs in another
// way, is a student (CVE-2024-45337): the role comes from the key actually verified.
func TestTeacherKeyWithoutPrivateKey(t *testing.T) {
	ts := startServer(t, nil)
	fake := fakeSigner{ts.teacher.PublicKey()}
	ki := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	own := newKey(t)
	for name, auth := range map[string][]gossh.AuthMethod{
		"then keyboard-interactive": {gossh.PublicKeys(fake), ki},
		"then its own key":          {gossh.PublicKeys(fake, own)},
	} {
		tm := openTerm(t, ts.dial(t, "mallory", auth...), 120, 40, "", true)
		tm.waitFor(0, "student mallory")
		if strings.Contains(tm.text(), "teacher") {
			t.Errorf("%s: a client without the teacher's private key is a teacher", name)
		}
		tm.send("c")
		tm.waitFor(0, "only a teacher's key opens a class")
	}
	tm := openTerm(t, ts.dial(t, "ms-t", gossh.PublicKeys(ts.teacher)), 120, 40, "", true)
	tm.waitFor(0, "teacher ms-t")
}

// fakeSigner has a public key and no private key: its signatures are garbage.
type fakeSigner struct{ pub gossh.PublicKey }

func (f fakeSigner) PublicKey() gossh.PublicKey { return f.pub }
func (f fakeSigner) Sign(_ io.Reader, _ []byte) (*gossh.Signature, error) {
	return &gossh.Signature{Format: "ssh-rsa", Blob: make([]byte, 64)}, nil // a format the key cannot have: refused without ending the connection
}

// Shell, exec, subsystems, port forwarding: each refused.
func TestRefusals(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t, "eve")
	s, _ := c.NewSession()
	out, err := s.CombinedOutput("cat /etc/passwd")
	if err == nil || !strings.Contains(string(out), "runs no commands") {
		t.Errorf("exec: %v %q", err, out)
	}
	s, _ = c.NewSession()
	errp, _ := s.StderrPipe()
	if err := s.RequestSubsystem("sftp"); err == nil {
		b, _ := io.ReadAll(errp)
		if !strings.Contains(string(b), "runs no subsystems") {
			t.Errorf("subsystem: %q", b)
		}
	}
	if _, err := c.Dial("tcp", "127.0.0.1:22"); err == nil || !strings.Contains(err.Error(), "port forwarding is off") {
		t.Errorf("port forwarding: %v", err)
	}
	if _, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		t.Error("remote port forwarding was accepted")
	}
	s, _ = c.NewSession()
	var sh syncBuf // written by both copies, stdout's and stderr's
	s.Stdout, s.Stderr = &sh, &sh
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(); err == nil || !strings.Contains(sh.String(), "needs a terminal") || !strings.Contains(sh.String(), "Requires an active PTY") {
		t.Errorf("shell without a pty: %v %q", err, sh.String())
	}
}

// --max-sessions refuses the next session with a one-line reason.
func TestMaxSessions(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.MaxSessions = 2 })
	for _, u := range []string{"a", "b"} {
		openTerm(t, ts.dial(t, u), 80, 24, "", true).waitFor(0, "student "+u)
	}
	tm := openTerm(t, ts.dial(t, "c"), 80, 24, "", true)
	var ee *gossh.ExitError
	if err := tm.wait(); !errors.As(err, &ee) || ee.ExitStatus() != 1 {
		t.Fatalf("third session: %v", err)
	}
	if got := strings.TrimSpace(tm.text()); got != "leaselab serve is full: 2 sessions (--max-sessions); try again later" {
		t.Fatalf("third session said %q", got)
	}
}

// --idle closes a session with no key, with a message.
func TestIdle(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.Idle = 500 * time.Millisecond })
	tm := openTerm(t, ts.dial(t, "zzz"), 80, 24, "", true)
	tm.waitFor(0, "closed: no key for 500ms (--idle)")
	tm.wait()
	// A session that keeps typing stays.
	busy := openTerm(t, ts.dial(t, "busy"), 80, 24, "", true)
	busy.waitFor(0, "student busy")
	for range 8 {
		busy.send(keyDown)
		time.Sleep(150 * time.Millisecond)
	}
	if strings.Contains(busy.text(), "--idle") {
		t.Fatal("a session typing every 150ms was closed as idle")
	}
}

// Shutdown closes every session with a message.
func TestShutdownClosesSessions(t *testing.T) {
	ts := startServer(t, nil)
	var tms []*term
	for _, u := range []string{"a", "b", "c"} {
		tm := openTerm(t, ts.dial(t, u), 80, 24, "", true)
		tm.waitFor(0, "student "+u)
		tms = append(tms, tm)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ts.Shutdown(ctx, "the server is stopping"); err != nil {
		t.Fatal(err)
	}
	for _, tm := range tms {
		tm.waitFor(0, "leaselab: the server is stopping")
		tm.wait()
	}
}

// The host key is made on first start, mode 0600, and reused after.
func TestHostKeyMadeOnce(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/hk"
	s1, made, err := hostKey(path)
	if err != nil || !made {
		t.Fatal(err, made)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode().Perm())
	}
	s2, made, err := hostKey(path)
	if err != nil || made || string(s1.PublicKey().Marshal()) != string(s2.PublicKey().Marshal()) {
		t.Fatal("the host key was not reused", err, made)
	}
	os.Chmod(path, 0o644)
	if _, _, err := hostKey(path); err == nil {
		t.Fatal("a host key readable by others was accepted")
	}
}
