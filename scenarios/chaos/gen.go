package chaos

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// Params fix a generated scenario: the same Params always give the same scenario.
type Params struct {
	Seed     uint64
	Duration time.Duration // simulated time the scenario lasts, settle included
	Nodes    int
	Unsafe   []string
	Profile  string // "" or "wide": see wideFault
	Liveness bool   // end with the liveness tail (see livenessTail) instead of heal and settle
	Swarm    bool   // leave out a random subset of fault kinds (see swarm.go)
}

// genStream is the second PCG word of the generator's stream ("chaosgen"), so the generator's
// draws never coincide with the world's own stream for the same seed.
const genStream = 0x6368616f7367656e

// leaseStream ("leaselab") feeds the draws of the lease extensions (keepalive, lease rules at
// promotion, checkpoints): a stream of their own, so adding them left every seed's fault
// schedule and client work as it was, with keepalives and options on top.
const leaseStream = 0x6c656173656c6162

// extStream ("chaosext") feeds the draws of lock-delay and waiting acquires, likewise.
const extStream = 0x6368616f73657874

// keyNames are the keys generated scenarios use (a scenario picks one to three of them).
var keyNames = []string{"orders", "stock", "jobs"}

// gen builds one scenario. It tracks what the world will look like (down nodes, disconnected
// clients) only as far as needed to never write a step the world would refuse.
type gen struct {
	r       *rand.Rand
	lr      *rand.Rand // the lease extensions' draws (leaseStream)
	ext     *rand.Rand // lock-delay and waiting acquires (extStream)
	p       Params
	steps   []scenarios.Step
	mem     *members // safe mode: the configuration as the generator believes it (gen_member.go)
	now     time.Duration
	down    []bool // down[id]: crashed and not restarted
	offline map[string]bool
	clients []string
	keys    []string
	lead    int             // the node last told to campaign: likely the leader; 0 if none yet
	slowing bool            // lease-read: see leaseReadFault
	wide    bool            // the wide profile: see wideFault
	iso     []int           // nodes isolated since the last partition or heal (rejoin undoes isolate)
	off     map[string]bool // swarm: the fault kinds this seed leaves out (nil without --swarm)
	end     time.Duration   // when the fault schedule ends
}

// Generate writes a random scenario for p: a header, clients acquiring, writing and releasing a
// few keys, a fault schedule with waits between, and an ending that heals the network, restarts
// every crashed node, reconnects every client and lets the cluster settle.
func Generate(p Params) *scenarios.Scenario {
	s, _ := generate(p)
	return s
}

// generate is Generate, also saying where the liveness tail starts (len(Steps) without one).
func generate(p Params) (*scenarios.Scenario, int) {
	g := &gen{
		r:       rand.New(rand.NewPCG(p.Seed, genStream)),
		lr:      rand.New(rand.NewPCG(p.Seed, leaseStream)),
		ext:     rand.New(rand.NewPCG(p.Seed, extStream)),
		p:       p,
		down:    make([]bool, p.Nodes+1),
		offline: map[string]bool{},
		slowing: slices.Contains(p.Unsafe, "lease-read"),
		wide:    p.Profile == "wide",
	}
	if p.Swarm {
		g.off = swarmOff(p.Seed)
	}
	h := scenarios.DefaultHeader()
	h.Title = fmt.Sprintf("chaos seed %d", p.Seed)
	h.Seed, h.Nodes = p.Seed, p.Nodes
	h.Set["title"], h.Set["seed"], h.Set["nodes"] = true, true, true
	if g.r.IntN(4) == 0 {
		h.SnapshotEvery = 5 + g.r.IntN(26)
	}
	if g.r.IntN(4) == 0 {
		h.LeaseOnPromote = cluster.PromoteExtend
	} else if g.lr.IntN(3) == 0 {
		h.LeaseOnPromote = cluster.PromoteReset // etcd's
	}
	if g.lr.IntN(4) == 0 {
		h.Keepalive = cluster.KeepaliveReplicated
	}
	if g.lr.IntN(4) == 0 {
		h.LeaseCheckpoint = 200*time.Millisecond + time.Duration(g.lr.IntN(181))*10*time.Millisecond // 200ms to 2s
	}
	h.Unsafe = slices.Clone(p.Unsafe)
	if g.ext.IntN(4) == 0 { // option lock-delay, 100ms to 2s
		h.LockDelay = time.Duration(1+g.ext.IntN(20)) * 100 * time.Millisecond
	}
	if g.wide {
		// lease-read needs check-quorum (the language refuses it without).
		if g.r.IntN(3) == 0 && !g.slowing {
			h.CheckQuorum = false
		}
		if g.r.IntN(3) == 0 {
			h.PreVote = false
		}
	}

	for i := range 2 + g.r.IntN(3) {
		g.clients = append(g.clients, fmt.Sprintf("c%d", i+1))
	}
	g.keys = keyNames[:1+g.r.IntN(len(keyNames))]

	settle := min(5*time.Second, p.Duration/4)
	faultEnd := p.Duration - settle
	g.end = faultEnd
	if g.r.IntN(2) == 0 || g.slowing {
		g.lead = g.node()
		g.add(scenarios.Step{Kind: scenarios.StepCampaign, Node: g.lead})
	}
	for g.now < faultEnd {
		if g.r.IntN(100) < 60 {
			g.clientOps()
		} else if len(g.p.Unsafe) > 0 || !g.memberFault() { // safe mode: membership too
			g.fault()
		}
		if g.r.IntN(10) < 7 {
			g.wait(min(g.waitDur(), faultEnd-g.now))
		}
	}
	if p.Liveness {
		n := len(g.steps)
		g.steps = append(g.steps, livenessTail(h, g.steps)...)
		return &scenarios.Scenario{File: "chaos", Name: fmt.Sprintf("chaos-%d", p.Seed), Header: h, Steps: g.steps}, n
	}
	// The ending: everything back to normal, then quiet time.
	g.add(scenarios.Step{Kind: scenarios.StepHeal})
	for id := 1; id <= p.Nodes; id++ {
		if g.down[id] {
			g.add(scenarios.Step{Kind: scenarios.StepRestart, Node: id})
		}
	}
	for _, c := range g.clients {
		if g.offline[c] {
			g.add(scenarios.Step{Kind: scenarios.StepReconnect, Client: c})
		}
	}
	g.wait(p.Duration - g.now)
	return &scenarios.Scenario{File: "chaos", Name: fmt.Sprintf("chaos-%d", p.Seed), Header: h, Steps: g.steps}, len(g.steps)
}

func (g *gen) add(st scenarios.Step) { g.steps = append(g.steps, st) }

func (g *gen) wait(d time.Duration) {
	if d <= 0 {
		return
	}
	g.now += d
	if n := len(g.steps); n > 0 && g.steps[n-1].Kind == scenarios.StepWait {
		g.steps[n-1].Dur += d // nothing happened in between: one wait
		return
	}
	g.add(scenarios.Step{Kind: scenarios.StepWait, Dur: d})
}

// between draws a duration in [lo, hi] in steps of 10ms.
func (g *gen) between(lo, hi time.Duration) time.Duration {
	const q = 10 * time.Millisecond
	return lo + time.Duration(g.r.Int64N(int64((hi-lo)/q)+1))*q
}

// waitDur is the time between two groups of steps: mostly short, sometimes long.
func (g *gen) waitDur() time.Duration {
	switch n := g.r.IntN(10); {
	case n < 4:
		return g.between(20*time.Millisecond, 200*time.Millisecond)
	case n < 8:
		return g.between(200*time.Millisecond, time.Second)
	default:
		return g.between(time.Second, 3*time.Second)
	}
}

func (g *gen) node() int { return 1 + g.r.IntN(g.p.Nodes) }

// upNode picks a running node, or 0 when every node is down.
func (g *gen) upNode() int {
	var up []int
	for id := 1; id <= g.p.Nodes; id++ {
		if !g.down[id] {
			up = append(up, id)
		}
	}
	if len(up) == 0 {
		return 0
	}
	return up[g.r.IntN(len(up))]
}

// link picks two different nodes.
func (g *gen) link() (int, int) {
	a := g.node()
	b := 1 + g.r.IntN(g.p.Nodes-1)
	if b >= a {
		b++
	}
	return a, b
}

func (g *gen) client() string { return g.clients[g.r.IntN(len(g.clients))] }
func (g *gen) key() string    { return g.keys[g.r.IntN(len(g.keys))] }

// offset draws a clock jump of 100ms to 3s either way.
func (g *gen) offset() time.Duration {
	d := g.between(100*time.Millisecond, 3*time.Second)
	if g.r.IntN(2) == 0 {
		d = -d
	}
	return d
}

// rate draws a clock rate from 0.5 to 2, in tenths.
func (g *gen) rate() float64 { return float64(5+g.r.IntN(16)) / 10 }

// clientOps is one client's burst of work: a whole session, a grant kept until it expires, or
// a lone write or release that may come after the lease ended. One burst in four also keeps
// the key alive (keepalive): in the background after its acquire, or once; alone, it may come
// after the lease ended too.
func (g *gen) clientOps() {
	c, k := g.client(), g.key()
	acquire := scenarios.Step{Kind: scenarios.StepAcquire, Client: c, Key: k, Dur: g.between(300*time.Millisecond, 3*time.Second)}
	if g.wide && g.r.IntN(3) == 0 { // short leases: shorter than an election timeout
		acquire.Dur = g.between(50*time.Millisecond, 500*time.Millisecond)
	}
	acquire.Wait = g.ext.IntN(4) == 0 // acquire ... wait
	write := scenarios.Step{Kind: scenarios.StepWrite, Client: c, Key: k}
	release := scenarios.Step{Kind: scenarios.StepRelease, Client: c, Key: k}
	var ka *scenarios.Step
	if g.lr.IntN(4) == 0 {
		ka = &scenarios.Step{Kind: scenarios.StepKeepalive, Client: c, Key: k}
		if g.lr.IntN(3) != 0 { // every D, D up to the lease (a lease shorter than 100ms: D = lease)
			lo := min(100*time.Millisecond, acquire.Dur)
			ka.Dur = lo + time.Duration(g.lr.Int64N(int64((acquire.Dur-lo)/(10*time.Millisecond))+1))*10*time.Millisecond
		}
	}
	grant := func() {
		g.add(acquire)
		if ka != nil {
			g.add(*ka)
			ka = nil
		}
	}
	switch n := g.r.IntN(20); {
	case n < 6:
		grant()
		g.add(write)
		g.add(release)
	case n < 10:
		grant()
		g.add(write)
	case n < 13:
		grant()
	case n < 17:
		g.add(write)
	default:
		g.add(release)
	}
	if ka != nil {
		g.add(*ka)
	}
}

// fault is one change to the network, the nodes, their clocks or a client's connection: a
// kind drawn by its share of the mix (scenarios.StepDef.Chaos, laid out in table order), its
// arguments drawn by the kind's rule in faultRules or else from its argument shape.
func (g *gen) fault() {
	if g.slowing && g.leaseReadFault() {
		return
	}
	if g.wide && g.wideFault() {
		return
	}
	n := g.r.IntN(chaosShares())
	if g.off != nil {
		if !g.off["swizzle-clog"] && g.r.IntN(12) == 0 {
			g.swizzleClog(g.end)
			return
		}
		if !g.swarmCase(&n) {
			return
		}
	}
	for i := range scenarios.Steps {
		d := &scenarios.Steps[i]
		if n >= d.Chaos {
			n -= d.Chaos
			continue
		}
		if rule := faultRules[d.Kind]; rule != nil {
			rule(g, n)
		} else {
			g.add(g.drawArgs(d))
		}
		return
	}
}

// faultRules draw the kinds that need more than their shape: what the generator knows of the
// world (down nodes, offline clients, isolated nodes), or a mix of sibling kinds. slot is which
// of the kind's draws came up (0 to its Chaos share - 1).
var faultRules = map[scenarios.StepKind]func(g *gen, slot int){
	scenarios.StepIsolate: func(g *gen, _ int) {
		id := g.node()
		g.add(scenarios.Step{Kind: scenarios.StepIsolate, Node: id})
		if !slices.Contains(g.iso, id) {
			g.iso = append(g.iso, id)
		}
	},
	scenarios.StepPartition: func(g *gen, slot int) {
		n := g.p.Nodes
		g.iso = nil
		perm := g.perm()
		if slot < 2 { // majority | minority
			m := 1 + g.r.IntN((n-1)/2)
			g.add(scenarios.Step{Kind: scenarios.StepPartition, Groups: [][]int{sorted(perm[:m]), sorted(perm[m:])}})
			return
		}
		// random groups
		a := 1 + g.r.IntN(n-1)
		groups := [][]int{sorted(perm[:a])}
		if rest := perm[a:]; len(rest) > 1 && g.r.IntN(2) == 0 {
			b := 1 + g.r.IntN(len(rest)-1)
			groups = append(groups, sorted(rest[:b]), sorted(rest[b:]))
		} else {
			groups = append(groups, sorted(rest))
		}
		g.add(scenarios.Step{Kind: scenarios.StepPartition, Groups: groups})
	},
	scenarios.StepDrop: func(g *gen, _ int) {
		if g.r.IntN(2) == 0 {
			g.add(scenarios.Step{Kind: scenarios.StepDrop, All: true, Percent: float64(5 + 5*g.r.IntN(8))})
		} else {
			a, b := g.link()
			g.add(scenarios.Step{Kind: scenarios.StepDrop, Node: a, Node2: b, Percent: float64(10 + 10*g.r.IntN(9))})
		}
	},
	scenarios.StepDelay: func(g *gen, _ int) {
		a, b := g.link()
		g.add(scenarios.Step{Kind: scenarios.StepDelay, Node: a, Node2: b, Dur: g.between(20*time.Millisecond, 1500*time.Millisecond)})
	},
	scenarios.StepHeal: func(g *gen, _ int) {
		g.add(scenarios.Step{Kind: scenarios.StepHeal})
		g.iso = nil
	},
	scenarios.StepCrash: func(g *gen, _ int) { // keeping a majority up
		downs := 0
		for _, d := range g.down {
			if d {
				downs++
			}
		}
		if id := g.upNode(); id != 0 && downs < (g.p.Nodes-1)/2 {
			g.down[id] = true
			g.add(scenarios.Step{Kind: scenarios.StepCrash, Node: id})
		}
	},
	scenarios.StepRestart: func(g *gen, _ int) {
		var downs []int
		for id := 1; id <= g.p.Nodes; id++ {
			if g.down[id] {
				downs = append(downs, id)
			}
		}
		if len(downs) > 0 {
			id := downs[g.r.IntN(len(downs))]
			g.down[id] = false
			g.add(scenarios.Step{Kind: scenarios.StepRestart, Node: id})
		}
	},
	scenarios.StepCampaign: func(g *gen, _ int) { // half the time a snapshot instead
		if id := g.upNode(); id != 0 {
			snap := g.r.IntN(2) == 0
			if g.off != nil && g.off["snapshot"] != g.off["campaign"] {
				snap = !g.off["snapshot"]
			}
			if snap {
				g.add(scenarios.Step{Kind: scenarios.StepSnapshot, Node: id})
			} else {
				g.lead = id
				g.add(scenarios.Step{Kind: scenarios.StepCampaign, Node: id})
			}
		}
	},
	scenarios.StepClientPause: func(g *gen, _ int) {
		g.add(scenarios.Step{Kind: scenarios.StepClientPause, Client: g.client(), Dur: g.between(100*time.Millisecond, 4*time.Second)})
	},
	scenarios.StepDisconnect: func(g *gen, _ int) { // or the reconnect of an offline client
		c := g.client()
		if g.offline[c] {
			g.offline[c] = false
			g.add(scenarios.Step{Kind: scenarios.StepReconnect, Client: c})
		} else {
			g.offline[c] = true
			g.add(scenarios.Step{Kind: scenarios.StepDisconnect, Client: c})
		}
	},
	scenarios.StepClientSkew: func(g *gen, _ int) { // a rate, an offset, a reset or a connect
		switch c := g.client(); g.r.IntN(4) {
		case 0:
			g.add(scenarios.Step{Kind: scenarios.StepClientSkew, Client: c, Rate: g.rate()})
		case 1:
			g.add(scenarios.Step{Kind: scenarios.StepClientSkewOffset, Client: c, Dur: g.offset()})
		case 2:
			g.add(scenarios.Step{Kind: scenarios.StepClientSkewReset, Client: c})
		default:
			g.add(scenarios.Step{Kind: scenarios.StepConnect, Client: c, Node: g.node()})
		}
	},
	scenarios.StepSkewOffset: func(g *gen, _ int) {
		d := g.offset() // drawn before the node
		g.add(scenarios.Step{Kind: scenarios.StepSkewOffset, Node: g.node(), Dur: d})
	},
}

// chaosShares is the sum of the step table's Chaos shares: how many draws the fault mix has.
func chaosShares() int {
	total := 0
	for _, d := range scenarios.Steps {
		total += d.Chaos
	}
	return total
}

// drawArgs writes a step of entry d with its arguments drawn from its shape.
func (g *gen) drawArgs(d *scenarios.StepDef) scenarios.Step {
	st := scenarios.Step{Kind: d.Kind}
	if d.Client {
		st.Client = g.client()
	}
	for _, a := range d.Args {
		switch a {
		case scenarios.ArgNode, scenarios.ArgSkewNode:
			st.Node = g.node()
		case scenarios.ArgLink:
			st.Node, st.Node2 = g.link()
		case scenarios.ArgCutLink:
			st.Node, st.Node2 = g.link()
			st.OneWay = g.r.IntN(2) == 0
		case scenarios.ArgDropTarget:
			st.Node, st.Node2 = g.link()
		case scenarios.ArgPercent:
			st.Percent = float64(10 + 10*g.r.IntN(9))
		case scenarios.ArgDur:
			st.Dur = g.between(100*time.Millisecond, 3*time.Second)
		case scenarios.ArgLease:
			st.Dur = g.between(300*time.Millisecond, 3*time.Second)
		case scenarios.ArgOffset:
			st.Dur = g.offset()
		case scenarios.ArgRate:
			st.Rate = g.rate()
		case scenarios.ArgKey:
			st.Key = g.key()
		case scenarios.ArgGroups:
			perm := g.perm()
			m := 1 + g.r.IntN((g.p.Nodes-1)/2)
			st.Groups = [][]int{sorted(perm[:m]), sorted(perm[m:])}
		case scenarios.ArgForm, scenarios.ArgValue:
		default:
			panic(fmt.Sprintf("chaos: step %q has an argument chaos cannot draw (%d): give it a rule in faultRules", d.Word, a))
		}
	}
	return st
}

// wideFault is the wide profile's share of the faults (one in three): leadership transfers,
// rejoins of isolated nodes, clocks skewed further (rates 0.2x to 5x, jumps up to ±10s), and a
// client's timeout set anywhere from 10ms to 5s.
// It returns false to leave the fault to the default mix.
func (g *gen) wideFault() bool {
	c := g.r.IntN(12)
	if g.off != nil && c < 6 && g.off[[...]string{"transfer-leader", "transfer-leader", "rejoin", "rejoin", "clock-skew", "clock-skew"}[c]] {
		return false
	}
	switch c {
	case 0, 1:
		// The world refuses a transfer when there is no leader; chaos counts that refusal as a
		// fault that did nothing (see benign), since the generator cannot know.
		if id := g.upNode(); id != 0 {
			g.add(scenarios.Step{Kind: scenarios.StepTransfer, Node: id})
		}
	case 2, 3:
		if len(g.iso) == 0 {
			return false
		}
		g.add(scenarios.Step{Kind: scenarios.StepRejoin, Node: g.iso[g.r.IntN(len(g.iso))]})
		// The node joins the largest group of the others, which may be another isolated node
		// (every group of one): which ones are still alone is the world's business from here.
		g.iso = nil
	case 4:
		rate := float64(2+g.r.IntN(49)) / 10 // 0.2 to 5.0
		g.add(scenarios.Step{Kind: scenarios.StepSkewRate, Node: g.node(), Rate: rate})
	case 5:
		d := g.between(time.Second, 10*time.Second)
		if g.r.IntN(2) == 0 {
			d = -d
		}
		g.add(scenarios.Step{Kind: scenarios.StepSkewOffset, Node: g.node(), Dur: d})
	case 6:
		// An impatient or a patient client: a timeout below the calm bound is not stuck.
		g.add(scenarios.Step{Kind: scenarios.StepClientTimeout, Client: g.client(), Dur: g.between(10*time.Millisecond, 5*time.Second)})
	default:
		return false
	}
	return true
}

// leaseReadFault is what chaos knows about lease-read: a leader's own lease is counted on its
// own clock and only runs out while it is cut off, so three faults in eight slow a clock
// (0.3x to 0.9x) and two in eight isolate a node, mostly the likely leader. Only with that switch
// (every seed campaigns first, so there is a likely leader): the other searches stay as they were.
func (g *gen) leaseReadFault() bool {
	switch g.r.IntN(8) {
	case 0, 1, 2:
		g.add(scenarios.Step{Kind: scenarios.StepSkewRate, Node: g.likelyLeader(), Rate: float64(3+g.r.IntN(7)) / 10})
	case 3, 4:
		g.add(scenarios.Step{Kind: scenarios.StepIsolate, Node: g.likelyLeader()})
	default:
		return false
	}
	return true
}

// likelyLeader is, three times in four, the node last told to campaign; else any node.
func (g *gen) likelyLeader() int {
	if g.lead != 0 && g.r.IntN(4) != 0 {
		return g.lead
	}
	return g.node()
}

// perm is the node ids in a random order.
func (g *gen) perm() []int {
	p := g.r.Perm(g.p.Nodes)
	for i := range p {
		p[i]++
	}
	return p
}

func sorted(ids []int) []int {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}
