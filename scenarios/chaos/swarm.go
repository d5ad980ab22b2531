package chaos

import (
	"math/rand/v2"
	"slices"
	"time"

	"leaselab/scenarios"
)

// Swarm testing (--swarm, after Groce et al., "Swarm Testing", ISSTA 2012): every seed leaves
// out a random subset of the fault kinds, each kind with probability 1/swarmOdds (at least one
// kind stays), so the kinds left get more room and combinations that the full mix drowns in
// noise (a partition that is never healed, crashes with no clock skew at all) come up. The
// subset is drawn from a stream of its own, so the same seed always leaves out the same kinds.
//
// Swarm seeds also get FoundationDB's swizzle-clog: a random subset of nodes is clogged
// (isolated) one by one, then unclogged (rejoined) in another random order.

// FaultKinds are the fault kinds swarm draws from, by the name reports give them.
var FaultKinds = []string{"isolate", "partition", "cut", "drop", "delay", "heal", "crash", "clock-skew",
	"campaign", "snapshot", "client-pause", "disconnect", "client-clock", "transfer-leader", "rejoin", "swizzle-clog", "freeze"}

// swarmOdds: each kind is left out with probability 1/swarmOdds.
var swarmOdds = 3

// swarmStream is the second PCG word of the swarm draw ("swarmoff").
const swarmStream = 0x737761726d6f6666

// swarmOff is the set of fault kinds seed leaves out.
func swarmOff(seed uint64) map[string]bool {
	r := rand.New(rand.NewPCG(seed, swarmStream))
	off := map[string]bool{}
	for _, k := range FaultKinds {
		if r.IntN(swarmOdds) == 0 {
			off[k] = true
		}
	}
	if len(off) == len(FaultKinds) {
		delete(off, FaultKinds[r.IntN(len(FaultKinds))])
	}
	return off
}

// SwarmOff lists the fault kinds a seed leaves out with --swarm, in FaultKinds order.
func SwarmOff(seed uint64) []string {
	off := swarmOff(seed)
	var out []string
	for _, k := range FaultKinds {
		if off[k] {
			out = append(out, k)
		}
	}
	return out
}

// faultKindOf names the fault kind of a step ("" for client work, waits and checks).
func faultKindOf(st scenarios.Step) string {
	switch st.Kind {
	case scenarios.StepIsolate:
		return "isolate"
	case scenarios.StepPartition:
		return "partition"
	case scenarios.StepCut:
		return "cut"
	case scenarios.StepDrop:
		return "drop"
	case scenarios.StepDelay:
		return "delay"
	case scenarios.StepHeal:
		return "heal"
	case scenarios.StepCrash, scenarios.StepRestart:
		return "crash"
	case scenarios.StepSkewRate, scenarios.StepSkewOffset, scenarios.StepSkewReset:
		return "clock-skew"
	case scenarios.StepCampaign:
		return "campaign"
	case scenarios.StepSnapshot:
		return "snapshot"
	case scenarios.StepClientPause:
		return "client-pause"
	case scenarios.StepDisconnect, scenarios.StepReconnect:
		return "disconnect"
	case scenarios.StepClientSkew, scenarios.StepClientSkewOffset, scenarios.StepClientSkewReset, scenarios.StepConnect:
		return "client-clock"
	case scenarios.StepTransfer:
		return "transfer-leader"
	case scenarios.StepRejoin:
		return "rejoin"
	case scenarios.StepFreeze:
		return "freeze"
	}
	return ""
}

// Needs lists the fault kinds a shrunk schedule still has, in FaultKinds order: what the
// finding needed (the shrinker took out every step it could do without). Swizzle-clog shows as
// the isolate and rejoin steps it is made of. A liveness reproducer's tail is not part of it.
func Needs(steps []scenarios.Step) []string {
	have := map[string]bool{}
	for _, st := range steps {
		have[faultKindOf(st)] = true
	}
	var out []string
	for _, k := range FaultKinds {
		if have[k] {
			out = append(out, k)
		}
	}
	return out
}

// swizzleClog is FoundationDB's pattern: isolate a random subset of nodes one at a time, a
// short wait apart, then rejoin them in a new random order. At most all but two nodes: the two
// left are the largest group, which each rejoin goes back to. After a partition the world may
// group nodes otherwise, and a rejoin of a node no longer alone is refused: a fault that did
// nothing (see refusals).
func (g *gen) swizzleClog(faultEnd time.Duration) {
	perm := g.perm()
	nodes := perm[:1+g.r.IntN(max(1, len(perm)-2))]
	for _, id := range nodes {
		g.add(scenarios.Step{Kind: scenarios.StepIsolate, Node: id})
		g.wait(min(g.between(50*time.Millisecond, 500*time.Millisecond), faultEnd-g.now))
	}
	order := slices.Clone(nodes)
	g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, id := range order {
		g.add(scenarios.Step{Kind: scenarios.StepRejoin, Node: id})
		g.wait(min(g.between(50*time.Millisecond, 500*time.Millisecond), faultEnd-g.now))
	}
	g.iso = nil
}

// caseKind is the fault kind of draw c of the fault mix: the step table's Chaos shares, laid
// out in table order (campaign's share may also snapshot).
func caseKind(c int) string {
	for _, d := range scenarios.Steps {
		if c < d.Chaos {
			return faultKindOf(scenarios.Step{Kind: d.Kind})
		}
		c -= d.Chaos
	}
	return ""
}

// swarmCase redraws a fault case the seed leaves out (false: every one of the draws was).
func (g *gen) swarmCase(c *int) bool {
	for range 64 {
		if k := caseKind(*c); !g.off[k] || k == "campaign" && !g.off["snapshot"] {
			return true
		}
		*c = g.r.IntN(chaosShares())
	}
	return false
}
