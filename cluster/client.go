package cluster

import (
	"time"
)

// opKind is what a client asks.
type opKind uint8

const (
	opAcquire opKind = iota + 1
	opRelease
	opWrite
)

func (o opKind) String() string {
	switch o {
	case opAcquire:
		return "acquire"
	case opRelease:
		return "release"
	}
	return "write"
}

// request is one client request to the cluster; a not-leader answer sends it again (same id,
// next attempt) to the node the answer names.
type request struct {
	id        uint64
	cl        *client
	op        opKind
	key       string
	lease     time.Duration
	token     uint64        // release: the token the client holds
	sentAt    time.Duration // simulated instant of the first send
	sentLocal time.Duration // the client's clock then
	deadline  time.Duration // the client's clock reading at which it gives up
	retryAt   time.Duration // the client's clock reading of a pending resend; -1 if none
	node      int           // the node of the current attempt
	attempt   int
	lin       int // index of its operation in the linearizability history
}

type reply struct {
	req     *request
	attempt int
	from    int
	kind    string // granted, busy, released, not-found, not-leader, rejected; unavailable (node down)
	token   uint64
	hint    int
	sent    time.Duration // when the node sent it
}

type action struct {
	op    opKind
	key   string
	lease time.Duration
	value string
}

// holding is what a client believes it holds: timed from when it SENT the acquire.
type holding struct {
	token     uint64
	lease     time.Duration
	sentLocal time.Duration
}

// client is a lock user with its own clock. It does one thing at a time, in order.
type client struct {
	w         *World
	name      string
	clk       clock
	rate      float64 // the rate to resume at after a pause
	connected bool
	paused    bool
	wakeGen   uint64
	wakeAt    time.Duration
	timerGen  uint64
	guess     int // the node it believes leads
	queue     []action
	cur       *request
	curWrite  *write
	holds     map[string]*holding
	lastReply string
	lastToken uint64
	lastKey   string
	lastWrite *write
	inbox     []item // replies that arrived while paused
}

func newClient(w *World, name string) *client {
	c := &client{w: w, name: name, clk: newClock(), rate: 1, connected: true, holds: map[string]*holding{}}
	c.clk.setRate(w.now, 1)
	// The first guess comes from the name alone (not the RNG, not the order clients appear), so
	// creating a client early, or one that never acts, changes nothing.
	c.guess = 1 + int(hashStr(FNVOffset, name)%uint64(w.cfg.Nodes))
	return c
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

func (c *client) enqueue(a action) {
	c.queue = append(c.queue, a)
	c.kick()
}

// kick starts the next queued action when the client is free to.
func (c *client) kick() {
	for !c.paused && c.cur == nil && c.curWrite == nil && len(c.queue) > 0 {
		a := c.queue[0]
		if a.op != opWrite && !c.connected {
			return // waits for reconnect
		}
		c.queue = c.queue[1:]
		if a.op == opWrite {
			c.sendWrite(a)
			return
		}
		c.start(a)
	}
}

func (c *client) start(a action) {
	w := c.w
	w.reqSeq++
	req := &request{id: w.reqSeq, cl: c, op: a.op, key: a.key, lease: a.lease,
		sentAt: w.now, sentLocal: c.local(), retryAt: -1}
	req.deadline = AddTime(req.sentLocal, w.cfg.ClientTimeout)
	if a.op == opRelease {
		if h := c.holds[a.key]; h != nil {
			req.token = h.token
		}
	}
	req.lin = w.linear.onCall(req)
	c.cur = req
	c.send()
}

// send sends the current request to the node the client believes leads.
func (c *client) send() {
	w, req := c.w, c.cur
	req.attempt++
	req.node = c.guess
	req.retryAt = -1
	w.emit(Event{Kind: EvClientSend, Client: c.name, Node: req.node, Req: req.id, Key: req.key, Token: req.token, Reply: req.op.String(), Lease: req.lease})
	w.q.push(item{at: w.now + w.latency(), sent: w.now, kind: itRequest, node: req.node, req: req, gen: uint64(req.attempt)})
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
		c.guess = c.guess%c.w.cfg.Nodes + 1 // the leader may be gone: try another next time
		c.finish("timeout", 0, 0, 0)
		return
	}
	if req.retryAt >= 0 && now >= req.retryAt {
		c.send()
		return
	}
	c.armTimer()
}

// onReply handles a node's answer (queued while paused, lost while disconnected).
func (c *client) onReply(it item) {
	rep := it.rep
	if !c.connected {
		c.w.emit(Event{Kind: EvReplyLost, Client: c.name, Node: rep.from, Req: rep.req.id, Reply: rep.kind, Token: rep.token, Sent: rep.sent})
		return
	}
	if c.paused {
		c.inbox = append(c.inbox, it)
		return
	}
	req := c.cur
	if req != rep.req || rep.attempt != req.attempt {
		return // an answer to something it already gave up on
	}
	if rep.kind == "not-leader" || rep.kind == "unavailable" {
		c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: rep.from, Req: req.id, Key: req.key, Reply: rep.kind, Peer: rep.hint, Sent: rep.sent})
		if rep.hint != 0 && rep.hint != req.node {
			c.guess = rep.hint
			c.send()
		} else {
			c.guess = req.node%c.w.cfg.Nodes + 1
			req.retryAt = AddTime(c.local(), 50*time.Millisecond)
			c.armTimer()
		}
		return
	}
	c.finish(rep.kind, rep.token, rep.from, rep.sent)
}

// finish records the final answer of the current request and moves on.
// sent is when the reply left its node (0 for a timeout).
func (c *client) finish(kind string, token uint64, from int, sent time.Duration) {
	req := c.cur
	c.cur = nil
	c.timerGen++
	c.lastReply, c.lastToken, c.lastKey = kind, token, req.key
	switch {
	case kind == "granted":
		c.holds[req.key] = &holding{token: token, lease: req.lease, sentLocal: req.sentLocal}
	case req.op == opRelease && (kind == "released" || kind == "not-found"):
		delete(c.holds, req.key)
	}
	c.w.emit(Event{Kind: EvClientReply, Client: c.name, Node: from, Req: req.id, Key: req.key, Reply: kind, Token: token, Sent: sent})
	c.w.linear.onReturn(req, kind, token, c.w.now)
	c.kick()
}

func (c *client) pause(d time.Duration) {
	if !c.paused {
		c.rate = c.clk.rate
		c.clk.setRate(c.w.now, 0)
		c.paused = true
	}
	c.wakeGen++
	c.timerGen++
	c.wakeAt = AddTime(c.w.now, d)
	c.w.q.push(item{at: c.wakeAt, kind: itClientTimer, cl: c, gen: c.wakeGen, ok: true})
}

func (c *client) wake() {
	c.paused = false
	c.clk.setRate(c.w.now, c.rate)
	c.w.emit(Event{Kind: EvClient, Client: c.name, Text: "wakes"})
	inbox := c.inbox
	c.inbox = nil
	for _, it := range inbox {
		c.w.handleClientItem(it)
	}
	c.armTimer()
	c.kick()
}

func (c *client) setRate(r float64) {
	if c.paused {
		c.rate = r
		return
	}
	c.clk.setRate(c.w.now, r)
	c.armTimer()
}
