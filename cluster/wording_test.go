package cluster

import (
	"testing"

	pb "go.etcd.io/raft/v3/raftpb"
)

// The verbose log's line is the timeline's sentence, but for a sent message raft's own words
// when the world kept them; a drop reads the same on both.
func TestVerboseIsDescribeButRaftsWords(t *testing.T) {
	drop := Event{Kind: EvMsgDropped, Node: 1, Peer: 2, Msg: MsgInfo{Type: pb.MessageType_MsgApp}, Text: "cut"}
	if got, want := drop.Verbose(), "dropped n1→n2 MsgApp (cut)"; got != want || drop.Describe() != want {
		t.Errorf("a drop: verbose %q, describe %q, want %q", got, drop.Describe(), want)
	}
	sent := Event{Kind: EvMsgSent, Node: 1, Peer: 2, Msg: MsgInfo{Type: pb.MessageType_MsgApp}, Detail: "1->2 MsgApp Term:1"}
	if got := sent.Verbose(); got != "send 1->2 MsgApp Term:1" {
		t.Errorf("a sent message with raft's words: %q", got)
	}
	sent.Detail = ""
	if sent.Verbose() != sent.Describe() {
		t.Errorf("a sent message without raft's words: %q, want %q", sent.Verbose(), sent.Describe())
	}
}

// A release sent without a token says so on its row (racing-acquires' cleanup release: the
// narration says it carries none, nc21-m 4); one with a token names it; an acquire says neither.
func TestReleaseSendSaysItsToken(t *testing.T) {
	for _, c := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EvClientSend, Client: "c2", Node: 1, Key: "orders", Op: OpRelease}, "c2 sends release orders to n1 (no token)"},
		{Event{Kind: EvClientSend, Client: "c1", Node: 1, Key: "orders", Op: OpRelease, Token: 3}, "c1 sends release orders to n1 (token 3)"},
		{Event{Kind: EvClientSend, Client: "c1", Node: 1, Key: "orders", Op: OpAcquire}, "c1 sends acquire orders to n1"},
	} {
		if got := c.e.Describe(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
