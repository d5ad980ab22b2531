package cluster

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The heap against a brute-force scan: after every push, remove and retime, its top and its
// smallest(k) are what sorting everything would give, ties broken by key.
func TestLeaseHeapMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	h := &leaseHeap{}
	live := map[string]*lease{}
	order := func() []*lease {
		all := slices.Clone(h.items)
		slices.SortFunc(all, func(a, b *lease) int {
			if a.deadline != b.deadline {
				return int(a.deadline - b.deadline)
			}
			return byKey(a, b)
		})
		return all
	}
	for step := 0; step < 5000; step++ {
		key := fmt.Sprintf("k%d", rng.IntN(300))
		l := live[key]
		switch {
		case l == nil:
			l = &lease{key: key, deadline: time.Duration(rng.IntN(50))}
			live[key] = l
			h.push(l)
		case rng.IntN(2) == 0:
			h.remove(l)
			delete(live, key)
		default:
			l.deadline = time.Duration(rng.IntN(50))
			h.fix(int(l.idx))
		}
		for i, x := range h.items {
			if int(x.idx) != i {
				t.Fatalf("step %d: item %s at %d thinks it is at %d", step, x.key, i, x.idx)
			}
		}
		want := order()
		if len(want) > 0 && h.top() != want[0] {
			t.Fatalf("step %d: top %s, want %s", step, h.top().key, want[0].key)
		}
		k := rng.IntN(20)
		got := h.smallest(k)
		if len(want) > k {
			want = want[:k]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: smallest(%d) differs from the sorted scan", step, k)
		}
	}
}

// Many leases, one timer: the node's next lease timer is armed for the earliest deadline, and
// a release of that lease moves it to the next one, with no scan involved.
func TestLeaseTimerFollowsEarliest(t *testing.T) {
	w := newWorld(t, nil)
	for i := 0; i < 20; i++ {
		if err := w.Acquire(fmt.Sprintf("c%d", i), fmt.Sprintf("k%02d", i), time.Duration(30-i)*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	w.Advance(2 * time.Second)
	n := w.node(w.Leader())
	if n.live != 20 {
		t.Fatalf("%d leases, want 20", n.live)
	}
	earliest := n.counting.top()
	if earliest.key != "k19" {
		t.Fatalf("earliest countdown %s, want k19 (the shortest lease)", earliest.key)
	}
	if want := n.clk.realAtLocal(earliest.deadline); n.leaseAt != want {
		t.Fatalf("lease timer at %v, want %v", n.leaseAt, want)
	}
	w.Release("c19", "k19")
	w.Advance(time.Second)
	if n.counting.top().key != "k18" || n.leaseAt != n.clk.realAtLocal(n.counting.top().deadline) {
		t.Fatalf("after releasing k19 the timer should follow k18, got %s at %v", n.counting.top().key, n.leaseAt)
	}
	// A clock change keeps every deadline in local time and converts only the earliest one.
	before := n.counting.top().deadline
	must(t, w.SkewRate(n.id, 2))
	if n.counting.top().deadline != before || n.leaseAt != n.clk.realAtLocal(before) {
		t.Fatalf("after a rate change: earliest deadline %v (was %v), timer at %v, want %v",
			n.counting.top().deadline, before, n.leaseAt, n.clk.realAtLocal(before))
	}
	must(t, w.SkewOffset(n.id, 20*time.Second)) // past k18's deadline: its timer is due now
	if n.leaseAt != w.Now() {
		t.Fatalf("after jumping past the earliest deadline the timer is at %v, want now (%v)", n.leaseAt, w.Now())
	}
}
