package serve

import (
	"strings"
	"testing"
)

// A session's run records every action until it ends: a flood of keys that act (h heals)
// must end the session at maxActions instead of growing the server's heap without end
// (200,000 h grew it by 140 MB).
func TestActionFloodEndsTheSession(t *testing.T) {
	defer func(n int) { maxActions = n }(maxActions)
	maxActions = 300
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t, "flood"), 80, 24, "", true)
	tm.waitFor(0, "student flood")
	for range menuIndex("sandbox") {
		tm.send(keyDown)
	}
	m := tm.mark()
	tm.send(keyEnter)
	tm.waitFor(m, "sandbox")
	other := openTerm(t, ts.dial(t, "other"), 80, 24, "", true)
	other.waitFor(0, "student other")
	tm.in.Write([]byte(strings.Repeat("h", 2000)))
	tm.waitFor(m, "bound of 300 actions")
	tm.wait()
	if ts.count() != 1 {
		t.Fatalf("%d sessions left, want the other one", ts.count())
	}
}
