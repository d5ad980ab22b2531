package diagram

import (
	"strings"
	"testing"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
)

// A MsgApp carrying a membership entry lists it by its change, as the log columns do: the
// details read "entry 4: empty" beside "conf joint …" everywhere else (nc39-c).
func TestRaftNotesNameAConfEntry(t *testing.T) {
	m := Msg{Kind: Raft, Info: cluster.MsgInfo{Type: pb.MessageType_MsgApp, Index: 3, Entries: 1},
		Entries: []Entry{{Index: 4, Conf: "conf joint add n6 n7 n8 remove n3 n4 n5"}}}
	notes := strings.Join(m.RaftNotes(), "\n")
	if !strings.Contains(notes, "entry 4: conf joint add n6 n7 n8") || strings.Contains(notes, "entry 4: empty") {
		t.Errorf("the details do not name the membership entry:\n%s", notes)
	}
}
