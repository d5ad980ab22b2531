package scenarios

import (
	"os"
	"strings"
	"testing"

	"leaselab/cluster"
)

// leader-crash-mid-lease-extend says what the extension gains a holder that renews, and offers
// examples/renewing-holder.scenario to see it: the lesson's seed and crash, c1 renewing every
// second (keepalive leader). Its renewal that reaches the new leader is answered not-found under
// keep and renewed under extend, so c1 keeps its lock only under extend: the file's expects
// pass as it is and fail with keep (what `compare ... --without lease-on-promote` shows).
func TestExtendKeepsARenewingHolder(t *testing.T) {
	src, err := os.ReadFile("examples/renewing-holder.scenario")
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range []string{"keep", "extend"} {
		text := strings.Replace(string(src), "option lease-on-promote extend", "option lease-on-promote "+rule, 1)
		s, err := Parse(rule+".scenario", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if s.Header.LeaseOnPromote.String() != rule {
			t.Fatalf("the file no longer sets lease-on-promote extend")
		}
		res, err := RunScenario(s, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if kept := res.Runner.Passed(); kept != (rule == "extend") {
			t.Errorf("lease-on-promote %s: the renewing c1 keeps its lock = %v (failures %v)", rule, kept, res.Runner.Failures)
		}
	}
}

// Under extend the new leader's extension is a timeline event ("n2 extends orders #1: 1s left"),
// so the lesson can point at it; keep extends nothing and says nothing.
func TestExtendIsAnEvent(t *testing.T) {
	for _, rule := range []string{"keep", "extend"} {
		src := "seed 11\noption lease-on-promote " + rule + "\ncampaign n1\nwait-until leader n1\nc1 acquire orders 3s\n" +
			"wait-until c1 holds orders token 1\nwait 1500ms\ncrash n1\nwait-until leader within 5s\n"
		s, err := Parse(rule+".scenario", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var said []string
		res, err := RunScenario(s, RunOptions{Observe: func(w *cluster.World) {
			w.Subscribe(func(e *cluster.Event) {
				if e.Kind == cluster.EvLeaseExtended {
					said = append(said, e.Describe())
				}
			})
		}})
		if err != nil || !res.Runner.Passed() {
			t.Fatalf("%s: %v %v", rule, err, res.Runner.Failures)
		}
		want := 0
		if rule == "extend" {
			want = 1
		}
		if len(said) != want || (want == 1 && !strings.Contains(said[0], "extends orders #1: 1s left")) {
			t.Errorf("lease-on-promote %s: extension events %q", rule, said)
		}
	}
}

// A background keepalive's answer is what the client's row says last: under keep, c1's renewal
// at the new leader is answered not-found, and its row must not keep reading "got granted #1"
// (the compare of etcd-failover-reset did). `cX reply` stays the answer to its latest request.
func TestRowSaysABackgroundKeepalivesAnswer(t *testing.T) {
	src := strings.Join([]string{
		"seed 11", "option lease-on-promote keep", "option keepalive leader",
		"campaign n1", "wait-until leader n1", "c1 acquire orders 3s",
		"wait-until all lock orders token 1", "wait-until c1 holds orders token 1",
		"c1 keepalive orders every 1s", "wait 1500ms", "crash n1",
		"wait-until leader within 5s", "wait 3s", "expect c1 reply granted token 1",
	}, "\n") + "\n"
	s, err := Parse("row.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var w *cluster.World
	res, err := RunScenario(s, RunOptions{Observe: func(x *cluster.World) { w = x }})
	if err != nil || !res.Runner.Passed() {
		t.Fatalf("%v %v", err, res.Runner.Failures)
	}
	for _, c := range w.View(cluster.ViewOptions{}).Clients {
		if c.Name == "c1" && (c.LastReply != cluster.ReplyNotFound || c.LastKey != "orders") {
			t.Errorf("c1's row says last %v %s, want not-found orders (its keepalive's answer)", c.LastReply, c.LastKey)
		}
	}
}
