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

// queue is a binary min-heap of items.
type queue struct {
	items []item
	seq   uint64
}

func (q *queue) less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

func (q *queue) push(it item) {
	q.seq++
	it.seq = q.seq
	q.items = append(q.items, it)
	i := len(q.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.less(i, p) {
			break
		}
		q.items[i], q.items[p] = q.items[p], q.items[i]
		i = p
	}
}

func (q *queue) len() int { return len(q.items) }

// peek returns the next item's time; ok is false when nothing is queued.
func (q *queue) peek() (time.Duration, bool) {
	if len(q.items) == 0 {
		return 0, false
	}
	return q.items[0].at, true
}

func (q *queue) pop() item {
	top := q.items[0]
	n := len(q.items) - 1
	q.items[0] = q.items[n]
	q.items[n] = item{}
	q.items = q.items[:n]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.less(l, m) {
			m = l
		}
		if r < n && q.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q.items[i], q.items[m] = q.items[m], q.items[i]
		i = m
	}
	return top
}
