package cluster

import (
	"fmt"
	"time"

	"leaselab/fsm"
)

// Keepalive (an extension: etcd's LeaseKeepAlive). A client renews the lease it holds on a key,
// once (`cX keepalive KEY`, a request like any other) or in the background (`cX keepalive KEY
// every D`). The leader answers renewed or not-found. With option keepalive leader (etcd's way)
// the leader alone restarts its countdown, once a ReadIndex confirms it still leads: nothing
// is replicated, so the followers keep counting from their apply of the Grant, and a new
// leader cannot know the renewal (which is why etcd resets every lease at promotion). With
// option keepalive replicated it proposes Renew{key, token}, which every node applies.

// keepLoop is a client's background keepalive. etcd's client library renews a lease from its
// own goroutine, beside whatever the application asks, so this is the one exception to "a
// client does one thing at a time": a renewal is in flight beside the current request.
type keepLoop struct {
	key     string
	token   uint64        // the lock it renews: the one the client held when the loop started
	every   time.Duration // on the client's clock
	next    time.Duration // the client's clock reading of the next renewal
	req     *request      // the renewal in flight, or nil
	gen     uint64        // its timer's generation
	stopped bool          // no more renewals; it is forgotten once the one in flight ends
}

// startLoop starts a background keepalive for a.key (replacing one the client had for it) and
// sends its first renewal at once.
func (c *client) startLoop(a action) {
	c.stopLoops(a.key, "replaced")
	l := &keepLoop{key: a.key, token: c.tokenFor(a), every: a.every, next: c.local()}
	c.loops = append(c.loops, l)
	c.w.emit(Event{Kind: EvClient, Client: c.name, Key: a.key, Token: l.token,
		Text: fmt.Sprintf("keeps %s alive every %v (in the background)", a.key, a.every)})
	c.onLoopTimer(l)
}

// stopLoops stops every background keepalive of key; why says so in the timeline.
func (c *client) stopLoops(key, why string) {
	for _, l := range append([]*keepLoop(nil), c.loops...) {
		if l.key == key {
			c.stopLoop(l, why)
		}
	}
}

func (c *client) stopLoop(l *keepLoop, why string) {
	if !l.stopped {
		l.stopped = true
		c.w.emit(Event{Kind: EvClient, Client: c.name, Key: l.key, Token: l.token,
			Text: fmt.Sprintf("stops keeping %s alive: %s", l.key, why)})
	}
	if l.req == nil {
		c.dropLoop(l)
	}
}

func (c *client) dropLoop(l *keepLoop) {
	for i, x := range c.loops {
		if x == l {
			c.loops = append(c.loops[:i], c.loops[i+1:]...)
			return
		}
	}
}

// armLoop schedules l's timer: the deadline or resend of its renewal in flight, else its next
// renewal, on the client's clock. A new generation makes every earlier timer of it stale.
func (c *client) armLoop(l *keepLoop) {
	c.kaGen++
	l.gen = c.kaGen
	if c.paused {
		return // wake arms it again
	}
	due := l.next
	if r := l.req; r != nil {
		due = r.deadline
		if r.retryAt >= 0 {
			due = min(due, r.retryAt)
		}
	}
	if at := c.clk.realAtLocal(due); at >= 0 {
		c.w.q.push(item{at: max(at, c.w.now), kind: itKeepalive, cl: c, gen: l.gen})
	}
}

// armLoops arms every loop again (after a wake-up or a clock change).
func (c *client) armLoops() {
	for _, l := range c.loops {
		c.armLoop(l)
	}
}

// onKeepaliveTimer runs the loop whose timer generation gen is.
func (c *client) onKeepaliveTimer(gen uint64) {
	for _, l := range c.loops {
		if l.gen == gen {
			c.onLoopTimer(l)
			return
		}
	}
}

// onLoopTimer: the renewal in flight timed out or is due for a resend; or the next renewal is
// due, sent while the client still holds the lock on its own clock (etcd's client, too, stops
// at its own deadline), and skipped while it is disconnected.
func (c *client) onLoopTimer(l *keepLoop) {
	if c.paused {
		return
	}
	now := c.local()
	if r := l.req; r != nil {
		switch {
		case now >= r.deadline:
			c.w.onTimeout(r)
			c.guess = c.after(r.node, 1)
			c.endRenewal(l, ReplyTimeout, 0, 0, 0)
			return
		case r.retryAt >= 0 && now >= r.retryAt:
			c.sendReq(r)
			return
		}
		c.armLoop(l)
		return
	}
	if l.stopped {
		c.dropLoop(l)
		return
	}
	if now < l.next {
		c.armLoop(l)
		return
	}
	if h := c.holds[l.key]; h == nil || h.token != l.token || now >= AddTime(h.sentLocal, h.lease) {
		c.stopLoop(l, "it holds no lease on "+l.key+" by its own clock")
		return
	}
	l.next = AddTime(now, l.every)
	if !c.connected {
		c.armLoop(l)
		return
	}
	w := c.w
	w.reqSeq++
	req := &request{id: w.reqSeq, cl: c, op: OpKeepalive, key: l.key, token: l.token,
		sentAt: w.now, sentLocal: now, retryAt: -1, bg: l}
	req.wait = c.waitFor()
	req.deadline = AddTime(now, req.wait)
	l.req = req
	nt := &w.callNote
	nt.Kind, nt.Client, nt.Req, nt.Op, nt.Key, nt.Token = ClientCall, c.name, req.id, req.op, req.key, req.token
	w.observe(nt)
	c.sendReq(req)
}

// onLoopReply handles a node's answer to a background renewal: a refusal sends it on by the
// retry rules; any other answer ends it.
func (c *client) onLoopReply(rep *reply) {
	req := rep.req
	l := req.bg
	if l.req != req || rep.attempt != req.attempt {
		return // an answer to an attempt it already gave up on
	}
	switch rep.kind {
	case ReplyNotLeader, ReplyUnavailable:
		c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: rep.from, Req: req.id, Key: req.key, Reply: rep.kind, Peer: rep.hint, Text: c.w.downWord(rep.hint), Sent: rep.sent})
		c.retry(req, rep.from, rep.hint)
		return
	case ReplyOutcomeUnknown:
		c.guess = c.after(rep.from, 1)
		if rep.hint != 0 {
			c.guess = rep.hint
		}
	}
	c.endRenewal(l, rep.kind, rep.from, rep.hint, rep.sent)
}

// endRenewal records the final answer of l's renewal in flight, as finish does for the current
// request, but leaves the client's last reply alone: that is its current request's (a
// background answer must not change what `cX reply` says mid-request).
func (c *client) endRenewal(l *keepLoop, kind ReplyKind, from, hint int, sent time.Duration) {
	req := l.req
	l.req = nil
	c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: from, Req: req.id, Key: req.key, Reply: kind, Peer: hint, Text: c.w.downWord(hint), Sent: sent})
	nt := &c.w.returnNote
	nt.Kind, nt.Client, nt.Req, nt.Reply, nt.Token = ClientReturn, c.name, req.id, kind, 0
	c.w.observe(nt)
	c.keptAlive(req, kind)
	if kind == ReplyRenewed || kind == ReplyNotFound { // what the client now knows of its lock
		c.seen = lastAnswer{kind: kind, key: req.key}
	}
	switch {
	case kind == ReplyNotFound:
		c.stopLoop(l, "not-found: the lock is no longer its own")
	case l.stopped:
		c.dropLoop(l)
	default:
		c.armLoop(l)
	}
}

// keptAlive is what a keepalive's answer does to the client's own view of its lease. renewed
// restarts it, timed from when the client sent that keepalive (the leader cannot have restarted
// its countdown before; etcd's client times it from the answer's arrival, later), unless the
// lease already ran out on its clock (etcd's client has dropped the lease by then). not-found:
// the lock is not the client's any more.
func (c *client) keptAlive(req *request, kind ReplyKind) {
	h := c.holds[req.key]
	if h == nil || h.token != req.token {
		return
	}
	switch kind {
	case ReplyRenewed:
		if c.local() < AddTime(h.sentLocal, h.lease) {
			h.sentLocal = max(h.sentLocal, req.sentLocal)
		}
	case ReplyNotFound:
		delete(c.holds, req.key)
	}
}

// decideKeepalive is the leader's answer to a keepalive; it returns true when it is settled.
// The answer is a read of who holds the key, so a renewed or not-found given without an entry
// waits for a ReadIndex, as busy does. keepalive replicated proposes Renew while the projected
// state holds the client's token.
func (n *node) decideKeepalive(req *request, attempt int, rd *pendingRead) bool {
	replicated := n.w.cfg.Keepalive == KeepaliveReplicated
	if replicated {
		if held, tok := n.project(req.key); held && tok == req.token {
			n.proposeFor(req, attempt)
			return true
		}
	}
	if !n.readConfirmed(req, attempt, rd) {
		return false
	}
	l, held := n.sm.Get(req.key)
	switch {
	case !held || l.Token != req.token:
		n.reply(req, attempt, ReplyNotFound, 0)
		return true
	case replicated:
		return false // applied and projected state disagree: an entry in flight settles it
	}
	return n.renewLease(req, attempt)
}

// renewLease is etcd's lessor Renew on the leader (keepalive leader): the leader's countdown
// for the key starts again at its full lease, on its own clock; nothing is replicated. A
// countdown already at zero is not renewed: the leader waits for its Expire to apply and then
// answers not-found (etcd's Renew waits for the revoke). With checkpoints the leader also
// proposes a Checkpoint of 0 when the lock carries one, so a new leader does not restart the
// lease from a stale remaining time (etcd's Renew clears remainingTTL the same way; it waits
// for that entry before it answers, leaselab answers at once).
func (n *node) renewLease(req *request, attempt int) bool {
	r := n.rec(req.key)
	if n.resetPending || !r.lease.live || r.lease.zero {
		return false
	}
	lk := n.lockOf(&r.lease)
	n.startLease(req.key, lk.LeaseMS)
	n.rearmLease()
	n.w.emit(Event{Kind: EvLeaseRenewed, Node: n.id, Client: req.cl.name, Req: req.id, Key: req.key, Token: lk.Token})
	if lk.RemainingMS > 0 {
		n.propose(fsm.Command{Kind: fsm.Checkpoint, Key: req.key, Token: lk.Token},
			Origin{Kind: OriginCheckpoint, Token: lk.Token, Node: n.id})
	}
	n.reply(req, attempt, ReplyRenewed, 0)
	return true
}
