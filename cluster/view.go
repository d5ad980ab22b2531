package cluster

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// View is an immutable picture of the whole world at one instant: what the TUI draws. It shares
// nothing with the world, so it stays valid while the world moves on.
type View struct {
	Now       time.Duration
	Config    Config
	Leader    int
	Term      uint64
	Nodes     []NodeView
	Net       NetView
	Clients   []ClientView
	Resource  []ResourceView
	Proposals []ProposalView // oldest first
	// ProposalsBefore is how many proposals came before the first in Proposals (ViewOptions
	// bounds them): a panel of the latest ones says how many it leaves out.
	ProposalsBefore int
	Events          []Event // the latest events, oldest first
	Violations      []Violation
	EventCount      uint64
	TraceHash       uint64
	LockKeys        []string // the keys of the lock table, sorted (see ViewOptions.LockRows)
	LockMore        int      // keys (with LockPrefix) the lock table leaves out

	// BeforeIndexes is the log indexes of the proposals before the first in Proposals
	// (ProposalsBefore) that the tracker still keeps, oldest first (0: never appended): the
	// entries between them, which lock nothing, are rows a panel of the latest ones leaves
	// out too.
	BeforeIndexes []uint64
	// Conf is the configuration applied by the most advanced live node (World.Current);
	// ConfChanged says whether it differs from the one the cluster started with.
	Conf        Membership
	ConfChanged bool
}

// NodeView is one node as it sees itself.
type NodeView struct {
	ID         int
	Up         bool
	Role       Role
	Term       uint64
	Lead       int
	Commit     uint64
	Applied    uint64
	FirstIndex uint64 // the first entry its log still holds
	LastIndex  uint64
	Snapshot   uint64        // index of its latest snapshot
	Restored   uint64        // index of the last snapshot a leader sent it (MsgSnap), 0 if none
	Local      time.Duration // its clock's reading
	Rate       float64
	Offset     time.Duration
	Isolated   bool
	Group      int         // its side in Net.Groups (0-based), -1 when nothing is partitioned
	Log        []EntryView // the tail of its log, oldest first
	Locks      []LockView  // its countdowns for View.LockKeys, on its own clock, by key
	Last       []KeyResult // the latest applied result for each of View.LockKeys it knows, by key
	Delays     []KeyDelay  // option lock-delay: the keys whose delay runs on its clock, by key
	Leases     int         // every countdown it has (held keys)
	// Lost is, on a down node, which of View.LockKeys the memory it lost knew (it had applied
	// an entry for them or restored them from a snapshot); a key not in it, it never heard of.
	Lost      []string
	Hash      uint64 // state machine digest
	NextToken uint64
	// RestoredFrom is its applied index when it restored its last snapshot a leader sent: it
	// holds the entries after it, up to Restored, from that snapshot, never having applied them.
	RestoredFrom uint64

	// Learner: a learner of the configuration it has applied. Removed: as World.Removed.
	// Joining: started for a change, not yet a member of the configuration it knows.
	Learner, Removed, Joining bool

	// OwnLease is, on a leader with unsafe lease-read, how long by its own clock it may still
	// answer lease-based reads if it hears from no one (HasOwnLease false otherwise).
	OwnLease    time.Duration
	HasOwnLease bool
	// QuorumCheck is, on a leader with check-quorum (not unsafe lease-read), how long by its own
	// clock until its next quorum check; QuorumActive says a majority answered since the last
	// one, so that check would pass (on a leader with an own lease too: it then runs a period
	// more). HasQuorumCheck is false on any other node.
	QuorumCheck                  time.Duration
	QuorumActive, HasQuorumCheck bool
	// ChecksPassed goes with HasQuorumCheck: how many quorum checks it has passed since it
	// became leader, one per check period of its own clock (QuorumCheck alone reads the same
	// at two instants a period apart).
	ChecksPassed int
	// Heard and Voters go with HasQuorumCheck: how many voters, the leader included, it heard
	// from since its last check, of how many (0 of 0 while joint, where two majorities count).
	// A just-elected leader has heard only itself: its check reads ✗ though nothing failed.
	Heard, Voters int
	// Voted is, on a follower that knows no leader in its term, whom it voted for in it (0 if no
	// one): a follower that voted for n1 waits for n1's first append to learn it leads.
	Voted  int
	Frozen bool // freeze nX D: its process is stalled
	// Unread is, while frozen, what waits in its buffer, oldest first.
	Unread []Unread
	// Progress is, on a leader only, what it believes each other member holds (raft's
	// Status().Progress), by node id; nil on any other node: no follower tracks its peers.
	Progress []PeerProgress
}

// PeerProgress is a leader's belief about one follower's log (etcd raft's tracker.Progress):
// Match, the last entry the follower acknowledged; Next, the next entry the leader will send
// it (everything below was sent: the leader counts an entry sent, not lost, until the follower
// rejects); State, how it sends (probe: one append at a time until the follower answers;
// replicate: as fast as it can; snapshot: a snapshot is on its way, PendingSnapshot its index
// as sent, past raft's stored one when freshSnapFor replaced it).
// Active is raft's RecentActive: the leader heard from it since its last quorum check (what
// its "heard N of M" counts).
type PeerProgress struct {
	ID              int
	Match, Next     uint64
	State           string // "probe", "replicate" or "snapshot"
	PendingSnapshot uint64
	Active          bool
}

// Unread is a message or request that reached a frozen node and waits, unread, in its buffer:
// off the wire, not yet delivered (the node has not read it).
type Unread struct {
	What   string        // a client's request as "c1 keepalive orders", a raft message as its type and sender ("MsgVote n2")
	At     time.Duration // when it reached the node
	Client string        // a client's request: whose, and its id
	Req    uint64
	Msg    uint64 // a raft message: its ID (MsgInfo.ID)
}

// EntryView is one log entry as a node holds it.
type EntryView struct {
	Index     uint64
	Term      uint64
	Cmd       fsm.Command // zero for the empty entry a new leader appends
	Empty     bool
	Committed bool
	Applied   bool
	Origin    Origin
	Conf      string // a conf-change entry: what it changes ("add n6", "leave joint"...)
}

// LockView is one held key with this node's countdown.
type LockView struct {
	Key       string
	Token     uint64
	LeaseMS   uint64
	Remaining time.Duration
	Zero      bool // expired here, waiting for a committed Expire
}

// KeyDelay is a key's lock-delay still running on a node (option lock-delay), on its clock.
type KeyDelay struct {
	Key       string
	Remaining time.Duration
}

// KeyResult is the latest applied result for a key.
type KeyResult struct {
	Key    string
	Index  uint64
	Result fsm.Result
	// DeletedBy: the result is an Expire's that deleted a lock another token held (unsafe
	// expire-ignores-token), and this is the token it named ("— deleted by Expire #N"); 0
	// otherwise. The screen read it from the proposals before the Expire (the Grant it undid),
	// so it fetched eight of them to say what the node's own apply knew.
	DeletedBy uint64
}

// NetView is the network's rules and what is on the wire.
type NetView struct {
	Groups   [][]int // partition sides; nil when every node reaches every other
	Cuts     [][2]int
	Drops    []LinkRule
	DropAll  float64 // percent
	Delays   []LinkRule
	InFlight []Flight // by arrival time
	// Client traffic on its way: requests to nodes and replies to clients (they use the
	// network too, so "on the wire" counts them), by arrival time.
	ClientFlights []ClientFlight
}

// ClientFlight is a client request or a node's reply in flight.
type ClientFlight struct {
	Client string
	Node   int
	ToNode bool   // a request (client -> node); false: a reply (node -> client)
	What   string // "acquire orders", "reply granted"
	Arrive time.Duration
	// A reply's own fields, as its arrival's event will carry them (the message diagram draws
	// it on the wire from them): when the node sent it, its kind, key, token, leader hint and
	// request number.
	Sent  time.Duration
	Reply ReplyKind
	Key   string
	Token uint64
	Hint  int
	Req   uint64
}

// LinkRule is a drop (Pct) or delay (Delay) rule on the link A-B.
type LinkRule struct {
	A, B  int
	Pct   float64
	Delay time.Duration
}

// Flight is a raft message on the wire.
type Flight struct {
	From, To int
	Msg      MsgInfo
	Sent     time.Duration
	Arrive   time.Duration
}

// ClientView is a client and what it believes.
type ClientView struct {
	Name      string
	Connected bool
	Paused    bool
	WakeAt    time.Duration
	Local     time.Duration
	Rate      float64
	Guess     int           // the node it believes leads
	Timeout   time.Duration // how long it waits for an answer, on its clock
	// Waited is, while a request is in flight (Doing), how long by its clock since it first
	// sent it; Wait is the timeout it was sent with (it gives up when Waited reaches it).
	Waited, Wait time.Duration
	Doing        string        // the request in flight (release orders #1: with the token it carries), "" when idle (a write the resource has decided is LastWrite, not Doing)
	Asks         time.Duration // the lease an acquire in flight (Doing) asks for, 0 for any other request
	Queued       int
	Holds        []HoldView
	LastReply    ReplyKind // the latest answer it got, a background keepalive's included
	LastToken    uint64
	LastKey      string
	LastWrite    *WriteView
	// Next is the first queued command as it will go out, "write orders #1" (with the token a
	// paused client fixed when it decided it), "" when none is queued: a paused client's line
	// says what it decided, not only how many (nc21-e: "1 queued" never said what).
	Next string
}

// HoldView is a lock a client believes it holds, timed on its own clock.
type HoldView struct {
	Key   string
	Token uint64
	Left  time.Duration // 0 when its own clock says the lease ran out
	// Ended is, once Left is 0, the simulated instant its own clock ran the lease out: its row
	// keeps it ("ran out 3.965s"), as no event marks a client's own view ending.
	Ended time.Duration
	// Every is the interval of the background keepalive renewing it (keepalive KEY every D);
	// 0 when none runs.
	Every time.Duration
	// Renewing says a background renewal of it is in flight; Refused counts the answers that
	// refused it so far (not-leader, unavailable), each sending it on to another node.
	Renewing bool
	Refused  int
}

// ResourceView is the fenced resource's state for one key.
type ResourceView struct {
	Key    string
	High   uint64
	Writes []WriteView // oldest first
}

// WriteView is one write and its verdict.
type WriteView struct {
	Client   string
	Key      string
	Value    string
	Token    uint64
	Decided  bool
	Accepted bool
	At       time.Duration
	Kept     bool // its token is one the client held no lock for when it wrote (a token it kept)
}

// Stage is how far a proposal got on one node.
type Stage uint8

const (
	StageNone      Stage = iota // not received
	StageAppended               // in its log
	StageCommitted              // known committed
	StageApplied                // applied (Result)
	StageReplaced               // its log holds another entry at that index
	StageDown                   // node down
)

// ProposalView is one proposal travelling through the cluster.
type ProposalView struct {
	Origin  Origin
	Cmd     fsm.Command
	At      time.Duration
	Index   uint64
	Term    uint64
	Stages  []Stage      // per node, Stages[id-1]
	Results []fsm.Result // per node, meaningful at StageApplied
	Ended   uint64       // Proposal.Ended: the other token's lock an Expire deleted, 0 if none
}

// ViewOptions bound how much a View copies.
type ViewOptions struct {
	LogTail   int // entries per node (default 12)
	Events    int // latest events (default 200)
	Proposals int // latest proposals (default 12)
	// LockRows bounds the lock table: the keys nearest to expiry, plus LockKeys; 0 shows every
	// key (what a small world wants; its cost grows with the number of keys).
	LockRows   int
	LockKeys   []string  // keys the lock table always shows (the selected key, a client's keys)
	LockPrefix string    // show only keys with this prefix
	KeyCache   *KeyCache // optional: where the prefix filter's keys are kept between views
}

// View builds the picture of the world now.
func (w *World) View(o ViewOptions) View {
	defer w.rr.leave()
	if o.LogTail <= 0 {
		o.LogTail = 12
	}
	if o.Events <= 0 {
		o.Events = 200
	}
	if o.Proposals <= 0 {
		o.Proposals = 12
	}
	v := View{Now: w.now, Config: w.cfg, Leader: w.Leader(), Term: w.MaxTerm(),
		EventCount: w.evSeq, TraceHash: w.hash, Violations: w.Violations()}
	v.Net = w.netView()
	v.LockKeys, v.LockMore = w.lockKeys(o)
	for _, n := range w.nodes {
		nv := w.nodeView(n, o.LogTail, v.Net.Groups)
		if n.up {
			n.lockTable(&nv, v.LockKeys)
		} else {
			nv.Lost = n.lostKeys(v.LockKeys)
		}
		v.Nodes = append(v.Nodes, nv)
	}
	for _, c := range w.clients {
		v.Clients = append(v.Clients, w.clientView(c))
	}
	for _, k := range w.res.keys {
		rv := ResourceView{Key: k, High: w.res.high[k]}
		for _, wr := range w.res.recent[k] {
			rv.Writes = append(rv.Writes, writeView(wr))
		}
		v.Resource = append(v.Resource, rv)
	}
	for _, p := range w.watch.Proposals(o.Proposals) {
		v.Proposals = append(v.Proposals, w.proposalView(p))
	}
	v.ProposalsBefore = max(0, w.watch.ProposalCount()-len(v.Proposals))
	if v.ProposalsBefore > 0 {
		ps := w.watch.Proposals(len(v.Proposals) + v.ProposalsBefore)
		for _, p := range ps[:max(0, len(ps)-len(v.Proposals))] {
			v.BeforeIndexes = append(v.BeforeIndexes, p.Index)
		}
	}
	v.Events = w.RecentEvents(o.Events)
	v.Conf = w.Current()
	v.ConfChanged = !v.Conf.Equal(membershipOf(w.startConf()))
	return v
}

// RecentEvents returns up to n of the latest events, oldest first.
// Only those n are copied (a frame asks for one of 512).
func (w *World) RecentEvents(n int) []Event { return w.ring.latest(n) }

func (w *World) nodeView(n *node, tail int, groups [][]int) NodeView {
	nv := NodeView{ID: n.id, Up: n.up, Role: n.role, Term: n.term, Lead: int(n.lead),
		Commit: n.commit, Applied: n.applied, Restored: n.restored, RestoredFrom: n.restoredFrom, FirstIndex: n.firstIndex(), LastIndex: n.lastIndex(),
		Local: n.clk.local(w.now), Rate: n.clk.rate, Offset: n.clk.offset,
		Isolated: w.net.isolated(n.id), Group: -1}
	snap, _ := n.st.Snapshot()
	nv.Snapshot = snap.GetMetadata().GetIndex()
	for gi, g := range groups {
		if slices.Contains(g, n.id) {
			nv.Group = gi
		}
	}
	lo := uint64(1)
	if nv.LastIndex >= uint64(tail) {
		lo = nv.LastIndex - uint64(tail) + 1
	}
	for _, e := range n.entries(lo, nv.LastIndex) {
		ev := EntryView{Index: e.GetIndex(), Term: e.GetTerm(), Empty: len(e.GetData()) == 0,
			Committed: e.GetIndex() <= n.commit, Applied: e.GetIndex() <= n.applied}
		if e.GetType() != pb.EntryType_EntryNormal {
			ev.Conf, ev.Empty = describeConfEntry(e), false
		} else if !ev.Empty {
			if c, err := n.command(e); err == nil {
				ev.Cmd, ev.Origin = c, w.origin(c.Origin)
			}
		}
		nv.Log = append(nv.Log, ev)
	}
	nv.Learner = n.conf.IsLearner(n.id)
	nv.Removed = w.Removed(n.id)
	nv.Joining = !n.removed && !n.conf.Has(n.id)
	if !n.up {
		return nv
	}
	nv.Hash, nv.NextToken = n.sm.Hash(), n.sm.NextToken()
	nv.OwnLease, nv.HasOwnLease = n.ownLease()
	nv.QuorumCheck, nv.QuorumActive, nv.HasQuorumCheck = n.quorumCheck()
	if nv.HasQuorumCheck {
		nv.ChecksPassed = n.checksPassed
	}
	if nv.HasOwnLease {
		nv.QuorumActive = n.quorumActive() // what lengthens the lease a period
	}
	if nv.HasQuorumCheck && !n.conf.Joint() {
		nv.Heard, nv.Voters = n.heard(), len(n.conf.Voters)
	}
	if n.lead == 0 && n.role == RoleFollower {
		// Not its own vote: a leader or candidate that stepped down voted for itself, and
		// "voted n5" on n5 read as a follower of itself.
		if v := int(n.raft().BasicStatus().HardState.GetVote()); v != n.id {
			nv.Voted = v
		}
	}
	if n.role == RoleLeader {
		nv.Progress = n.progress()
	}
	nv.Frozen = n.frz.on
	for i := range n.frz.inbox {
		nv.Unread = append(nv.Unread, n.frz.inbox[i].unread())
	}
	nv.Leases = n.live
	return nv
}

func (w *World) netView() NetView {
	nw := w.net
	v := NetView{Groups: nw.groups(), DropAll: nw.dropAll * 100}
	for a := 1; a <= nw.n; a++ {
		for b := 1; b <= nw.n; b++ {
			if nw.cut[a][b] {
				v.Cuts = append(v.Cuts, [2]int{a, b})
			}
			if a < b && nw.drop[a][b] > 0 {
				v.Drops = append(v.Drops, LinkRule{A: a, B: b, Pct: nw.drop[a][b] * 100})
			}
			if a < b && nw.delay[a][b] > 0 {
				v.Delays = append(v.Delays, LinkRule{A: a, B: b, Delay: nw.delay[a][b]})
			}
		}
	}
	w.q.each(func(it *item) {
		switch it.kind {
		case itDeliver:
			v.InFlight = append(v.InFlight, Flight{From: it.from, To: it.node, Msg: it.info, Sent: it.sent, Arrive: it.at})
		case itRequest:
			v.ClientFlights = append(v.ClientFlights, ClientFlight{Client: it.req.cl.name, Node: it.node, ToNode: true, What: it.req.op.String() + " " + it.req.key, Arrive: it.at})
		case itReply:
			if it.rep == nil || it.cl == nil {
				break
			}
			f := ClientFlight{Client: it.cl.name, Node: it.rep.from, What: "reply " + it.rep.kind.String(), Arrive: it.at,
				Sent: it.rep.sent, Reply: it.rep.kind, Token: it.rep.token, Hint: it.rep.hint}
			if it.rep.req != nil {
				f.Key, f.Req = it.rep.req.key, it.rep.req.id
			}
			v.ClientFlights = append(v.ClientFlights, f)
		}
	})
	slices.SortFunc(v.ClientFlights, func(a, b ClientFlight) int { // the queue's layout never shows
		return cmp.Or(cmp.Compare(a.Arrive, b.Arrive), cmp.Compare(a.Client, b.Client), cmp.Compare(a.Node, b.Node),
			cmp.Compare(b2u(a.ToNode), b2u(b.ToNode)), cmp.Compare(a.What, b.What))
	})
	slices.SortFunc(v.InFlight, func(a, b Flight) int {
		if a.Arrive != b.Arrive {
			return int(a.Arrive - b.Arrive)
		}
		if d := a.From*16 + a.To - b.From*16 - b.To; d != 0 {
			return d
		}
		return cmp.Compare(a.Msg.ID, b.Msg.ID) // a total order: the queue's layout never shows
	})
	return v
}

func (w *World) clientView(c *client) ClientView {
	cv := ClientView{Name: c.name, Connected: c.connected, Paused: c.paused, WakeAt: c.wakeAt,
		Local: c.local(), Rate: c.clk.rate, Guess: c.guess, Timeout: c.waitFor(), Queued: len(c.queue),
		LastReply: c.seen.kind, LastToken: c.seen.token, LastKey: c.seen.key}
	if len(c.queue) > 0 {
		a := c.queue[0]
		cv.Next = a.op.String() + " " + a.key
		if a.fixed && a.token > 0 { // decided while paused: it goes out with this token
			cv.Next += " #" + strconv.FormatUint(a.token, 10)
		}
	}
	if c.cur != nil {
		cv.Doing = c.cur.op.String() + " " + c.cur.key
		if c.cur.op == OpRelease && c.cur.token > 0 {
			// The token the release carries, which the leader checks (nc23-d: first-lock's
			// narration told of it, and only the message diagram showed it).
			cv.Doing += " #" + strconv.FormatUint(c.cur.token, 10)
		}
		cv.Waited, cv.Wait = max(0, cv.Local-c.cur.sentLocal), c.cur.wait
		if c.cur.op == OpAcquire {
			cv.Asks = c.cur.lease
		}
	} else if c.curWrite != nil && !c.curWrite.decided {
		// Once the resource has decided, LastWrite carries the verdict; only the reply is
		// still on its way back, and showing the write as pending as well said it twice.
		cv.Doing = "write " + c.curWrite.key
	}
	for _, k := range slices.Sorted(maps.Keys(c.holds)) {
		h := c.holds[k]
		hv := HoldView{Key: k, Token: h.token, Left: max(0, AddTime(AddTime(h.sentLocal, h.lease), -cv.Local))}
		if hv.Left == 0 {
			hv.Ended = c.ownEnd(h)
		}
		for _, l := range c.loops {
			if l.key == k && l.token == h.token && !l.stopped {
				hv.Every = l.every
				if r := l.req; r != nil {
					// Every send after the first followed a refusal; a round's last refusal
					// waits for its resend (retryAt).
					hv.Renewing, hv.Refused = true, r.attempt-1
					if r.retryAt >= 0 {
						hv.Refused++
					}
				}
			}
		}
		cv.Holds = append(cv.Holds, hv)
	}
	if c.lastWrite != nil {
		wv := writeView(c.lastWrite)
		cv.LastWrite = &wv
	}
	return cv
}

func writeView(wr *write) WriteView {
	return WriteView{Client: wr.cl.name, Key: wr.key, Value: wr.value, Token: wr.token,
		Decided: wr.decided, Accepted: wr.accepted, At: wr.at, Kept: wr.kept}
}

func (w *World) proposalView(p *Proposal) ProposalView {
	pv := ProposalView{Origin: p.Origin, Cmd: p.Cmd, At: p.At, Index: p.Index, Term: p.Term, Ended: p.Ended,
		Stages: make([]Stage, len(w.nodes)), Results: make([]fsm.Result, len(w.nodes))}
	for i, n := range w.nodes {
		pv.Stages[i], pv.Results[i] = w.stage(n, p)
	}
	return pv
}

func (w *World) stage(n *node, p *Proposal) (Stage, fsm.Result) {
	// Down first: a crashed node's lock table is gone ("applied —"), so a ✓ it earned before
	// the crash would say it holds what it no longer does (crash-restart).
	if !n.up {
		return StageDown, fsm.Result{}
	}
	if r, ok := p.Result(n.id); ok {
		return StageApplied, r
	}
	if p.Index != 0 && p.Index <= n.applied && p.Index < n.firstIndex() {
		return StageApplied, fsm.Result{} // restored from a snapshot past it
	}
	if p.Index == 0 || p.Index > n.lastIndex() || p.Index < n.firstIndex() {
		return StageNone, fsm.Result{}
	}
	if t, err := n.st.Term(p.Index); err != nil || t != p.Term {
		return StageReplaced, fsm.Result{}
	}
	if p.Index <= n.commit {
		return StageCommitted, fsm.Result{}
	}
	return StageAppended, fsm.Result{}
}
