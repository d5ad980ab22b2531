package cluster

import (
	"encoding/binary"
	"time"

	"go.etcd.io/raft/v3"

	"leaselab/fsm"
)

// The session layer: what the leader does with client requests. It decides from
// its PROJECTED state (applied state plus its own unapplied log), pipelines proposals, and
// confirms leadership with ReadIndex before any reply it gives without a proposal.

// pendingRead is a request waiting for a ReadIndex and then for the applied state to settle.
type pendingRead struct {
	req     *request
	attempt int
	ctx     uint64
	index   uint64
	got     bool
}

// onRequest handles a client request arriving at this node.
func (n *node) onRequest(req *request, attempt int, sent time.Duration) {
	if n.removed { // it applied its own removal: it refuses the connection, as a crashed one does
		rep := &reply{req: req, attempt: attempt, from: n.id, kind: ReplyUnavailable, sent: n.w.now}
		rep.ring, rep.ringAt = n.conf.Members(), n.confAt // the configuration that removed it names who is left
		n.w.q.push(item{at: AddTime(n.w.now, n.w.latency()), kind: itReply, cl: req.cl, rep: rep})
		return
	}
	n.w.emit(Event{Kind: EvRequestAtNode, Node: n.id, Client: req.cl.name, Req: req.id, Key: req.key, Op: req.op, Sent: sent})
	if n.role != RoleLeader {
		n.reply(req, attempt, ReplyNotLeader, 0)
		return
	}
	n.decide(req, attempt, nil)
	n.process()
}

// decide proposes, replies or waits. It returns true when the request is settled.
func (n *node) decide(req *request, attempt int, rd *pendingRead) bool {
	if req.op == OpKeepalive {
		return n.decideKeepalive(req, attempt, rd)
	}
	if n.w.cfg.Unsafe.UncheckedProposals {
		n.proposeFor(req, attempt)
		return true
	}
	if req.op == OpAcquire {
		n.settleWaiters() // a waiter whose key came free goes before this request
	}
	held, tok := n.project(req.key)
	if req.op == OpAcquire && !held && n.delayed(req.key) {
		if req.blocking {
			n.enqueueWaiter(req, attempt)
		} else {
			n.reply(req, attempt, ReplyDelayed, 0)
		}
		return true
	}
	if req.op == OpAcquire && !held || req.op == OpRelease && held && tok == req.token {
		n.proposeFor(req, attempt)
		return true
	}
	if req.op == OpAcquire && req.blocking && rd == nil {
		n.enqueueWaiter(req, attempt)
		return true
	}
	// The answer would be a read (busy / not-found): first confirm leadership.
	if !n.readConfirmed(req, attempt, rd) {
		return false
	}
	l, aheld := n.sm.Get(req.key)
	switch {
	case req.op == OpAcquire && aheld:
		n.reply(req, attempt, ReplyBusy, 0)
		return true
	case req.op == OpRelease && !(aheld && l.Token == req.token):
		n.reply(req, attempt, ReplyNotFound, 0)
		return true
	}
	// Applied state and projection disagree: an entry in flight will settle it.
	return false
}

// readConfirmed says whether a reply given without a proposal may be decided now: rd's
// ReadIndex confirmed this node still leads and its applied state reached the read index.
// Without rd it starts that ReadIndex (the request waits in n.reads).
func (n *node) readConfirmed(req *request, attempt int, rd *pendingRead) bool {
	if rd == nil {
		n.w.readSeq++
		rd = &pendingRead{req: req, attempt: attempt, ctx: n.w.readSeq}
		n.reads = append(n.reads, rd)
		var ctx [8]byte
		binary.BigEndian.PutUint64(ctx[:], rd.ctx)
		n.raft().ReadIndex(ctx[:])
		return false
	}
	return rd.got && n.applied >= rd.index
}

// readAcked records that follower from answered the ReadIndex heartbeat with context ctx, and
// says whether it had answered that read already (the timeline shows a read's confirmation
// once per follower). It changes nothing raft does.
func (n *node) readAcked(from int, ctx []byte) bool {
	if len(ctx) != 8 {
		return false
	}
	c := binary.BigEndian.Uint64(ctx)
	if n.readAcks == nil {
		n.readAcks = map[int]uint64{}
	}
	again := n.readAcks[from] == c
	n.readAcks[from] = c
	return again
}

// readResent records that this leader sends follower to a ReadIndex heartbeat with context
// ctx, and says whether it had sent it that read already: raft puts the newest waiting read on
// every heartbeat, its regular beat too, so a read waiting across a tick goes out twice (the
// diagram said nothing of racing-acquires' second round, sent at 0.085s as its read was
// answered: nc31-i). It changes nothing raft does.
func (n *node) readResent(to int, ctx []byte) bool {
	if len(ctx) != 8 {
		return false
	}
	c := binary.BigEndian.Uint64(ctx)
	if n.readSent == nil {
		n.readSent = map[int]uint64{}
	}
	again := n.readSent[to] == c
	n.readSent[to] = c
	return again
}

func (n *node) onReadState(rs raft.ReadState) {
	if len(rs.RequestCtx) != 8 {
		return
	}
	ctx := binary.BigEndian.Uint64(rs.RequestCtx)
	for _, rd := range n.reads {
		if rd.ctx == ctx {
			rd.got, rd.index = true, rs.Index
		}
	}
}

// settleReads re-decides every waiting read after the applied state moved.
func (n *node) settleReads() {
	if len(n.reads) == 0 || n.role != RoleLeader {
		return
	}
	keep := n.reads[:0]
	for _, rd := range n.reads {
		if !n.decide(rd.req, rd.attempt, rd) {
			keep = append(keep, rd)
		}
	}
	clear(n.reads[len(keep):])
	n.reads = keep
}

// onDemote: reads can no longer be confirmed; the clients retry at the new leader.
func (n *node) onDemote() {
	n.resetPending = false
	n.cpGen++ // no more checkpoints
	reads := n.reads
	n.reads = nil
	for _, rd := range reads {
		n.reply(rd.req, rd.attempt, ReplyNotLeader, 0)
	}
	n.dropWaiters()
	n.rearmLease()
}

func (n *node) proposeFor(req *request, attempt int) {
	var cmd fsm.Command
	o := Origin{Client: req.cl.name, Req: req.id, Node: n.id}
	switch req.op {
	case OpAcquire:
		cmd = fsm.Command{Kind: fsm.Grant, Key: req.key, LeaseMS: uint64(req.lease.Milliseconds())}
		o.Kind = OriginAcquire
	case OpKeepalive:
		cmd = fsm.Command{Kind: fsm.Renew, Key: req.key, Token: req.token}
		o.Kind, o.Token = OriginKeepalive, req.token
	default:
		cmd = fsm.Command{Kind: fsm.Release, Key: req.key}
		o.Kind, o.Token = OriginRelease, req.token
	}
	if id, ok := n.propose(cmd, o); ok {
		n.pending = append(n.pending, &pendingProp{id: id, req: req, attempt: attempt})
	} else {
		n.reply(req, attempt, ReplyNotLeader, 0)
	}
}

// propose appends a command to the leader's log, recording where it came from.
func (n *node) propose(cmd fsm.Command, o Origin) (uint64, bool) {
	if n.role != RoleLeader {
		return 0, false
	}
	o = n.w.newOrigin(o)
	cmd.Origin = o.ID
	if cmd.Kind == fsm.Expire || o.Kind == OriginGhost {
		n.startDelay(cmd.Key) // lock-delay runs from the leader's decision, before the apply
	}
	err := n.raft().Propose(cmd.Encode())
	if err != nil {
		n.w.emit(Event{Kind: EvProposed, Node: n.id, Cmd: cmd, Origin: o, Key: cmd.Key, Term: n.term, Text: "dropped: " + err.Error()})
		return 0, false
	}
	n.w.recordEntry(&entryEvent{Kind: EvProposed, Node: n.id, Term: n.term, Cmd: cmd, Origin: o, Key: cmd.Key})
	n.proposed = append(n.proposed, cmd)
	nt := &n.w.proposeNote
	nt.Kind, nt.Node, nt.Cmd, nt.Origin, nt.Term = EntryProposed, n.id, cmd, o, n.term
	n.w.observe(nt)
	return o.ID, true
}

// pendingProp is a client request whose proposal this node made; index is where its entry
// landed in this node's log (0 until appended).
type pendingProp struct {
	id      uint64
	req     *request
	attempt int
	index   uint64
}

// overtaken answers the requests whose entries a snapshot from the leader covers: this node
// never applies those indexes, so it cannot tell whether its own entry or another one took
// them. It does not guess, and it does not go silent either: it says outcome-unknown (with
// the leader it knows), as etcd fails a pending proposal with "leader changed".
func (n *node) overtaken(snapIndex uint64) {
	keep := n.pending[:0]
	for _, p := range n.pending {
		if p.index == 0 || p.index > snapIndex {
			keep = append(keep, p)
		} else {
			n.reply(p.req, p.attempt, ReplyOutcomeUnknown, 0)
		}
	}
	clear(n.pending[len(keep):])
	n.pending = keep
}

// answer replies to the client whose proposal this node made, once it applied.
func (n *node) answer(cmd fsm.Command, idx uint64, res fsm.Result) {
	keep := n.pending[:0]
	for _, p := range n.pending {
		switch {
		case p.id == cmd.Origin && cmd.Origin != 0:
			switch res.Kind {
			case fsm.Granted:
				n.reply(p.req, p.attempt, ReplyGranted, res.Token)
			case fsm.GrantRejected:
				n.reply(p.req, p.attempt, ReplyRejected, 0)
			case fsm.Released:
				n.reply(p.req, p.attempt, ReplyReleased, 0)
			case fsm.NotFound:
				n.reply(p.req, p.attempt, ReplyNotFound, 0)
			case fsm.Renewed:
				if res.Existed {
					n.reply(p.req, p.attempt, ReplyRenewed, 0)
				} else {
					n.reply(p.req, p.attempt, ReplyNotFound, 0)
				}
			}
		case p.index == idx:
			// Our entry's index went to another entry: lost in a leader change, it never took
			// effect, so the client may safely retry.
			n.reply(p.req, p.attempt, ReplyNotLeader, 0)
		default:
			keep = append(keep, p)
		}
	}
	clear(n.pending[len(keep):])
	n.pending = keep
}

// ghostRelease releases a lock whose client disconnected before its grant came back.
func (n *node) ghostRelease(key string, token uint64) {
	if held, tok := n.project(key); held && tok == token {
		n.propose(fsm.Command{Kind: fsm.Release, Key: key}, Origin{Kind: OriginGhost, Token: token, Node: n.id})
	}
}

// project returns who holds key once every entry in this node's log is applied: the state the
// next proposal will meet (a leader's own log is never truncated while it leads). The unapplied
// tail goes through the state machine's own rules, on an overlay that leaves the machine as is.
func (n *node) project(key string) (bool, uint64) {
	ents := n.entries(n.applied+1, n.lastIndex())
	if len(ents) == 0 && len(n.proposed) == 0 {
		l, held := n.sm.Get(key)
		return held, l.Token
	}
	n.ov = n.sm.OverlayReusing(n.ov)
	m := n.ov
	for _, e := range ents {
		if c, err := n.command(e); err == nil {
			m.ApplyCommand(c)
		}
	}
	// Proposals handed to raft since the last Ready are in its unstable log, not yet in storage.
	for _, c := range n.proposed {
		m.ApplyCommand(c)
	}
	l, held := m.Get(key)
	return held, l.Token
}

// reply sends an answer to a request's attempt; not-leader and outcome-unknown carry the
// leader this node knows.
func (n *node) reply(req *request, attempt int, kind ReplyKind, token uint64) {
	rep := &reply{req: req, attempt: attempt, from: n.id, kind: kind, token: token, sent: n.w.now}
	if n.w.confChanged {
		rep.ring, rep.ringAt = n.conf.Members(), n.confAt
	}
	if (kind == ReplyNotLeader || kind == ReplyOutcomeUnknown) && n.lead != uint64(n.id) {
		rep.hint = int(n.lead)
	}
	n.w.sendReply(rep)
}
