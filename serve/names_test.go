package serve

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// User names are bounded as the server keeps and shows them: the teacher's class line (drawn
// at every frame) and the log stay short whatever names the members chose.
func TestLongNamesBounded(t *testing.T) {
	ts := startServer(t, nil)
	var logb syncBuf
	ts.log.SetOutput(&logb)
	teach := openTerm(t, ts.dial(t, "teach", gossh.PublicKeys(ts.teacher)), 100, 30, "", true)
	teach.waitFor(0, "teacher teach")
	teach.send("c")
	eventually(t, "the class opens", func() bool { return ts.openedClass() != nil })
	c := ts.openedClass()
	for i := range 3 {
		st := openTerm(t, ts.dial(t, strings.Repeat(string(rune('a'+i)), 60<<10)+"\u202e"), 80, 24, "", true)
		st.waitFor(0, "join the class")
		st.send(keyEnter)
	}
	eventually(t, "three members", func() bool { return len(c.who()) == 3 })
	c.mu.Lock()
	line := c.lines()[0] // its longest form
	c.mu.Unlock()
	if len(line) > 400 {
		t.Fatalf("the teacher's class line is %d bytes", len(line))
	}
	for _, n := range c.who() {
		if strings.ContainsRune(n, '\u202e') || len(n) > 4*maxName {
			t.Fatalf("a member's name is kept as %d bytes: %q", len(n), n[:min(len(n), 80)])
		}
	}
	for _, l := range strings.Split(logb.String(), "\n") {
		if len(l) > maxLogLine+100 {
			t.Fatalf("a log line of %d bytes", len(l))
		}
	}
}
