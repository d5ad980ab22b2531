package cluster

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"
)

// The queue runs items in (at, seq) order whichever part holds them: random pushes (near, far
// and over, equal instants included) between pops come out as a sort of them would, by pop or by
// popDue, which takes nothing not yet due.
func TestQueueOrder(t *testing.T) {
	if nearSpan >= (nDays-1)<<nearShift || farSpan >= (nDays-1)<<farShift {
		t.Fatalf("nearSpan %v or farSpan %v does not fit its calendar: keys would wrap onto earlier ones", nearSpan, farSpan)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var q queue
	type key struct {
		at  time.Duration
		seq uint64
	}
	var pending []key
	now := time.Duration(0)
	for step := 0; step < 200000; step++ {
		if r.IntN(2) == 0 || q.len() == 0 {
			d := []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 45 * time.Millisecond, 100 * time.Millisecond, 2 * time.Second, 5 * time.Second, 20 * time.Second}[r.IntN(8)]
			at := now + time.Duration(r.Int64N(int64(d)+1))
			q.push(item{at: at, kind: itTick})
			pending = append(pending, key{at, q.seq})
			continue
		}
		slices.SortFunc(pending, func(a, b key) int {
			if a.at != b.at {
				return int(a.at - b.at)
			}
			return int(a.seq) - int(b.seq)
		})
		if at, ok := q.peek(); !ok || at != pending[0].at {
			t.Fatalf("step %d: peek %v %v, want %v", step, at, ok, pending[0].at)
		}
		var it *item
		var slot int32
		if r.IntN(2) == 0 {
			it, slot = q.pop()
		} else { // popDue: nothing before the next item is due, and that item once it is
			if _, _, ok := q.popDue(pending[0].at - 1); ok {
				t.Fatalf("step %d: popDue(%v) took an item due at %v", step, pending[0].at-1, pending[0].at)
			}
			var ok bool
			if it, slot, ok = q.popDue(pending[0].at + time.Duration(r.IntN(2))); !ok {
				t.Fatalf("step %d: popDue(%v) took nothing", step, pending[0].at)
			}
		}
		q.release(slot)
		if it.at != pending[0].at || it.seq != pending[0].seq {
			t.Fatalf("step %d: popped (%v, %d), want (%v, %d)", step, it.at, it.seq, pending[0].at, pending[0].seq)
		}
		now = it.at
		pending = pending[1:]
		if q.len() != len(pending) {
			t.Fatalf("step %d: len %d, want %d", step, q.len(), len(pending))
		}
	}
}

// pushDeliver queues what push would: the same item in the same place of the order, also in a
// slot a richer item left.
func TestPushDeliverIsPush(t *testing.T) {
	var a, b queue
	m := &pb.Message{}
	info := MsgInfo{ID: 3, Type: pb.MessageType_MsgApp, Term: 2}
	same := func(step int) {
		ia, sa := a.pop()
		ib, sb := b.pop()
		if sa != sb || !reflect.DeepEqual(*ia, *ib) || ia.msg != ib.msg {
			t.Fatalf("step %d: popped %+v (slot %d), want %+v (slot %d)", step, *ib, sb, *ia, sa)
		}
		a.release(sa)
		b.release(sb)
	}
	for i := 0; i < 50; i++ {
		// A rich item due first, run and released: the deliver below reuses its slot.
		now := time.Duration(i) * time.Second
		rich := item{at: now, kind: itReply, gen: 4, ok: true, msg: &pb.Message{},
			cl: &client{}, req: &request{}, rep: &reply{}, write: &write{}}
		a.push(rich)
		b.push(rich)
		same(i)
		at := now + time.Duration(i*7%13)*time.Millisecond
		a.push(item{at: at, sent: 1, kind: itDeliver, node: 2, from: 3, inc: 4, msg: m, info: info})
		it, slot := b.reserve()
		it.info = info
		b.pushDeliver(slot, at, 1, 2, 3, 4, m)
		if i%3 == 0 {
			same(i)
		}
	}
	for a.len() > 0 {
		same(-1)
	}
}

// A released slot points at nothing: a free slot that kept its message (or client, request,
// reply, write) would keep it alive for the GC to mark every cycle until the slot is reused.
func TestReleaseDropsPointers(t *testing.T) {
	var q queue
	q.push(item{at: 1, kind: itReply, msg: &pb.Message{}, cl: &client{}, req: &request{}, rep: &reply{}, write: &write{}})
	_, slot := q.reserve()
	q.pushDeliver(slot, 2, 1, 2, 3, 4, &pb.Message{})
	for q.len() > 0 {
		_, slot := q.pop()
		q.release(slot)
		if it := q.slab[slot]; it.msg != nil || it.cl != nil || it.req != nil || it.rep != nil || it.write != nil {
			t.Errorf("released slot %d still points at %+v", slot, it)
		}
	}
}
