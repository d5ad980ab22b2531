package check

import (
	"testing"

	"leaselab/cluster"
)

// An outcome-unknown answer ends a request the way a timeout does: nothing will answer it any
// more, its interval stays open-ended (no return), and it is marked unknown, not timed out by
// the client.
func TestOutcomeUnknownStaysOpen(t *testing.T) {
	h := newHistory()
	h.observe(&cluster.Note{Kind: cluster.ClientCall, Client: "c1", Req: 7, Op: cluster.OpAcquire, Key: "k", At: 1})
	h.observe(&cluster.Note{Kind: cluster.ClientReturn, Client: "c1", Req: 7, Reply: cluster.ReplyOutcomeUnknown, At: 5})
	op := h.ops[0]
	if op == nil || !op.TimedOut || !op.Unknown || op.Return != -1 || op.Outcome != "" {
		t.Errorf("c1's history entry = %+v, want open-ended (no return), marked outcome-unknown", op)
	}
	if _, waits := h.byReq[7]; waits {
		t.Error("the operation still waits for an answer")
	}
	if s := h.segs["k"]; s.open != 0 {
		t.Errorf("its segment counts %d open operations, want 0 (it waits only for its entry)", s.open)
	}
}
