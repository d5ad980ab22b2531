package check

import (
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/fsm"
)

// LinOp is one operation of the client-visible history the linearizability check reads: a
// client's acquire or release, or one of the leader's own Expires or ghost Releases (a
// pseudo-client, from proposal to first apply).
type LinOp struct {
	Client   string // the client, or "leader"
	Req      uint64 // the client's request id
	Op       string // acquire, release, keepalive, expire, ghost-release; "init" starts a key's unchecked rest
	Key      string
	Token    uint64        // release, keepalive: the token claimed; expire, ghost-release: the lock's token
	Call     time.Duration // sent (client) or proposed (leader)
	Return   time.Duration // answer received or first applied; -1 while open or timed out
	Outcome  string        // granted, busy, rejected, released, renewed, not-found, existed, absent; "" while open
	OutToken uint64        // granted: the token
	TimedOut bool          // no final answer (timeout or outcome-unknown); Outcome is what its entry did, if it ever applied
	Unknown  bool          // the final answer was outcome-unknown, not the client's timeout
	Origins  []uint64
	// expire, ghost-release: the token of the lock it deleted when that is not Token (unsafe
	// expire-ignores-token), so its explanation can say what it did beside what it answered.
	Deleted uint64
	// A client operation whose entry applied before any answer: when. Its effect happened by
	// then (an entry is applied after it commits), so a check may end its interval there.
	Applied   bool
	AppliedAt time.Duration
}

// history records LinOps as the world runs, and checks each key's history a segment at a time
// (see segment): what is checked and linearizable is forgotten, so memory and the final check
// stay bounded however long the run.
type history struct {
	version    uint64 // bumped by every change, so a check is not repeated on the same history
	checked    bool
	checkedAt  uint64
	lastResult porcupine.CheckResult
	ops        []*LinOp       // by id; nil once checked and forgotten
	byReq      map[uint64]int // a client's request id -> op, until its final answer or timeout
	byOrigin   map[uint64]int // origin id -> op, while the op is kept
	applied    []uint64       // bit id: the operation of origin id applied (origin ids are dense from 1)
	segs       map[string]*segment
	forgotten  int // operations checked linearizable and dropped
}

func newHistory() *history {
	return &history{byReq: map[uint64]int{}, byOrigin: map[uint64]int{}, segs: map[string]*segment{}}
}

// add starts an operation on its key's segment; open says whether it waits for an answer
// (a client's request) rather than for its entry to apply (a leader's duty).
func (h *history) add(op LinOp, open bool) int {
	h.version++
	id := len(h.ops)
	h.ops = append(h.ops, &op)
	h.seg(op.Key).start(h, id, op.Call, open)
	return id
}

func (h *history) onCall(e *cluster.Note) {
	h.byReq[e.Req] = h.add(LinOp{Client: e.Client, Req: e.Req, Op: e.Op.String(), Key: e.Key, Token: e.Token, Call: e.At, Return: -1}, true)
}

func (h *history) onReturn(req uint64, kind cluster.ReplyKind, token uint64, at time.Duration) {
	h.version++
	i, ok := h.byReq[req]
	if !ok {
		return
	}
	op := h.ops[i]
	if op == nil {
		return
	}
	if op.TimedOut {
		return // already ended: the client gave up
	}
	if kind == cluster.ReplyTimeout || kind == cluster.ReplyOutcomeUnknown {
		// No answer will come: the operation waits only for its entry, which may still apply
		// (then its interval ends there) or never (then it stays out of every check).
		delete(h.byReq, req) // nothing answers it any more
		op.TimedOut = true
		op.Unknown = kind == cluster.ReplyOutcomeUnknown
		s := h.seg(op.Key)
		s.open--
		if op.Applied {
			s.settle(op.AppliedAt)
		}
		return
	}
	delete(h.byReq, req)
	op.Return, op.Outcome, op.OutToken = at, kind.String(), token
	h.seg(op.Key).close(at)
}

// onAdopt: a late grant of the timed-out acquire ab answered the client's acquire cur of the
// same key. ab's operation already ends where its entry applied (as any request its client
// gave up on), granted; cur ends as a timeout (an entry of its own, if it made one, still
// counts where it applies).
func (h *history) onAdopt(ab, cur uint64, token uint64, at time.Duration) {
	h.onReturn(cur, cluster.ReplyTimeout, 0, at)
}

func (h *history) observe(e *cluster.Note) {
	switch e.Kind {
	case cluster.EntryProposed:
		h.onPropose(e.Origin, e.Cmd, e.At)
	case cluster.EntryApplied:
		h.onApply(e)
	case cluster.ClientCall:
		h.onCall(e)
	case cluster.ClientReturn:
		h.onReturn(e.Req, e.Reply, e.Token, e.At)
	case cluster.ClientAdopt:
		h.onAdopt(e.Req, e.Req2, e.Token, e.At)
	}
}

// onPropose links an entry to its operation; leader duties start their own operation here.
func (h *history) onPropose(o cluster.Origin, cmd fsm.Command, at time.Duration) {
	h.version++
	switch o.Kind {
	case cluster.OriginAcquire, cluster.OriginRelease, cluster.OriginKeepalive:
		for i := len(h.ops) - 1; i >= 0; i-- {
			if op := h.ops[i]; op != nil && op.Client == o.Client && op.Req == o.Req {
				op.Origins = append(op.Origins, o.ID)
				h.byOrigin[o.ID] = i
				break
			}
		}
	case cluster.OriginExpire, cluster.OriginGhost:
		op := "expire"
		if o.Kind == cluster.OriginGhost {
			op = "ghost-release"
		}
		h.byOrigin[o.ID] = h.add(LinOp{Client: "leader", Op: op, Key: cmd.Key, Token: o.Token, Call: at, Return: -1, Origins: []uint64{o.ID}}, false)
	case cluster.OriginHeld:
		// A pre-held key (option held-keys): the leader's own acquire, answered by its apply.
		h.byOrigin[o.ID] = h.add(LinOp{Client: "leader", Op: "acquire", Key: cmd.Key, Call: at, Return: -1, Origins: []uint64{o.ID}}, false)
	}
}

// onApply closes leader duties at their first apply, and records what a timed-out client
// request's entry did (it may take effect after the client gave up).
// It takes the note by pointer: all but the first node to apply an entry return at once, and
// copying its command, origin and result as arguments on every apply cost more than that.
func (h *history) onApply(e *cluster.Note) {
	o := &e.Origin
	if o.ID == 0 || h.wasApplied(o.ID) {
		return
	}
	res, at := &e.Result, e.At
	i, ok := h.byOrigin[o.ID]
	if !ok {
		return // never an operation, or already checked and forgotten
	}
	h.setApplied(o.ID)
	h.version++
	op := h.ops[i]
	outcome, tok := outcomeOf(*res)
	switch {
	case o.LeaderDuty() || o.Kind == cluster.OriginHeld:
		op.Return, op.Outcome, op.OutToken = at, outcome, tok
		if o.LeaderDuty() && outcome == "existed" && e.Held && e.Prev.Token != op.Token {
			op.Deleted = e.Prev.Token
		}
		h.seg(op.Key).settle(at)
	case op.Outcome == "":
		// The client has no answer yet (or timed out): remember the entry's effect and when.
		op.Outcome, op.OutToken = outcome, tok
		op.Return = -1
		op.Applied, op.AppliedAt = true, at
		if op.TimedOut {
			h.seg(op.Key).settle(at)
		}
	}
}

// wasApplied and setApplied keep one bit per origin: every node's apply of every entry asks
// (a map of them grew with the run and missed the cache on most lookups).
func (h *history) wasApplied(id uint64) bool {
	return id/64 < uint64(len(h.applied)) && h.applied[id/64]&(1<<(id%64)) != 0
}

func (h *history) setApplied(id uint64) {
	for id/64 >= uint64(len(h.applied)) {
		h.applied = append(h.applied, 0)
	}
	h.applied[id/64] |= 1 << (id % 64)
}

func outcomeOf(res fsm.Result) (string, uint64) {
	switch res.Kind {
	case fsm.Granted:
		return "granted", res.Token
	case fsm.GrantRejected:
		return "rejected", 0
	case fsm.Released:
		return "released", 0
	case fsm.NotFound:
		return "not-found", 0
	case fsm.Expired:
		if res.Existed {
			return "existed", 0
		}
		return "absent", 0
	case fsm.Renewed: // keepalive replicated: what the client's answer will say
		if res.Existed {
			return "renewed", 0
		}
		return "not-found", 0
	}
	return "", 0
}
