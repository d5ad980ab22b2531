package cluster

import (
	"fmt"
	"maps"
	"slices"
	"time"
)

// request is one client request to the cluster; a not-leader answer sends it again (same id,
// next attempt) to another node, by the retry rules of onReply.
type request struct {
	id        uint64
	cl        *client
	op        Op
	key       string
	lease     time.Duration
	token     uint64        // release: the token the client holds
	sentAt    time.Duration // simulated instant of the first send
	sentLocal time.Duration // the client's clock then
	deadline  time.Duration // the client's clock reading at which it gives up
	wait      time.Duration // the timeout it was sent with (deadline - sentLocal)
	retryAt   time.Duration // the client's clock reading of a pending resend; -1 if none
	node      int           // the node of the current attempt
	attempt   int
	tried     uint64    // nodes (bit id) that answered not-leader or unavailable in this round
	late      bool      // the release of a grant that came after the client gave up
	bg        *keepLoop // a background keepalive's renewal (keepalive.go), not the client's current request
	blocking  bool      // acquire ... wait
	queued    bool      // a leader put it in its wait queue (stuck.go: its timeout is its choice): the leader queues it until the key is free (waitq.go)
}

type reply struct {
	req     *request
	attempt int
	from    int
	kind    ReplyKind
	token   uint64
	hint    int
	sent    time.Duration // when the node sent it
	ring    []int         // the members of the configuration the node applied (nil: none known)
	ringAt  uint64        // the index that configuration came from
}

// action is a step for the client. A step given while the client is paused is decided then
// (fixed): a write or release carries the token the client held at that moment.
type action struct {
	op    Op
	key   string
	lease time.Duration
	value string
	token uint64
	fixed bool
	late  bool          // releases a late grant
	every time.Duration // keepalive every D: start a background loop (keepalive.go)
	block bool          // acquire ... wait
}

// holding is what a client believes it holds: timed from when it SENT the acquire.
type holding struct {
	token     uint64
	lease     time.Duration
	sentLocal time.Duration
	// endedAt is the simulated instant its lease ran out on the client's clock, kept when the
	// clock is rebased after that (a skew), so the client's row can still say when; 0 while
	// the clock still reads it off (ownEnd).
	endedAt time.Duration
}

// ownEnd is the simulated instant at which h's lease ends (or ended) on the client's clock.
func (c *client) ownEnd(h *holding) time.Duration {
	if h.endedAt > 0 {
		return h.endedAt
	}
	return c.clk.realAtLocal(AddTime(h.sentLocal, h.lease))
}

// rebase changes the client's clock (a skew) keeping when each lease already over ended: the
// new clock reads only the instants after it.
func (c *client) rebase(change func()) {
	keys := slices.Sorted(maps.Keys(c.holds))
	for _, k := range keys {
		if h := c.holds[k]; h.endedAt == 0 && c.local() >= AddTime(h.sentLocal, h.lease) {
			h.endedAt = c.ownEnd(h)
		}
	}
	change()
	for _, k := range keys {
		if h := c.holds[k]; c.local() < AddTime(h.sentLocal, h.lease) {
			h.endedAt = 0 // a jump back: its lease runs again
		}
	}
}

// client is a lock user with its own clock. It does one thing at a time, in order, but for its
// background keepalives (keepalive.go). A pause freezes the process, not its clock: its leases
// keep running down on it.
type client struct {
	w         *World
	name      string
	num       int // its index in World.clients
	clk       clock
	connected bool
	paused    bool
	wakeGen   uint64
	wakeAt    time.Duration
	timerGen  uint64
	guess     int // the node it will ask next: the one it believes leads
	// ring is the nodes it retries over: the members of the latest configuration it has heard
	// of (a reply carries the node's), from index ringAt. It starts as the first nodes.
	ring      []int
	ringAt    uint64
	queue     []action
	cur       *request
	curWrite  *write
	holds     map[string]*holding
	lastReply ReplyKind
	lastToken uint64
	lastKey   string
	// seen is the latest answer the client got, a background keepalive's included: what its
	// row on screen says last. lastReply stays the current request's (`cX reply` reads it).
	seen      lastAnswer
	lastWrite *write
	inbox     []item        // replies that arrived while paused
	calmFrom  time.Duration // last pause, wake, disconnect, reconnect or clock jump (stuck requests)
	// abandoned is, per key, an acquire the client gave up on (timed out) whose grant may
	// still come; heldBusy is a `busy` for the current acquire of such a key, held back
	// because the lock it reports may be the client's own abandoned grant (see adopt).
	abandoned map[string]*request
	heldBusy  *reply
	timeout   time.Duration // its own timeout (`cX timeout D`); 0 = the config's
	loops     []*keepLoop   // background keepalives, in the order they started
	kaGen     uint64        // the last generation a keepalive timer was given
}

// waitFor is how long the client waits for a request it sends now, on its clock.
func (c *client) waitFor() time.Duration {
	if c.timeout > 0 {
		return c.timeout
	}
	return c.w.cfg.ClientTimeout
}

// FirstGuess is the node a fresh client asks first: a hash of its name alone (not the RNG,
// not the order clients appear), so creating a client early, or one that never acts, changes
// nothing.
func FirstGuess(name string, nodes int) int {
	if nodes < 1 {
		return 1
	}
	return 1 + int(hashStr(FNVOffset, name)%uint64(nodes))
}

func newClient(w *World, name string) *client {
	c := &client{w: w, name: name, clk: newClock(), connected: true, holds: map[string]*holding{}}
	c.clk.setRate(w.now, 1)
	c.guess = FirstGuess(name, w.cfg.Nodes)
	c.ring = membershipOf(w.startConf()).Members()
	return c
}

// after is the i-th node after from on the client's ring (i >= 1), wrapping; from need not be
// on it (a removed node): the count starts at the first member above it.
func (c *client) after(from, i int) int {
	j := 0
	for j < len(c.ring) && c.ring[j] <= from {
		j++
	}
	if j == len(c.ring) {
		j = 0
	}
	return c.ring[(j+i-1)%len(c.ring)]
}

// hear takes the configuration a reply carries, if it is newer than the one the client knows.
func (c *client) hear(rep *reply) {
	if rep.ring != nil && rep.ringAt > c.ringAt {
		c.ring, c.ringAt = rep.ring, rep.ringAt
	}
}

func (c *client) local() time.Duration { return c.clk.local(c.w.now) }

// holdsKey: granted, not released, and its own clock says the lease still runs.
func (c *client) holdsKey(key string) (uint64, bool) {
	h := c.holds[key]
	if h == nil || c.local() >= AddTime(h.sentLocal, h.lease) {
		return 0, false
	}
	return h.token, true
}

// enqueue takes a step. Given while paused, it is decided now and sent on waking (a write
// given its token was decided already).
func (c *client) enqueue(a action) {
	if c.paused && !a.fixed && (a.op == OpWrite || a.op == OpRelease || a.op == OpKeepalive && a.every == 0) {
		a.fixed = true
		if h := c.holds[a.key]; h != nil {
			a.token = h.token
		}
	}
	c.queue = append(c.queue, a)
	c.kick()
}

// kick starts the next queued action when the client is free to.
func (c *client) kick() {
	for !c.paused && c.cur == nil && c.curWrite == nil && len(c.queue) > 0 {
		a := c.queue[0]
		if a.op != OpWrite && !c.connected {
			return // waits for reconnect
		}
		c.queue = c.queue[1:]
		if a.op == OpWrite {
			c.sendWrite(a)
			return
		}
		if a.op == OpKeepalive && a.every > 0 {
			c.startLoop(a) // runs beside the client's requests: the next step goes on at once
			continue
		}
		c.start(a)
	}
}

// tokenFor is the token an action carries: fixed when it was decided, else what it holds now.
func (c *client) tokenFor(a action) uint64 {
	if a.fixed {
		return a.token
	}
	if h := c.holds[a.key]; h != nil {
		return h.token
	}
	return 0
}

func (c *client) start(a action) {
	w := c.w
	w.reqSeq++
	req := &request{id: w.reqSeq, cl: c, op: a.op, key: a.key, lease: a.lease,
		sentAt: w.now, sentLocal: c.local(), retryAt: -1, late: a.late, blocking: a.block}
	req.deadline = AddTime(req.sentLocal, c.waitFor())
	req.wait = c.waitFor()
	if a.op == OpRelease || a.op == OpKeepalive {
		req.token = c.tokenFor(a)
	}
	nt := &w.callNote
	nt.Kind, nt.Client, nt.Req, nt.Op, nt.Key, nt.Token = ClientCall, c.name, req.id, req.op, req.key, req.token
	w.observe(nt)
	c.cur = req
	c.send()
}

// send sends the current request to the node the client will ask next.
func (c *client) send() { c.sendReq(c.cur) }

// sendReq sends req (the current request or a background renewal) to the node the client will
// ask next, and arms the timer that watches it.
func (c *client) sendReq(req *request) {
	w := c.w
	req.attempt++
	req.node = c.guess
	req.retryAt = -1
	w.emit(Event{Kind: EvClientSend, Client: c.name, Node: req.node, Req: req.id, Key: req.key, Token: req.token, Op: req.op, Lease: req.lease})
	if lost, why := w.clientLost(c.name, req.node, true); lost {
		w.lostOnLink(c.name, req.node, req.id, true, why) // silent: the client learns by its timeout
	} else {
		at := AddTime(AddTime(w.now, w.latency()), w.clientLinkOf(c.name, req.node).delay)
		w.q.push(item{at: at, sent: w.now, kind: itRequest, node: req.node, req: req, gen: uint64(req.attempt)})
	}
	c.armFor(req)
}

// armFor arms the timer that watches req: the client's own, or its keepalive loop's.
func (c *client) armFor(req *request) {
	if req.bg != nil {
		c.armLoop(req.bg)
		return
	}
	c.armTimer()
}

// armTimer schedules the earliest of the deadline and a pending resend, on the client's clock.
func (c *client) armTimer() {
	c.timerGen++
	if c.cur == nil || c.paused {
		return
	}
	due := c.cur.deadline
	if c.cur.retryAt >= 0 {
		due = min(due, c.cur.retryAt)
	}
	if at := c.clk.realAtLocal(due); at >= 0 {
		c.w.q.push(item{at: max(at, c.w.now), kind: itClientTimer, cl: c, gen: c.timerGen})
	}
}

func (c *client) onTimer() {
	req := c.cur
	if req == nil || c.paused {
		return
	}
	now := c.local()
	if now >= req.deadline {
		if b := c.heldBusy; b != nil {
			// The abandoned acquire's answer did not come in time: the busy stands.
			c.finish(ReplyBusy, 0, b.from, b.hint, b.sent)
			return
		}
		c.w.onTimeout(req)
		c.guess = c.after(req.node, 1) // the leader may be gone: start elsewhere next time
		if req.op == OpAcquire && !req.late {
			if c.abandoned == nil {
				c.abandoned = map[string]*request{}
			}
			c.abandoned[req.key] = req
		}
		c.finish(ReplyTimeout, 0, 0, 0, 0)
		return
	}
	if req.retryAt >= 0 && now >= req.retryAt {
		c.send()
		return
	}
	c.armTimer()
}

// RetryWait is how long a client waits, after every node answered a request's round with
// not-leader or unavailable, before a new round: one heartbeat interval, by when a new leader
// has told the others.
func (cfg Config) RetryWait() time.Duration {
	return durOf(float64(cfg.Heartbeat) * float64(cfg.Tick))
}

// onReply handles a node's answer (queued while paused, lost while disconnected).
func (c *client) onReply(it *item) {
	rep := it.rep
	if !c.connected {
		c.w.emit(Event{Kind: EvReplyLost, Client: c.name, Node: rep.from, Req: rep.req.id, Reply: rep.kind, Token: rep.token, Sent: rep.sent})
		return
	}
	if c.paused {
		c.inbox = append(c.inbox, *it)
		return
	}
	c.hear(rep)
	if rep.req.bg != nil {
		c.onLoopReply(rep)
		return
	}
	req := c.cur
	if req != rep.req || rep.attempt != req.attempt {
		if ab := c.abandoned[rep.req.key]; ab == rep.req && (rep.kind == ReplyGranted || rep.kind == ReplyBusy) {
			delete(c.abandoned, rep.req.key) // its answer has come
			if rep.kind == ReplyGranted && req != nil && req.op == OpAcquire && req.key == ab.key && !req.late {
				c.adopt(ab, rep)
				return
			}
			if b := c.heldBusy; b != nil && req != nil && req.key == ab.key {
				c.finish(ReplyBusy, 0, b.from, b.hint, b.sent) // not the client's own lock after all
				if rep.kind == ReplyGranted {
					c.lateGrant(rep)
				}
				return
			}
		}
		if rep.kind == ReplyGranted {
			c.lateGrant(rep)
		}
		return // any other answer to something it already gave up on changes nothing
	}
	if rep.kind == ReplyBusy && req.op == OpAcquire && c.abandoned[req.key] != nil {
		// The lock held may be this client's own, granted to the acquire it gave up on: wait
		// (until this request's own deadline) for that one's answer rather than say busy.
		r := *rep
		c.heldBusy = &r
		return
	}
	if rep.kind == ReplyNotLeader || rep.kind == ReplyUnavailable {
		c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: rep.from, Req: req.id, Key: req.key, Reply: rep.kind, Peer: rep.hint, Text: c.w.downWord(rep.hint), Sent: rep.sent})
		c.retry(req, rep.from, rep.hint)
		return
	}
	if rep.kind == ReplyOutcomeUnknown {
		// The node cannot tell whether the entry took effect: the request ends as a timeout
		// would (its entry may still have applied), and the next one starts at the leader the
		// node named, else at the node after it.
		c.guess = c.after(rep.from, 1)
		if rep.hint != 0 {
			c.guess = rep.hint
		}
	}
	c.finish(rep.kind, rep.token, rep.from, rep.hint, rep.sent)
}

// retry picks the next node after from answered not-leader (with hint, 0 for none) or was
// unavailable. Within a round the client never asks a node twice: it follows a hint it has
// not tried, else asks the next untried node after from (from+1, from+2, ..., wrapping). When
// every node has been tried it waits RetryWait and starts a new round at the hint, or at the
// node after from.
func (c *client) retry(req *request, from, hint int) {
	n := len(c.ring)
	req.tried |= 1 << from
	tried := func(id int) bool { return req.tried&(1<<id) != 0 }
	if hint != 0 && !tried(hint) {
		c.guess = hint
		c.sendReq(req)
		return
	}
	for i := 1; i <= n; i++ {
		if id := c.after(from, i); !tried(id) {
			c.guess = id
			c.sendReq(req)
			return
		}
	}
	// Every node refused this round: give a new leader a heartbeat to make itself known.
	req.tried = 0
	c.guess = c.after(from, 1)
	if hint != 0 {
		c.guess = hint
	}
	req.retryAt = AddTime(c.local(), c.w.cfg.RetryWait())
	c.armFor(req)
}

// lateGrant: a grant for a request the client already gave up on. Nobody waits for that lock,
// so the client releases it at once (before anything else it has queued), as etcd's mutex
// deletes its key after a cancelled Lock.
func (c *client) lateGrant(rep *reply) {
	req := rep.req
	c.w.emit(Event{Kind: EvClient, Client: c.name, Node: rep.from, Req: req.id, Key: req.key, Token: rep.token,
		Text: fmt.Sprintf("late grant, released: %s #%d", req.key, rep.token)})
	a := action{op: OpRelease, key: req.key, token: rep.token, fixed: true, late: true}
	c.queue = append([]action{a}, c.queue...)
	c.kick()
}

// adopt answers the current acquire with the late grant of an earlier acquire of the same key
// the client gave up on: the lock is its own, so it is held, not released and asked again
// (etcd's mutex, too, finds and keeps its own key). The lease is timed from when the client
// sent the earlier acquire, with that acquire's lease: the cluster cannot have started the
// countdown before that. The history says what happened: the earlier acquire returned now,
// granted, and the current one ends as a timeout would (its own entry, if any, still counts).
func (c *client) adopt(ab *request, rep *reply) {
	req := c.cur
	c.cur, c.heldBusy = nil, nil
	c.timerGen++
	c.w.emit(Event{Kind: EvClient, Client: c.name, Node: rep.from, Req: ab.id, Key: ab.key, Token: rep.token,
		Text: fmt.Sprintf("late grant, kept: %s #%d answers the acquire sent again", ab.key, rep.token)})
	c.lastReply, c.lastToken, c.lastKey = ReplyGranted, rep.token, ab.key
	c.seen = lastAnswer{ReplyGranted, rep.token, ab.key}
	c.holds[ab.key] = &holding{token: rep.token, lease: ab.lease, sentLocal: ab.sentLocal}
	c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: rep.from, Req: req.id, Key: req.key, Reply: ReplyGranted, Token: rep.token, Peer: rep.hint, Sent: rep.sent})
	c.w.note(&Note{Kind: ClientAdopt, Client: c.name, Req: ab.id, Req2: req.id, Token: rep.token})
	c.kick()
}

// finish records the final answer of the current request and moves on. from is the node that
// answered and hint the leader it named (0 for a timeout); sent is when the reply left it.
func (c *client) finish(kind ReplyKind, token uint64, from, hint int, sent time.Duration) {
	req := c.cur
	c.cur, c.heldBusy = nil, nil
	c.timerGen++
	if !req.late {
		c.lastReply, c.lastToken, c.lastKey = kind, token, req.key
		c.seen = lastAnswer{kind, token, req.key}
	}
	switch {
	case kind == ReplyGranted:
		c.holds[req.key] = &holding{token: token, lease: req.lease, sentLocal: req.sentLocal}
	case req.op == OpRelease && (kind == ReplyReleased || kind == ReplyNotFound):
		if h := c.holds[req.key]; h != nil && h.token == req.token {
			delete(c.holds, req.key)
		}
		c.stopLoops(req.key, "it released "+req.key)
	case req.op == OpKeepalive:
		c.keptAlive(req, kind)
	}
	c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: from, Req: req.id, Key: req.key, Reply: kind, Token: token, Peer: hint, Text: c.w.downWord(hint), Sent: sent})
	nt := &c.w.returnNote
	nt.Kind, nt.Client, nt.Req, nt.Reply, nt.Token = ClientReturn, c.name, req.id, kind, token
	c.w.observe(nt)
	c.kick()
}

// pause stops the process for d; its clock runs on.
func (c *client) pause(d time.Duration) {
	c.paused = true
	c.calmFrom = c.w.now
	c.wakeGen++
	c.timerGen++
	c.wakeAt = AddTime(c.w.now, d)
	c.w.q.push(item{at: c.wakeAt, kind: itClientTimer, cl: c, gen: c.wakeGen, ok: true})
}

// wake handles what piled up: the replies in arrival order, then its timer (a deadline passed
// while it slept is a timeout now), then the steps given meanwhile.
func (c *client) wake() {
	c.paused = false
	c.calmFrom = c.w.now
	c.w.emit(Event{Kind: EvClient, Client: c.name, Text: "wakes"})
	inbox := c.inbox
	c.inbox = nil
	for i := range inbox {
		c.w.handleClientItem(&inbox[i])
	}
	c.armTimer()
	c.armLoops()
	c.kick()
}

func (c *client) setRate(r float64) {
	c.rebase(func() { c.clk.setRate(c.w.now, r) })
	c.armTimer()
	c.armLoops()
}

// lastAnswer is an answer as a client's row says it: "got not-found orders".
type lastAnswer struct {
	kind  ReplyKind
	token uint64
	key   string
}
