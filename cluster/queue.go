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
	// The pointers first, side by side: the GC reads one cache line of each slab slot.
	msg   *pb.Message
	cl    *client
	req   *request
	rep   *reply
	write *write

	at   time.Duration
	seq  uint64
	sent time.Duration // deliver: when the message left
	kind itemKind
	node int // tick, lease timer, deliver target, request target
	from int // deliver source
	gen  uint64
	inc  uint64 // sender incarnation (deliver, snap report)
	ok   bool
	info MsgInfo
}

// queue holds the future happenings in (at, seq) order: small keys (time, seq, slot) over a
// slab of items. Ordering moves 24-byte keys with no pointers in them, never the items
// themselves (which are large and full of pointers, so moving them cost copies and GC write
// barriers).
//
// What is due within nearSpan of the last item run (messages, requests, replies: most pushes
// and pops) goes in a calendar: 64 buckets of about a millisecond each, a bucket's keys kept
// sorted (a few at a time, and a new key mostly goes last). The next near key is the first
// key of the first non-empty bucket from the last item's on. The rest goes in far, a 4-ary
// min-heap: timers, most of them re-armed before they fire (of a loaded run's 340 queued
// items, 300 are client deadlines and lease timers). pop takes the earlier of the two, so the
// order is exactly a sort's.
type queue struct {
	near  [nBuckets]bucket
	nearN int // keys in near
	minB  int // the bucket holding the next near key; -1: not known, nearest looks
	far   []qkey
	last  time.Duration // the time of the last item popped
	slab  []item
	free  []int32 // empty slab slots
	seq   uint64
}

// bucket is one calendar day: keys[head:], sorted. The front is reused once it empties.
type bucket struct {
	keys []qkey
	head int
}

// nearSpan: a message's latency (2 to 8 ms by default) is near, a tick (100 ms) is far. It is
// shorter than the calendar's 64 buckets (67 ms), so the near keys, all in [last,
// last+nearSpan), never wrap onto a bucket that holds earlier ones.
const nearSpan = 50 * time.Millisecond

const (
	bucketShift = 20 // a bucket spans 2^20 ns
	nBuckets    = 64
)

func bucketOf(at time.Duration) int { return int(at>>bucketShift) & (nBuckets - 1) }

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
	q.insert(qkey{at: it.at, seq: it.seq, slot: slot})
}

// pushDeliver is push(item{at: at, sent: sent, kind: itDeliver, node: to, from: from, inc:
// inc, msg: m, info: *info}) with the item written straight into its slot: deliveries are
// most pushes, and building the item, then copying it into the slab, cost as much as the
// queueing. The slot's other pointers are nil already (release cleared them; while the GC
// marks, every pointer store goes through its write barrier). A test holds the two equal.
func (q *queue) pushDeliver(at, sent time.Duration, to, from int, inc uint64, m *pb.Message, info *MsgInfo) {
	q.seq++
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
	} else {
		slot = int32(len(q.slab))
		q.slab = append(q.slab, item{})
	}
	it := &q.slab[slot]
	it.at, it.seq, it.sent, it.kind, it.node, it.from, it.gen, it.inc, it.ok = at, q.seq, sent, itDeliver, to, from, 0, inc, false
	it.info = *info // apart: a tuple assignment copies through a temporary
	it.msg = m
	q.insert(qkey{at: at, seq: q.seq, slot: slot})
}

// insert puts a pushed item's key in order.
func (q *queue) insert(k qkey) {
	if d := k.at - q.last; d >= 0 && d < nearSpan {
		bi := bucketOf(k.at)
		b := &q.near[bi]
		h := append(b.keys, k)
		i := len(h) - 1
		for i > b.head && k.before(h[i-1]) {
			h[i] = h[i-1]
			i--
		}
		h[i] = k
		b.keys = h
		if q.nearN == 0 || (q.minB >= 0 && i == b.head && k.before(q.near[q.minB].keys[q.near[q.minB].head])) {
			q.minB = bi
		}
		q.nearN++
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
	it.gen, it.inc, it.ok = from.gen, from.inc, from.ok
	it.info = from.info
	it.msg, it.cl, it.req, it.rep, it.write = from.msg, from.cl, from.req, from.rep, from.write
}

func (q *queue) len() int { return q.nearN + len(q.far) }

// nearest is the bucket holding the next near key, -1 when near is empty.
func (q *queue) nearest() int {
	if q.nearN == 0 {
		return -1
	}
	if q.minB < 0 {
		b := bucketOf(q.last)
		for q.near[b].head == len(q.near[b].keys) {
			b = (b + 1) & (nBuckets - 1)
		}
		q.minB = b
	}
	return q.minB
}

// next is the next key and whether near holds it; something must be queued.
func (q *queue) next() (qkey, bool) {
	if b := q.nearest(); b >= 0 {
		k := q.near[b].keys[q.near[b].head]
		if len(q.far) == 0 || k.before(q.far[0]) {
			return k, true
		}
	}
	return q.far[0], false
}

// peek returns the next item's time; ok is false when nothing is queued.
func (q *queue) peek() (time.Duration, bool) {
	if q.len() == 0 {
		return 0, false
	}
	k, _ := q.next()
	return k.at, true
}

// pop takes the next item out of the order and returns it in place, in its slab slot, which
// stays the item's (no push reuses it) until release: the item is run from there, not copied
// out. A push during the run may move the slab; the pointer then still reads the item, in the
// old array. Something must be queued.
func (q *queue) pop() (*item, int32) {
	top, near := q.next()
	return q.take(top, near)
}

// popDue is pop when the next item is due by t; ok is false when none is (one look for the
// next key, where a peek and then a pop took two: the world's main loop runs on it).
func (q *queue) popDue(t time.Duration) (it *item, slot int32, ok bool) {
	if q.len() == 0 {
		return nil, 0, false
	}
	top, near := q.next()
	if top.at > t {
		return nil, 0, false
	}
	it, slot = q.take(top, near)
	return it, slot, true
}

// take removes top, the next key (near: from the calendar), from the order.
func (q *queue) take(top qkey, near bool) (*item, int32) {
	if near {
		b := &q.near[q.minB]
		b.head++
		if b.head == len(b.keys) {
			b.keys, b.head = b.keys[:0], 0
			q.minB = -1
		}
		q.nearN--
	} else {
		q.far = heapPop(q.far)
	}
	q.last = top.at
	return &q.slab[top.slot], top.slot
}

// release frees a popped item's slot and drops what it points to. A free slot that kept its
// message would keep it alive, entries and all, for the GC to mark again every cycle until
// the slot is reused (most of the slab is free slots); a nil store is cheap, and only a
// pointer that is set is cleared.
func (q *queue) release(slot int32) {
	it := &q.slab[slot]
	if it.msg != nil {
		it.msg = nil
	}
	if it.cl != nil {
		it.cl = nil
	}
	if it.req != nil {
		it.req = nil
	}
	if it.rep != nil {
		it.rep = nil
	}
	if it.write != nil {
		it.write = nil
	}
	q.free = append(q.free, slot)
}

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
	for _, b := range q.near {
		for _, k := range b.keys[b.head:] {
			f(&q.slab[k.slot])
		}
	}
	for _, k := range q.far {
		f(&q.slab[k.slot])
	}
}
