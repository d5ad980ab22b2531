package check

import (
	"fmt"
	"math"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
)

// lockState is the sequential model of one key: who holds it (0 = free) and the highest token
// ever granted on it (a new grant must exceed it).
type lockState struct {
	holder uint64
	max    uint64
}

// LockModel is the porcupine model of the lock service, partitioned by key.
var LockModel = porcupine.Model{
	Partition: func(h []porcupine.Operation) [][]porcupine.Operation {
		byKey := map[string]int{}
		var out [][]porcupine.Operation
		for _, op := range h {
			k := op.Input.(LinOp).Key
			i, ok := byKey[k]
			if !ok {
				i = len(out)
				byKey[k] = i
				out = append(out, nil)
			}
			out[i] = append(out[i], op)
		}
		return out
	},
	Init: func() any { return lockState{} },
	Step: func(state, input, output any) (bool, any) {
		s, in, out := state.(lockState), input.(LinOp), output.(LinOp)
		return stepLock(s, in.Op, in.Token, out.Outcome, out.OutToken)
	},
	Equal: func(a, b any) bool { return a.(lockState) == b.(lockState) },
	DescribeOperation: func(input, output any) string {
		in, out := input.(LinOp), output.(LinOp)
		if in.Op == "init" {
			return fmt.Sprintf("(checked before) %s: %s", in.Key, lockState{holder: in.Token, max: out.OutToken}.describe())
		}
		arg := ""
		if in.Token != 0 {
			arg = fmt.Sprintf(" #%d", in.Token)
		}
		res := out.Outcome
		if out.OutToken != 0 {
			res += fmt.Sprintf(" #%d", out.OutToken)
		}
		switch {
		case out.Unknown:
			res += " (client told outcome-unknown)"
		case out.TimedOut:
			res += " (client timed out)"
		}
		return fmt.Sprintf("%s %s%s → %s", in.Op, in.Key, arg, res)
	},
	DescribeState: func(state any) string { return state.(lockState).describe() },
}

func (s lockState) describe() string {
	if s.holder == 0 {
		return fmt.Sprintf("free (max #%d)", s.max)
	}
	return fmt.Sprintf("held #%d", s.holder)
}

// stepLock is the lock's sequential specification.
func stepLock(s lockState, op string, claimed uint64, outcome string, tok uint64) (bool, any) {
	switch op {
	case "init": // where the checked and forgotten part of the key's history left it
		if s == (lockState{}) {
			return true, lockState{holder: claimed, max: tok}
		}
	case "acquire":
		switch outcome {
		case "granted":
			if s.holder == 0 && tok > s.max {
				return true, lockState{holder: tok, max: tok}
			}
		case "busy", "rejected":
			return s.holder != 0, s
		case "delayed": // option lock-delay: no Grant was proposed; it says nothing of the holder
			return true, s
		}
	case "release", "ghost-release":
		switch outcome {
		case "released":
			if s.holder != 0 && s.holder == claimed {
				return true, lockState{max: s.max}
			}
		case "not-found":
			return s.holder == 0 || s.holder != claimed, s
		}
	case "keepalive": // a renewal changes who holds nothing: it only reads the holder
		switch outcome {
		case "renewed":
			return s.holder != 0 && s.holder == claimed, s
		case "not-found":
			return s.holder == 0 || s.holder != claimed, s
		}
	case "expire":
		switch outcome {
		case "existed":
			if s.holder != 0 && s.holder == claimed {
				return true, lockState{max: s.max}
			}
		case "absent":
			return s.holder == 0 || s.holder != claimed, s
		}
	}
	return false, s
}

// LinearizabilityResult is what a check of the history found.
type LinearizabilityResult struct {
	Result porcupine.CheckResult // Ok, Illegal, or Unknown (timed out)
	Ops    []porcupine.Operation
	Info   porcupine.LinearizationInfo
}

// LinOpCount is how many operations the linearizability check has had: those checked and
// forgotten on the way, and those PorcupineOps still holds.
func LinOpCount(w *cluster.World) int {
	h := of(w).history
	n := h.forgotten
	for _, i := range h.kept() {
		if h.ops[i].Outcome != "" {
			n++
		}
	}
	return n
}

// PorcupineOps turns the history not yet checked and forgotten into porcupine operations:
// answered operations with their interval; a timed-out (or unanswered) request whose entry
// applied, until that first apply (it took effect between its call and then); one that never
// applied, left out. A key whose earlier operations were checked starts with an
// "init" operation that sets the state they left.
func PorcupineOps(w *cluster.World) []porcupine.Operation { return of(w).history.porcupineOps() }

func (h *history) porcupineOps() []porcupine.Operation {
	ids := map[string]int{}
	id := func(client string) int {
		i, ok := ids[client]
		if !ok {
			i = len(ids)
			ids[client] = i
		}
		return i
	}
	var ops []porcupine.Operation
	for _, i := range h.kept() {
		op := h.ops[i]
		if s := h.segs[op.Key]; len(s.ops) > 0 && s.ops[0] == i {
			if init, ok := s.initOp(h); ok {
				init.ClientId = id("checked")
				ops = append(ops, init)
			}
		}
		if op.Outcome == "" {
			continue
		}
		ops = append(ops, porcupineOp(*op, id(op.Client)))
	}
	return ops
}

// porcupineOp is one operation for porcupine. One with no answer ends where its entry first
// applied (it took effect by then); one whose return is unknown stays open for ever.
func porcupineOp(op LinOp, client int) porcupine.Operation {
	return porcupine.Operation{ClientId: client, Input: op, Call: int64(op.Call), Output: op, Return: returnOf(&op)}
}

// returnOf is where an operation's interval ends for a check (see porcupineOp).
func returnOf(op *LinOp) int64 {
	switch {
	case op.Return >= 0:
		return int64(op.Return)
	case op.Applied:
		return int64(op.AppliedAt)
	}
	return math.MaxInt64
}

// CheckLinearizable checks the history with porcupine; timeout 0 means no limit.
// A negative timeout gives the check no time at all: Unknown, at once (tests of what an
// undecided check means).
func CheckLinearizable(w *cluster.World, timeout time.Duration) LinearizabilityResult {
	return of(w).history.check(timeout)
}

func (h *history) check(timeout time.Duration) LinearizabilityResult {
	ops := h.porcupineOps()
	if timeout < 0 {
		return LinearizabilityResult{Result: porcupine.Unknown, Ops: ops}
	}
	res, info := porcupine.CheckOperationsVerbose(LockModel, ops, timeout)
	return LinearizabilityResult{Result: res, Ops: ops, Info: info}
}

// CheckHistory runs the linearizability check when the history changed since the last one, and
// reports a non-linearizable violation when porcupine finds no valid order. It returns the
// latest result (Unknown when the check timed out).
func CheckHistory(w *cluster.World, timeout time.Duration) porcupine.CheckResult {
	s := of(w)
	res := s.history.pending(timeout)
	if res == porcupine.Illegal && !w.HasViolation(cluster.NonLinearizable) {
		s.chk.reportDetail(cluster.NonLinearizable, 0, 0, "", nonLinearizableText, s.history.explainText())
	}
	return res
}

const nonLinearizableText = "the clients' history (acquires, releases, the leader's Expires and ghost Releases) has no valid order against the lock's sequential model"

// PendingViolations is Violations plus the non-linearizable one CheckHistory would report now,
// without reporting it: asking does not change the run.
func PendingViolations(w *cluster.World, timeout time.Duration) []cluster.Violation {
	vs := w.Violations()
	if w.HasViolation(cluster.NonLinearizable) {
		return vs
	}
	if PendingHistory(w, timeout) == porcupine.Illegal {
		vs = append(vs, cluster.Violation{Kind: cluster.NonLinearizable, At: w.Now(), Text: nonLinearizableText})
	}
	return vs
}

// PendingHistory is the result CheckHistory would give now (Unknown: porcupine could not decide
// in time), without reporting anything. The result is kept until the history changes.
func PendingHistory(w *cluster.World, timeout time.Duration) porcupine.CheckResult {
	return of(w).history.pending(timeout)
}

func (h *history) pending(timeout time.Duration) porcupine.CheckResult {
	if !h.checked || h.checkedAt != h.version {
		h.checked, h.checkedAt, h.lastResult = true, h.version, h.check(timeout).Result
	}
	return h.lastResult
}
