package cluster

import (
	"strings"
	"testing"
)

// nc23-m: "c2 gets not-found from n1" beside every lock table's orders #3 read as false (the
// key is held, by c1). The row says what not-found means, true whether the key is free or
// another client's.
func TestNotFoundRowSaysWhose(t *testing.T) {
	e := &Event{Kind: EvClientReply, Client: "c2", Node: 1, Reply: ReplyNotFound, Key: "orders"}
	if got, want := e.Describe(), "c2 gets not-found from n1 (no lock of c2's)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e.Reply = ReplyBusy
	if got := e.Describe(); strings.Contains(got, "no lock") {
		t.Errorf("busy: %q", got)
	}
}
