package serve

import (
	"encoding/pem"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"crypto/ed25519"

	gossh "golang.org/x/crypto/ssh"
)

// A real OpenSSH client, in tmux at 120x40, connects with a key, shows the menu, and plays
// first-lock to its first pause.
func TestOpenSSHClientInTmux(t *testing.T) {
	for _, bin := range []string{"ssh", "tmux"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install openssh-client tmux)", bin)
		}
	}
	ts := startServer(t, nil)
	_, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	blk, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(key, pem.EncodeToMemory(blk), 0o600); err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ts.addr)
	name := fmt.Sprintf("serve-ssh-%d", os.Getpid())
	cmd := fmt.Sprintf("ssh -tt -F /dev/null -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR -i %s -p %s grace@127.0.0.1", key, port)
	if b, err := exec.Command("tmux", "new-session", "-d", "-s", name, "-x", "120", "-y", "40", "TERM=xterm-256color "+cmd).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v %s", err, b)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", name).Run() })
	screen := func() string {
		b, _ := exec.Command("tmux", "capture-pane", "-p", "-t", name).Output()
		return string(b)
	}
	waitScreen := func(what string) string {
		t.Helper()
		end := time.Now().Add(20 * time.Second)
		for time.Now().Before(end) {
			if s := screen(); strings.Contains(s, what) {
				return s
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("%q did not appear; the screen:\n%s", what, screen())
		return ""
	}
	s := waitScreen("student grace")
	if !strings.Contains(s, "first-lock") || !strings.Contains(s, "sandbox") {
		t.Fatalf("the menu:\n%s", s)
	}
	if !ts.hasKeySession("grace") {
		t.Fatal("the client did not log in with its key")
	}
	exec.Command("tmux", "send-keys", "-t", name, "Enter").Run() // first-lock is the first item
	s = waitScreen("the script paused here")
	if !strings.Contains(s, "first-lock") && !strings.Contains(s, "First lock") {
		t.Logf("the screen:\n%s", s)
	}
	exec.Command("tmux", "send-keys", "-t", name, "q").Run()
	waitScreen("student grace")
}
