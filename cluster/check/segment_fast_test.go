package check

import (
	"math/rand/v2"
	"testing"
	"time"
)

// The call-order check never calls a segment linearizable that porcupine does not, and it
// decides the segments whose operations do not overlap (most of a run's) without porcupine.
// Histories are built from a real lock run in call order, with overlapping intervals, a
// starting state from earlier segments, and some outcomes or tokens corrupted.
func TestInCallOrderAgreesWithPorcupine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var fast, slowOK, illegal int
	for round := range 3000 {
		h := newHistory()
		s := h.seg("k")
		st := lockState{}
		if rng.IntN(2) == 0 {
			s.state = lockState{max: 3}
			if rng.IntN(2) == 0 {
				s.state.holder = 3
			}
			st = s.state
		}
		at := time.Duration(0)
		for range 2 + rng.IntN(7) {
			op := randomOp(rng, &st)
			at += time.Duration(rng.IntN(3)) // equal calls and overlaps happen
			op.Call, op.Return = at, at+time.Duration(rng.IntN(6))
			if round%4 == 0 && rng.IntN(4) == 0 {
				op.OutToken ^= 1 // a wrong answer
			}
			id := len(h.ops)
			h.ops = append(h.ops, &op)
			s.ops = append(s.ops, id)
		}
		if round%7 == 0 { // an interval that ends before it starts: no order can be trusted
			h.ops[rng.IntN(len(h.ops))].Return -= 4
		}
		if round%5 == 0 { // ids out of call order (a check must not trust the id order)
			i, j := rng.IntN(len(s.ops)), rng.IntN(len(s.ops))
			s.ops[i], s.ops[j] = s.ops[j], s.ops[i]
		}
		quick, whole := s.inCallOrder(h), s.porcupineOK(h)
		switch {
		case quick && !whole:
			t.Fatalf("round %d: the call order is accepted, porcupine finds no linearization: %v from %+v", round, dump(h), s.state)
		case quick:
			fast++
		case whole:
			slowOK++
		default:
			illegal++
		}
	}
	if fast == 0 || slowOK == 0 || illegal == 0 {
		t.Errorf("the test proves little: %d decided in call order, %d linearizable only in another order, %d not linearizable", fast, slowOK, illegal)
	}
	t.Logf("%d decided in call order, %d linearizable only in another order, %d not linearizable", fast, slowOK, illegal)
}

// randomOp is a lock operation with the outcome the lock in state st gives it, applied to st.
func randomOp(rng *rand.Rand, st *lockState) LinOp {
	switch rng.IntN(3) {
	case 0:
		if st.holder != 0 {
			return LinOp{Op: "acquire", Key: "k", Outcome: "busy"}
		}
		st.max++
		st.holder = st.max
		return LinOp{Op: "acquire", Key: "k", Outcome: "granted", OutToken: st.max}
	case 1:
		tok := st.holder
		if tok == 0 || rng.IntN(3) == 0 {
			return LinOp{Op: "release", Key: "k", Token: tok + 7, Outcome: "not-found"}
		}
		st.holder = 0
		return LinOp{Op: "release", Key: "k", Token: tok, Outcome: "released"}
	}
	if st.holder == 0 {
		return LinOp{Client: "leader", Op: "expire", Key: "k", Token: st.max + 1, Outcome: "absent"}
	}
	tok := st.holder
	st.holder = 0
	return LinOp{Client: "leader", Op: "expire", Key: "k", Token: tok, Outcome: "existed"}
}

func dump(h *history) []LinOp {
	var out []LinOp
	for _, op := range h.ops {
		out = append(out, *op)
	}
	return out
}
