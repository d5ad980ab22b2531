package cluster

import (
	"fmt"
	"time"
)

// Client links (extension): fault rules between one client and one node, beside the node
// links. A cut is silent, as a dead route is: what it drops is never answered, so the client
// sees a timeout, not a refusal. Raft traffic never crosses them, and `drop all` does not
// touch them.

// clientLink is the rule set of one (client, node) pair; the zero value lets everything by.
type clientLink struct {
	cutReq, cutRep bool          // requests to the node / replies to the client are dropped
	drop           float64       // share 0..1 lost, each way
	delay          time.Duration // added each way
}

type linkKey struct {
	client string
	node   int
}

func (l clientLink) zero() bool { return l == clientLink{} }

// clientLinkOf is the rule of one pair (the zero rule when none).
func (w *World) clientLinkOf(c string, node int) clientLink {
	if w.clinks == nil {
		return clientLink{}
	}
	return w.clinks[linkKey{c, node}]
}

func (w *World) setClientLink(c string, node int, f func(*clientLink)) {
	if w.clinks == nil {
		w.clinks = map[linkKey]clientLink{}
	}
	k := linkKey{c, node}
	l := w.clinks[k]
	f(&l)
	if l.zero() {
		delete(w.clinks, k)
	} else {
		w.clinks[k] = l
	}
	w.disturb()
}

// CutClient cuts the link between client c and node: both ways, requests only (c -> node), or
// replies only (node -> c).
func (w *World) CutClient(c string, node int, requests, replies bool) error {
	if err := w.net.checkNode(node); err != nil {
		return err
	}
	w.client(c)
	w.setClientLink(c, node, func(l *clientLink) {
		l.cutReq = l.cutReq || requests
		l.cutRep = l.cutRep || replies
	})
	w.fault(Fault{Kind: FaultClientCut, Client: c, Nodes: []int{node}, OneWay: !replies, Replies: replies && !requests})
	return nil
}

// DropClient loses pct percent of the requests and replies between client c and node.
func (w *World) DropClient(c string, node int, pct float64) error {
	if err := w.net.checkNode(node); err != nil {
		return err
	}
	if pct < 0 || pct > 100 {
		return fmt.Errorf("drop share must be 0%% to 100%%, got %v%%", pct)
	}
	w.client(c)
	w.setClientLink(c, node, func(l *clientLink) { l.drop = pct / 100 })
	w.fault(Fault{Kind: FaultClientDrop, Client: c, Nodes: []int{node}, Percent: pct})
	return nil
}

// DelayClient adds d to every request and reply between client c and node.
func (w *World) DelayClient(c string, node int, d time.Duration) error {
	if err := w.net.checkNode(node); err != nil {
		return err
	}
	if !checkDuration(d) {
		return fmt.Errorf("delay must be 0 to %v, got %v", MaxDuration, d)
	}
	w.client(c)
	w.setClientLink(c, node, func(l *clientLink) { l.delay = d })
	w.fault(Fault{Kind: FaultClientDelay, Client: c, Nodes: []int{node}, Dur: d})
	return nil
}

// clientLost says whether a request (toNode) or reply on c's link with node is lost now, by a
// cut or by chance; the RNG is drawn only where a drop rule is in force, so a run without
// client rules draws what it always did.
func (w *World) clientLost(c string, node int, toNode bool) (bool, string) {
	l := w.clientLinkOf(c, node)
	if toNode && l.cutReq || !toNode && l.cutRep {
		return true, "cut"
	}
	if l.drop > 0 && w.rng.Float64() < l.drop {
		return true, "random drop"
	}
	return false, ""
}

// clientCut is the check on arrival: a cut also drops what was already on the wire.
func (w *World) clientCut(c string, node int, toNode bool) bool {
	l := w.clientLinkOf(c, node)
	return toNode && l.cutReq || !toNode && l.cutRep
}

// clientLost emits nothing itself: the lost message is told as the client's event.
func (w *World) lostOnLink(c string, node int, req uint64, toNode bool, why string) {
	what := fmt.Sprintf("reply from n%d lost (%s)", node, why)
	if toNode {
		what = fmt.Sprintf("request to n%d lost (%s)", node, why)
	}
	w.emit(Event{Kind: EvClient, Client: c, Node: node, Req: req, Text: what})
}
