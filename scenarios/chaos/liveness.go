package chaos

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// Liveness mode (--liveness), as TigerBeetle's VOPR has it: after the fault schedule the world
// is made healthy, and then it must make progress within bounds derived from the timeouts. The
// healing and the checks are steps of the scenario (its tail), computed from the fault schedule
// alone, so a liveness finding is a scenario file like any other: `leaselab run` fails it at
// the wait-until that did not come, for as long as the bug is there.
//
// The tail, in order:
//   - heal (every partition, cut, drop and delay), restart every crashed node, reconnect every
//     disconnected client, reset every skewed node and client clock;
//   - wait until the last client pause and the last node freeze are over (a pause is counted
//     on the client's clock, which may have run at half speed: twice the time left);
//   - wait-until leader within LeaderBound;
//   - wait-until converged within LeaderBound (no membership change still in flight either: a
//     request a leader takes while removing itself ends outcome-unknown, see World.Converged);
//   - every client acquires a key of its own nobody has touched (`fresh-cN`), and each must
//     hold it within RequestBound. Only a granted answer from a node makes a client hold a
//     key: a timeout or outcome-unknown does not, so timeouts cannot pass the check. The fresh
//     acquire waits behind whatever the client still has queued, so the bound counts those.

// LeaderBound is how long a healed cluster may take to elect a leader, and then to converge:
// ten election timeouts (raft's randomized timeout is one to two of them, so five elections
// that each split the vote).
func LeaderBound(c cluster.Config) time.Duration { return 10 * c.ElectionTimeout() }

// RequestBound is how long a client's fresh request may take once a converged leader is
// there, when the schedule gave the client `queued` requests (acquires and releases) that may
// still be waiting: each of those ends within a client timeout (answered, or timed out; an
// acquire of a held key may be held that long), then the fresh one gets two (a not-leader
// redirect within the first).
func RequestBound(c cluster.Config, queued int) time.Duration {
	return time.Duration(queued+2) * c.ClientTimeout
}

// freshKey is the key client c acquires in the liveness tail.
func freshKey(c string) string { return "fresh-" + c }

// freshLease is the tail's lease: longer than the checks after it, so a grant is still held
// when its client's turn to be checked comes.
const freshLease = 60 * time.Second

// breakTail, when set (tests only), changes a tail: a world that heals perfectly has no
// liveness bug to find, and the finding's whole path (detection, shrink, file, replay) needs one.
var breakTail func(prefix, tail []scenarios.Step) []scenarios.Step

// livenessTail is the tail for a fault schedule (see above); it draws nothing at random, so the
// shrinker can recompute it for every candidate.
func livenessTail(hdr scenarios.Header, steps []scenarios.Step) []scenarios.Step {
	tail := healthyTail(hdr, steps)
	if breakTail != nil {
		return breakTail(steps, tail)
	}
	return tail
}

func healthyTail(hdr scenarios.Header, steps []scenarios.Step) []scenarios.Step {
	down := map[int]bool{}
	offline := map[string]bool{}
	skewed := map[int]bool{}
	var clients, clientSkewed []string
	queued := map[string]int{} // acquires, releases and keepalives once per client
	var now, pauseEnd time.Duration
	for _, st := range steps {
		if st.Client != "" && !slices.Contains(clients, st.Client) {
			clients = append(clients, st.Client)
		}
		switch st.Kind {
		case scenarios.StepWait:
			now += st.Dur
		case scenarios.StepCrash:
			down[st.Node] = true
		case scenarios.StepRestart:
			down[st.Node] = false
		case scenarios.StepDisconnect:
			offline[st.Client] = true
		case scenarios.StepReconnect:
			offline[st.Client] = false
		case scenarios.StepSkewRate, scenarios.StepSkewOffset:
			skewed[st.Node] = true
		case scenarios.StepClientSkew, scenarios.StepClientSkewOffset:
			if !slices.Contains(clientSkewed, st.Client) {
				clientSkewed = append(clientSkewed, st.Client)
			}
		case scenarios.StepClientPause:
			pauseEnd = max(pauseEnd, now+2*st.Dur)
		case scenarios.StepFreeze: // a node's stall, in the world's time
			pauseEnd = max(pauseEnd, now+st.Dur)
		case scenarios.StepAcquire, scenarios.StepRelease:
			queued[st.Client]++
		case scenarios.StepKeepalive:
			if st.Dur == 0 { // once: a request in the queue (every D runs beside it)
				queued[st.Client]++
			}
		}
	}
	tail := []scenarios.Step{{Kind: scenarios.StepHeal}}
	for id := 1; id <= hdr.Nodes; id++ {
		if down[id] {
			tail = append(tail, scenarios.Step{Kind: scenarios.StepRestart, Node: id})
		}
	}
	for id := 1; id <= hdr.Nodes; id++ {
		if skewed[id] {
			tail = append(tail, scenarios.Step{Kind: scenarios.StepSkewReset, Node: id})
		}
	}
	for _, c := range clients {
		if offline[c] {
			tail = append(tail, scenarios.Step{Kind: scenarios.StepReconnect, Client: c})
		}
	}
	for _, c := range clientSkewed {
		tail = append(tail, scenarios.Step{Kind: scenarios.StepClientSkewReset, Client: c})
	}
	if pauseEnd > now {
		tail = append(tail, scenarios.Step{Kind: scenarios.StepWait, Dur: pauseEnd - now})
	}
	lb := LeaderBound(hdr.Config)
	tail = append(tail,
		scenarios.Step{Kind: scenarios.StepWaitUntil, Dur: lb, Cond: &scenarios.Cond{Kind: scenarios.CondLeader}},
		scenarios.Step{Kind: scenarios.StepWaitUntil, Dur: lb, Cond: &scenarios.Cond{Kind: scenarios.CondConverged}})
	if len(clients) == 0 {
		clients = []string{"c1"}
	}
	for _, c := range clients {
		tail = append(tail, scenarios.Step{Kind: scenarios.StepAcquire, Client: c, Key: freshKey(c), Dur: freshLease})
	}
	for _, c := range clients {
		rb := RequestBound(hdr.Config, queued[c])
		tail = append(tail, scenarios.Step{Kind: scenarios.StepWaitUntil, Dur: rb, Cond: &scenarios.Cond{Kind: scenarios.CondHolds, Client: c, Key: freshKey(c)}})
	}
	return tail
}

// isLivenessCheck says whether a failure is one of the tail's checks (generated fault
// schedules have no wait-until of their own).
func isLivenessCheck(f scenarios.Failure) bool { return strings.HasPrefix(f.Step, "wait-until ") }

// livenessFailures are the tail's checks that did not hold, as "STEP: found ...".
func livenessFailures(r *scenarios.Runner) []string {
	var out []string
	for _, f := range r.Failures {
		if isLivenessCheck(f) {
			out = append(out, fmt.Sprintf("%s: found %s", f.Step, f.Found))
		}
	}
	return out
}
