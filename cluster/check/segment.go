package check

import (
	"math"
	"slices"
	"time"

	"github.com/anishathalye/porcupine"
)

// A key's history is checked a segment at a time. A segment ends at a quiescent point: every
// one of its operations has returned or is pending, and the next operation on the key is called strictly
// later (porcupine orders a call before a return at the same instant, so an equal instant is
// no boundary). Once it has at least segmentMin operations it is checked from the state the
// previous segments left; if it is linearizable its operations are forgotten and the state
// after it carried on (for this model the state after a linearizable set of completed
// operations does not depend on their order: the highest token granted, and the one granted
// token no release or expire removed). A segment that is not (or cannot be decided) freezes
// its key: everything from it on stays for the final check, which then shows it.
//
// A pending operation waits for nothing but its entry: a leader's Expire or ghost Release before
// it applies, a request its client gave up on (timeout, outcome-unknown) whose entry has not
// applied. Its entry may apply later or never (a deposed leader's), so it does not hold a
// segment open: it is carried into the next segment, out of every check until it applies. Its
// effect cannot lie in the segment it is carried out of: no node had applied it there, and an
// entry takes effect where it applies (after its commit). Once applied, its interval ends at that
// first apply. This keeps one timed-out request from holding its key's history (and porcupine's
// final check) open for the rest of the run, and only ever narrows what porcupine may choose:
// a history it found illegal before is still illegal.
type segment struct {
	state      lockState     // the model's state where the kept operations start
	ops        []int         // the kept operations, by id
	open       int           // kept operations waiting for an answer (not pending)
	lastReturn time.Duration // the latest return among them
	frozen     bool          // a segment failed or was undecided: keep everything
}

// segmentMin is how many operations a segment gathers before it is checked (a variable for
// tests, which also check that cutting anywhere gives the verdict of one whole check).
var segmentMin = 64

// segmentTimeout is porcupine's budget for one segment.
const segmentTimeout = 10 * time.Second

// kept is the ids of the operations not yet forgotten, in order: what a check still reads,
// without a walk over everything ever recorded.
func (h *history) kept() []int {
	var ids []int
	for _, s := range h.segs {
		ids = append(ids, s.ops...)
	}
	slices.Sort(ids)
	return ids
}

func (h *history) seg(key string) *segment {
	s := h.segs[key]
	if s == nil {
		s = &segment{}
		h.segs[key] = s
	}
	return s
}

// start adds operation id, called at `at`, after checking the segment it closes, if any. An
// open operation waits for an answer (a client's request); one that is not open waits only for
// its entry to apply, which may never happen (a leader's duty, or a request the client gave up
// on: see pending).
func (s *segment) start(h *history, id int, at time.Duration, open bool) {
	if !s.frozen && s.open == 0 && len(s.ops) >= segmentMin && at > s.lastReturn {
		h.checkSegment(s)
	}
	s.ops = append(s.ops, id)
	if open {
		s.open++
	}
}

// close notes that one of the segment's open operations returned at `at`.
func (s *segment) close(at time.Duration) {
	s.open--
	s.settle(at)
}

// settle notes that an operation's interval ends at `at` (an entry applied).
func (s *segment) settle(at time.Duration) { s.lastReturn = max(s.lastReturn, at) }

// checkSegment checks a closed segment and, when it is linearizable, forgets it. Most segments
// are decided without porcupine (see inCallOrder); the rest, and every non-linearizable one, go
// to porcupine as before.
func (h *history) checkSegment(s *segment) {
	if !s.inCallOrder(h) && !s.porcupineOK(h) {
		s.frozen = true
		return
	}
	h.forget(s)
}

// inCallOrder says whether the lock's model accepts the segment's operations in the order they
// were called, from the state the previous segments left. That order is a linearization
// whenever every operation returns no earlier than it was called: an operation that returned
// before another was called was also called before it, so the order keeps every real-time
// precedence. A segment it accepts is linearizable, the verdict porcupine would give (at a
// fraction of the cost: porcupine builds its entries and runs in goroutines with a timer, per
// segment). When it does not accept, porcupine decides, as it searches every order.
func (s *segment) inCallOrder(h *history) bool {
	st, last := s.state, int64(math.MinInt64)
	for _, id := range s.ops {
		op := h.ops[id]
		if op.Outcome == "" {
			continue // pending: out of this check, as in porcupineOps
		}
		call, ret := int64(op.Call), returnOf(op)
		if call < last || ret < call {
			return false
		}
		last = call
		ok, next := stepLock(st, op.Op, op.Token, op.Outcome, op.OutToken)
		if !ok {
			return false
		}
		st = next.(lockState)
	}
	return true
}

// porcupineOK checks the segment with porcupine.
func (s *segment) porcupineOK(h *history) bool {
	ops := make([]porcupine.Operation, 0, len(s.ops)+1)
	if init, ok := s.initOp(h); ok {
		ops = append(ops, init)
	}
	for _, id := range s.ops {
		if op := h.ops[id]; op.Outcome != "" {
			ops = append(ops, porcupineOp(*op, 0))
		}
	}
	return porcupine.CheckOperationsTimeout(LockModel, ops, segmentTimeout) == porcupine.Ok
}

// forget drops a linearizable segment's operations, carrying its pending ones into the next
// segment, which starts from the state it left.
func (h *history) forget(s *segment) {
	next, ok := s.after(h)
	if !ok {
		s.frozen = true
		return
	}
	var pending []int
	for _, id := range s.ops {
		if h.ops[id].Outcome == "" {
			pending = append(pending, id)
			continue
		}
		for _, o := range h.ops[id].Origins {
			delete(h.byOrigin, o) // its applied bit stays: one bit, and onApply stops there
		}
		h.forgotten++
		h.ops[id] = nil
	}
	s.state, s.ops, s.lastReturn = next, pending, 0
}

// after is the state the segment's operations leave, from s.state; false if they disagree
// (two granted tokens left standing).
func (s *segment) after(h *history) (lockState, bool) {
	st := s.state
	holders := map[uint64]bool{}
	if st.holder != 0 {
		holders[st.holder] = true
	}
	for _, id := range s.ops {
		op := h.ops[id]
		switch {
		case op.Outcome == "granted":
			holders[op.OutToken] = true
			st.max = max(st.max, op.OutToken)
		case op.Outcome == "released" || op.Outcome == "existed":
			delete(holders, op.Token)
		}
	}
	st.holder = 0
	for t := range holders {
		if st.holder != 0 {
			return st, false
		}
		st.holder = t
	}
	return st, true
}

// initOp is the operation that sets the state the kept operations start from, placed before
// all of them; none when that is the initial state.
func (s *segment) initOp(h *history) (porcupine.Operation, bool) {
	if s.state == (lockState{}) || len(s.ops) == 0 {
		return porcupine.Operation{}, false
	}
	first := h.ops[s.ops[0]]
	at := first.Call - 1
	op := LinOp{Client: "checked", Op: "init", Key: first.Key, Token: s.state.holder, Call: at, Return: at,
		Outcome: "init", OutToken: s.state.max}
	return porcupineOp(op, -1), true
}
