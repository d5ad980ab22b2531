package cluster

import (
	"sort"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// Queries answer the scenario language's conditions cheaply, without building a View.

// Nodes is how many nodes the world has started: Config.Nodes, and every node a membership
// change added since (n1..n(Nodes)); removed ones included.
func (w *World) Nodes() int { return len(w.nodes) }

// Membership is the configuration node id has applied.
func (w *World) Membership(id int) Membership { return w.node(id).conf }

// Removed says whether node id has applied its own removal or is no member of the leader's
// configuration (a node started for a change that never took is no member either).
func (w *World) Removed(id int) bool {
	n := w.node(id)
	if n.removed {
		return true
	}
	if l := w.leaderNode(); l != nil {
		return !l.conf.Has(id)
	}
	return false
}

// ConfChanged says whether any configuration change has applied anywhere yet.
func (w *World) ConfChanged() bool { return w.confChanged }

// Current is the configuration applied by the most advanced live node (the highest applied
// index; the lowest id among equals): what "all" ranges over.
func (w *World) Current() Membership {
	var best *node
	for _, n := range w.nodes {
		if n.up && (best == nil || n.applied > best.applied) {
			best = n
		}
	}
	if best == nil {
		return membershipOf(w.startConf())
	}
	return best.conf
}

// Members lists every live node that is a member (voter or learner) of Current: the scenario
// language's "all". With no membership change it is every live node.
func (w *World) Members() []int {
	var ids []int
	m := w.Current()
	for _, n := range w.nodes {
		if n.up && m.Has(n.id) {
			ids = append(ids, n.id)
		}
	}
	return ids
}

// Leader is the live node that leads (the highest term's, if a deposed one has not noticed
// yet), or 0.
func (w *World) Leader() int {
	if l := w.leaderNode(); l != nil {
		return l.id
	}
	return 0
}

// Role is what node id is now.
func (w *World) Role(id int) Role { return w.node(id).role }

// Up says whether node id is running.
func (w *World) Up(id int) bool { return w.node(id).up }

// downWord is, on a reply naming node hint as the leader to try, "down" when that node is
// down: a follower still names the leader it last knew, and "(try n1)" beside n1's DOWN column
// read as the follower pointing at a dead node for no reason (nc23-c). The reply's Text.
func (w *World) downWord(hint int) string {
	if hint < 1 || hint > len(w.nodes) || w.nodes[hint-1].up {
		return ""
	}
	return "down"
}

// MaxTerm is the highest term among live nodes.
func (w *World) MaxTerm() uint64 {
	var t uint64
	for _, n := range w.nodes {
		if n.up {
			t = max(t, n.term)
		}
	}
	return t
}

// Converged says whether every live member (as Members) has applied the leader's commit index
// and no membership change is in flight: a configuration change in the leader's log that it has
// not applied yet (proposed, or inherited from the leader before) means the cluster is still
// changing. Its leader may be about to remove itself (a request it takes then ends
// outcome-unknown), or removed nodes may still win elections until it settles.
func (w *World) Converged() bool {
	l := w.leaderNode()
	if l == nil {
		return false
	}
	for _, e := range l.entries(l.applied+1, l.lastIndex()) {
		if e.GetType() != pb.EntryType_EntryNormal {
			return false
		}
	}
	for _, id := range w.Members() {
		if w.node(id).applied < l.commit {
			return false
		}
	}
	return true
}

// Commit and Applied are node id's raft commit and applied indexes.
func (w *World) Commit(id int) uint64  { return w.node(id).commit }
func (w *World) Applied(id int) uint64 { return w.node(id).applied }

// Lock reads key in node id's applied lock table.
func (w *World) Lock(id int, key string) (fsm.Lock, bool) {
	n := w.node(id)
	if !n.up {
		return fsm.Lock{}, false
	}
	return n.sm.Get(key)
}

// StateHash is node id's state machine digest (0 when down).
func (w *World) StateHash(id int) uint64 {
	n := w.node(id)
	if !n.up {
		return 0
	}
	return n.sm.Hash()
}

// DelayedKeys is the keys whose lock-delay (option lock-delay) still runs on node id's clock,
// sorted: node-local state that no log entry or lock table shows, which a comparison must see.
func (w *World) DelayedKeys(id int) []string {
	n := w.node(id)
	if !n.up {
		return nil
	}
	var out []string
	now := n.clk.local(w.now)
	for k, end := range n.delays {
		if end > now {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// LastResult is the latest applied result for key on node id.
func (w *World) LastResult(id int, key string) (fsm.Result, bool) {
	r := w.node(id).keys[key]
	if r == nil || !r.known() {
		return fsm.Result{}, false
	}
	return r.last.Result(), true
}

// KeyHistory is every applied result for key on node id, oldest first.
func (w *World) KeyHistory(id int, key string) []fsm.Result {
	var h []applied
	if n := w.node(id); n.keys[key] != nil {
		h = n.history(n.keys[key])
	}
	out := make([]fsm.Result, len(h))
	for i, a := range h {
		out[i] = a.Result()
	}
	return out
}

// Countdown is node id's local countdown for key: what it shows, and whether it reached zero.
// ok is false when the node has no countdown for key (key free there, or node down).
func (w *World) Countdown(id int, key string) (remaining time.Duration, zero, ok bool) {
	n := w.node(id)
	if !n.up {
		return 0, false, false
	}
	l := n.leaseOf(key)
	if l == nil {
		return 0, false, false
	}
	rem := l.remaining(n.clk.local(w.now))
	return rem, rem == 0, true
}

// ClientHolds says whether client c believes it holds key, and with which token.
func (w *World) ClientHolds(c, key string) (uint64, bool) {
	cl := w.clientByName[c]
	if cl == nil {
		return 0, false
	}
	return cl.holdsKey(key)
}

// ClientReply is client c's latest final reply ("" if none yet) and its token.
func (w *World) ClientReply(c string) (ReplyKind, uint64) {
	cl := w.clientByName[c]
	if cl == nil {
		return 0, 0
	}
	return cl.lastReply, cl.lastToken
}

// ClientSince is what client c heard after its latest final reply, and what it waits for: the
// latest answer it got, a background keepalive's included (its row's "got"), when that is not
// the final reply (ok), and the request still waiting for its answer ("" for none: "keepalive
// orders"). A check on cX reply reads the final reply alone, and "found c1 reply granted token
// 1" beside a row saying "got not-found" read as a contradiction.
func (w *World) ClientSince(c string) (latest ReplyKind, token uint64, ok bool, waiting string) {
	cl := w.clientByName[c]
	if cl == nil {
		return 0, 0, false, ""
	}
	if cl.cur != nil {
		waiting = cl.cur.op.String() + " " + cl.cur.key
	}
	if cl.seen.kind != cl.lastReply || cl.seen.token != cl.lastToken || cl.seen.key != cl.lastKey {
		return cl.seen.kind, cl.seen.token, true, waiting
	}
	return 0, 0, false, waiting
}

// ClientWrite is the fate of client c's latest write: decided once the resource saw it.
func (w *World) ClientWrite(c string) (decided, accepted bool) {
	cl := w.clientByName[c]
	if cl == nil || cl.lastWrite == nil {
		return false, false
	}
	return cl.lastWrite.decided, cl.lastWrite.accepted
}

// ClientBusy says whether client c still has work queued or in flight.
func (w *World) ClientBusy(c string) bool {
	cl := w.clientByName[c]
	return cl != nil && (cl.cur != nil || cl.curWrite != nil || len(cl.queue) > 0)
}

// ResourceToken is the highest token the fenced resource has accepted for key (0 if none).
func (w *World) ResourceToken(key string) uint64 { return w.res.high[key] }

// OwnLease is, for a leader with unsafe lease-read, how long by its own clock it may still
// answer lease-based reads if it hears from no one; ok is false for any other node or mode.
func (w *World) OwnLease(id int) (time.Duration, bool) {
	defer w.rr.leave()
	return w.node(id).ownLease()
}
