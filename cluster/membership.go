package cluster

import (
	"slices"
	"strconv"
	"strings"

	pb "go.etcd.io/raft/v3/raftpb"
	"google.golang.org/protobuf/proto"
)

// MaxNodes is the most nodes a cluster ever has: it starts with Config.Nodes and membership
// changes may add nodes up to n9.
const MaxNodes = 9

// Membership is a raft configuration as the scenario language speaks of it. While a change
// is joint, Voters is the new (incoming) voter set and Outgoing the old one; a commit needs a
// majority of each.
type Membership struct {
	Voters       []int // sorted
	Learners     []int
	Outgoing     []int // the old voters while joint, else nil
	LearnersNext []int // voters of Outgoing that become learners when the joint state is left
	AutoLeave    bool  // raft leaves the joint state by itself
}

// membershipOf reads a ConfState.
func membershipOf(cs *pb.ConfState) Membership {
	ids := func(v []uint64) []int {
		if len(v) == 0 {
			return nil
		}
		out := make([]int, len(v))
		for i, id := range v {
			out[i] = int(id)
		}
		slices.Sort(out)
		return out
	}
	return Membership{Voters: ids(cs.GetVoters()), Learners: ids(cs.GetLearners()),
		Outgoing: ids(cs.GetVotersOutgoing()), LearnersNext: ids(cs.GetLearnersNext()), AutoLeave: cs.GetAutoLeave()}
}

// Joint says whether the configuration is joint (two voter sets).
func (m Membership) Joint() bool { return len(m.Outgoing) > 0 }

// IsVoter says whether id votes in either voter set.
func (m Membership) IsVoter(id int) bool {
	return slices.Contains(m.Voters, id) || slices.Contains(m.Outgoing, id)
}

// IsLearner says whether id is a learner (now, or once the joint state is left).
func (m Membership) IsLearner(id int) bool {
	return slices.Contains(m.Learners, id) || slices.Contains(m.LearnersNext, id)
}

// Has says whether id is a member: a voter or a learner.
func (m Membership) Has(id int) bool { return m.IsVoter(id) || m.IsLearner(id) }

// Members lists every member, sorted.
func (m Membership) Members() []int {
	var out []int
	for _, s := range [][]int{m.Voters, m.Outgoing, m.Learners, m.LearnersNext} {
		out = append(out, s...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Quorum says whether the nodes has(id) says yes to include a majority of every voter set.
func (m Membership) Quorum(has func(id int) bool) bool {
	maj := func(set []int) bool {
		if len(set) == 0 {
			return true
		}
		n := 0
		for _, id := range set {
			if has(id) {
				n++
			}
		}
		return n > len(set)/2
	}
	return maj(m.Voters) && maj(m.Outgoing)
}

// Equal says whether two configurations are the same.
func (m Membership) Equal(o Membership) bool {
	return slices.Equal(m.Voters, o.Voters) && slices.Equal(m.Learners, o.Learners) &&
		slices.Equal(m.Outgoing, o.Outgoing) && slices.Equal(m.LearnersNext, o.LearnersNext) && m.AutoLeave == o.AutoLeave
}

// NodeNames spells ids as the language does: "n1 n2 n3", or "none".
func NodeNames(ids []int) string {
	if len(ids) == 0 {
		return "none"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = "n" + strconv.Itoa(id)
	}
	return strings.Join(parts, " ")
}

// String is "voters n1 n2 n3", with " learners n4" when there are learners and, while joint,
// " joint with voters n1 n2 n3" (the old set).
func (m Membership) String() string {
	s := "voters " + NodeNames(m.Voters)
	if ls := slices.Concat(m.Learners, m.LearnersNext); len(ls) > 0 {
		slices.Sort(ls)
		s += " learners " + NodeNames(slices.Compact(ls))
	}
	if m.Joint() {
		s += " joint with voters " + NodeNames(m.Outgoing)
		if !m.AutoLeave {
			s += " (held)"
		}
	}
	return s
}

// hash is a digest of the configuration, for the checker.
func (m Membership) hash() uint64 {
	h := FNVOffset
	for i, set := range [][]int{m.Voters, m.Learners, m.Outgoing, m.LearnersNext} {
		h = hashU64(h, uint64(i+1)<<32|uint64(len(set)))
		for _, id := range set {
			h = hashU64(h, uint64(id))
		}
	}
	return hashU64(h, b2u(m.AutoLeave))
}

// startConf is the configuration every node boots with: the first Config.Nodes nodes, voters.
func (w *World) startConf() *pb.ConfState {
	if w.cs == nil {
		w.cs = &pb.ConfState{}
		for id := 1; id <= w.cfg.Nodes; id++ {
			w.cs.Voters = append(w.cs.Voters, uint64(id))
		}
	}
	return w.cs
}

// describeConfEntry says what a conf-change entry changes: "add n6", "add learner n7",
// "remove n2", "joint add n6 remove n1" (the entry that enters a joint state), "leave joint".
func describeConfEntry(e *pb.Entry) string {
	var cc pb.ConfChangeI
	switch e.GetType() {
	case pb.EntryType_EntryConfChangeV2:
		v := &pb.ConfChangeV2{}
		if proto.Unmarshal(e.GetData(), v) != nil {
			return "bad conf change"
		}
		cc = v
	case pb.EntryType_EntryConfChange:
		v := &pb.ConfChange{}
		if proto.Unmarshal(e.GetData(), v) != nil {
			return "bad conf change"
		}
		cc = v
	default:
		return ""
	}
	return DescribeConfChange(cc.AsV2())
}

// DescribeConfChange is describeConfEntry's wording for a change.
func DescribeConfChange(cc *pb.ConfChangeV2) string {
	if cc.LeaveJoint() {
		return "leave joint"
	}
	var parts []string
	for _, c := range cc.GetChanges() {
		id := "n" + strconv.FormatUint(c.GetNodeId(), 10)
		switch c.GetType() {
		case pb.ConfChangeType_ConfChangeAddNode:
			parts = append(parts, "add "+id)
		case pb.ConfChangeType_ConfChangeAddLearnerNode:
			parts = append(parts, "add learner "+id)
		case pb.ConfChangeType_ConfChangeRemoveNode:
			parts = append(parts, "remove "+id)
		}
	}
	s := strings.Join(parts, " ")
	if _, joint := cc.EnterJoint(); joint {
		s = "joint " + s
	}
	return s
}
