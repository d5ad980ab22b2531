package web

import (
	"fmt"
	"strings"
	"time"

	"leaselab/cluster/diagram"
	"leaselab/fsm"
)

// bar is one lock as one node held it: from the apply of its Grant, through the countdown on
// that node's clock (zero when it reached zero there), to the committed Expire or Release that
// removed it (or the node's crash, or the end of the run).
type bar struct {
	node    int
	key     string
	token   uint64
	lease   time.Duration
	from    time.Duration
	zero    time.Duration // -1 while the countdown runs
	to      time.Duration
	endedBy string
}

// lockBars rebuilds every node's locks from the apply, countdown and crash marks.
func lockBars(rows []diagram.Row, nodes int, end time.Duration) []bar {
	open := make([]map[string]*bar, nodes+1)
	for i := range open {
		open[i] = map[string]*bar{}
	}
	var out []bar
	closeBar := func(b *bar, at time.Duration, why string) {
		b.to, b.endedBy = at, why
		out = append(out, *b)
	}
	for i := range rows {
		if !rows[i].Mark {
			continue
		}
		mk, at := &rows[i].M, rows[i].At
		if mk.Node < 1 || mk.Node > nodes {
			continue
		}
		held := open[mk.Node]
		switch mk.Kind {
		case diagram.MarkApply:
			k := mk.Cmd.Key
			switch {
			case mk.Result.Kind == fsm.Granted:
				held[k] = &bar{node: mk.Node, key: k, token: mk.Result.Token, from: at, zero: -1,
					lease: time.Duration(mk.Cmd.LeaseMS) * time.Millisecond}
			case mk.Result.Kind == fsm.Released || mk.Result.Kind == fsm.Expired && mk.Result.Existed:
				if b := held[k]; b != nil {
					closeBar(b, at, "committed "+mk.Cmd.Kind.String()+" applied")
					delete(held, k)
				}
			}
		case diagram.MarkZero:
			if b := held[mk.Key]; b != nil && b.token == mk.Token && b.zero < 0 {
				b.zero = at
			}
		case diagram.MarkLocalExpiry:
			if b := held[mk.Key]; b != nil {
				closeBar(b, at, "deleted on its own clock (unsafe local-expiry)")
				delete(held, mk.Key)
			}
		case diagram.MarkCrash:
			for _, k := range sortedKeys(held) {
				closeBar(held[k], at, "the node crashed")
			}
			clear(held)
		}
	}
	for n := range open {
		for _, k := range sortedKeys(open[n]) {
			closeBar(open[n][k], end, "still held when the run ended")
		}
	}
	return out
}

// bars draws the lock bars just right of each node's lane, a slot per key (its name is at the
// bar's start). Details are compact: [-1, node, key word, token, lease ms, from ms, zero ms or
// -1, to ms, ended-by word].
func (d *drawing) bars(bs []bar) {
	o := d.out
	var zeros strings.Builder
	held := make([]strings.Builder, d.lanes.Nodes+1)
	first := make([]int, d.lanes.Nodes+1)
	for i := range first {
		first[i] = -1
	}
	// Grouped per node, so a node's bars hide with its lane; ids run on within a group.
	order := make([]int, 0, len(bs))
	for n := 1; n <= d.lanes.Nodes; n++ {
		for i := range bs {
			if bs[i].node == n {
				order = append(order, i)
			}
		}
	}
	for _, i := range order {
		b := &bs[i]
		x := d.barX(b)
		zero := b.to
		zms := int64(-1)
		if b.zero >= 0 {
			zero, zms = b.zero, b.zero.Milliseconds()
		}
		id := d.add([]any{-1, b.node, d.word(b.key), b.token, b.lease.Milliseconds(), b.from.Milliseconds(), zms,
			b.to.Milliseconds(), d.word(b.endedBy)})
		if first[b.node] < 0 {
			first[b.node] = id
		}
		y1, yz, y2 := d.ax.y(b.from), d.ax.y(zero), d.ax.y(b.to)
		fmt.Fprintf(&held[b.node], `<path d="M%s %sv%s"/>`, num(x), num(y1), num(max(yz-y1, 1)))
		if b.zero >= 0 {
			fmt.Fprintf(&zeros, `<path class="bz" data-i="%d" data-l="%d" d="M%.0f %.1fv%.1f"/>`+"\n", id, b.node-1, x, yz, max(y2-yz, 1))
		}
	}
	for n := 1; n <= d.lanes.Nodes; n++ {
		if first[n] >= 0 {
			o.printf(`<g class="dg bar bh" data-i0="%d" data-l="%d">%s</g>`+"\n", first[n], n-1, held[n].String())
		}
	}
	o.str("<g class=\"bar\">" + zeros.String() + "</g>\n")
}
