package cluster

import (
	"fmt"
	"math"
	"slices"

	"go.etcd.io/raft/v3"
	"go.etcd.io/raft/v3/confchange"
	pb "go.etcd.io/raft/v3/raftpb"
	raftracker "go.etcd.io/raft/v3/tracker"
	"google.golang.org/protobuf/proto"
)

// Membership changes. raft gives a proposer no error for a change it will not make: it turns
// some into an empty entry and only logs why (a second change while one is unapplied, leaving a
// joint state it is not in), and others pass and then panic on every node when applied
// (removing every voter, a joint configuration with no voters). So the world checks every
// change itself first, refusing with its own reason (an EvConfRefused event, not an error: a
// refusal is part of the run), and if raft still swaps one for an empty entry it says so when
// that index applies.

// confWant is a change the world proposed, kept until its index applies on the proposer.
type confWant struct {
	node        int
	index, term uint64
	what        string
}

// AddNode starts node id empty and proposes it as a voter in one simple change.
func (w *World) AddNode(id int) error { return w.addMember(id, false) }

// AddLearner starts node id empty and proposes it as a learner.
func (w *World) AddLearner(id int) error { return w.addMember(id, true) }

func (w *World) addMember(id int, learner bool) error {
	step, typ := fmt.Sprintf("add-node n%d", id), pb.ConfChangeType_ConfChangeAddNode
	if learner {
		step, typ = fmt.Sprintf("add-learner n%d", id), pb.ConfChangeType_ConfChangeAddLearnerNode
	}
	if err := checkName(id); err != nil {
		return err
	}
	l, m, ok := w.changeLeader(step)
	if !ok {
		return nil
	}
	if why := w.joinRefusal(id, m, 0); why != "" {
		w.refuse(step, why)
		return nil
	}
	cc := &pb.ConfChangeV2{Changes: []*pb.ConfChangeSingle{{Type: typ.Enum(), NodeId: proto.Uint64(uint64(id))}}}
	w.proposeConf(l, step, cc, []int{id})
	return nil
}

// Promote makes learner id a voter, once it is in sync with the leader (PromoteReady).
func (w *World) Promote(id int) error {
	step := fmt.Sprintf("promote n%d", id)
	if err := checkName(id); err != nil {
		return err
	}
	l, m, ok := w.changeLeader(step)
	if !ok {
		return nil
	}
	if !m.IsLearner(id) {
		w.refuse(step, fmt.Sprintf("n%d is no learner (%s)", id, m))
		return nil
	}
	if ok, why := l.inSync(id); !ok {
		w.refuse(step, "can only promote a learner member which is in sync with leader: "+why)
		return nil
	}
	cc := &pb.ConfChangeV2{Changes: []*pb.ConfChangeSingle{{Type: pb.ConfChangeType_ConfChangeAddNode.Enum(), NodeId: proto.Uint64(uint64(id))}}}
	w.proposeConf(l, step, cc, nil)
	return nil
}

// RemoveNode proposes that voter or learner id leave, in one simple change.
func (w *World) RemoveNode(id int) error {
	step := fmt.Sprintf("remove-node n%d", id)
	if err := checkName(id); err != nil {
		return err
	}
	l, m, ok := w.changeLeader(step)
	if !ok {
		return nil
	}
	if !m.Has(id) {
		w.refuse(step, fmt.Sprintf("n%d is no member (%s)", id, m))
		return nil
	}
	if slices.Equal(m.Voters, []int{id}) {
		w.refuse(step, fmt.Sprintf("n%d is the only voter: raft panics on every node applying a configuration with no voters", id))
		return nil
	}
	cc := &pb.ConfChangeV2{Changes: []*pb.ConfChangeSingle{{Type: pb.ConfChangeType_ConfChangeRemoveNode.Enum(), NodeId: proto.Uint64(uint64(id))}}}
	w.proposeConf(l, step, cc, nil)
	return nil
}

// Reconfigure proposes exactly the voter set ids in one change, always through joint
// consensus (even when one voter changes). raft leaves the joint state by itself unless hold:
// then it stays joint until LeaveJoint. Named nodes not yet in the cluster start empty.
func (w *World) Reconfigure(ids []int, hold bool) error {
	want := slices.Sorted(slices.Values(ids))
	step := "reconfigure " + NodeNames(want)
	if hold {
		step += " hold"
	}
	if len(want) == 0 {
		return fmt.Errorf("reconfigure needs at least one voter")
	}
	for i, id := range want {
		if err := checkName(id); err != nil {
			return err
		}
		if i > 0 && want[i-1] == id {
			return fmt.Errorf("reconfigure names n%d twice", id)
		}
	}
	l, m, ok := w.changeLeader(step)
	if !ok {
		return nil
	}
	if slices.Equal(m.Voters, want) {
		w.refuse(step, "the voters are already "+NodeNames(want))
		return nil
	}
	var ccs []*pb.ConfChangeSingle
	var joiners []int
	for _, id := range want {
		if m.Has(id) && !m.IsLearner(id) {
			continue
		}
		if !m.Has(id) {
			before := 0
			for _, j := range joiners {
				if j > len(w.nodes) {
					before++
				}
			}
			if why := w.joinRefusal(id, m, before); why != "" {
				w.refuse(step, why)
				return nil
			}
			joiners = append(joiners, id)
		}
		ccs = append(ccs, &pb.ConfChangeSingle{Type: pb.ConfChangeType_ConfChangeAddNode.Enum(), NodeId: proto.Uint64(uint64(id))})
	}
	for _, id := range m.Voters {
		if !slices.Contains(want, id) {
			ccs = append(ccs, &pb.ConfChangeSingle{Type: pb.ConfChangeType_ConfChangeRemoveNode.Enum(), NodeId: proto.Uint64(uint64(id))})
		}
	}
	tr := pb.ConfChangeTransition_ConfChangeTransitionJointImplicit
	if hold {
		tr = pb.ConfChangeTransition_ConfChangeTransitionJointExplicit
	}
	w.proposeConf(l, step, &pb.ConfChangeV2{Transition: tr.Enum(), Changes: ccs}, joiners)
	return nil
}

// LeaveJoint proposes leaving a joint configuration held by reconfigure ... hold.
func (w *World) LeaveJoint() error {
	const step = "leave-joint"
	l, m, ok := w.changeLeader(step)
	if !ok {
		return nil
	}
	switch {
	case !m.Joint():
		w.refuse(step, "the configuration is not joint ("+m.String()+"): raft would put an empty entry in its place")
		return nil
	case m.AutoLeave:
		w.refuse(step, "raft leaves this joint configuration by itself (it was not held)")
		return nil
	}
	w.proposeConf(l, step, &pb.ConfChangeV2{}, nil)
	return nil
}

func checkName(id int) error {
	if id < 1 || id > MaxNodes {
		return fmt.Errorf("no node n%d: node names run n1 to n%d", id, MaxNodes)
	}
	return nil
}

// changeLeader finds the leader that would propose a change and checks what every change
// needs: a leader, no change of its still unapplied, and none of raft's own wait after an
// election. It refuses (and says false) otherwise.
func (w *World) changeLeader(step string) (*node, Membership, bool) {
	l := w.leaderNode()
	if l == nil {
		w.refuse(step, "no leader to propose it")
		return nil, Membership{}, false
	}
	for _, e := range l.entries(l.applied+1, l.lastIndex()) {
		if e.GetType() != pb.EntryType_EntryNormal {
			w.refuse(step, fmt.Sprintf("the change at index %d is not yet applied on leader n%d (applied %d): raft allows one at a time", e.GetIndex(), l.id, l.applied))
			return nil, Membership{}, false
		}
	}
	if l.applied < l.electAt {
		w.refuse(step, fmt.Sprintf("leader n%d has not yet applied index %d, its last when it was elected (applied %d): raft takes no change until it has", l.id, l.electAt, l.applied))
		return nil, Membership{}, false
	}
	if l.conf.Joint() && step != "leave-joint" {
		w.refuse(step, "the configuration is joint ("+l.conf.String()+"): it must leave the joint state first")
		return nil, Membership{}, false
	}
	return l, l.conf, true
}

// joinRefusal says why id cannot join now, or "".
func (w *World) joinRefusal(id int, m Membership, before int) string {
	next := len(w.nodes) + 1 + before // the joiners named before id in the same step come first
	switch {
	case w.removedIDs&(1<<id) != 0:
		return fmt.Sprintf("n%d was removed: a removed ID never rejoins (raft keeps no record of it; etcd forbids reuse)", id)
	case m.Has(id):
		return fmt.Sprintf("n%d is already a member (%s)", id, m)
	case id > next:
		return fmt.Sprintf("nodes join in order: the next new node is n%d", next)
	}
	return ""
}

// inSync is the promote check, as etcd's server has one (raft has none): the learner is in
// sync when the leader replicates to it normally (not probing it, not sending it a snapshot)
// and it holds every entry the leader has committed.
func (n *node) inSync(id int) (bool, string) {
	ok, why := false, fmt.Sprintf("the leader has no progress for n%d", id)
	n.raft().WithProgress(func(pid uint64, _ raft.ProgressType, pr raftracker.Progress) {
		if int(pid) != id {
			return
		}
		switch {
		case pr.State != raftracker.StateReplicate:
			why = fmt.Sprintf("the leader is %s n%d", progressVerb(pr.State), id)
		case pr.Match < n.commit:
			why = fmt.Sprintf("n%d holds up to index %d, the leader has committed %d", id, pr.Match, n.commit)
		default:
			ok, why = true, ""
		}
	})
	return ok, why
}

func progressVerb(s raftracker.StateType) string {
	if s == raftracker.StateSnapshot {
		return "sending a snapshot to"
	}
	return "still probing"
}

// refuse records a membership step the world did not propose, and why.
func (w *World) refuse(step, why string) {
	w.emit(Event{Kind: EvConfRefused, Text: step + " refused: " + why})
}

// proposeConf starts the joiners, checks the change with raft's own configuration changer (what
// it would panic on when applying), and proposes it.
func (w *World) proposeConf(l *node, step string, cc *pb.ConfChangeV2, joiners []int) {
	if err := checkChange(l.cs, cc); err != nil {
		w.refuse(step, "raft would panic on every node applying it: "+err.Error())
		return
	}
	for _, id := range joiners {
		if id <= len(w.nodes) {
			continue // started by an earlier change that did not take: it waits, empty
		}
		w.join(id)
	}
	idx := l.lastIndex() + 1
	if err := l.raft().ProposeConfChange(cc); err != nil {
		w.refuse(step, "raft dropped the proposal: "+err.Error())
		return
	}
	w.disturb()
	w.emit(Event{Kind: EvConfProposed, Node: l.id, Index: idx, Term: l.term, Text: step})
	w.confWanted = append(w.confWanted, confWant{node: l.id, index: idx, term: l.term, what: step})
	l.process()
}

// checkChange runs raft's configuration changer on cs, as applying cc would.
func checkChange(cs *pb.ConfState, cc *pb.ConfChangeV2) (err error) {
	chg := confchange.Changer{Tracker: raftracker.MakeProgressTracker(1, 0), LastIndex: 1}
	cfg, prs, err := confchange.Restore(chg, cs)
	if err != nil {
		return err
	}
	chg.Tracker.Config, chg.Tracker.Progress = cfg, prs
	switch autoLeave, joint := cc.EnterJoint(); {
	case cc.LeaveJoint():
		_, _, err = chg.LeaveJoint()
	case joint:
		_, _, err = chg.EnterJoint(autoLeave, cc.GetChanges()...)
	default:
		_, _, err = chg.Simple(cc.GetChanges()...)
	}
	return err
}

// join starts node id empty: it waits for the leader to reach it once it is a member.
func (w *World) join(id int) {
	n := newJoiner(w, id)
	w.nodes = append(w.nodes, n)
	w.net.grow(len(w.nodes))
	w.emit(Event{Kind: EvJoin, Node: id})
	n.start(false)
	n.nextTick = AddTime(n.clk.tickLocal(w.now), between(&w.rng, 1, w.cfg.Tick))
	n.scheduleTick()
}

// applyConf applies a committed conf-change entry: every node does, in log order.
func (n *node) applyConf(e *pb.Entry) {
	var cc pb.ConfChangeI
	switch e.GetType() {
	case pb.EntryType_EntryConfChangeV2:
		v := &pb.ConfChangeV2{}
		if err := proto.Unmarshal(e.GetData(), v); err != nil {
			n.w.emit(Event{Kind: EvError, Node: n.id, Index: e.GetIndex(), Text: "undecodable conf change: " + err.Error()})
			return
		}
		cc = v
	case pb.EntryType_EntryConfChange:
		v := &pb.ConfChange{}
		if err := proto.Unmarshal(e.GetData(), v); err != nil {
			n.w.emit(Event{Kind: EvError, Node: n.id, Index: e.GetIndex(), Text: "undecodable conf change: " + err.Error()})
			return
		}
		cc = v
	default:
		return
	}
	if err := checkChange(n.cs, cc.AsV2()); err != nil {
		// raft would panic here; the world checked every change it proposed, so this is a bug.
		n.w.emit(Event{Kind: EvError, Node: n.id, Index: e.GetIndex(), Text: "conf change not applied (raft would panic): " + err.Error()})
		return
	}
	was := n.conf.Has(n.id)
	cs := n.raft().ApplyConfChange(cc)
	n.w.confChanged = true
	old := n.conf
	n.setConf(cs, e.GetIndex())
	n.w.emit(Event{Kind: EvConfApplied, Node: n.id, Index: e.GetIndex(), Term: e.GetTerm(), Text: n.conf.String(), Removed: !n.conf.Has(n.id)})
	for _, id := range old.Members() {
		if !n.conf.Has(id) {
			n.w.removedIDs |= 1 << id
		}
	}
	if was && !n.conf.Has(n.id) {
		n.removed = true
		// It will apply nothing more: a request it accepted with an entry after this one
		// may still commit under the others, so it says outcome-unknown, never silence.
		n.overtaken(math.MaxUint64)
	}
	if n.role == RoleLeader || was && !n.conf.Has(n.id) {
		n.w.disturb()
	}
}

// setConf keeps the configuration applied at index.
func (n *node) setConf(cs *pb.ConfState, index uint64) {
	n.cs = proto.Clone(cs).(*pb.ConfState)
	n.conf = membershipOf(n.cs)
	n.confAt = index
}

// restoreConf takes a snapshot's configuration.
func (n *node) restoreConf(cs *pb.ConfState, index uint64) {
	if cs == nil {
		cs = &pb.ConfState{}
	}
	n.setConf(cs, index)
}

// checkSwapped shows a change raft swapped for an empty entry (or that lost its index to a new
// leader's entry) when that index applies on the node that proposed it: never a silent no-op.
func (w *World) checkSwapped(n *node, e *pb.Entry) {
	keep := w.confWanted[:0]
	for _, cw := range w.confWanted {
		if cw.node != n.id || cw.index != e.GetIndex() {
			if cw.index > n.applied || cw.node != n.id {
				keep = append(keep, cw)
			}
			continue
		}
		switch {
		case e.GetType() != pb.EntryType_EntryNormal:
		case e.GetTerm() == cw.term:
			w.emit(Event{Kind: EvConfRefused, Node: n.id, Index: cw.index, Text: fmt.Sprintf("%s: raft put an empty entry at index %d in its place (its log says why)", cw.what, cw.index)})
		default:
			w.emit(Event{Kind: EvConfRefused, Node: n.id, Index: cw.index, Text: fmt.Sprintf("%s was lost: index %d holds another leader's entry", cw.what, cw.index)})
		}
	}
	w.confWanted = keep
	if len(keep) == 0 {
		w.confWanted = nil
	}
}

// confHash is node n's configuration for the checker, once any configuration has changed.
func (w *World) confHash(n *node) uint64 {
	if !w.confChanged {
		return 0
	}
	return n.conf.hash()
}

// freshSnapFor replaces a MsgSnap's snapshot by one of the sender's applied state when the
// stored one predates the recipient's membership: raft refuses to restore a snapshot whose
// configuration does not name it ("should never happen"). etcd's server does this for every
// MsgSnap (it merges its applied state and configuration into the message); here only when it
// is needed, so a run without membership changes sends what it always did.
func (n *node) freshSnapFor(m *pb.Message) {
	to := int(m.GetTo())
	if membershipOf(m.GetSnapshot().GetMetadata().GetConfState()).Has(to) || !n.conf.Has(to) || !n.up {
		return
	}
	term, err := n.st.Term(n.applied)
	if err != nil {
		return
	}
	m.Snapshot = &pb.Snapshot{Data: n.sm.Snapshot(), Metadata: &pb.SnapshotMetadata{
		Index: proto.Uint64(n.applied), Term: proto.Uint64(term), ConfState: proto.Clone(n.cs).(*pb.ConfState)}}
}
