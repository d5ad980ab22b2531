package cluster

import (
	"strings"
	"testing"
)

// nc34-2: c3's tokenless write was "with token 0" in the timeline, "#0" on the diagram: every
// form of a write event names it "no token", and a real token as before.
func TestTokenlessWriteSaysNoToken(t *testing.T) {
	e := &Event{Kind: EvWrite, Client: "c3", Key: "orders", Token: 0}
	act, _ := e.Act()
	for _, got := range []string{e.Describe(), e.Label(), act, e.Verbose()} {
		if !strings.Contains(got, "no token") || strings.Contains(got, "token 0") || strings.Contains(got, "#0") {
			t.Errorf("tokenless write: %q", got)
		}
	}
	e.Token, e.Accepted = 2, true
	act, _ = e.Act()
	if d, l := e.Describe(), e.Label(); d != "resource accepted c3's write to orders with token 2" || l != "write orders #2 accepted" || !strings.Contains(act, "with token 2") {
		t.Errorf("token 2: %q, %q, %q", d, l, act)
	}
}
