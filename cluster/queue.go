package cluster

import (
	"time"

	pb "go.etcd.io/raft/v3/raftpb"
)

// itemKind is what a queued future happening is.
type itemKind uint8

const (
	itTick        itemKind = iota + 1 // a node's raft tick (gen: the node's tick generation)
	itLeaseTimer                      // a node's countdown or Expire retry is due (gen)
	itDeliver                         // a raft message arrives (msg, from, to)
	itSnapReport                      // tell the sender how a MsgSnap went (from, to, ok)
	itRequest                         // a client request reaches a node (req)
	itReply                           // a node's reply reaches a client (rep)
	itClientTimer                     // a client's deadline, retry or wake-up (gen)
	itWriteArrive                     // a client's write reaches the resource (wr)
	itWriteReply                      // the resource's verdict reaches the client (wr)
	itCheckpoint                      // the leader's lease checkpoint is due (gen)
	itWake                            // a frozen node wakes (gen: its freeze)
	itKeepalive                       // a client's background keepalive is due (gen: its loop's timer)
)

// item is one future happening. Items run in (at, seq) order: seq breaks ties in the order
// they were scheduled, so equal instants never depend on heap layout.
type item struct {
	at    time.Duration
	seq   uint64
	sent  time.Duration // deliver: when the message left
	kind  itemKind
	node  int // tick, lease timer, deliver target, request target
	from  int // deliver source
	gen   uint64
	inc   uint64 // sender incarnation (deliver, snap report)
	ok    bool
	msg   *pb.Message
	info  MsgInfo
	cl    *client
	req   *request
	rep   *reply
	write *write
}

// queue holds the future happenings in (at, seq) order: two 4-ary min-heaps (half the depth of
// a binary one) of small keys (time, seq, slot) over a slab of items. Sifting moves 24-byte keys
// with no pointers in them, never the items themselves (which are large and full of pointers,
// so moving them cost copies and GC write barriers).
//
// near holds what is due within nearSpan of the last item run (messages, requests, replies:
// most pushes and pops), far the rest: timers, most of them re-armed before they fire (of a
// loaded run's 340 queued items, 300 are client deadlines and lease timers). pop takes the
// earlier of the two tops, so the order is exactly one heap's, but the busy heap stays a few
// dozen keys deep instead of hundreds.
type queue struct {
	near, far []qkey
	last      time.Duration // the time of the last item popped
	slab      []item
	free      []int32 // empty slab slots
	seq       uint64
}

// nearSpan: a message's latency (2 to 8 ms by default) is near, a tick (100 ms) is far.
const nearSpan = 50 * time.Millisecond

type qkey struct {
	at   time.Duration
	seq  uint64
	slot int32
}

func (a qkey) before(b qkey) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

func (q *queue) push(it item) {
	q.seq++
	it.seq = q.seq
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
		q.slab[slot].set(&it)
	} else {
		slot = int32(len(q.slab))
		q.slab = append(q.slab, it)
	}
	k := qkey{at: it.at, seq: it.seq, slot: slot}
	if it.at-q.last < nearSpan {
		q.near = heapPush(q.near, k)
	} else {
		q.far = heapPush(q.far, k)
	}
}

func heapPush(h []qkey, k qkey) []qkey {
	h = append(h, k)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !k.before(h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = k
	return h
}

// set overwrites a reused slot field by field: a whole-struct copy while the GC marks puts
// every one of the item's pointer words through a bulk write barrier, a field store only the
// five pointers (a test holds set equal to assignment).
func (it *item) set(from *item) {
	it.at, it.seq, it.sent, it.kind, it.node, it.from = from.at, from.seq, from.sent, from.kind, from.node, from.from
	it.gen, it.inc, it.ok, it.info = from.gen, from.inc, from.ok, from.info
	it.msg, it.cl, it.req, it.rep, it.write = from.msg, from.cl, from.req, from.rep, from.write
}

func (q *queue) len() int { return len(q.near) + len(q.far) }

// top is the heap holding the next item, nil when nothing is queued.
func (q *queue) top() *[]qkey {
	switch {
	case len(q.far) == 0:
		if len(q.near) == 0 {
			return nil
		}
		return &q.near
	case len(q.near) == 0 || q.far[0].before(q.near[0]):
		return &q.far
	}
	return &q.near
}

// peek returns the next item's time; ok is false when nothing is queued.
func (q *queue) peek() (time.Duration, bool) {
	h := q.top()
	if h == nil {
		return 0, false
	}
	return (*h)[0].at, true
}

// pop takes the next item out of the order and returns it in place, in its slab slot, which
// stays the item's (no push reuses it) until release: the item is run from there, not copied
// out. A push during the run may move the slab; the pointer then still reads the item, in the
// old array.
func (q *queue) pop() (*item, int32) {
	h := q.top()
	top := (*h)[0]
	*h = heapPop(*h)
	q.last = top.at
	return &q.slab[top.slot], top.slot
}

// release frees a popped item's slot. The slot keeps its pointers until it is reused: no
// write barriers here.
func (q *queue) release(slot int32) { q.free = append(q.free, slot) }

// heapPop removes h's first key.
func heapPop(h []qkey) []qkey {
	n := len(h) - 1
	last := h[n]
	h = h[:n]
	if n > 0 {
		i := 0
		for {
			c := 4*i + 1
			if c >= n {
				break
			}
			for j, end := c+1, min(c+4, n); j < end; j++ {
				if h[j].before(h[c]) {
					c = j
				}
			}
			if !h[c].before(last) {
				break
			}
			h[i] = h[c]
			i = c
		}
		h[i] = last
	}
	return h
}

// each calls f with every queued item, in no particular order.
func (q *queue) each(f func(*item)) {
	for _, h := range [2][]qkey{q.near, q.far} {
		for _, k := range h {
			f(&q.slab[k.slot])
		}
	}
}
