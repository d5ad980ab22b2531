package serve

import (
	"runtime"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// A window-change the session's program cannot take (before the shell starts, or after a
// refused command) must not park the library's request loop for good: each such session
// would leak its goroutines and its state after the client left.
func TestWindowChangesNobodyReadsLeakNothing(t *testing.T) {
	ts := startServer(t, nil)
	settle := func() int {
		runtime.GC()
		return runtime.NumGoroutine()
	}
	// One round first: the server's own goroutines (timers, pools) start.
	round := func(cmd string) {
		c := ts.dial(t, "winch")
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if cmd != "" {
			s.Start(cmd) // refused: the handler ends at once
		}
		for i := range 4 {
			s.WindowChange(30+i, 100)
		}
		if cmd == "" {
			s.WindowChange(40, 120)
		}
		c.Close()
	}
	round("")
	eventually(t, "the first round's connection is gone", func() bool { return ts.conns.Load() == 0 })
	before := settle()
	for range 10 {
		round("")
		round("cat /etc/passwd")
	}
	eventually(t, "the connections are closed", func() bool { return ts.conns.Load() == 0 })
	var after int
	eventually(t, "the sessions' goroutines end", func() bool { after = settle(); return after <= before+3 })
	t.Logf("goroutines: %d before, %d after 20 sessions", before, after)
}
