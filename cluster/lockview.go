package cluster

import (
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// The lock table a View carries is bounded: with ViewOptions.LockRows set, it names the keys
// nearest to expiry (a countdown at zero first), plus the keys the caller asks for, so the cost
// of a frame does not grow with the number of live leases. The nearest ones come from the
// nodes' deadline heaps without visiting the others.

// lockChoice is one candidate key and how soon it ends on the node where that is soonest.
type lockChoice struct {
	key  string
	rank time.Duration // 0 at zero; else time left; maxRank when not held anywhere
}

const maxRank = time.Duration(1<<63 - 1)

// lockKeys picks the keys of the lock table, sorted, and how many matching keys it leaves out.
func (w *World) lockKeys(o ViewOptions) ([]string, int) {
	if o.LockRows <= 0 {
		return w.allKeys(""), 0
	}
	total := 0
	for _, n := range w.nodes {
		if n.up {
			total = max(total, len(n.keys))
		}
	}
	var cands []lockChoice
	forced := o.LockKeys
	if o.LockPrefix != "" {
		forced = nil
		for _, k := range o.LockKeys {
			if strings.HasPrefix(k, o.LockPrefix) {
				forced = append(forced, k)
			}
		}
		matches := w.prefixKeys(o.LockPrefix, o.KeyCache)
		total = len(matches)
		if total <= o.LockRows {
			return matches, 0
		}
		for _, k := range matches {
			cands = append(cands, lockChoice{k, w.rank(k)})
		}
	} else {
		if total <= o.LockRows {
			// A small world shows every key; asked-for keys it never used add nothing.
			return w.allKeys(""), 0
		}
		for _, n := range w.nodes {
			if !n.up {
				continue
			}
			local := n.clk.local(w.now)
			for _, h := range []*leaseHeap{&n.expiring, &n.counting} {
				for _, l := range h.smallest(o.LockRows) {
					r := time.Duration(0)
					if !l.zero {
						r = l.remaining(local)
					}
					cands = append(cands, lockChoice{l.key, r})
				}
			}
		}
	}
	slices.SortFunc(cands, func(a, b lockChoice) int {
		if a.rank != b.rank {
			if a.rank < b.rank {
				return -1
			}
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	keys := slices.Clone(forced)
	room := o.LockRows - len(keys)
	for _, c := range cands {
		if room <= 0 {
			break
		}
		if !slices.Contains(keys, c.key) {
			keys = append(keys, c.key)
			room--
		}
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	return keys, max(0, total-len(keys))
}

// allKeys is every key some live node holds or has a result for, with prefix, sorted: O(n),
// used when the table shows them all or a prefix filter is on.
func (w *World) allKeys(prefix string) []string {
	var keys []string
	for _, n := range w.nodes {
		if !n.up {
			continue
		}
		for k, r := range n.keys {
			if (r.lease.live || r.known()) && strings.HasPrefix(k, prefix) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// prefixKeys is allKeys(prefix), remembered in the caller's cache (if it gives one) until the
// next event of this world.
func (w *World) prefixKeys(prefix string, c *KeyCache) []string {
	if c == nil {
		return w.allKeys(prefix)
	}
	if c.prefix != prefix || c.world != w.id || c.events != w.evSeq || c.keys == nil {
		*c = KeyCache{prefix: prefix, world: w.id, events: w.evSeq, keys: w.allKeys(prefix)}
	}
	return c.keys
}

// KeyCache keeps the keys a lock prefix filter matched between two views of the same world at
// the same event (a paused screen redrawn): the filter visits every key. It belongs to the
// caller, since a View changes nothing in the world.
type KeyCache struct {
	prefix string
	world  uint64 // the world's identity: another world (a rewind, a copy) never matches
	events uint64
	keys   []string
}

// worldIDs numbers worlds in the process, for KeyCache.
var worldIDs atomic.Uint64

// rank is how soon key ends on the node where it ends soonest.
func (w *World) rank(key string) time.Duration {
	best := maxRank
	for _, n := range w.nodes {
		if !n.up {
			continue
		}
		if l := n.leaseOf(key); l != nil {
			r := time.Duration(0)
			if !l.zero {
				r = l.remaining(n.clk.local(w.now))
			}
			best = min(best, r)
		}
	}
	return best
}

// lockTable fills a node's view of the chosen keys: countdowns and latest results.
func (n *node) lockTable(nv *NodeView, keys []string) {
	for _, k := range keys {
		r := n.keys[k]
		if r == nil {
			continue
		}
		if l := &r.lease; l.live {
			rem := l.remaining(nv.Local)
			lk := n.lockOf(l)
			nv.Locks = append(nv.Locks, LockView{Key: k, Token: lk.Token, LeaseMS: lk.LeaseMS, Remaining: rem, Zero: rem == 0})
		}
		if r.known() {
			nv.Last = append(nv.Last, KeyResult{Key: k, Index: r.last.Index, Result: r.last.Result(), DeletedBy: r.last.deletedBy()})
		}
		if end, ok := n.delays[k]; ok && end > nv.Local {
			nv.Delays = append(nv.Delays, KeyDelay{Key: k, Remaining: end - nv.Local})
		}
	}
}

// lostKeys is, on a down node, which of keys its lost memory knew: records outlive a crash (a
// restart's replay repeats no result), so a key with one was applied or restored before it.
func (n *node) lostKeys(keys []string) []string {
	var out []string
	for _, k := range keys {
		if r := n.keys[k]; r != nil && (r.known() || r.lock.Token != 0) {
			out = append(out, k)
		}
	}
	return out
}
