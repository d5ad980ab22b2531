package cluster

import "fmt"

// A stuck request is one that timed out although its whole timeout window was calm: one node
// led throughout, a quorum of its voters was up and not past its term, no partition, cut, drop or delay rule was in
// force, no node crashed or restarted, and the client was connected, not paused, and its clock
// did not jump. The retry
// rules promise there is none; chaos counts them. A request sent with a timeout shorter than
// CalmBound is not stuck when it times out: it gave up before a calm cluster was bound to
// answer (a client set impatient with `cX timeout D`), which is the client's choice, not the
// retry rules' failure.

// disturb marks now as the end of the calm: a network rule changed, a node crashed or
// restarted, or leadership moved.
func (w *World) disturb() { w.calmFrom = w.now }

// calm says whether the network has no fault rule in force.
func (nw *network) calm() bool {
	if nw.dropAll > 0 {
		return false
	}
	for a := 1; a <= nw.n; a++ {
		if nw.group[a] != nw.group[1] {
			return false
		}
		for b := 1; b <= nw.n; b++ {
			if nw.cut[a][b] || nw.drop[a][b] > 0 || nw.delay[a][b] > 0 {
				return false
			}
		}
	}
	return true
}

// onTimeout counts req as stuck (unless it is a waiting acquire that the leader queued, whose
// wait the timeout bounds by design: its grant may be on its way) when its window, from its first send until now, was calm (a
// disturbance at the very instant of the send counts as inside the window).
func (w *World) onTimeout(req *request) {
	c := req.cl
	if req.wait < w.cfg.CalmBound() {
		return
	}
	if w.calmFrom >= req.sentAt || c.calmFrom >= req.sentAt || !c.connected || c.paused ||
		!w.net.calm() || len(w.clinks) > 0 || w.leaderNode() == nil || w.anyFrozen() || !w.quorumUp() {
		return
	}
	if req.queued {
		return // acquire ... wait: it waited in the (one) leader's queue, as long as it chose to
	}
	w.stuck = append(w.stuck, fmt.Sprintf("%s's %s %s, sent at %v, timed out at %v with n%d leading throughout",
		c.name, req.op, req.key, req.sentAt, w.now, w.leaderNode().id))
}

// quorumUp says whether a quorum of the leader's voters is up and not past its term (both
// quorums while joint). No node crashed or restarted in a calm window, so what holds at its end
// held throughout. Without it the leader can commit nothing: a voter down does not answer, and
// a voter in a higher term refuses its appends (with check-quorum and pre-vote off raft does not
// even tell it, so it may lead on for good). A timeout then is the outage, not the retry rules.
func (w *World) quorumUp() bool {
	ld := w.leaderNode()
	return ld.conf.Quorum(func(id int) bool {
		return id <= len(w.nodes) && w.node(id).up && w.node(id).term <= ld.term
	})
}

func (w *World) anyFrozen() bool {
	for _, n := range w.nodes {
		if n.frz.on {
			return true
		}
	}
	return false
}

// StuckRequests lists the requests that timed out in a calm window, in the order they did.
func (w *World) StuckRequests() []string { return w.stuck }
