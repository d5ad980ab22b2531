package web

import (
	"fmt"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/fsm"
)

// States are the lanes' states over time, rebuilt from the marks: who led in which term, where
// the network was split, whose clock ran fast or jumped, each client's operations and what it
// believed it held, and every fenced write the resource saw.
type states struct {
	leads      []span2 // leader/term strip
	parts      []partition
	clocks     []clockBand
	ops        []op
	beliefs    []belief
	writes     []write
	overwrites []*diagram.Mark
	overAt     []time.Duration
}

type span2 struct {
	lane     int
	from, to time.Duration
	text     string
}

type partition struct {
	from, to time.Duration
	groups   string
	lost     uint64
}

type clockBand struct {
	lane     int
	from, to time.Duration
	text     string
}

// op is one client request from its first send to its final answer (open: it never came).
type op struct {
	lane       int
	client     string
	req        uint64
	what       string
	from, to   time.Duration
	answer     string
	open, good bool
}

// belief is a lock a client believes it holds, on its own clock: from the grant reaching it to
// the end of its lease by its clock (or its release).
type belief struct {
	lane     int
	key      string
	token    uint64
	from, to time.Duration
	ended    string
}

type write struct {
	lane     int
	at       time.Duration
	client   string
	key      string
	token    uint64
	ok       bool
	highest  uint64
	accepted bool
}

// clientClock follows a client's clock from its marks ("clock rate R", "clock offset D",
// "clock reset"), to find when its own clock ends a lease.
type clientClock struct {
	segs []clockSeg
}

type clockSeg struct {
	at, local time.Duration
	rate      float64
	offset    time.Duration
}

func (c *clientClock) now(t time.Duration) clockSeg {
	s := clockSeg{rate: 1}
	for _, g := range c.segs {
		if g.at > t {
			break
		}
		s = g
	}
	return s
}

func (c *clientClock) local(t time.Duration) time.Duration {
	s := c.now(t)
	if len(c.segs) == 0 {
		return t
	}
	return s.local + time.Duration(float64(t-s.at)*s.rate)
}

func (c *clientClock) change(t time.Duration, f *cluster.Fault) {
	s := clockSeg{at: t, local: c.local(t), rate: c.now(t).rate, offset: c.now(t).offset}
	switch f.Kind {
	case cluster.FaultSkewRate:
		s.rate = f.Rate
	case cluster.FaultSkewOffset:
		s.local += f.Dur
		s.offset += f.Dur
	case cluster.FaultSkewReset:
		s.local -= s.offset
		s.offset, s.rate = 0, 1
	default:
		return
	}
	c.segs = append(c.segs, s)
}

// trueAt is the first instant from t on at which the clock reads l (-1: never, it is stopped).
func (c *clientClock) trueAt(t, l time.Duration) time.Duration {
	if len(c.segs) == 0 {
		return l
	}
	for {
		if c.local(t) >= l {
			return t
		}
		s := c.now(t)
		next := time.Duration(-1)
		for _, g := range c.segs {
			if g.at > t {
				next = g.at
				break
			}
		}
		if s.rate > 0 {
			at := s.at + time.Duration(float64(l-s.local)/s.rate)
			if next < 0 || at < next {
				return max(at, t)
			}
		}
		if next < 0 {
			return -1
		}
		t = next
	}
}

// collectStates rebuilds the lanes' states from the rows.
func (d *drawing) collectStates(rows []diagram.Row, end time.Duration) *states {
	st := &states{}
	l := d.lanes
	leadFrom := make([]time.Duration, l.Nodes+1)
	leadTerm := make([]uint64, l.Nodes+1)
	for i := range leadFrom {
		leadFrom[i] = -1
	}
	endLead := func(n int, at time.Duration) {
		if leadFrom[n] >= 0 {
			st.leads = append(st.leads, span2{n - 1, leadFrom[n], at, fmt.Sprintf("n%d t%d", n, leadTerm[n])})
			leadFrom[n] = -1
		}
	}
	var part *partition
	type band struct {
		from       time.Duration
		rate       float64
		off        time.Duration
		open, used bool
	}
	nodeClk := map[int]*band{}
	closeClock := func(lane int, b *band, at time.Duration) {
		if b != nil && b.open && at > b.from {
			st.clocks = append(st.clocks, clockBand{lane, b.from, at, clockText(b.rate, b.off)})
		}
	}
	setClock := func(lane int, at time.Duration, f *cluster.Fault) {
		b := nodeClk[lane]
		if b == nil {
			b = &band{rate: 1}
			nodeClk[lane] = b
		}
		closeClock(lane, b, at)
		switch f.Kind {
		case cluster.FaultSkewRate:
			b.rate = f.Rate
		case cluster.FaultSkewOffset:
			b.off += f.Dur
		case cluster.FaultSkewReset:
			b.rate, b.off = 1, 0
		}
		b.from, b.open = at, b.rate != 1 || b.off != 0
	}
	clocks := map[string]*clientClock{}
	clk := func(c string) *clientClock {
		if clocks[c] == nil {
			clocks[c] = &clientClock{}
		}
		return clocks[c]
	}
	type opKey struct {
		client string
		req    uint64
	}
	open := map[opKey]*op{}
	var opOrder []opKey
	held := map[string]*belief{} // client+key
	var lastSend = map[opKey]time.Duration{}
	highest := uint64(0)
	for i := range rows {
		r := &rows[i]
		at := r.At
		if !r.Mark {
			m := &r.Msg
			switch m.Kind {
			case diagram.Request:
				k := opKey{m.Client, m.Req}
				lastSend[k] = m.Sent
				if open[k] == nil {
					what := m.Op + " " + m.Key
					open[k] = &op{lane: l.Index(0, m.Client), client: m.Client, req: m.Req, what: what, from: m.Sent, open: true}
					opOrder = append(opOrder, k)
				}
				if m.Op == "release" {
					if b := held[m.Client+"\x00"+m.Key]; b != nil {
						b.to, b.ended = m.Sent, "it sent its release"
						st.beliefs = append(st.beliefs, *b)
						delete(held, m.Client+"\x00"+m.Key)
					}
				}
			case diagram.Reply:
				k := opKey{m.Client, m.Req}
				o := open[k]
				if o == nil || !o.open || m.State == diagram.Dropped || m.Op == "not-leader" || m.Op == "unavailable" {
					continue
				}
				o.to, o.answer, o.open = m.At, m.Label(), false
				o.good = m.Op == "granted" || m.Op == "released" || m.Op == "not-found"
				if m.Op == "granted" {
					lease := time.Duration(0)
					for j := i - 1; j >= 0 && lease == 0; j-- {
						q := &rows[j]
						if !q.Mark && q.Msg.Kind == diagram.Request && q.Msg.Client == m.Client && q.Msg.Req == m.Req {
							lease = q.Msg.Lease
						}
					}
					if lease > 0 {
						c := clk(m.Client)
						sent := lastSend[k]
						to := c.trueAt(m.At, c.local(sent)+lease)
						b := &belief{lane: l.Index(0, m.Client), key: m.Key, token: m.Token, from: m.At, to: to,
							ended: "its own clock says the lease (" + fsm.DurText(lease) + " from its request) ran out"}
						if to < 0 || to > end {
							b.to, b.ended = end, "the run ended"
						}
						if old := held[m.Client+"\x00"+m.Key]; old != nil {
							old.to, old.ended = min(old.to, m.At), "granted again"
							st.beliefs = append(st.beliefs, *old)
						}
						held[m.Client+"\x00"+m.Key] = b
					}
				}
			}
			continue
		}
		mk := &r.M
		switch mk.Kind {
		case diagram.MarkRole:
			endLead(mk.Node, at)
			if mk.Role == "leader" {
				leadFrom[mk.Node], leadTerm[mk.Node] = at, mk.Term
			}
		case diagram.MarkCrash:
			endLead(mk.Node, at)
		case diagram.MarkFault:
			f := mk.Fault
			if f == nil {
				break
			}
			switch f.Kind {
			case cluster.FaultPartition:
				if part != nil {
					part.to, part.lost = at, mk.LostHB-part.lost
					st.parts = append(st.parts, *part)
				}
				part = &partition{from: at, groups: f.GroupsText(), lost: mk.LostHB}
			case cluster.FaultHeal:
				if part != nil {
					part.to, part.lost = at, mk.LostHB-part.lost
					st.parts = append(st.parts, *part)
					part = nil
				}
			case cluster.FaultSkewRate, cluster.FaultSkewOffset, cluster.FaultSkewReset:
				if n := f.Nodes[0]; n >= 1 && n <= l.Nodes {
					setClock(n-1, at, f)
				}
			}
		case diagram.MarkClient:
			if f := mk.Fault; f != nil { // a change to the client's clock
				clk(mk.Client).change(at, f)
				setClock(l.Index(0, mk.Client), at, f)
			}
			if strings.HasPrefix(mk.Text, "gives up") {
				for _, k := range opOrder {
					if o := open[k]; o.client == mk.Client && o.open && o.to == 0 {
						o.to, o.answer = at, mk.Text
					}
				}
			}
		case diagram.MarkWrite:
			highest = max(highest, mk.Token)
			st.writes = append(st.writes, write{lane: l.Index(0, mk.Client), at: at, client: mk.Client, key: mk.Key,
				token: mk.Token, ok: mk.Accepted, highest: highest})
		case diagram.MarkOverwritten:
			st.overwrites = append(st.overwrites, mk)
			st.overAt = append(st.overAt, at)
		}
	}
	for n := 1; n <= l.Nodes; n++ {
		endLead(n, end)
	}
	if part != nil {
		part.to, part.lost = end, d.p.Rec.LostHeartbeats()-part.lost
		st.parts = append(st.parts, *part)
	}
	for lane := 0; lane < l.Len(); lane++ {
		closeClock(lane, nodeClk[lane], end)
	}
	for _, k := range opOrder {
		o := open[k]
		if o.open && o.to == 0 {
			o.to = end
		}
		st.ops = append(st.ops, *o)
	}
	for _, k := range sortedKeys(held) {
		st.beliefs = append(st.beliefs, *held[k])
	}
	return st
}

func clockText(rate float64, off time.Duration) string {
	s := "clock"
	if rate != 1 {
		s += fmt.Sprintf(" ×%g", rate)
	}
	if off != 0 {
		s += fmt.Sprintf(" %+v", off)
	}
	return s
}
