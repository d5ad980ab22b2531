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
