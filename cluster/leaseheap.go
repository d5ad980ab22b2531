package cluster

import "time"

// leaseHeap is a binary min-heap of countdowns, so the next deadline is found in O(1) and kept
// in O(log n) per grant, release or expiry, whatever the number of live leases. Deadlines stay
// in the node's local time: a clock change converts only the earliest one (rearmLease). Equal
// times are ordered by key, so the heap's order is total and never depends on history.
type leaseHeap struct {
	items []*lease
	try   bool // ordered by nextTry (countdowns at zero awaiting an Expire), else by deadline
}

func (h *leaseHeap) at(l *lease) time.Duration {
	if h.try {
		return l.nextTry
	}
	return l.deadline
}

func (h *leaseHeap) less(a, b *lease) bool {
	if ta, tb := h.at(a), h.at(b); ta != tb {
		return ta < tb
	}
	return a.key < b.key
}

// top is the earliest lease, nil when empty.
func (h *leaseHeap) top() *lease {
	if len(h.items) == 0 {
		return nil
	}
	return h.items[0]
}

func (h *leaseHeap) push(l *lease) {
	l.idx = int32(len(h.items))
	h.items = append(h.items, l)
	h.up(len(h.items) - 1)
}

// remove takes l out of this heap.
func (h *leaseHeap) remove(l *lease) {
	i, last := int(l.idx), len(h.items)-1
	if i != last {
		h.swap(i, last)
	}
	h.items[last] = nil
	h.items = h.items[:last]
	if i != last {
		h.fix(i)
	}
	l.idx = -1
}

// fix restores the order after the lease at position i changed its time.
func (h *leaseHeap) fix(i int) {
	if !h.down(i) {
		h.up(i)
	}
}

func (h *leaseHeap) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.items[i].idx, h.items[j].idx = int32(i), int32(j)
}

func (h *leaseHeap) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(h.items[i], h.items[p]) {
			return
		}
		h.swap(i, p)
		i = p
	}
}

func (h *leaseHeap) down(i0 int) bool {
	i, n := i0, len(h.items)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.less(h.items[r], h.items[l]) {
			m = r
		}
		if !h.less(h.items[m], h.items[i]) {
			break
		}
		h.swap(i, m)
		i = m
	}
	return i > i0
}

// smallest returns up to k leases in heap order (earliest first) without changing the heap:
// O(k log k), for a view that shows only the leases nearest to expiry.
func (h *leaseHeap) smallest(k int) []*lease {
	if k <= 0 || len(h.items) == 0 {
		return nil
	}
	out := make([]*lease, 0, min(k, len(h.items)))
	front := []int{0} // a small heap of candidate positions
	lessAt := func(a, b int) bool { return h.less(h.items[front[a]], h.items[front[b]]) }
	for len(front) > 0 && len(out) < k {
		// pop the best candidate
		best := front[0]
		last := len(front) - 1
		front[0] = front[last]
		front = front[:last]
		for i := 0; ; {
			l, m := 2*i+1, i
			if l < len(front) && lessAt(l, m) {
				m = l
			}
			if r := l + 1; r < len(front) && lessAt(r, m) {
				m = r
			}
			if m == i {
				break
			}
			front[i], front[m] = front[m], front[i]
			i = m
		}
		out = append(out, h.items[best])
		for _, c := range [2]int{2*best + 1, 2*best + 2} {
			if c < len(h.items) {
				front = append(front, c)
				for i := len(front) - 1; i > 0; {
					p := (i - 1) / 2
					if !lessAt(i, p) {
						break
					}
					front[i], front[p] = front[p], front[i]
					i = p
				}
			}
		}
	}
	return out
}
