package cluster

import "time"

// write is one client write to the fenced resource.
type write struct {
	cl       *client
	key      string
	value    string
	token    uint64
	sentAt   time.Duration
	decided  bool
	accepted bool
	at       time.Duration // when the resource decided
	kept     bool          // sent with a token the client held no lock for: one it kept
}

// resource is the fenced store: per key, the highest token accepted so far. A write with a lower
// token is rejected, an equal or higher one accepted; a write with no token at all is rejected.
type resource struct {
	high   map[string]uint64
	recent map[string][]*write // the last few writes per key, for the view
	keys   []string            // keys in first-write order, so views never range over the map
}

func newResource() *resource {
	return &resource{high: map[string]uint64{}, recent: map[string][]*write{}}
}

const recentWrites = 4

func (r *resource) decide(wr *write, noFencing bool) (accepted bool) {
	high := r.high[wr.key]
	accepted = noFencing || (wr.token > 0 && wr.token >= high)
	if accepted && wr.token > high {
		r.high[wr.key] = wr.token
	}
	if _, ok := r.recent[wr.key]; !ok {
		r.keys = append(r.keys, wr.key)
	}
	ws := append(r.recent[wr.key], wr)
	if len(ws) > recentWrites {
		ws = ws[len(ws)-recentWrites:]
	}
	r.recent[wr.key] = ws
	return accepted
}

func (c *client) sendWrite(a action) {
	w := c.w
	wr := &write{cl: c, key: a.key, value: a.value, sentAt: w.now}
	wr.token = c.tokenFor(a)
	h, ok := c.holds[a.key]
	wr.kept = wr.token > 0 && (!ok || h.token != wr.token)
	c.curWrite, c.lastWrite = wr, wr
	w.q.push(item{at: AddTime(w.now, w.latency()), kind: itWriteArrive, write: wr})
}

func (w *World) onWriteArrive(wr *write) {
	accepted := w.res.decide(wr, w.cfg.Unsafe.NoFencing)
	wr.decided, wr.accepted, wr.at = true, accepted, w.now
	w.emit(Event{Kind: EvWrite, Client: wr.cl.name, Key: wr.key, Token: wr.token, Accepted: accepted, Text: wr.value})
	w.note(&Note{Kind: ResourceWrite, Client: wr.cl.name, Key: wr.key, Token: wr.token, Accepted: accepted})
	w.q.push(item{at: AddTime(w.now, w.latency()), kind: itWriteReply, cl: wr.cl, write: wr})
}

func (c *client) onWriteReply(it *item) {
	if c.paused {
		c.inbox = append(c.inbox, *it)
		return
	}
	if c.curWrite == it.write {
		c.curWrite = nil
		c.kick()
	}
}
