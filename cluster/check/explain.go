package check

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
)

// An explained history: when porcupine finds no valid order, ExplainHistory finds a small set
// of operations that cannot be ordered by themselves and says why, pointing at them.
//
// Deleting an operation outright is not sound for a lock: without a grant, a later busy
// looks illegal although the real history had that grant. So an operation left out is
// replaced by one that may have done anything (any holder, any higher maximum) at any
// instant of its interval; the rest are checked against an abstract lock whose state may be
// partly unknown. A set that is illegal that way is illegal whatever the others did: every
// operation it names is needed, and every other one does not matter.

// ExplainHistories says whether a non-linearizable verdict comes with its explanation (the
// violation's Detail). Chaos turns it off while it searches and shrinks (thousands of verdicts
// nobody reads); it is a process-wide setting because it changes no run, only what a
// violation says beside its text.
var ExplainHistories = true

// explainText is the explanation of the current history, or "" (turned off, or none found).
func (h *history) explainText() string {
	if !ExplainHistories {
		return ""
	}
	if ex := explainOps(h.porcupineOps()); ex != nil {
		return ex.String()
	}
	return ""
}

// absLock is a set of lock states: the holder exactly (hk) or unknown (nz: known to be held),
// and the highest token exactly (mk) or at least max.
type absLock struct {
	holder uint64
	hk, nz bool
	max    uint64
	mk     bool
}

func (s absLock) canBeFree() bool           { return s.hk && s.holder == 0 || !s.hk && !s.nz }
func (s absLock) canBeHeld() bool           { return !s.hk || s.holder != 0 }
func (s absLock) canBeHeldBy(t uint64) bool { return t != 0 && (s.hk && s.holder == t || !s.hk) }
func (s absLock) canHaveMaxBelow(t uint64) bool {
	return s.max < t
}

// absStep is stepLock on a set of states; "havoc" is an operation left out.
func absStep(s absLock, in, out LinOp) (bool, absLock) {
	claimed, tok := in.Token, out.OutToken
	switch in.Op {
	case "havoc":
		return true, absLock{max: s.max}
	case "init":
		if s.canBeFree() && (s.mk && s.max == 0 || !s.mk && s.max == 0) {
			return true, absLock{holder: claimed, hk: true, max: tok, mk: true}
		}
	case "acquire":
		switch out.Outcome {
		case "granted":
			if s.canBeFree() && s.canHaveMaxBelow(tok) {
				return true, absLock{holder: tok, hk: true, max: tok, mk: true}
			}
		case "busy", "rejected":
			if s.canBeHeld() {
				if !s.hk {
					s.nz = true
				}
				return true, s
			}
		case "delayed":
			return true, s
		}
	case "release", "ghost-release", "expire":
		switch out.Outcome {
		case "released", "existed":
			if s.canBeHeldBy(claimed) && (!s.mk || s.max >= claimed) {
				return true, absLock{hk: true, max: max(s.max, claimed), mk: s.mk}
			}
		case "not-found", "absent":
			return !(s.hk && s.holder == claimed), s
		}
	}
	return false, s
}

// explainModel is LockModel on absLock, for one key's operations.
var explainModel = porcupine.Model{
	Init: func() any { return absLock{hk: true, mk: true} },
	Step: func(state, input, output any) (bool, any) {
		return absStep(state.(absLock), input.(LinOp), output.(LinOp))
	},
	Equal: func(a, b any) bool { return a.(absLock) == b.(absLock) },
}

// explainChecks caps the checks one explanation makes, and explainTimeout each one's time: a
// check that cannot decide counts as legal, so the set found is larger, never wrong.
const (
	explainChecks  = 3000
	explainTimeout = time.Second
)

// Explanation is a minimal set of operations of one key that cannot be ordered.
type Explanation struct {
	Key     string
	Ops     []LinOp // in call order
	History []LinOp // the key's whole checked history, for what lies between
}

// illegalWith says whether ops, those not kept replaced by havoc, have no valid order.
func illegalWith(ops []porcupine.Operation, kept []bool) bool {
	h := make([]porcupine.Operation, len(ops))
	for i, op := range ops {
		h[i] = op
		if !kept[i] {
			in := op.Input.(LinOp)
			in.Op = "havoc"
			h[i].Input = in
		}
	}
	return porcupine.CheckOperationsTimeout(explainModel, h, explainTimeout) == porcupine.Illegal
}

// ExplainHistory explains why the history not yet checked and forgotten is not linearizable,
// or returns nil when it is (or cannot be decided).
func ExplainHistory(w *cluster.World) *Explanation { return explainOps(PorcupineOps(w)) }

// explainOps is ExplainHistory on a history: the first key with no valid order, explained.
func explainOps(ops []porcupine.Operation) *Explanation {
	for _, part := range LockModel.Partition(ops) {
		kept := make([]bool, len(part))
		for i := range kept {
			kept[i] = true
		}
		if !illegalWith(part, kept) {
			continue
		}
		checks := 0
		// Leave operations out in halving chunks, then one at a time, while the rest stay illegal.
		for size := max(1, len(part)/2); size >= 1; size /= 2 {
			for i := 0; i < len(part) && checks < explainChecks; i += size {
				try := slices.Clone(kept)
				changed := false
				for j := i; j < min(i+size, len(part)); j++ {
					changed = changed || try[j]
					try[j] = false
				}
				if !changed {
					continue
				}
				checks++
				if illegalWith(part, try) {
					kept = try
				}
			}
		}
		ex := &Explanation{Key: part[0].Input.(LinOp).Key}
		for i, op := range part {
			lop := op.Output.(LinOp)
			ex.History = append(ex.History, lop)
			if kept[i] {
				ex.Ops = append(ex.Ops, lop)
			}
		}
		slices.SortStableFunc(ex.Ops, func(a, b LinOp) int { return int(a.Call - b.Call) })
		return ex
	}
	return nil
}

// secs writes an instant as leaselab's lessons do, in seconds to the millisecond.
func secs(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// who is the operation's author, possessive: "c1's", "the leader's".
func who(op LinOp) string {
	switch op.Client {
	case "leader":
		return "the leader's"
	case "checked":
		return "the checked history's"
	}
	return op.Client + "'s"
}

// what is the operation and its result: "acquire granted #3", "release #2 released", "busy".
func what(op LinOp) string {
	switch {
	case op.Op == "init":
		return "state"
	case op.Op == "acquire" && op.Outcome == "granted":
		return fmt.Sprintf("grant #%d", op.OutToken)
	case op.Op == "acquire":
		return op.Outcome
	case (op.Outcome == "released" || op.Outcome == "existed") && op.Token == 0:
		return op.Op + " with no token" // a client that held none (unsafe unchecked-proposals)
	case op.Outcome == "released" || op.Outcome == "existed":
		return fmt.Sprintf("%s #%d", op.Op, op.Token)
	case op.Token != 0:
		return fmt.Sprintf("%s #%d (%s)", op.Op, op.Token, op.Outcome)
	}
	return fmt.Sprintf("%s (%s)", op.Op, op.Outcome)
}

// claim is what the operation's result says about the lock when it took effect.
func claim(op LinOp) string {
	k := op.Key
	switch op.Outcome {
	case "granted":
		return fmt.Sprintf("%s was free and every earlier token was below %d", k, op.OutToken)
	case "busy", "rejected":
		return k + " was held"
	case "delayed":
		return k + " was not granted (lock-delay): nothing changed"
	case "released", "existed":
		if op.Token == 0 {
			return k + " was held, and frees it" // what() says it named no token ("#0" read as a lock)
		}
		return fmt.Sprintf("%s was held by #%d, and frees it", k, op.Token)
	case "not-found", "absent":
		return fmt.Sprintf("%s was not held by #%d", k, op.Token)
	case "init":
		return fmt.Sprintf("%s started %s", k, lockState{holder: op.Token, max: op.OutToken}.describe())
	}
	return k + " " + op.Outcome
}

// answered is a release's or an expire's answer as the Replication panel shows its result
// (Expired{existed:true}, Released), and what that answer says about the lock, "" for other
// operations. "said it freed #1", on a second Expire #1 after the first had freed #1, read as
// the checker's own mistake (newcomer round on compare late-expire --unsafe): the answer is
// the operation's claim, and it is what no order explains. "it found #1 held and freed it"
// stated that claim as fact beside an unsafe Expire that had deleted #2: it is said as a claim.
func answered(op LinOp) string {
	if op.Token == 0 {
		return ""
	}
	switch {
	case op.Outcome == "existed" && op.Deleted != 0:
		// The Replication row says "deletes c2's lock #2" for the same Expire: the claim
		// alone read as contradicting it (nc20-i).
		return fmt.Sprintf(", answered existed:true: it claims it freed #%d, but it deleted #%d", op.Token, op.Deleted)
	case op.Outcome == "existed":
		return fmt.Sprintf(", answered existed:true: it claims it freed #%d", op.Token)
	case op.Outcome == "released":
		return fmt.Sprintf(", answered Released: it claims it freed #%d", op.Token)
	case op.Outcome == "absent":
		return fmt.Sprintf(", answered existed:false: it claims #%d was already gone", op.Token)
	case op.Outcome == "not-found" && op.Op != "keepalive":
		return fmt.Sprintf(", answered NotFound: it claims #%d was already gone", op.Token)
	}
	return ""
}

// when says when the operation ran: its interval, or that it was never answered.
func when(op LinOp) string {
	if op.Return < 0 || op.Return == time.Duration(math.MaxInt64) || op.TimedOut {
		return fmt.Sprintf("sent at %s, never answered (its entry applied later)", secs(op.Call))
	}
	return fmt.Sprintf("%s-%s", secs(op.Call), secs(op.Return))
}

// inFlight says whether any operation of the history other than a and b was in flight at some
// instant strictly between a's return and b's call.
func (ex *Explanation) inFlight(a, b LinOp) bool {
	for _, op := range ex.History {
		if op.Client == a.Client && op.Req == a.Req && op.Call == a.Call || op.Client == b.Client && op.Req == b.Req && op.Call == b.Call {
			continue
		}
		ret := op.Return
		if ret < 0 || op.TimedOut {
			ret = time.Duration(math.MaxInt64)
		}
		if op.Call < b.Call && ret > a.Return {
			return true
		}
	}
	return false
}

// Summary is the explanation in one sentence, pointing at the operations.
func (ex *Explanation) Summary() string {
	if len(ex.Ops) == 2 {
		a, b := ex.Ops[0], ex.Ops[1]
		if a.Return >= 0 && !a.TimedOut && a.Return < b.Call {
			s := fmt.Sprintf("%s %s, asked at %s, says %s, but %s %s completed at %s",
				who(b), what(b), secs(b.Call), claim(b), who(a), what(a), secs(a.Return))
			if !ex.inFlight(a, b) {
				s += fmt.Sprintf(" and no other operation on %s was in flight between", ex.Key)
			}
			return s
		}
	}
	if len(ex.Ops) == 1 {
		op := ex.Ops[0]
		if op.Token == 0 && (op.Outcome == "released" || op.Outcome == "existed") {
			// No state allows it, so "nothing before it" would send a reader looking for one.
			return fmt.Sprintf("%s %s, asked at %s, freed %s, but a lock is freed only by its own token", who(op), what(op), secs(op.Call), ex.Key)
		}
		return fmt.Sprintf("%s %s, asked at %s, says %s, which nothing before it on %s allows", who(op), what(op), secs(op.Call), claim(op), ex.Key)
	}
	// A release or expire says what it answered: a bare "expire #1" does not tell a reader
	// that it found and freed #1, which is often what leaves no order.
	var parts []string
	for _, op := range ex.Ops {
		w := what(op)
		if a := answered(op); a != "" {
			w = fmt.Sprintf("%s #%d (%s)%s", op.Op, op.Token, when(op), a) // the answer says what the outcome was
		} else {
			w += " (" + when(op) + ")"
		}
		parts = append(parts, who(op)+" "+w)
	}
	return fmt.Sprintf("no order fits these %d operations on %s: %s", len(ex.Ops), ex.Key, strings.Join(parts, "; "))
}

// String is the explanation in full: the summary, then each operation and what it says.
func (ex *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s.\n%d of the %d operations on %s cannot be ordered, whatever the others did:\n", ex.Summary(), len(ex.Ops), len(ex.History), ex.Key)
	for _, op := range ex.Ops {
		fmt.Fprintf(&b, "  %s %s, %s: says %s\n", who(op), what(op), when(op), claim(op))
	}
	return b.String()
}
