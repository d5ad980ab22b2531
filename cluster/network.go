package cluster

import (
	"fmt"
	"slices"
	"time"
)

// network holds the fault rules between nodes. Nodes are 1-based; matrices are (n+1)x(n+1).
// A partition or cut is checked when a message is sent and again when it arrives, so it also
// drops what was already in flight.
// Clients reach every live node and the resource unless a client link rule (clientlink.go)
// says otherwise.
type network struct {
	n       int
	group   []int // partition group per node; nodes talk only within a group
	nextIso int   // isolate gives each isolated node a fresh group
	cut     [][]bool
	drop    [][]float64 // share 0..1 per direction
	dropAll float64
	delay   [][]time.Duration
	// plain: no rule is in force (calm), kept by every change below, so a message on a plain
	// network (most of them) skips the five matrix reads that would each find nothing.
	plain bool
}

func newNetwork(n int) *network {
	nw := &network{n: n}
	nw.heal()
	return nw
}

func square[T any](n int) [][]T {
	m := make([][]T, n+1)
	for i := range m {
		m[i] = make([]T, n+1)
	}
	return m
}

func (nw *network) heal() {
	nw.group = make([]int, nw.n+1)
	nw.nextIso = 1000
	nw.cut = square[bool](nw.n)
	nw.drop = square[float64](nw.n)
	nw.delay = square[time.Duration](nw.n)
	nw.dropAll = 0
	nw.plain = true
}

// settle recomputes plain after a rule changed.
func (nw *network) settle() { nw.plain = nw.calm() }

// setCut, setDrop, setDropAll and setDelay change one rule.
func (nw *network) setCut(a, b int) {
	nw.cut[a][b] = true
	nw.settle()
}

func (nw *network) setDrop(a, b int, share float64) {
	nw.drop[a][b], nw.drop[b][a] = share, share
	nw.settle()
}

func (nw *network) setDropAll(share float64) {
	nw.dropAll = share
	nw.settle()
}

func (nw *network) setDelay(a, b int, d time.Duration) {
	nw.delay[a][b], nw.delay[b][a] = d, d
	nw.settle()
}

// partition puts each listed group on its own side; unnamed nodes form one more group.
func (nw *network) partition(groups [][]int) {
	for i := range nw.group {
		nw.group[i] = len(groups) + 1
	}
	for gi, g := range groups {
		for _, id := range g {
			nw.group[id] = gi + 1
		}
	}
	nw.settle()
}

func (nw *network) isolate(id int) {
	nw.nextIso++
	nw.group[id] = nw.nextIso
	nw.settle()
}

// rejoin puts id back with the largest group of the other nodes (ties: the lowest node's).
func (nw *network) rejoin(id int) {
	count := map[int]int{}
	best, bestN := 0, -1
	for other := 1; other <= nw.n; other++ {
		if other == id {
			continue
		}
		g := nw.group[other]
		count[g]++
		if count[g] > bestN {
			best, bestN = g, count[g]
		}
	}
	nw.group[id] = best
	nw.settle()
}

// blocked says whether a message from a to b is dropped by a partition or cut (not by chance).
func (nw *network) blocked(a, b int) (bool, string) {
	if nw.group[a] != nw.group[b] {
		return true, "partition"
	}
	if nw.cut[a][b] {
		return true, "cut"
	}
	return false, ""
}

// dropShare is the chance a message from a to b is lost.
func (nw *network) dropShare(a, b int) float64 {
	return 1 - (1-nw.drop[a][b])*(1-nw.dropAll)
}

// groups lists the partition's sides, each sorted, ordered by their lowest node; nil when
// every node can reach every other.
func (nw *network) groups() [][]int {
	byGroup := map[int][]int{}
	var order []int
	for id := 1; id <= nw.n; id++ {
		g := nw.group[id]
		if _, ok := byGroup[g]; !ok {
			order = append(order, g)
		}
		byGroup[g] = append(byGroup[g], id)
	}
	if len(order) < 2 {
		return nil
	}
	out := make([][]int, 0, len(order))
	for _, g := range order {
		out = append(out, byGroup[g])
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// isolated says whether id is alone on its side.
func (nw *network) isolated(id int) bool {
	for other := 1; other <= nw.n; other++ {
		if other != id && nw.group[other] == nw.group[id] {
			return false
		}
	}
	return true
}

// grow makes room for node n, which joins the largest group (as rejoin); every rule stays.
func (nw *network) grow(n int) {
	for nw.n < n {
		nw.n++
		nw.group = append(nw.group, 0)
		nw.cut = growSquare(nw.cut, nw.n)
		nw.drop = growSquare(nw.drop, nw.n)
		nw.delay = growSquare(nw.delay, nw.n)
		nw.rejoin(nw.n)
	}
	nw.settle()
}

func growSquare[T any](m [][]T, n int) [][]T {
	for i := range m {
		m[i] = append(m[i], make([]T, n+1-len(m[i]))...)
	}
	for len(m) < n+1 {
		m = append(m, make([]T, n+1))
	}
	return m
}

func (nw *network) checkNode(id int) error {
	if id < 1 || id > nw.n {
		return fmt.Errorf("no node n%d (this cluster has n1..n%d)", id, nw.n)
	}
	return nil
}

func (nw *network) checkLink(a, b int) error {
	if err := nw.checkNode(a); err != nil {
		return err
	}
	if err := nw.checkNode(b); err != nil {
		return err
	}
	if a == b {
		return fmt.Errorf("a link needs two different nodes, got n%d twice", a)
	}
	return nil
}
