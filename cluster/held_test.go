package cluster

import (
	"testing"
	"time"

	"leaselab/fsm"
)

// Option held-keys: the leader grants the keys in batches as log entries; each lock ends on
// every node only through a committed Expire (never by a node's own clock), and the Expires of
// leases that end together share commits.
func TestHeldKeysExpireThroughBatchedExpires(t *testing.T) {
	const n = 3000
	w := newWorld(t, func(c *Config) { c.HeldKeys, c.HeldLease = n, 2*time.Second })
	expired := map[int]int{} // node -> Expired{existed:true} applied
	var expireCommits, expires int
	lastCommit := map[int]uint64{}
	w.Subscribe(func(e *Event) {
		switch e.Kind {
		case EvLocalExpiry:
			t.Errorf("n%d deleted %s on its own clock", e.Node, e.Key)
		case EvApplied:
			if e.Cmd.Kind == fsm.Expire && e.Result.Existed {
				expired[e.Node]++
				if e.Node == w.Leader() {
					expires++
					if lastCommit[e.Node] != 0 {
						expireCommits++
						lastCommit[e.Node] = 0
					}
				}
			}
		case EvCommitted:
			lastCommit[e.Node] = e.Index
		}
	})
	waitFor(t, w, 30*time.Second, "every held key granted everywhere", func() bool {
		for _, nd := range w.nodes {
			if nd.sm.Len() < n {
				return false
			}
		}
		return true
	})
	if l, ok := w.Lock(2, HeldKey(n-1, n)); !ok || l.Token != n {
		t.Fatalf("n2 holds %s as %+v, want token %d", HeldKey(n-1, n), l, n)
	}
	waitFor(t, w, 30*time.Second, "every held key expired everywhere", func() bool {
		for _, nd := range w.nodes {
			if nd.sm.Len() > 0 {
				return false
			}
		}
		return true
	})
	for id := 1; id <= w.Nodes(); id++ {
		if expired[id] != n {
			t.Errorf("n%d applied %d Expires that deleted a lock, want %d", id, expired[id], n)
		}
	}
	if expireCommits == 0 || expires/expireCommits < 100 {
		t.Errorf("%d Expires in %d commits on the leader: they should share commits", expires, expireCommits)
	}
	if v := w.Violations(); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
}

// A bounded lock table names the keys nearest to expiry (a countdown at zero first) and the
// asked-for keys, and counts the others, without listing every key.
func TestLockViewBounded(t *testing.T) {
	w := newWorld(t, nil)
	electN1(t, w)
	for i, lease := range []time.Duration{9 * time.Second, 3 * time.Second, 7 * time.Second, 5 * time.Second, 8 * time.Second} {
		must(t, w.Acquire("c"+string(rune('a'+i)), "k"+string(rune('a'+i)), lease))
	}
	w.Advance(time.Second)
	v := w.View(ViewOptions{LockRows: 3, LockKeys: []string{"ka"}})
	if want := []string{"ka", "kb", "kd"}; !equalStrings(v.LockKeys, want) || v.LockMore != 2 {
		t.Fatalf("lock keys %v (+%d), want %v (+2): ka asked for, kb and kd end first", v.LockKeys, v.LockMore, want)
	}
	for _, nv := range v.Nodes {
		if len(nv.Locks) != 3 || nv.Leases != 5 {
			t.Fatalf("n%d carries %d locks of %d, want 3 of 5", nv.ID, len(nv.Locks), nv.Leases)
		}
	}
	if v := w.View(ViewOptions{LockRows: 3, LockPrefix: "ke"}); !equalStrings(v.LockKeys, []string{"ke"}) || v.LockMore != 0 {
		t.Fatalf("prefix ke: %v (+%d)", v.LockKeys, v.LockMore)
	}
	if v := w.View(ViewOptions{}); len(v.LockKeys) != 5 {
		t.Fatalf("unbounded view: %v", v.LockKeys)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
