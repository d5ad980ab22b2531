package chaos

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/fsm"
)

// op is one hand-made operation of a lock history (times in ms; ret -1 = timed out, open).
func op(client int, kind, key string, claimed uint64, call, ret int64, outcome string, tok uint64) porcupine.Operation {
	who := "leader"
	if client < 9 {
		who = "c" + string(rune('1'+client))
	}
	in := check.LinOp{Client: who, Op: kind, Key: key, Token: claimed, Outcome: outcome, OutToken: tok}
	r := ret * int64(time.Millisecond)
	if ret < 0 {
		r, in.TimedOut = math.MaxInt64, true
	}
	return porcupine.Operation{ClientId: client, Input: in, Output: in, Call: call * int64(time.Millisecond), Return: r}
}

// The check can fail: porcupine with check.LockModel rejects hand-made histories no
// sequential lock allows, and accepts valid ones, concurrency and timed-out requests included.
func TestLockModelRejectsNonLinearizableHistories(t *testing.T) {
	const leader = 9
	for _, tc := range []struct {
		name string
		ok   bool
		h    []porcupine.Operation
	}{
		{"grant, release, grant", true, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 1),
			op(0, "release", "k", 1, 20, 30, "released", 0),
			op(1, "acquire", "k", 0, 25, 40, "granted", 2), // overlaps the release: ordered after it
			op(2, "acquire", "k", 0, 45, 50, "busy", 0),
		}},
		{"expire, then a new grant, then the late expire", true, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 1),
			op(leader, "expire", "k", 1, 20, 30, "existed", 0),
			op(1, "acquire", "k", 0, 40, 50, "granted", 2),
			op(leader, "expire", "k", 1, 45, 60, "absent", 0), // token check: harmless
		}},
		{"a timed-out grant may take effect later", true, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, -1, "granted", 1),
			op(1, "acquire", "k", 0, 20, 30, "busy", 0),
		}},
		{"keys are independent", true, []porcupine.Operation{
			op(0, "acquire", "a", 0, 0, 10, "granted", 1),
			op(1, "acquire", "b", 0, 20, 30, "granted", 2),
		}},
		{"double grant", false, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 1),
			op(1, "acquire", "k", 0, 20, 30, "granted", 2),
		}},
		{"busy while free", false, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "busy", 0),
		}},
		{"a late release ends someone else's grant", false, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 1),
			op(leader, "expire", "k", 1, 20, 30, "existed", 0),
			op(1, "acquire", "k", 0, 40, 50, "granted", 2),
			op(0, "release", "k", 1, 60, 70, "released", 0),
		}},
		{"an expire with an old token deletes the new grant", false, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 1),
			op(leader, "expire", "k", 1, 20, 30, "existed", 0),
			op(1, "acquire", "k", 0, 40, 50, "granted", 2),
			op(leader, "expire", "k", 1, 60, 70, "existed", 0),
		}},
		{"token goes backwards", false, []porcupine.Operation{
			op(0, "acquire", "k", 0, 0, 10, "granted", 2),
			op(0, "release", "k", 2, 20, 30, "released", 0),
			op(1, "acquire", "k", 0, 40, 50, "granted", 1),
		}},
	} {
		if got := porcupine.CheckOperations(check.LockModel, tc.h); got != tc.ok {
			t.Errorf("%s: linearizable = %v, want %v", tc.name, got, tc.ok)
		}
	}
}

// The HTML of an illegal history carries porcupine's view and the annotations chaos adds.
func TestVisualizationCarriesAnnotations(t *testing.T) {
	h := []porcupine.Operation{
		op(0, "acquire", "k", 0, 0, 10, "granted", 1),
		op(1, "acquire", "k", 0, 20, 30, "granted", 2),
	}
	res, info := porcupine.CheckOperationsVerbose(check.LockModel, h, time.Second)
	if res != porcupine.Illegal {
		t.Fatalf("check = %v, want Illegal", res)
	}
	an := &annotator{expired: map[uint64]bool{}}
	an.event(&cluster.Event{Kind: cluster.EvFault, At: 5 * time.Millisecond, Text: "isolate n1"})
	an.event(&cluster.Event{Kind: cluster.EvRole, At: 12 * time.Millisecond, Node: 2, Role: cluster.RoleLeader, Term: 2})
	an.event(&cluster.Event{Kind: cluster.EvApplied, At: 15 * time.Millisecond, Node: 2, Index: 7,
		Cmd: fsm.Command{Kind: fsm.Expire, Key: "k", Token: 1}, Result: fsm.Result{Kind: fsm.Expired, Existed: true}})
	an.event(&cluster.Event{Kind: cluster.EvApplied, At: 16 * time.Millisecond, Node: 3, Index: 7,
		Cmd: fsm.Command{Kind: fsm.Expire, Key: "k", Token: 1}, Result: fsm.Result{Kind: fsm.Expired, Existed: true}})
	an.event(&cluster.Event{Kind: cluster.EvClient, At: 18 * time.Millisecond, Client: "c2", Text: "disconnects"})
	an.event(&cluster.Event{Kind: cluster.EvClient, At: 19 * time.Millisecond, Client: "c7", Text: "pauses for 1s"})
	an.event(&cluster.Event{Kind: cluster.EvViolation, At: 30 * time.Millisecond, Violation: cluster.DoubleGrant, Text: "n2 granted k twice"})
	notes := an.annotations(h)
	if len(notes) != 6 { // the second apply of index 7 is the same committed Expire
		t.Errorf("%d annotations, want 6: %+v", len(notes), notes)
	}
	for _, a := range notes {
		switch a.Description {
		case "disconnects":
			if a.ClientId != 1 || a.Tag != "" {
				t.Errorf("c2's note on client %d tag %q, want its row (client 1)", a.ClientId, a.Tag)
			}
		case "pauses for 1s":
			if a.Tag != "client c7" {
				t.Errorf("a client without operations gets tag %q", a.Tag)
			}
		}
	}
	info.AddAnnotations(notes)
	var b bytes.Buffer
	if err := porcupine.Visualize(check.LockModel, info, &b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"isolate n1", "n2 becomes leader (term 2)", "Expire k #1", "double-grant", "acquire k → granted #2"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
}
