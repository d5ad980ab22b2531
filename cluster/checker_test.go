package cluster

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"leaselab/fsm"
)

// The checker's rules that no unsafe switch can trigger (the state machine itself prevents them)
// are shown here on synthetic applies, so each rule is known to fire.

func checkerWorld(t *testing.T) (*World, *node) {
	w := newWorld(t, nil)
	electN1(t, w)
	return w, w.node(2)
}

func TestCheckerDoubleGrant(t *testing.T) {
	w, n := checkerWorld(t)
	checkApply(w, n, 100, fsm.Command{Kind: fsm.Grant, Key: "k"}, Origin{}, fsm.Lock{Token: 4}, true, granted(5))
	if !w.HasViolation(DoubleGrant) {
		t.Fatalf("a Granted over a held key was not reported: %v", w.Violations())
	}
}

func TestCheckerTokenRegression(t *testing.T) {
	w, n := checkerWorld(t)
	checkApply(w, n, 100, fsm.Command{Kind: fsm.Grant, Key: "a"}, Origin{}, fsm.Lock{}, false, granted(7))
	if w.HasViolation(TokenRegression) {
		t.Fatal("token 7 after nothing is fine")
	}
	checkApply(w, n, 101, fsm.Command{Kind: fsm.Grant, Key: "b"}, Origin{}, fsm.Lock{}, false, granted(7))
	if !w.HasViolation(TokenRegression) {
		t.Fatalf("token 7 twice was not reported: %v", w.Violations())
	}
}

func TestCheckerLostGrantRules(t *testing.T) {
	cases := []struct {
		name string
		cmd  fsm.Command
		o    Origin
		res  fsm.Result
		lost bool
	}{
		{"holder's release", fsm.Command{Kind: fsm.Release, Key: "k"}, Origin{Kind: OriginRelease, Token: 3}, released, false},
		{"ghost release of that lock", fsm.Command{Kind: fsm.Release, Key: "k"}, Origin{Kind: OriginGhost, Token: 3}, released, false},
		{"expire with its token", fsm.Command{Kind: fsm.Expire, Key: "k", Token: 3}, Origin{Kind: OriginExpire, Token: 3}, expired(true), false},
		{"release claiming an older token", fsm.Command{Kind: fsm.Release, Key: "k"}, Origin{Kind: OriginRelease, Token: 2}, released, true},
		{"expire with an older token", fsm.Command{Kind: fsm.Expire, Key: "k", Token: 2}, Origin{Kind: OriginExpire, Token: 2}, expired(true), true},
		{"expire that deleted nothing", fsm.Command{Kind: fsm.Expire, Key: "k", Token: 2}, Origin{Kind: OriginExpire, Token: 2}, expired(false), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, n := checkerWorld(t)
			checkApply(w, n, 100, c.cmd, c.o, fsm.Lock{Token: 3}, true, c.res)
			if got := w.HasViolation(LostGrant); got != c.lost {
				t.Fatalf("lost-grant reported = %v, want %v (%v)", got, c.lost, w.Violations())
			}
		})
	}
}

func TestCheckerDivergence(t *testing.T) {
	w, _ := checkerWorld(t)
	idx := w.Applied(1)
	w.node(3).sm.Delete("nothing") // no change: same hash, no report
	checkApply(w, w.node(3), idx, fsm.Command{}, Origin{}, fsm.Lock{}, false, fsm.Result{})
	if w.HasViolation(Divergence) {
		t.Fatal("equal states reported as divergent")
	}
	w.node(4).sm.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "x", LeaseMS: 1})
	checkApply(w, w.node(4), idx, fsm.Command{}, Origin{}, fsm.Lock{}, false, fsm.Result{})
	if !w.HasViolation(Divergence) {
		t.Fatal("different states at one index were not reported")
	}
}

// A node that applies an index differently from its own earlier incarnation is not "n4 and n4".
func TestCheckerDivergenceWithItself(t *testing.T) {
	w, _ := checkerWorld(t)
	n := w.node(4)
	const idx = 1000
	checkApply(w, n, idx, fsm.Command{}, Origin{}, fsm.Lock{}, false, fsm.Result{})
	n.sm.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "x", LeaseMS: 1})
	checkApply(w, n, idx, fsm.Command{}, Origin{}, fsm.Lock{}, false, fsm.Result{})
	vs := w.Violations()
	if len(vs) != 1 || strings.Contains(vs[0].Text, "n4 and n4") ||
		vs[0].Text != "n4 holds a different lock table after applying index 1000 than it did before it restarted (empty -> Noop)" {
		t.Fatalf("%v", vs)
	}
}

func TestTraceWriterJSONLines(t *testing.T) {
	w := newWorld(t, nil)
	var buf bytes.Buffer
	tw := NewTraceWriter(&buf)
	before := w.Events() // the nodes' start-up events came before the subscription
	w.Subscribe(tw.Write)
	electN1(t, w)
	must(t, w.Acquire("c1", "orders", time.Second))
	w.Advance(500 * time.Millisecond)
	if err := tw.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if uint64(len(lines)) != w.Events()-before {
		t.Fatalf("%d lines for %d events", len(lines), w.Events()-before)
	}
	var sawApply bool
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v", i+1, err)
		}
		if m["kind"] == "applied" && m["result"] == "Granted{token:1}" && m["cmd"] == "Grant orders 1s" {
			sawApply = true
		}
	}
	if !sawApply {
		t.Error("no applied Granted{token:1} line in the trace")
	}
}

func TestNothingAfterEveryNodeCrashed(t *testing.T) {
	w := newWorld(t, nil)
	for id := 1; id <= 5; id++ {
		must(t, w.Crash(id))
	}
	must(t, w.Acquire("c1", "k", time.Second))
	w.Advance(10 * time.Second)
	if r, _ := w.ClientReply("c1"); r != ReplyTimeout {
		t.Fatalf("c1 reply %q with every node down, want timeout", r)
	}
	if w.Leader() != 0 {
		t.Fatal("a leader with every node down")
	}
}

func TestUnsafeNamesRoundTrip(t *testing.T) {
	for _, name := range UnsafeNames {
		var u Unsafe
		must(t, u.SetByName(name))
		if got := u.Names(); len(got) != 1 || got[0] != name {
			t.Errorf("SetByName(%q) then Names() = %v", name, got)
		}
	}
	var u Unsafe
	if u.SetByName("no-such") == nil {
		t.Error("an unknown switch was accepted")
	}
}

// checkApply tells the checker of a synthetic apply on node n, as the node's hook would.
func checkApply(w *World, n *node, idx uint64, cmd fsm.Command, o Origin, prev fsm.Lock, held bool, res fsm.Result) {
	w.note(&Note{Kind: EntryApplied, Node: n.id, Index: idx, Cmd: cmd, Origin: o,
		Result: res, Prev: prev, Held: held, StateHash: n.sm.Hash()})
}

// A lost grant names its proposer as every panel does ("n1 lease expiry #2"), not as the
// trace does ("lease-expiry"): the VIOLATION line sits in the timeline beside the others.
func TestCheckerLostGrantNamesTheProposerAsTheScreen(t *testing.T) {
	w, n := checkerWorld(t)
	o := Origin{Kind: OriginExpire, Node: 1, Token: 2}
	checkApply(w, n, 100, fsm.Command{Kind: fsm.Expire, Key: "k", Token: 2}, o, fsm.Lock{Token: 3}, true, expired(true))
	vs := w.Violations()
	if len(vs) != 1 || !strings.Contains(vs[0].Text, "(from n1 lease expiry #2)") {
		t.Fatalf("violations: %v", vs)
	}
}

// Every unsafe switch says what it changes (compare shows it under the switched half's title).
func TestEveryUnsafeSwitchHasItsRule(t *testing.T) {
	if len(UnsafeRules) != len(UnsafeNames) {
		t.Fatalf("%d rules for %d switches", len(UnsafeRules), len(UnsafeNames))
	}
	for i, n := range UnsafeNames {
		r, ok := UnsafeRuleOf(n)
		if !ok || UnsafeRules[i].Name != n || r.Unsafe == "" || r.Safe == "" || r.Without == "" {
			t.Errorf("switch %s: rule %+v", n, r)
		}
	}
}
