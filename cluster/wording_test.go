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

// A follower's reject of the leader's append says why the follower said no, from raft's reject
// hint, and what the leader did, in one timeline row (nc22-j: ghost-lock's bare "n1 hears n2
// reject its append after entry 7" left a newcomer unsure whether anything had gone wrong).
func TestRejectRowSaysWhyAndWhatNext(t *testing.T) {
	rej := func(idx, hint uint64, end bool, then RejectThen, resend uint64) Event {
		return Event{Kind: EvMsgDelivered, Node: 2, Peer: 1, Msg: MsgInfo{Type: pb.MessageType_MsgAppResp, Reject: true,
			Index: idx, Hint: hint, HintEnd: end, Then: then, Resend: resend}}
	}
	for _, c := range []struct {
		e    Event
		want string
	}{
		{rej(7, 6, true, ThenResend, 7), "n1 hears n2 reject after 7 (ends 6): resends 7"},
		{rej(203, 3, true, ThenSnapshot, 4), "n1 hears n2 reject after 203 (ends 3): sends snapshot"},
		{rej(7, 6, true, ThenIgnore, 0), "n1 hears n2 reject after 7 (ends 6): stale, ignored"},
		{rej(3, 3, true, ThenResend, 3), "n1 hears n2 reject after 3 (other term): resends 3"},
		{rej(5, 2, false, ThenResend, 3), "n1 hears n2 reject after 5 (differs after 2): resends 3"},
	} {
		if got := c.e.Describe(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	// The longest, three-digit indexes (snapshot-catch-up), fits the 53 cells the timeline has
	// at 120x40 once its times reach 10s.
	e := rej(175, 174, true, ThenResend, 175)
	if long := e.Describe(); len(long) > 53 {
		t.Errorf("%q is %d cells", long, len(long))
	}
}
