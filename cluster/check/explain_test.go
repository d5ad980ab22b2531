package check

import (
	"strings"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func linOp(client, op string, call, ret int, outcome string, token, outToken uint64) porcupine.Operation {
	o := LinOp{Client: client, Op: op, Key: "orders", Token: token, Call: ms(call), Return: ms(ret), Outcome: outcome, OutToken: outToken}
	return porcupine.Operation{Input: o, Output: o, Call: int64(o.Call), Return: int64(o.Return)}
}

// The explanation is the two operations that conflict, said in words that point at them; the
// operations around them that do not matter are left out.
func TestExplainBusyAfterRelease(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 1000, 1020, "granted", 0, 1),
		linOp("c3", "acquire", 1500, 1520, "busy", 0, 0),
		linOp("c1", "release", 4050, 4102, "released", 1, 0),
		linOp("c2", "acquire", 4400, 4466, "busy", 0, 0),
		linOp("c3", "release", 6000, 6010, "not-found", 5, 0),
	}
	if porcupine.CheckOperations(LockModel, ops) {
		t.Fatal("the history is linearizable")
	}
	ex := explainOps(ops)
	if ex == nil || len(ex.Ops) != 2 {
		t.Fatalf("explanation %+v", ex)
	}
	want := "c2's busy, asked at 4.400s, says orders was held, but c1's release #1 completed at 4.102s and no other operation on orders was in flight between"
	if got := ex.Summary(); got != want {
		t.Errorf("summary\n%s\nwant\n%s", got, want)
	}
	if s := ex.String(); !strings.Contains(s, "2 of the 5 operations on orders cannot be ordered") || !strings.Contains(s, "c1's release #1, 4.050s-4.102s: says orders was held by #1, and frees it") {
		t.Errorf("explanation:\n%s", s)
	}
}

// Leaving an operation out must not make the rest illegal by itself: a busy after a release is
// fine when a grant came between, so that grant stays in the explanation (an explanation that
// dropped it would accuse the release and the busy falsely).
func TestExplainKeepsWhatMatters(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 1000, 1020, "granted", 0, 1),
		linOp("c1", "release", 2000, 2020, "released", 1, 0),
		linOp("c2", "acquire", 3000, 3020, "granted", 0, 2),
		linOp("c3", "acquire", 4000, 4020, "busy", 0, 0),
		// The illegal part: a grant of a lower token than one already granted.
		linOp("c2", "release", 5000, 5020, "released", 2, 0),
		linOp("c4", "acquire", 6000, 6020, "granted", 0, 2),
	}
	ex := explainOps(ops)
	if ex == nil {
		t.Fatal("no explanation")
	}
	for _, op := range ex.Ops {
		if op.Client == "c3" || op.Client == "c1" {
			t.Errorf("the explanation names %s's %s, which does not matter:\n%s", op.Client, op.Op, ex)
		}
	}
	last := ex.Ops[len(ex.Ops)-1]
	if last.Client != "c4" || !strings.Contains(ex.String(), "every earlier token was below 2") {
		t.Errorf("explanation:\n%s", ex)
	}
	// Every operation it names is needed: without any one (left to do anything), the rest can
	// be ordered.
	part := LockModel.Partition(ops)[0]
	for drop := range ex.Ops {
		kept := make([]bool, len(part))
		for i, op := range part {
			for j, e := range ex.Ops {
				if in := op.Input.(LinOp); j != drop && in.Client == e.Client && in.Call == e.Call {
					kept[i] = true
				}
			}
		}
		if illegalWith(part, kept) {
			t.Errorf("still illegal without %s's %s: not minimal", ex.Ops[drop].Client, ex.Ops[drop].Op)
		}
	}
	if explainOps(ops[:4]) != nil {
		t.Error("a linearizable history was explained")
	}
}

// delayed (option lock-delay) changes nothing and claims nothing about the holder: it orders
// anywhere, while the key is free (after an expiry) or held; a busy in its place while the key
// is free has no valid order.
func TestDelayedChangesNothing(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 1000, 1020, "granted", 0, 1),
		linOp("n1", "expire", 2000, 2010, "existed", 1, 0),
		linOp("c2", "acquire", 2100, 2120, "delayed", 0, 0),
		linOp("c3", "acquire", 3000, 3020, "granted", 0, 2),
		linOp("c2", "acquire", 3100, 3120, "delayed", 0, 0),
	}
	if !porcupine.CheckOperations(LockModel, ops) {
		t.Fatal("a history with delayed answers is not linearizable")
	}
	if ex := explainOps(ops); ex != nil {
		t.Errorf("explanation of a legal history: %v", ex)
	}
	ops[2] = linOp("c2", "acquire", 2100, 2120, "busy", 0, 0)
	if porcupine.CheckOperations(LockModel, ops) {
		t.Fatal("busy while the key is free was accepted")
	}
}

// A release that carried no token (unsafe unchecked-proposals: c2 held none) is said so, not
// as "release #0 ... held by #0", which named a lock no one had.
func TestExplainTokenlessRelease(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 1000, 1020, "granted", 0, 3),
		linOp("c2", "release", 2000, 2020, "released", 0, 0),
		linOp("c1", "release", 3000, 3020, "released", 3, 0),
	}
	if porcupine.CheckOperations(LockModel, ops) {
		t.Fatal("the history is linearizable")
	}
	ex := explainOps(ops)
	if ex == nil {
		t.Fatal("no explanation")
	}
	if s := ex.Summary() + "\n" + ex.String(); strings.Contains(s, "#0") || !strings.Contains(s, "release with no token") {
		t.Errorf("explanation:\n%s", s)
	}
}

// A release with no token fits no state at all, so its explanation says so, not "which nothing
// before it allows" (that sent a reader looking for an earlier operation).
func TestExplainTokenlessReleaseSaysOnlyATokenFrees(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 1000, 1020, "granted", 0, 3),
		linOp("c2", "release", 2000, 2020, "released", 0, 0),
	}
	ex := explainOps(ops)
	if ex == nil || len(ex.Ops) != 1 {
		t.Fatalf("explanation %+v", ex)
	}
	want := "c2's release with no token, asked at 2.000s, freed orders, but a lock is freed only by its own token"
	if got := ex.Summary(); got != want {
		t.Errorf("summary\n%s\nwant\n%s", got, want)
	}
}

// late-expire-unsafe's history: two Expires of token 1 that each found and freed it, around
// c2's grant of token 2. The summary says which of them freed the lock, or a reader cannot see why
// the second Expire fits neither before the Grant (nothing left to free) nor after (#2 held).
func TestExplainSaysWhatEachOperationClaims(t *testing.T) {
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 0, 50, "granted", 0, 1),
		linOp("leader", "expire", 3043, 4250, "existed", 1, 0),
		linOp("c2", "acquire", 3043, 4271, "granted", 0, 2),
		linOp("leader", "expire", 4043, 5253, "existed", 1, 0),
	}
	ex := explainOps(ops)
	if ex == nil || len(ex.Ops) != 3 {
		t.Fatalf("explanation %+v", ex)
	}
	want := "no order fits these 3 operations on orders: " +
		"the leader's expire #1 (3.043s-4.250s), answered existed:true: it claims it freed #1; " +
		"c2's grant #2 (3.043s-4.271s); " +
		"the leader's expire #1 (4.043s-5.253s), answered existed:true: it claims it freed #1"
	if got := ex.Summary(); got != want {
		t.Errorf("summary\n%s\nwant\n%s", got, want)
	}
}

// A release's or expire's answer is named as the Replication panel shows its result, with what
// it says about the lock: "said it freed #1" on the second of two Expires #1 read to newcomers
// as the checker's mistake, and an answer of not-found said nothing at all.
func TestExplainNamesEachAnswer(t *testing.T) {
	for _, c := range []struct {
		op, outcome string
		want        string
	}{
		{"expire", "existed", ", answered existed:true: it claims it freed #1"},
		{"expire", "absent", ", answered existed:false: it claims #1 was already gone"},
		{"release", "released", ", answered Released: it claims it freed #1"},
		{"release", "not-found", ", answered NotFound: it claims #1 was already gone"},
		{"keepalive", "not-found", ""},
		{"acquire", "granted", ""},
	} {
		op := LinOp{Client: "c1", Op: c.op, Key: "orders", Token: 1, Outcome: c.outcome}
		if got := answered(op); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.op, c.outcome, got, c.want)
		}
	}
	// An unsafe Expire that deleted another token's lock says so beside its claim.
	op := LinOp{Client: "leader", Op: "expire", Key: "orders", Token: 1, Outcome: "existed", Deleted: 2}
	if got, want := answered(op), ", answered existed:true: it claims it freed #1, but it deleted #2"; got != want {
		t.Errorf("unsafe expire: %q, want %q", got, want)
	}
	ops := []porcupine.Operation{
		linOp("c1", "acquire", 0, 50, "granted", 0, 1),
		linOp("leader", "expire", 3043, 4250, "existed", 1, 0),
		linOp("c2", "acquire", 3043, 4271, "granted", 0, 2),
		linOp("c1", "release", 4300, 4400, "not-found", 1, 0),
		linOp("leader", "expire", 4043, 5253, "existed", 1, 0),
	}
	if ex := explainOps(ops); ex != nil && strings.Contains(ex.Summary(), "(not-found)") {
		t.Errorf("the outcome said twice: %s", ex.Summary())
	}
}
