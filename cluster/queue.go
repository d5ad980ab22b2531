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

// queue is a 4-ary min-heap (half the depth of a binary one) of small keys (time, seq, slot) over a slab of items: sifting
// moves 24-byte keys with no pointers in them, never the items themselves (which are large and
// full of pointers, so moving them cost copies and GC write barriers).
type queue struct {
	heap []qkey
	slab []item
	free []int32 // empty slab slots
	seq  uint64
}

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
	h := append(q.heap, k)
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
	q.heap = h
}

// set overwrites a reused slot field by field: a whole-struct copy while the GC marks puts
// every one of the item's pointer words through a bulk write barrier, a field store only the
// five pointers (a test holds set equal to assignment).
func (it *item) set(from *item) {
	it.at, it.seq, it.sent, it.kind, it.node, it.from = from.at, from.seq, from.sent, from.kind, from.node, from.from
	it.gen, it.inc, it.ok, it.info = from.gen, from.inc, from.ok, from.info
	it.msg, it.cl, it.req, it.rep, it.write = from.msg, from.cl, from.req, from.rep, from.write
}

func (q *queue) len() int { return len(q.heap) }

// peek returns the next item's time; ok is false when nothing is queued.
func (q *queue) peek() (time.Duration, bool) {
	if len(q.heap) == 0 {
		return 0, false
	}
	return q.heap[0].at, true
}

func (q *queue) pop() item {
	h := q.heap
	top := h[0]
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
	q.heap = h
	it := q.slab[top.slot] // the slot keeps its pointers until it is reused: no write barriers here
	q.free = append(q.free, top.slot)
	return it
}

// each calls f with every queued item, in no particular order.
func (q *queue) each(f func(*item)) {
	for _, k := range q.heap {
		f(&q.slab[k.slot])
	}
}
