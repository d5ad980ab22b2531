package cluster

import (
	"time"
	"unsafe"

	"go.etcd.io/raft/v3"
	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster/chunks"
)

// World is one simulated run. It is not safe for concurrent use, and two worlds must never be
// stepped concurrently in one process (raft's jitter source is process-global).
type World struct {
	cfg   Config
	now   time.Duration
	q     queue
	rng   simRNG
	rr    *raftRand
	net   *network
	nodes []*node // nodes[i] is node i+1
	cs    *pb.ConfState
	res   *resource

	clients      []*client // in order of first mention
	clientByName map[string]*client

	// Membership (member_ops.go): changes proposed and not yet applied on their proposer, whether
	// any configuration changed yet, and every ID ever removed (bit id: they never rejoin).
	confWanted  []confWant
	confChanged bool
	removedIDs  uint16

	watch      Watchers               // the checkers, tracker and history (observe.go), told every note
	violations []Violation            // what the watchers reported through their Sink
	origins    chunks.List[originRec] // origins[id-1]: every proposal's, kept for the life of the run
	reqSeq     uint64
	readSeq    uint64

	calmFrom time.Duration // the last network rule change, crash, restart or leader change
	stuck    []string      // requests that timed out in a calm window

	evSeq uint64
	hash  uint64
	ring  eventRing // the latest events
	// pub is the event handed to subscribers (the ring keeps records, not Events); pubFull says
	// it may hold fields emitMsg does not write.
	pub     Event
	pubFull bool
	// applyNote is the note every apply hands the watchers (Watchers.Applied), rewritten field
	// by field: only the apply's fields are ever set, so none is left over from another kind.
	applyNote Note
	// The notes of the commonest other kinds, each rewritten field by field with the same
	// fields (observe), and the note the rare kinds are copied into (note).
	callNote, returnNote, proposeNote, appendNote, otherNote Note

	subs    []subscriber
	subKind uint64 // bit k: some subscriber wants events of kind k

	clinks map[linkKey]clientLink // client link rules (clientlink.go); nil when none

	id       uint64 // this world's number in the process (KeyCache)
	heldNext int    // option held-keys: the next pre-held key to grant
}

// New builds a world from cfg with the watchers attach builds (the checkers: nil is an error)
// and starts every node at time zero.
func New(cfg Config, attach Attach) (*World, error) {
	if attach == nil {
		return nil, errNoWatchers
	}
	if cfg.ClientTimeout == 0 {
		cfg.ClientTimeout = 2 * time.Second
	}
	if cfg.RecentEvents <= 0 {
		cfg.RecentEvents = 512
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	silenceGlobalLogger()
	rr := newRaftRand(cfg.Seed)
	defer rr.leave()
	w := &World{
		cfg: cfg, rng: newRNG(cfg.Seed), rr: rr, net: newNetwork(cfg.Nodes),
		res: newResource(), clientByName: map[string]*client{}, hash: FNVOffset,
		ring: newEventRing(cfg.RecentEvents), id: worldIDs.Add(1),
	}
	if w.watch = attach(Sink{w}); w.watch == nil {
		return nil, errNoWatchers
	}
	for id := 1; id <= cfg.Nodes; id++ {
		w.nodes = append(w.nodes, newNode(w, id))
	}
	for _, n := range w.nodes {
		n.start(false)
		// Spread the first ticks over one tick so nodes do not move in lockstep.
		n.nextTick = between(&w.rng, 1, cfg.Tick)
		n.scheduleTick()
	}
	return w, nil
}

// Config returns the settings the world was built with.
func (w *World) Config() Config { return w.cfg }

// Now is the simulated time since the run began.
func (w *World) Now() time.Duration { return w.now }

// TraceHash is a digest of every event so far: equal runs have equal hashes.
func (w *World) TraceHash() uint64 { return w.hash }

// Events is how many events have happened.
func (w *World) Events() uint64 { return w.evSeq }

// Subscribe calls f with every event from now on, in order. f must not act on the world, and
// must copy the event if it keeps it (the pointer is reused).
func (w *World) Subscribe(f func(*Event)) { w.subscribe(f, ^uint64(0)) }

// SubscribeKinds is Subscribe for events of the given kinds only. The world builds no Event
// for a kind nobody asked for, and message events are two thirds of all.
func (w *World) SubscribeKinds(f func(*Event), kinds ...EventKind) {
	var mask uint64
	for _, k := range kinds {
		mask |= 1 << k
	}
	w.subscribe(f, mask)
}

type subscriber struct {
	f     func(*Event)
	kinds uint64
}

func (w *World) subscribe(f func(*Event), kinds uint64) {
	w.subs = append(w.subs, subscriber{f, kinds})
	w.subKind |= kinds
}

func (w *World) node(id int) *node { return w.nodes[id-1] }

// emit records an event: into the ring of recent events (as a record without pointers), the
// trace hash, and to subscribers, through one reused Event, so no event is allocated on the
// heap (emit is the hottest path). emit itself is small enough to inline, so the caller's
// literal is not copied before record reads it.
func (w *World) emit(e Event) { w.record(&e) }

func (w *World) record(e *Event) {
	w.evSeq++
	e.Seq, e.At = w.evSeq, w.now
	if clientShaped(e) { // a client's send, a request's arrival, a reply: most events emit records
		w.hash = hashClientEvent(w.hash, e)
		w.ring.putClient(e)
	} else {
		w.hash = hashEvent(w.hash, e)
		w.ring.put(e)
	}
	if w.subKind&(1<<e.Kind) != 0 {
		w.pub, w.pubFull = *e, true
		w.publish(&w.pub)
	}
}

func (w *World) publish(e *Event) {
	for _, s := range w.subs {
		if s.kinds&(1<<e.Kind) != 0 {
			s.f(e)
		}
	}
}

// emitMsg records a message event (sent, delivered, dropped: two thirds of all events): the
// same event emit would record, with no Event built unless someone subscribed, and hashed
// knowing which fields it has (hashMsgEvent).
func (w *World) emitMsg(kind EventKind, node, peer int, info *MsgInfo, text, detail string) {
	if len(text)|len(detail) == 0 {
		w.msgEvent(kind, node, peer, info)
		return
	}
	w.emitMsgFull(kind, node, peer, info, text, detail)
}

// msgEvent is emitMsg for a message event with no text or detail. Unless someone subscribed
// to its kind or its numbers do not fit a record (so for nearly every message event), the
// record is written and the event hashed in one pass over its fields, each read once: putMsg and hashMsgEvent, which a test holds it
// equal to, read them twice and took a call each with eight to ten arguments to pass.
func (w *World) msgEvent(kind EventKind, node, peer int, m *MsgInfo) {
	seq, at := w.evSeq+1, w.now
	if w.subKind&(1<<kind) != 0 || !msgFits(seq, at, node, peer, m) || m.Hint|uint64(u8(m.HintEnd))|m.Resend|uint64(m.Then) != 0 {
		// Before anything is read or written, so no value is kept across the call: the hot
		// path below calls nothing and keeps its numbers in registers. (A reject's hint, rare,
		// goes the long way too: putMsg keeps it.)
		w.emitMsgFull(kind, node, peer, m, "", "")
		return
	}
	w.evSeq = seq
	r, _ := w.ring.slot(seq)
	term, logTerm, index, commit, typ, ents := m.Term, m.LogTerm, m.Index, m.Commit, m.Type, m.Entries
	r.at, r.kind, r.node, r.peer, r.flags, r.tmask = at, kind, uint8(node), uint8(peer), 0, 0
	r.s[0], r.s[1], r.s[2], r.s[3] = term, logTerm, index, commit
	r.s[4] = seq - m.ID | uint64(at-m.Sent)<<32
	r.u = uint32(ents)
	r.b[0] = uint8(typ)
	*(*msgBools)(r.b[1:5]) = *boolsOf(m)
	h := w.hash
	h = hashU64(h, seq)
	h = hashU64(h, uint64(at))
	h = hashU64(h, uint64(kind)|1<<2<<8) // hashEvent's mask: only Msg set
	h = hashU64(h, uint64(node)<<32|uint64(peer))
	h = hashU64(h, uint64(typ)|uint64(ents)<<8)
	h = hashU64(h, term)
	h = hashU64(h, logTerm)
	h = hashU64(h, index)
	w.hash = hashU64(h, commit)
}

// emitMsgFull is emitMsg for an event with a text or detail, or one a subscriber asked for.
//
//go:noinline
func (w *World) emitMsgFull(kind EventKind, node, peer int, info *MsgInfo, text, detail string) {
	w.evSeq++
	w.hash = hashMsgEvent(w.hash, w.evSeq, w.now, kind, node, peer, info, text)
	i := w.ring.putMsg(w.evSeq, w.now, kind, node, peer, info)
	if len(text)|len(detail) != 0 {
		w.ring.putMsgText(i, text, detail)
	}
	if w.subKind&(1<<kind) != 0 {
		e := &w.pub
		if w.pubFull {
			*e = Event{}
			w.pubFull = false
		}
		e.Seq, e.At, e.Kind, e.Node, e.Peer, e.Text, e.Detail = w.evSeq, w.now, kind, node, peer, text, detail
		e.Msg = *info
		w.publish(e)
	}
}

// recordEntry records what emit would for e's Event (see entryEvent), neither building it
// unless someone subscribed to its kind nor hashing it field by field (a test holds it equal to
// emit). An event with a Text goes through emit. The record is written and the event hashed in
// one pass over its fields, each read once, with no call (a record function and a hash function
// read them twice and took a call each), and an event's key, the same string as its command's,
// is read into a word once.
func (w *World) recordEntry(e *entryEvent) {
	if uint(e.Node) >= 256 { // not a node id (MaxNodes): the record keeps a node in a byte
		w.emitEntry(e)
		return
	}
	seq, at := w.evSeq+1, w.now
	w.evSeq = seq
	g := &w.ring
	r, i := g.slot(seq)
	// Fields are read from e where they are used, not held in variables: held across the
	// calls below (tail, hashStr) they would be spilled to the stack and read back.
	c, o := &e.Cmd, &e.Origin

	// The record (the ring's entry shape, as eventRing.event reads it).
	r.at, r.kind, r.node, r.peer = at, e.Kind, uint8(e.Node), 0
	r.s[0], r.s[1], r.s[2], r.s[3], r.s[4] = e.Index, e.Term, 0, e.Result.Token, 0
	r.u = 0
	r.b[0], r.b[1], r.b[2], r.b[3], r.b[4], r.b[5] = 0, 0, 0, uint8(e.Result.Kind), uint8(c.Kind), uint8(o.Kind)
	flags := u8(e.Result.Existed) * fExisted
	if c.LeaseMS|c.Token|c.Origin|c.RemainingMS|o.ID|o.Req|o.Token|uint64(o.Node) != 0 {
		flags |= fExtCmd
		x := &g.exts[i]
		x[0], x[1], x[2], x[3] = c.LeaseMS, c.Token, c.Origin, c.RemainingMS
		x[4], x[5], x[6], x[7] = o.ID, o.Req, o.Token, uint64(o.Node)
	}
	r.flags = flags
	var m uint8
	if len(e.Key)|len(c.Key)|len(o.Client) != 0 {
		t := &g.texts[i]
		if e.Key != "" {
			t.Key, m = e.Key, txKey
		}
		if c.Key != "" {
			t.CmdKey, m = c.Key, m|txCmdKey
		}
		if o.Client != "" {
			t.OrgClient, m = o.Client, m|txOrgClient
		}
	}
	r.tmask = m

	// The hash (hashEvent's, for an entry event's fields).
	mask := nz(e.Index)<<3 | nz(e.Term)<<4 | nz(uint64(c.Kind))<<5 | nz(uint64(len(c.Key)))<<6 |
		nz(e.cmdWord())<<7 | nz(e.resultWord())<<8 | nz(e.originWord())<<9 | nz(uint64(len(e.Key)))<<11
	h := w.hash
	h = hashU64(h, seq)
	h = hashU64(h, uint64(at))
	h = hashU64(h, uint64(e.Kind)|mask<<8)
	h = hashU64(h, uint64(e.Node)<<32)
	if e.Index != 0 {
		h = hashU64(h, e.Index)
	}
	if e.Term != 0 {
		h = hashU64(h, e.Term)
	}
	if mask>>5 == 0 {
		w.hash = h
		if w.subKind&(1<<e.Kind) != 0 {
			w.publishEntry(e)
		}
		return
	}
	if c.Kind != 0 {
		h = hashU64(h, uint64(c.Kind))
	}
	var kt uint64 // the command's key as hashStr reads it, when shorter than a word
	if ck := c.Key; ck != "" {
		if len(ck) < 8 {
			kt = tail(ck)
			h = hashU64(hashU64(h, kt), uint64(len(ck)))
		} else {
			h = hashStr(h, ck)
		}
	}
	if v := e.cmdWord(); v != 0 {
		h = hashU64(h, v)
	}
	if v := e.resultWord(); v != 0 {
		h = hashU64(h, v)
	}
	if v := e.originWord(); v != 0 {
		h = hashU64(h, v)
	}
	if ek, ck := e.Key, c.Key; ek != "" {
		if len(ek) < 8 && len(ek) == len(ck) && unsafe.StringData(ek) == unsafe.StringData(ck) {
			h = hashU64(hashU64(h, kt), uint64(len(ek)))
		} else {
			h = hashStr(h, ek)
		}
	}
	w.hash = h
	if w.subKind&(1<<e.Kind) != 0 {
		w.publishEntry(e)
	}
}

// emitEntry is recordEntry for an event whose node does not fit a record.
//
//go:noinline
func (w *World) emitEntry(e *entryEvent) {
	w.emit(Event{Kind: e.Kind, Node: e.Node, Index: e.Index, Term: e.Term, Cmd: e.Cmd, Origin: e.Origin, Result: e.Result, Key: e.Key})
}

// publishEntry gives the entry event recordEntry just recorded to its subscribers.
//
//go:noinline
func (w *World) publishEntry(e *entryEvent) {
	w.pub, w.pubFull = Event{Seq: w.evSeq, At: w.now, Kind: e.Kind, Node: e.Node, Index: e.Index, Term: e.Term,
		Cmd: e.Cmd, Origin: e.Origin, Result: e.Result, Key: e.Key}, true
	w.publish(&w.pub)
}

func (w *World) newOrigin(o Origin) Origin {
	o.ID = uint64(w.origins.Len() + 1)
	w.origins.Append(w.packOrigin(o))
	return o
}

// origin looks up an entry's origin by the id embedded in its command.
func (w *World) origin(id uint64) Origin {
	if id == 0 || id > uint64(w.origins.Len()) {
		return Origin{}
	}
	return w.unpackOrigin(id, w.origins.At(int(id-1)))
}

// latency draws one message delay.
func (w *World) latency() time.Duration { return between(&w.rng, w.cfg.LatencyMin, w.cfg.LatencyMax) }

// send puts a raft message on the wire: dropped now by a partition, cut or chance, or
// delivered after the link's latency and delay.
func (w *World) send(from *node, m *pb.Message) {
	to := int(m.GetTo())
	if m.GetType() == pb.MessageType_MsgSnap {
		from.freshSnapFor(m)
	}
	var held time.Duration
	if !w.net.plain {
		held = w.net.delay[from.id][to]
	}
	it, slot := w.q.reserve()
	info := &it.info
	info.fill(m, w.evSeq+1, w.now, held) // emit numbers it next
	if info.Reject && info.Type == pb.MessageType_MsgAppResp {
		info.HintEnd = info.Hint == from.lastIndex() // a reject appends nothing: its log is on disk
	}
	if info.Read && info.Type == pb.MessageType_MsgHeartbeat {
		info.Again = from.readResent(to, m.GetContext())
	}
	detail := ""
	if w.cfg.DescribeMessages {
		detail = raft.DescribeMessage(m, describeEntry)
	}
	if detail == "" {
		w.msgEvent(EvMsgSent, from.id, to, info)
	} else {
		w.emitMsgFull(EvMsgSent, from.id, to, info, "", detail)
	}
	if m.GetType() == pb.MessageType_MsgSnap {
		w.snapshotSent(from.id, to, m)
	}
	if !w.net.plain {
		reason := ""
		if b, why := w.net.blocked(from.id, to); b {
			reason = why
		} else if p := w.net.dropShare(from.id, to); p > 0 && w.rng.Float64() < p {
			reason = "random drop"
		}
		if reason != "" {
			w.dropAtSend(from, to, slot, detail, reason)
			return
		}
	}
	at := AddTime(AddTime(w.now, w.latency()), held)
	w.q.pushDeliver(slot, at, w.now, to, from.id, from.inc, m)
}

// snapshotSent and dropAtSend are send's rare paths, apart (go:noinline) so its hot code is
// short.
//
//go:noinline
func (w *World) snapshotSent(from, to int, m *pb.Message) {
	idx := m.GetSnapshot().GetMetadata().GetIndex()
	n := w.node(from)
	if n.snapSent == nil {
		n.snapSent = map[int]uint64{}
	}
	n.snapSent[to] = idx
	w.emit(Event{Kind: EvSnapshotSent, Node: from, Peer: to, Index: idx})
}

// dropAtSend drops a message send reserved a slot for: the slot goes back before dropped
// queues anything.
//
//go:noinline
func (w *World) dropAtSend(from *node, to int, slot int32, detail, reason string) {
	lost := w.q.slab[slot].info
	w.q.unreserve(slot)
	w.dropped(from.id, to, from.inc, &lost, detail, reason)
}

func (w *World) dropped(from, to int, inc uint64, info *MsgInfo, detail, why string) {
	w.emitMsg(EvMsgDropped, from, to, info, why, detail)
	if info.Type == pb.MessageType_MsgSnap {
		w.q.push(item{at: w.now, kind: itSnapReport, node: from, from: to, inc: inc, ok: false})
	}
}

func (w *World) deliver(it *item) {
	to := w.node(it.node)
	if !to.up {
		w.dropped(it.from, it.node, it.inc, &it.info, "", "node down")
		return
	}
	if !w.net.plain {
		if b, why := w.net.blocked(it.from, it.node); b {
			w.dropped(it.from, it.node, it.inc, &it.info, "", why)
			return
		}
	}
	if it.info.Read && it.info.Type == pb.MessageType_MsgHeartbeatResp {
		it.info.Late = to.role != RoleLeader || to.term != it.info.Term
		it.info.Again = to.readAcked(it.from, it.msg.GetContext())
	}
	if it.info.Reject && it.info.Type == pb.MessageType_MsgAppResp && to.role == RoleLeader && it.info.Term == to.term {
		// The row says what the leader did with the reject, so raft steps it first: a leader
		// stepping a reject of its own term emits nothing (its resend or snapshot waits in raft
		// until process; another term's would log a line), so the events' order is unchanged.
		to.stepReject(it)
		w.msgEvent(EvMsgDelivered, it.from, it.node, &it.info)
		to.process()
		return
	}
	w.msgEvent(EvMsgDelivered, it.from, it.node, &it.info)
	if it.info.Type == pb.MessageType_MsgVoteResp && !it.info.Reject {
		to.countVote(it.from, it.info.Term)
	}
	_ = to.raft().Step(it.msg)
	to.process()
	if it.info.Type == pb.MessageType_MsgSnap {
		w.q.push(item{at: w.now, kind: itSnapReport, node: it.from, from: it.node, inc: it.inc, ok: true})
	}
}

// snapReport tells the sender how its MsgSnap went, or raft waits for it forever.
func (w *World) snapReport(it *item) {
	n := w.node(it.node)
	if !n.up || n.inc != it.inc {
		return
	}
	status := raft.SnapshotFinish
	if !it.ok {
		status = raft.SnapshotFailure
	}
	n.raft().ReportSnapshot(uint64(it.from), status)
	n.process()
}

// sendReply puts a node's reply to a client on the wire: lost by a client link rule, or
// delivered after the latency plus the link's delay.
func (w *World) sendReply(rep *reply) {
	c := rep.req.cl
	if lost, why := w.clientLost(c.name, rep.from, false); lost {
		w.lostOnLink(c.name, rep.from, rep.req.id, false, why)
		return
	}
	at := AddTime(AddTime(w.now, w.latency()), w.clientLinkOf(c.name, rep.from).delay)
	w.q.push(item{at: at, kind: itReply, cl: c, rep: rep})
}

// NextAt is when the next queued happening is due; ok is false when nothing is queued.
func (w *World) NextAt() (time.Duration, bool) { return w.q.peek() }

// Step runs the next queued happening, moving time to it. It returns false when nothing is
// queued (every node down and no client waiting).
func (w *World) Step() bool {
	defer w.rr.leave()
	return w.step()
}

// step is Step without leaving the jitter stream: AdvanceTo leaves once, after its last step.
func (w *World) step() bool {
	if w.q.len() == 0 {
		return false
	}
	it, slot := w.q.pop()
	w.run(it, slot)
	return true
}

// run runs a popped item at its time and frees its slot.
func (w *World) run(it *item, slot int32) {
	if it.at > w.now {
		w.now = it.at
	}
	if it.kind == itDeliver { // most items: handle's hold check and switch, without its call
		if n := w.node(it.node); n.up && n.frz.on {
			n.hold(it)
		} else {
			w.deliver(it)
		}
	} else {
		w.handle(it)
	}
	w.q.release(slot)
}

// AdvanceTo runs every happening due up to t and leaves the clock at t.
func (w *World) AdvanceTo(t time.Duration) {
	defer w.rr.leave()
	for {
		it, slot, ok := w.q.popDue(t)
		if !ok {
			break
		}
		w.run(it, slot)
	}
	if t > w.now {
		w.now = t
	}
}

// Advance runs the world for d of simulated time.
func (w *World) Advance(d time.Duration) { w.AdvanceTo(AddTime(w.now, d)) }

func (w *World) handle(it *item) {
	switch it.kind {
	case itTick, itLeaseTimer, itDeliver, itSnapReport, itRequest, itCheckpoint:
		if n := w.node(it.node); n.up && n.hold(it) {
			return
		}
	case itWake:
		w.node(it.node).wake(it.gen)
		return
	}
	switch it.kind {
	case itTick:
		if n := w.node(it.node); n.up && n.tickGen == it.gen {
			n.onTick()
		}
	case itLeaseTimer:
		if n := w.node(it.node); n.up && n.leaseGen == it.gen {
			n.onLeaseTimer()
		}
	case itDeliver:
		w.deliver(it)
	case itSnapReport:
		w.snapReport(it)
	case itRequest:
		if w.clientCut(it.req.cl.name, it.node, true) {
			w.lostOnLink(it.req.cl.name, it.node, it.req.id, true, "cut")
			return
		}
		if n := w.node(it.node); n.up {
			n.onRequest(it.req, int(it.gen), it.sent)
		} else {
			// A crashed process refuses the connection at once: the client tries elsewhere.
			rep := &reply{req: it.req, attempt: int(it.gen), from: it.node, kind: ReplyUnavailable, sent: w.now}
			w.sendReply(rep)
		}
	case itReply, itClientTimer, itWriteReply, itKeepalive:
		w.handleClientItem(it)
	case itWriteArrive:
		w.onWriteArrive(it.write)
	case itCheckpoint:
		if n := w.node(it.node); n.up && n.cpGen == it.gen {
			n.onCheckpoint()
		}
	}
}

// handleClientItem runs a client's item in place (in its slab slot, or in the inbox a paused
// client kept it in); only a paused client copies it, into its inbox.
func (w *World) handleClientItem(it *item) {
	c := it.cl
	switch it.kind {
	case itReply:
		if w.clientCut(c.name, it.rep.from, false) {
			w.lostOnLink(c.name, it.rep.from, it.rep.req.id, false, "cut")
			return
		}
		c.onReply(it)
	case itWriteReply:
		c.onWriteReply(it)
	case itClientTimer:
		if it.ok {
			if c.paused && c.wakeGen == it.gen {
				c.wake()
			}
		} else if c.timerGen == it.gen {
			c.onTimer()
		}
	case itKeepalive:
		c.onKeepaliveTimer(it.gen)
	}
}
