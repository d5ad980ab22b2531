package diagram

import (
	"strings"
	"testing"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
)

// A heartbeat round a read waits on (ReadIndex) is told from the periodic ones by its label,
// and a heartbeat's details say why its commit may be 0 (nc19-a, nc20-a).
func TestHeartbeatLabelsSayReadIndex(t *testing.T) {
	hb := Msg{Kind: Raft, From: 1, To: 2, Info: cluster.MsgInfo{Type: pb.MessageType_MsgHeartbeat, Commit: 4, Read: true}}
	resp := Msg{Kind: Raft, From: 2, To: 1, Info: cluster.MsgInfo{Type: pb.MessageType_MsgHeartbeatResp, Read: true}}
	plain := Msg{Kind: Raft, From: 4, To: 1, Info: cluster.MsgInfo{Type: pb.MessageType_MsgHeartbeat}}
	for _, c := range []struct {
		m    Msg
		want string
	}{{hb, "MsgHeartbeat commit 4 ReadIndex"}, {resp, "MsgHeartbeatResp ReadIndex"}, {plain, "MsgHeartbeat commit 0"}} {
		if got := c.m.Label(); got != c.want {
			t.Errorf("label %q, want %q", got, c.want)
		}
	}
	if d := strings.Join(plain.Details(), "\n"); !strings.Contains(d, "capped at the last entry it knows this node holds") || strings.Contains(d, "ReadIndex") {
		t.Errorf("a periodic heartbeat's details:\n%s", d)
	}
	if d := strings.Join(hb.Details(), "\n"); !strings.Contains(d, "ReadIndex: carries a read's request") {
		t.Errorf("a ReadIndex heartbeat's details:\n%s", d)
	}
}
