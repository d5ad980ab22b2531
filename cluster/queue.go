package cluster

import (
	"math/bits"
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
// Two calendars of 64 days each hold the keys, a day's keys kept sorted (a few at a time, and a
// new key mostly goes last). What is due within nearSpan of the last item run (messages,
// requests, replies: most pushes and pops) goes in near, whose days are about a millisecond;
// what is due within farSpan goes in far, whose days are about 67 ms: timers, most of them
// re-armed before they fire (of a loaded run's 340 queued items, 300 are client deadlines 0.5 s
// and lease timers 2 s away; a heap took ~450 instructions for each of its 13,000 a run). The
// rest (a long lease's countdown) goes in over, a 4-ary min-heap. A calendar's next key is the
// first key of its first non-empty day from the last item's on (a bitmap of the non-empty days
// finds it); pop takes the earliest of the three, so the order is exactly a sort's.
type queue struct {
	near calendar
	far  calendar
	over []qkey
	last time.Duration // the time of the last item popped
	slab []item
	free []int32 // empty slab slots
	seq  uint64
}

// calendar: 64 days of 2^shift ns, keys in [last, last+span) for a span under 63 days, so they
// never wrap onto a day that holds earlier ones.
type calendar struct {
	days [nDays]bucket
	n    int    // keys held
	min  int    // the day holding the next key; -1: not known, nearest looks
	top  qkey   // the next key, when min is known
	full uint64 // bit d: day d holds keys
}

// bucket is one calendar day: keys[head:], sorted. The front is reused once it empties.
type bucket struct {
	keys []qkey
	head int
}

// nearSpan: a message's latency (2 to 8 ms by default) is near, a tick (100 ms) is far.
// farSpan: a client's deadline (0.5 s) and a lease timer (2 s) are far, a long lease is over.
const (
	nDays     = 64
	nearShift = 20 // a near day spans 2^20 ns
	farShift  = 26 // a far day spans 2^26 ns
	nearSpan  = 50 * time.Millisecond
	farSpan   = 4 * time.Second
)

func dayOf(at time.Duration, shift uint) int { return int(at>>shift) & (nDays - 1) }

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
	if k := (qkey{at: it.at, seq: it.seq, slot: slot}); k.at-q.last >= 0 && k.at-q.last < nearSpan {
		q.near.insert(k, dayOf(k.at, nearShift))
	} else {
		q.insertFar(k)
	}
}

// reserve takes a slot for a delivery whose message info send writes straight into it
// (it.info), then queues by pushDeliver or gives back by unreserve. The slot's pointers are
// nil (release cleared them). No push may come between: it could move the slab.
func (q *queue) reserve() (*item, int32) {
	var slot int32
	if n := len(q.free); n > 0 {
		slot = q.free[n-1]
		q.free = q.free[:n-1]
	} else {
		slot = int32(len(q.slab))
		q.slab = append(q.slab, item{})
	}
	return &q.slab[slot], slot
}

// unreserve gives back a reserved slot that was not pushed (its message was dropped).
func (q *queue) unreserve(slot int32) { q.free = append(q.free, slot) }

// pushDeliver is push(item{at: at, sent: sent, kind: itDeliver, node: to, from: from, inc:
// inc, msg: m, info: info}) for the reserved slot where info is written already: deliveries
// are most pushes, and building the item, then copying it into the slab, cost as much as the
// queueing; building the info aside and copying it in cost another copy. A test holds the two
// equal.
func (q *queue) pushDeliver(slot int32, at, sent time.Duration, to, from int, inc uint64, m *pb.Message) {
	q.seq++
	it := &q.slab[slot]
	it.at, it.seq, it.sent, it.kind, it.node, it.from, it.gen, it.inc, it.ok = at, q.seq, sent, itDeliver, to, from, 0, inc, false
	it.msg = m
	if k := (qkey{at: at, seq: q.seq, slot: slot}); at-q.last >= 0 && at-q.last < nearSpan {
		q.near.insert(k, dayOf(at, nearShift))
	} else {
		q.insertFar(k)
	}
}

// A pushed key goes in near when it is due within nearSpan of the last item run; push and
// pushDeliver write that case out (a function holding it was too large to inline, and cost
// them a call more on most keys) and call insertFar for the rest.

// insertFar puts a key that is not near in far or over.
func (q *queue) insertFar(k qkey) {
	if d := k.at - q.last; d >= 0 && d < farSpan {
		q.far.insert(k, dayOf(k.at, farShift))
	} else {
		q.over = heapPush(q.over, k)
	}
}

// insert puts k in day d, sorted. k is the newest key (push numbered it last), so it goes
// before a key exactly when its time is earlier: the times alone are compared.
func (c *calendar) insert(k qkey, d int) {
	b := &c.days[d]
	h := append(b.keys, k)
	i := len(h) - 1
	for i > b.head && k.at < h[i-1].at {
		h[i] = h[i-1]
		i--
	}
	h[i] = k
	b.keys = h
	if c.n == 0 || (c.min >= 0 && k.at < c.top.at) {
		c.min, c.top = d, k
	}
	c.full |= 1 << d
	c.n++
}

// first is the next key: the first of the first non-empty day from last's on. The calendar
// must hold keys.
func (c *calendar) first(last time.Duration, shift uint) qkey {
	if c.min < 0 {
		d := dayOf(last, shift)
		c.min = (d + bits.TrailingZeros64(bits.RotateLeft64(c.full, -d))) & (nDays - 1)
		b := &c.days[c.min]
		c.top = b.keys[b.head]
	}
	return c.top
}

// take removes the next key, which first returned.
func (c *calendar) take() {
	b := &c.days[c.min]
	b.head++
	if b.head == len(b.keys) {
		b.keys, b.head = b.keys[:0], 0
		c.full &^= 1 << c.min
		c.min = -1
	} else {
		c.top = b.keys[b.head]
	}
	c.n--
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

func (q *queue) len() int { return q.near.n + q.far.n + len(q.over) }

// Where a key is held.
const (
	inNone = iota // nothing is queued
	inNear
	inFar
	inOver
)

// next is the next key and where it is held (inNone: nothing is queued).
func (q *queue) next() (k qkey, src int) {
	if q.near.n > 0 {
		k, src = q.near.first(q.last, nearShift), inNear
	}
	if q.far.n > 0 {
		if f := q.far.first(q.last, farShift); src == inNone || f.before(k) {
			k, src = f, inFar
		}
	}
	if len(q.over) > 0 && (src == inNone || q.over[0].before(k)) {
		k, src = q.over[0], inOver
	}
	return k, src
}

// peek returns the next item's time; ok is false when nothing is queued.
func (q *queue) peek() (time.Duration, bool) {
	k, src := q.next()
	return k.at, src != inNone
}

// pop takes the next item out of the order and returns it in place, in its slab slot, which
// stays the item's (no push reuses it) until release: the item is run from there, not copied
// out. A push during the run may move the slab; the pointer then still reads the item, in the
// old array. Something must be queued.
func (q *queue) pop() (*item, int32) {
	it, slot, _ := q.popDue(Never)
	return it, slot
}

// popDue is pop when the next item is due by t; ok is false when none is (one look for the
// next key, where a peek and then a pop took two: the world's main loop runs on it).
//
// It looks for the next key itself, as next does, rather than calling next: one call less on
// every item, and a near key (most of them) is taken without looking at far or over when
// neither holds anything.
func (q *queue) popDue(t time.Duration) (it *item, slot int32, ok bool) {
	var top qkey
	src := inNone
	if q.near.n > 0 {
		top, src = q.near.first(q.last, nearShift), inNear
	}
	if q.far.n > 0 {
		if f := q.far.first(q.last, farShift); src == inNone || f.before(top) {
			top, src = f, inFar
		}
	}
	if len(q.over) > 0 && (src == inNone || q.over[0].before(top)) {
		top, src = q.over[0], inOver
	}
	if src == inNone || top.at > t {
		return nil, 0, false
	}
	switch src {
	case inNear:
		q.near.take()
	case inFar:
		q.far.take()
	default:
		q.over = heapPop(q.over)
	}
	q.last = top.at
	return &q.slab[top.slot], top.slot, true
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
	for _, c := range []*calendar{&q.near, &q.far} {
		for _, b := range c.days {
			for _, k := range b.keys[b.head:] {
				f(&q.slab[k.slot])
			}
		}
	}
	for _, k := range q.over {
		f(&q.slab[k.slot])
	}
}
