package diagram

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/fsm"
)

// maxLogKept is how many entries per node the recorder remembers to label MsgApps with.
const maxLogKept = 4096

// maxCarried bounds the entries a MsgApp row keeps (the label names the first; the count says
// how many more).
const maxCarried = 8

// Recorder builds the diagram from events, in order. It keeps at most Cap rows (the oldest go
// first) and the messages still on the wire. The zero value is not ready: use New.
type Recorder struct {
	confMarked uint64 // the last configuration change's index a mark shows (member.go)

	Lanes   Lanes
	since   []uint64 // the Seq of the event that gave each client its lane (Truncate drops later ones)
	cap     int
	rows    []Row
	pending []Msg // sent, not yet delivered or lost, in send order
	logs    []map[uint64]Entry
	late    map[uint64]bool       // indexes of Expires some node applied with nothing to delete
	last    uint64                // Seq of the latest event seen
	hi      uint64                // the highest Seq ever seen (a rewind lowers last, not hi)
	ats     [atRing]time.Duration // the instant of each recent event, by Seq % atRing
	state   LaneStates            // every node's lane state now
	paused  uint64                // the client lanes (bit i: Lanes.Clients[i]) paused now
	page    *pageBound            // a page recorder's bounds (nil: the TUI's recorder)
}

// atRing is how many recent event instants are kept to check a rewound world against.
const atRing = 1024

// New records a diagram of a cluster of n nodes keeping at most capRows rows (0: no bound).
func New(nodes, capRows int) *Recorder {
	r := &Recorder{Lanes: Lanes{Nodes: nodes}, cap: capRows, late: map[uint64]bool{}}
	if capRows > 0 {
		r.rows = make([]Row, 0, 2*capRows)
	}
	r.logs = make([]map[uint64]Entry, nodes+1)
	for i := range r.logs {
		r.logs[i] = map[uint64]Entry{}
	}
	return r
}

// Rows are the kept rows, oldest first. The slice is the recorder's: do not keep it across Add.
func (r *Recorder) Rows() []Row { return r.rows }

// Pending are the messages still on the wire, oldest first.
func (r *Recorder) Pending() []Msg { return r.pending }

// State is every node's lane state now.
func (r *Recorder) State() LaneStates { return r.state }

// Paused is the client lanes paused now: bit i for Lanes.Clients[i].
func (r *Recorder) Paused() uint64 { return r.paused }

// Late says whether the entry at index idx is an Expire that some node applied with nothing
// to delete (a late Expire).
func (r *Recorder) Late(idx uint64) bool { return r.late[idx] }

// Last is the Seq of the latest event recorded.
func (r *Recorder) Last() uint64 { return r.last }

// Truncate forgets everything after event seq: a rewound world replays the same events up to
// there, so only what came later is gone. A message sent before and delivered after is on the
// wire again.
func (r *Recorder) Truncate(seq uint64) {
	i := len(r.rows)
	for i > 0 && r.rows[i-1].Seq > seq {
		i--
	}
	for _, row := range r.rows[i:] {
		if !row.Mark && row.Msg.ID <= seq && row.Msg.ID > 0 {
			m := row.Msg
			m.State, m.Why, m.At = InFlight, "", m.Sent
			r.pending = append(r.pending, m)
		}
	}
	r.rows = r.rows[:i]
	// A client's lane goes with the event that brought it: rewound to before c2 first acted,
	// first-lock's diagram still had a c2 lane, empty (nc27-a).
	k := len(r.since)
	for k > 0 && r.since[k-1] > seq {
		k--
	}
	r.since, r.Lanes.Clients = r.since[:k], r.Lanes.Clients[:k]
	r.state, r.paused = LaneStates{}, 0
	if i > 0 {
		r.state, r.paused = r.rows[i-1].Lanes, r.rows[i-1].Paused
	}
	r.pending = slices.DeleteFunc(r.pending, func(m Msg) bool { return m.ID > seq })
	slices.SortStableFunc(r.pending, func(a, b Msg) int { return cmp.Compare(a.ID, b.ID) })
	if r.last > seq {
		r.last = seq
	}
}

// AgreesWith says whether the recorder's history includes the world's recent events (oldest
// first), as a deterministic replay of the same run does: the newest of them it can check has
// the same number and instant. The ring of instants holds an event's only while fewer than a
// ring's worth of events came after it (before a rewind, too); past that, a kept row made
// from that very event tells. (A long rewind, from a checkpoint hundreds of simulated seconds
// back, used to fail the ring's check alone: the recorder started again from the world's last
// events, and every lane's mark, leading or isolated, was lost.)
func (r *Recorder) AgreesWith(recent []cluster.Event) bool {
	for i := len(recent) - 1; i >= 0; i-- {
		e := &recent[i]
		if e.Seq > r.last {
			return false
		}
		if e.Seq+atRing > r.hi {
			return r.ats[e.Seq%atRing] == e.At
		}
		j, found := slices.BinarySearchFunc(r.rows, e.Seq, func(row Row, s uint64) int { return cmp.Compare(row.Seq, s) })
		if found {
			return r.rows[j].At == e.At
		}
	}
	return false
}

// push appends a row. A bounded recorder keeps its rows in one array of twice its capacity:
// when that is full the newest half moves to the front (no allocation, amortised one copy).
func (r *Recorder) push(row Row) {
	if r.cap > 0 && len(r.rows) == 2*r.cap {
		n := copy(r.rows, r.rows[r.cap:])
		clear(r.rows[n:])
		r.rows = r.rows[:n]
	}
	if row.Mark {
		r.track(&row.M)
	}
	row.Lanes, row.Paused = r.state, r.paused
	if r.page != nil && !r.page.admit(r, &row) {
		return
	}
	r.rows = append(r.rows, row)
}

// track moves the lane states on with a mark.
func (r *Recorder) track(mk *Mark) {
	if mk.Kind == MarkFault && mk.Fault != nil && mk.Fault.Kind == cluster.FaultHeal {
		for i := range r.state {
			r.state[i] &^= LaneIsolated
		}
		return
	}
	if mk.Node < 1 || mk.Node >= len(r.state) {
		return
	}
	s := &r.state[mk.Node]
	iso := *s & LaneIsolated
	switch mk.Kind {
	case MarkRole:
		*s = laneOf(mk.Role) | iso
	case MarkCrash:
		*s = LaneDown | iso
	case MarkRestart:
		*s = LaneFollower | iso
	case MarkIsolated:
		*s |= LaneIsolated
	case MarkRejoined:
		*s &^= LaneIsolated
	}
}

func (r *Recorder) lane(client string, seq uint64) {
	if client != "" && !slices.Contains(r.Lanes.Clients, client) {
		r.Lanes.Clients = append(r.Lanes.Clients, client)
		r.since = append(r.since, seq)
	}
}

// takePending removes and returns the pending message match picks.
func (r *Recorder) takePending(match func(*Msg) bool) (Msg, bool) {
	for i := range r.pending {
		if match(&r.pending[i]) {
			m := r.pending[i]
			r.pending = slices.Delete(r.pending, i, i+1)
			return m, true
		}
	}
	return Msg{}, false
}

func (r *Recorder) addPending(m Msg) {
	r.pending = append(r.pending, m)
	if len(r.pending) > 4096 { // a dead link under load: keep the newest
		r.pending = slices.Delete(r.pending, 0, len(r.pending)-2048)
	}
}

// Add records one event. Call it with every event, in order (World.Subscribe).
func (r *Recorder) Add(e *cluster.Event) {
	r.last = e.Seq
	r.hi = max(r.hi, e.Seq)
	r.ats[e.Seq%atRing] = e.At
	switch e.Kind {
	case cluster.EvMsgSent:
		r.addPending(r.raftMsg(e))
	case cluster.EvMsgDelivered, cluster.EvMsgDropped:
		m, ok := r.takePending(func(p *Msg) bool { return p.Kind == Raft && p.ID == e.Msg.ID })
		if !ok {
			m = r.raftMsg(e) // its send fell out of the ring, or came before a rewind
		}
		r.finish(e, m, e.Kind == cluster.EvMsgDropped, e.Text)
	case cluster.EvAppended:
		if e.Node >= 0 && e.Node < len(r.logs) {
			log := r.logs[e.Node]
			if old, ok := log[e.Index]; ok && r.page != nil && old.Term != e.Term && old.Cmd.Kind != 0 {
				r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: Mark{Kind: MarkOverwritten, Node: e.Node, Index: e.Index,
					Cmd: old.Cmd, Key: old.Cmd.Key, Term: old.Term, Since: old.At,
					Text: fmt.Sprintf("entry %d (%s, term %d, appended %.3fs) replaced by term %d's", e.Index, old.Cmd, old.Term, old.At.Seconds(), e.Term)}})
			}
			log[e.Index] = Entry{Index: e.Index, Cmd: e.Cmd, Client: e.Origin.Client, Term: e.Term, At: e.At, Conf: confText(e)}
			if len(log) > 2*maxLogKept {
				// Bounded: forget entries far behind this one (a message that still carries
				// one is labelled by its entry count).
				for i := range log {
					if i+maxLogKept < e.Index {
						delete(log, i)
					}
				}
			}
		}
	case cluster.EvSnapshotSent:
		// It follows its MsgSnap's send, whose raft Index is 0: the snapshot's index is here.
		if n := len(r.pending); n > 0 {
			if p := &r.pending[n-1]; p.Kind == Raft && p.Info.Type == pb.MessageType_MsgSnap && p.From == e.Node && p.To == e.Peer {
				p.Info.Index = e.Index
			}
		}
	case cluster.EvSnapshotTaken, cluster.EvSnapshotRestored:
		// Entries up to the snapshot are never sent again (a MsgSnap carries them).
		if e.Node >= 0 && e.Node < len(r.logs) {
			for i := range r.logs[e.Node] {
				if i <= e.Index {
					delete(r.logs[e.Node], i)
				}
			}
		}
	case cluster.EvCommitted:
		if r.page != nil {
			r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: Mark{Kind: MarkCommit, Node: e.Node, Index: e.Index,
				Text: e.Label()}})
		}
		// A response delivered to this node at this instant moved its commit index.
		if n := len(r.rows); n > 0 {
			last := &r.rows[n-1]
			if r.page != nil && n > 1 && last.Mark && last.M.Kind == MarkCommit {
				last = &r.rows[n-2]
			}
			if !last.Mark && last.At == e.At && last.Msg.To == e.Node && last.Msg.Info.Type == pb.MessageType_MsgAppResp {
				last.Msg.Commits, last.Msg.Lock = true, true
				r.quorumReplies(e.Node, e.Index, last.Msg.From)
			}
		}
	case cluster.EvClientSend:
		r.lane(e.Client, e.Seq)
		r.addPending(Msg{ID: e.Seq, Kind: Request, To: e.Node, Client: e.Client, Sent: e.At, At: e.At,
			Op: e.Op.String(), Key: e.Key, Token: e.Token, Lease: e.Lease, Req: e.Req, Lock: true})
	case cluster.EvRequestAtNode:
		m, ok := r.takePending(func(p *Msg) bool {
			return p.Kind == Request && p.Client == e.Client && p.Req == e.Req && p.To == e.Node && p.Sent == e.Sent
		})
		if !ok {
			r.lane(e.Client, e.Seq)
			m = Msg{ID: e.Seq, Kind: Request, To: e.Node, Client: e.Client, Sent: e.Sent, Op: e.Op.String(), Key: e.Key, Req: e.Req, Lock: true}
		}
		r.finish(e, m, false, "")
	case cluster.EvClientReply, cluster.EvReplyLost:
		r.reply(e)
	case cluster.EvWrite:
		// On the writer's lane in the TUI too: fencing's verdicts had no row there (nc18-b).
		r.lane(e.Client, e.Seq)
		r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: Mark{Kind: MarkWrite, Client: e.Client, Key: e.Key,
			Token: e.Token, Accepted: e.Accepted, Text: e.Label()}})
	case cluster.EvJoin, cluster.EvConfProposed, cluster.EvConfApplied, cluster.EvConfRefused:
		r.member(e)
	default:
		r.mark(e)
	}
}

// quorumReplies shows with the lock messages every follower's reply that, with the one that
// moved the commit (from last), made the majority for index idx at leader: the first reply from
// each follower acknowledging idx or more since the leader appended it. The lock view showed
// only the reply that completed the majority, one reply and the leader's own copy, 2 of 5
// (nc21-d).
func (r *Recorder) quorumReplies(leader int, idx uint64, last int) {
	var since time.Duration
	if leader >= 0 && leader < len(r.logs) {
		if en, ok := r.logs[leader][idx]; ok {
			since = en.At
		}
	}
	first := make([]int, len(r.logs)) // by follower: 1 + the row of its earliest such reply
	for j := len(r.rows) - 1; j >= 0 && r.rows[j].At >= since; j-- {
		m := &r.rows[j].Msg
		if r.rows[j].Mark || m.Kind != Raft || m.To != leader || m.From == last || m.State != Delivered ||
			m.Info.Type != pb.MessageType_MsgAppResp || m.Info.Reject || m.Info.Index < idx ||
			m.From < 1 || m.From >= len(first) {
			continue
		}
		first[m.From] = j + 1
	}
	for _, j := range first {
		if j > 0 {
			r.promote(&r.rows[j-1])
		}
	}
}

// promote counts a kept message row among the lock messages from now on (a page recorder's
// bounds move it from the routine rows to the detail rows).
func (r *Recorder) promote(row *Row) {
	if row.Mark || row.Msg.Lock {
		return
	}
	row.Msg.Lock = true
	if r.page != nil {
		r.page.routine--
		r.page.detail++
	}
}

// finish puts a message's row in at the instant it arrived or was lost.
func (r *Recorder) finish(e *cluster.Event, m Msg, dropped bool, why string) {
	m.At = e.At
	m.State = Delivered
	if dropped {
		m.State, m.Why = Dropped, why
	}
	r.push(Row{Seq: e.Seq, At: e.At, Msg: m})
}

func (r *Recorder) raftMsg(e *cluster.Event) Msg {
	m := Msg{ID: e.Msg.ID, Kind: Raft, From: e.Node, To: e.Peer, Sent: e.Msg.Sent, At: e.At, Info: e.Msg, Detail: e.Detail}
	if m.ID == 0 {
		m.ID = e.Seq
	}
	log := r.logs[min(max(e.Node, 0), len(r.logs)-1)]
	switch e.Msg.Type {
	case pb.MessageType_MsgApp:
		for i := uint64(1); i <= uint64(e.Msg.Entries); i++ {
			if en, ok := log[e.Msg.Index+i]; ok && (en.Cmd.Kind != 0 || en.Conf != "") && len(m.Entries) < maxCarried {
				m.Entries = append(m.Entries, en)
			}
		}
		if _, known := log[e.Msg.Index+1]; !known && e.Msg.Entries > 0 {
			m.Unknown = true // it may carry commands: shown with them
		}
		m.Lock = len(m.Entries) > 0 || m.Unknown
	case pb.MessageType_MsgAppResp:
		if en, ok := log[e.Msg.Index]; ok && en.Cmd.Kind != 0 {
			m.Entries = []Entry{en}
		}
	default:
		m.Lock = lockType(e.Msg.Type)
	}
	return m
}

// reply records a node's answer reaching (or missing) its client; a client giving up is a mark.
func (r *Recorder) reply(e *cluster.Event) {
	r.lane(e.Client, e.Seq)
	if e.Node == 0 {
		r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: Mark{Kind: MarkClient, Client: e.Client, Key: e.Key, Text: "gives up: " + e.Reply.String()}})
		return
	}
	if e.Reply == cluster.ReplyUnavailable {
		// The request reached a crashed node: it was refused there, when the reply left.
		if m, ok := r.takePending(func(p *Msg) bool {
			return p.Kind == Request && p.Client == e.Client && p.Req == e.Req && p.To == e.Node
		}); ok {
			m.At, m.State, m.Why = e.Sent, Dropped, "node down"
			r.push(Row{Seq: e.Seq, At: e.Sent, Msg: m})
		}
		// A crashed node sends nothing: no arrow leaves its lane. The client finds out by
		// itself (its connection is refused), a mark on its own lane, as the timeline says it.
		r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: Mark{Kind: MarkClient, Client: e.Client, Key: e.Key,
			Text: fmt.Sprintf("cannot reach n%d (down): tries another node", e.Node)}})
		return
	}
	m := Msg{ID: e.Seq, Kind: Reply, From: e.Node, Client: e.Client, Sent: e.Sent, At: e.At, Op: e.Reply.String(),
		Key: e.Key, Token: e.Token, Hint: e.Peer, Req: e.Req, State: Delivered, Lock: true}
	if e.Kind == cluster.EvReplyLost {
		m.State, m.Why = Dropped, "client disconnected"
	}
	r.push(Row{Seq: e.Seq, At: e.At, Msg: m})
}

// mark records a lane change.
func (r *Recorder) mark(e *cluster.Event) {
	mk := Mark{Node: e.Node, Client: e.Client, Key: e.Key, Token: e.Token, Index: e.Index}
	switch e.Kind {
	case cluster.EvRole:
		if e.Role == cluster.RoleDown {
			return // the crash mark says it
		}
		mk.Kind, mk.Role, mk.Term = MarkRole, e.Role, e.Term
		if r.sameRole(e.Node, e.Role) {
			return
		}
	case cluster.EvCrash:
		mk.Kind = MarkCrash
	case cluster.EvRestart:
		mk.Kind = MarkRestart
	case cluster.EvApplied:
		if e.Cmd.Kind == 0 {
			return
		}
		mk.Kind, mk.Cmd, mk.Result, mk.Key = MarkApply, e.Cmd, e.Result, e.Cmd.Key
		mk.Late = e.Cmd.Kind == fsm.Expire && e.Result.Kind == fsm.Expired && !e.Result.Existed
		if mk.Late {
			r.late[e.Index] = true
		}
	case cluster.EvCountdownZero:
		mk.Kind = MarkZero
	case cluster.EvLocalExpiry:
		mk.Kind = MarkLocalExpiry
	case cluster.EvFault:
		mk.Kind = MarkFault
		if f := e.Fault; f != nil {
			mk.Fault = f
			switch f.Kind {
			case cluster.FaultIsolate:
				mk.Kind, mk.Node = MarkIsolated, f.Nodes[0]
			case cluster.FaultRejoin:
				mk.Kind, mk.Node = MarkRejoined, f.Nodes[0]
			}
		}
	case cluster.EvClient:
		// The client's own act, on its lane: "connects to n1" names the node in its text
		// (on the node's lane it read "n1 • connects to n1").
		r.lane(e.Client, e.Seq)
		mk.Kind, mk.Fault, mk.Node = MarkClient, e.Fault, 0
		// A paused client's lane is drawn apart from an awake one's (nc31-e: gc-pause's c1
		// read the same frozen as running, but for its two marks).
		if i := r.Lanes.Index(0, e.Client) - r.Lanes.Nodes; i >= 0 && i < 64 {
			switch {
			case strings.HasPrefix(e.Text, "pauses for "):
				r.paused |= 1 << i
			case e.Text == "wakes":
				r.paused &^= 1 << i
			}
		}
	case cluster.EvViolation:
		mk.Kind = MarkViolation
	default:
		return
	}
	mk.Text = e.Label()
	r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: mk})
}

// sameRole says whether node's lane already shows role (a follower moving to a new term, or
// a restarted node becoming a follower, is not a change worth a row).
func (r *Recorder) sameRole(node int, role cluster.Role) bool {
	if node < 1 || node >= len(r.state) {
		return false
	}
	return r.state[node].Role() == laneOf(role)
}

// laneOf is the lane state of a role.
func laneOf(role cluster.Role) LaneState {
	switch role {
	case cluster.RoleLeader:
		return LaneLeader
	case cluster.RoleCandidate:
		return LaneCandidate
	case cluster.RolePreCandidate:
		return LanePreCandidate
	case cluster.RoleDown:
		return LaneDown
	}
	return LaneFollower
}
