package cluster

import (
	"strings"
	"testing"
	"time"
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

// nc34-3: the non-linearizable row is stamped when porcupine found it (5.860s), its operations
// answered by 5.253s: the row says "found", and by when they were done.
func TestNonLinearizableRowSaysFoundAndWhen(t *testing.T) {
	e := &Event{Kind: EvViolation, Violation: NonLinearizable, At: 5860 * time.Millisecond,
		Detail: "no order fits these 2 operations on orders: c2's grant #2 (3.043s-4.271s); the leader's expire #1 (4.043s-5.253s), answered existed:true.\nmore"}
	want := "VIOLATION non-linearizable found: no order fits these 2 operations on orders, done by 5.253s: c2's grant #2 (3.043s-4.271s); the leader's expire #1 (4.043s-5.253s), answered existed:true"
	if got := e.Describe(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	e.At = 5253 * time.Millisecond // found as the last answer came: nothing to tell apart
	if got := e.Describe(); !strings.HasPrefix(got, "VIOLATION non-linearizable: no order fits these 2 operations on orders: c2's") {
		t.Errorf("found at once: %q", got)
	}
}
