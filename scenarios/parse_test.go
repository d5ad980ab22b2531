package scenarios

import (
	"leaselab/cluster"

	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"leaselab/fsm"
)

// clearPos zeroes every position, for comparing parses of different texts.
func clearPos(s *Scenario) {
	for i := range s.Steps {
		s.Steps[i].Pos = Pos{}
		if c := s.Steps[i].Cond; c != nil {
			c.Pos = Pos{}
		}
	}
}

// parseStep parses src (header lines allowed) and returns its only step, positions cleared.
func parseStep(t *testing.T, src string) Step {
	t.Helper()
	s, err := Parse("t.scenario", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if len(s.Steps) != 1 {
		t.Fatalf("Parse(%q): %d steps, want 1", src, len(s.Steps))
	}
	clearPos(s)
	return s.Steps[0]
}

func granted(tok uint64) fsm.Result { return fsm.Result{Kind: fsm.Granted, Token: tok} }

func TestParseSteps(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		src  string
		want Step
	}{
		{"wait 250ms", Step{Kind: StepWait, Dur: 250 * ms}},
		{"wait 1m30s", Step{Kind: StepWait, Dur: 90 * time.Second}},
		{"wait-until converged", Step{Kind: StepWaitUntil, Dur: DefaultWithin, Cond: &Cond{Kind: CondConverged}}},
		{"wait-until leader n2 within 3s", Step{Kind: StepWaitUntil, Dur: 3 * time.Second, Cond: &Cond{Kind: CondLeader, Node: 2}}},
		{"partition n1 n2 | n3 n4 n5", Step{Kind: StepPartition, Groups: [][]int{{1, 2}, {3, 4, 5}}}},
		{"partition n1|n2 n3", Step{Kind: StepPartition, Groups: [][]int{{1}, {2, 3}}}},
		{"partition n4", Step{Kind: StepPartition, Groups: [][]int{{4}}}},
		{"isolate n3", Step{Kind: StepIsolate, Node: 3}},
		{"rejoin n3", Step{Kind: StepRejoin, Node: 3}},
		{"cut n1 n2", Step{Kind: StepCut, Node: 1, Node2: 2}},
		{"cut n1 -> n2", Step{Kind: StepCut, Node: 1, Node2: 2, OneWay: true}},
		{"drop n1 n3 25%", Step{Kind: StepDrop, Node: 1, Node2: 3, Percent: 25}},
		{"drop all 12.5%", Step{Kind: StepDrop, All: true, Percent: 12.5}},
		{"drop all 0%", Step{Kind: StepDrop, All: true}},
		{"delay n2 n5 40ms", Step{Kind: StepDelay, Node: 2, Node2: 5, Dur: 40 * ms}},
		{"heal", Step{Kind: StepHeal}},
		{"crash n1", Step{Kind: StepCrash, Node: 1}},
		{"restart n5", Step{Kind: StepRestart, Node: 5}},
		{"skew n2 rate 1.5", Step{Kind: StepSkewRate, Node: 2, Rate: 1.5}},
		{"skew n2 offset +2s", Step{Kind: StepSkewOffset, Node: 2, Dur: 2 * time.Second}},
		{"skew n2 offset -500ms", Step{Kind: StepSkewOffset, Node: 2, Dur: -500 * ms}},
		{"skew n2 offset 1s", Step{Kind: StepSkewOffset, Node: 2, Dur: time.Second}},
		{"skew n2 reset", Step{Kind: StepSkewReset, Node: 2}},
		{"campaign n4", Step{Kind: StepCampaign, Node: 4}},
		{"transfer-leader n3", Step{Kind: StepTransfer, Node: 3}},
		{"snapshot n1", Step{Kind: StepSnapshot, Node: 1}},
		{"c1 acquire orders 3s", Step{Kind: StepAcquire, Client: "c1", Key: "orders", Dur: 3 * time.Second}},
		{"alice release a/b.c_d-e", Step{Kind: StepRelease, Client: "alice", Key: "a/b.c_d-e"}},
		{"c2 write orders", Step{Kind: StepWrite, Client: "c2", Key: "orders"}},
		{"c2 write orders 42", Step{Kind: StepWrite, Client: "c2", Key: "orders", Value: "42", HasVal: true}},
		{`c2 write orders "two words"`, Step{Kind: StepWrite, Client: "c2", Key: "orders", Value: "two words", HasVal: true}},
		{`c2 write orders ""`, Step{Kind: StepWrite, Client: "c2", Key: "orders", HasVal: true}},
		// write ... token N: a token the client kept (first-lock's c1 after its release).
		{"c1 write orders token 1", Step{Kind: StepWrite, Client: "c1", Key: "orders", Token: 1}},
		{`c1 write orders "late" token 1`, Step{Kind: StepWrite, Client: "c1", Key: "orders", Value: "late", HasVal: true, Token: 1}},
		{"c1 write orders token", Step{Kind: StepWrite, Client: "c1", Key: "orders", Value: "token", HasVal: true}},
		{"c1 write orders token token 3", Step{Kind: StepWrite, Client: "c1", Key: "orders", Value: "token", HasVal: true, Token: 3}},
		{"Bob_1 disconnect", Step{Kind: StepDisconnect, Client: "Bob_1"}},
		{"c1 reconnect", Step{Kind: StepReconnect, Client: "c1"}},
		{"c1 pause 1500ms", Step{Kind: StepClientPause, Client: "c1", Dur: 1500 * ms}},
		{"c1 skew rate 0.5", Step{Kind: StepClientSkew, Client: "c1", Rate: 0.5}},
		{"c1 skew offset -1500ms", Step{Kind: StepClientSkewOffset, Client: "c1", Dur: -1500 * time.Millisecond}},
		{"c1 skew reset", Step{Kind: StepClientSkewReset, Client: "c1"}},
		{"c2 connect n4", Step{Kind: StepConnect, Client: "c2", Node: 4}},
		{`say "Hello, \"world\" \\ bye"`, Step{Kind: StepSay, Text: `Hello, "world" \ bye`}},
		{"say the   leader\tfalls # not this", Step{Kind: StepSay, Text: "the leader falls"}},
		{"say \"# not a comment\"", Step{Kind: StepSay, Text: "# not a comment"}},
		{"pause", Step{Kind: StepPause}},
		{`ask "Who wins?" "n1" right "n2"`, Step{Kind: StepAsk, Text: "Who wins?", Choices: []string{"n1", "n2"}, Right: 1}},
		{`ask "Q" right "a" "b" "c" "d" because "it is so"`, Step{Kind: StepAsk, Text: "Q", Choices: []string{"a", "b", "c", "d"}, Right: 0, Explain: "it is so"}},
		{"expect converged", Step{Kind: StepExpect, Cond: &Cond{Kind: CondConverged}}},
		// Words that are no keyword may name clients.
		{"n acquire k 1s", Step{Kind: StepAcquire, Client: "n", Key: "k", Dur: time.Second}},
		{"lock acquire token 1s", Step{Kind: StepAcquire, Client: "lock", Key: "token", Dur: time.Second}},
	}
	for _, tt := range tests {
		if got := parseStep(t, tt.src); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.src, got, tt.want)
		}
	}
}

func TestParseConds(t *testing.T) {
	tests := []struct {
		src  string
		want Cond
	}{
		{"leader", Cond{Kind: CondLeader}},
		{"leader n3", Cond{Kind: CondLeader, Node: 3}},
		{"leader none", Cond{Kind: CondLeader, None: true}},
		{"not leader none", Cond{Kind: CondLeader, None: true, Not: true}},
		{"term 4", Cond{Kind: CondTerm, N: 4}},
		{"n2 role pre-candidate", Cond{Kind: CondRole, Subject: SubjectNode, Node: 2, Role: "pre-candidate"}},
		{"not n2 role down", Cond{Kind: CondRole, Subject: SubjectNode, Node: 2, Role: "down", Not: true}},
		{"converged", Cond{Kind: CondConverged}},
		{"all lock orders token 2", Cond{Kind: CondLock, Subject: SubjectAll, Key: "orders", Token: 2, HasToken: true}},
		{"n1 lock orders free", Cond{Kind: CondLock, Subject: SubjectNode, Node: 1, Key: "orders", Free: true}},
		{"leader lock orders free", Cond{Kind: CondLock, Subject: SubjectLeader, Key: "orders", Free: true}},
		{"leader result k Released", Cond{Kind: CondResult, Subject: SubjectLeader, Key: "k", Results: []fsm.Result{{Kind: fsm.Released}}}},
		{"all history orders Granted{token:1} Expired{existed:true} Granted{token:2}", Cond{
			Kind: CondHistory, Subject: SubjectAll, Key: "orders",
			Results: []fsm.Result{granted(1), {Kind: fsm.Expired, Existed: true}, granted(2)},
		}},
		{"n3 history k GrantRejected NotFound Expired{existed:false} Noop", Cond{
			Kind: CondHistory, Subject: SubjectNode, Node: 3, Key: "k",
			Results: []fsm.Result{{Kind: fsm.GrantRejected}, {Kind: fsm.NotFound}, {Kind: fsm.Expired}, {Kind: fsm.Noop}},
		}},
		{"n1 countdown k < 2s", Cond{Kind: CondCountdown, Subject: SubjectNode, Node: 1, Key: "k", Op: "<", Dur: 2 * time.Second}},
		{"all countdown k >= 0s", Cond{Kind: CondCountdown, Subject: SubjectAll, Key: "k", Op: ">="}},
		{"leader countdown k expired", Cond{Kind: CondCountdownExp, Subject: SubjectLeader, Key: "k"}},
		{"all commit >= 7", Cond{Kind: CondCommit, Subject: SubjectAll, Op: ">=", N: 7}},
		{"n4 applied = 3", Cond{Kind: CondApplied, Subject: SubjectNode, Node: 4, Op: "=", N: 3}},
		{"leader applied <= 9", Cond{Kind: CondApplied, Subject: SubjectLeader, Op: "<=", N: 9}},
		{"c1 holds orders", Cond{Kind: CondHolds, Client: "c1", Key: "orders"}},
		{"c1 holds orders token 3", Cond{Kind: CondHolds, Client: "c1", Key: "orders", Token: 3, HasToken: true}},
		{"c1 reply granted", Cond{Kind: CondReply, Client: "c1", Reply: cluster.ReplyGranted}},
		{"c1 reply granted token 2", Cond{Kind: CondReply, Client: "c1", Reply: cluster.ReplyGranted, Token: 2, HasToken: true}},
		{"c1 reply not-leader", Cond{Kind: CondReply, Client: "c1", Reply: cluster.ReplyNotLeader}},
		{"resource orders token 0", Cond{Kind: CondResource, Key: "orders", HasToken: true}},
		{"c1 write accepted", Cond{Kind: CondWrite, Client: "c1", Accepted: true}},
		{"c1 write rejected", Cond{Kind: CondWrite, Client: "c1"}},
		{"violations none", Cond{Kind: CondViolations, None: true}},
		{"not violations stale-write", Cond{Kind: CondViolations, Violation: cluster.StaleWrite, Not: true}},
	}
	for _, tt := range tests {
		got := parseStep(t, "expect "+tt.src)
		want := Step{Kind: StepExpect, Cond: &tt.want}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.src, *got.Cond, tt.want)
		}
	}
}

func TestParsePositions(t *testing.T) {
	s, err := Parse("dir/p.scenario", []byte("# intro\n\n  wait 1s\n\texpect  not leader\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Steps[0].Pos, (Pos{"dir/p.scenario", 3, 3}); got != want {
		t.Errorf("step pos %v, want %v", got, want)
	}
	if got, want := s.Steps[1].Pos, (Pos{"dir/p.scenario", 4, 2}); got != want {
		t.Errorf("step pos %v, want %v", got, want)
	}
	if got, want := s.Steps[1].Cond.Pos, (Pos{"dir/p.scenario", 4, 10}); got != want {
		t.Errorf("cond pos %v, want %v", got, want)
	}
}

func TestParseHeaderDefaults(t *testing.T) {
	s, err := Parse("lessons/01-expiry.scenario", []byte("# only a comment\n\nwait 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultHeader()
	want.Title = "01-expiry"
	if !reflect.DeepEqual(s.Header, want) {
		t.Errorf("header %+v, want %+v", s.Header, want)
	}
	if s.Name != "01-expiry" || s.File != "lessons/01-expiry.scenario" {
		t.Errorf("name %q file %q", s.Name, s.File)
	}
}

func TestParseHeader(t *testing.T) {
	src := `title "A \"quoted\" title"  # comment
seed 18446744073709551615
nodes 3
tick 50ms
election 20
heartbeat 2
latency 1ms-20ms
option check-quorum off
option pre-vote off
option lease-extend-on-promote on
option snapshot-every 100
unsafe no-fencing
unsafe local-expiry
crash n3
`
	s, err := Parse("h.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg := cluster.DefaultConfig()
	cfg.Seed, cfg.Nodes, cfg.Tick, cfg.Election, cfg.Heartbeat = 1<<64-1, 3, 50*time.Millisecond, 20, 2
	cfg.LatencyMin, cfg.LatencyMax = time.Millisecond, 20*time.Millisecond
	cfg.CheckQuorum, cfg.PreVote, cfg.LeaseOnPromote, cfg.SnapshotEvery = false, false, cluster.PromoteExtend, 100
	want := Header{Config: cfg, Title: `A "quoted" title`, Unsafe: []string{"no-fencing", "local-expiry"},
		Set: map[string]bool{}}
	for _, k := range []string{"title", "seed", "nodes", "tick", "election", "heartbeat", "latency",
		"option check-quorum", "option pre-vote", "option lease-extend-on-promote", "option snapshot-every",
		"unsafe", "unsafe no-fencing", "unsafe local-expiry"} {
		want.Set[k] = true
	}
	if !reflect.DeepEqual(s.Header, want) {
		t.Errorf("header\n got %+v\nwant %+v", s.Header, want)
	}
}

func TestParseHeaderForms(t *testing.T) {
	tests := []struct {
		src   string
		check func(h Header) bool
	}{
		{"latency 5ms", func(h Header) bool { return h.LatencyMin == 5*time.Millisecond && h.LatencyMax == 5*time.Millisecond }},
		{"latency 0s-1ms", func(h Header) bool { return h.LatencyMin == 0 && h.LatencyMax == time.Millisecond }},
		{"title bare words  joined", func(h Header) bool { return h.Title == "bare words joined" }},
		{"option check-quorum on", func(h Header) bool { return h.CheckQuorum && h.Set["option check-quorum"] }},
		{"heartbeat 3\nelection 4", func(h Header) bool { return h.Heartbeat == 3 && h.Election == 4 }},
		{"nodes 9", func(h Header) bool { return h.Nodes == 9 }},
		{"option held-keys 100000", func(h Header) bool { return h.HeldKeys == 100000 && h.HeldLease == 0 && h.Set["option held-keys"] }},
		{"option held-keys 10 30s", func(h Header) bool { return h.HeldKeys == 10 && h.HeldLease == 30*time.Second }},
		{"seed 0", func(h Header) bool { return h.Seed == 0 && h.Set["seed"] }},
		{"option lease-on-promote reset", func(h Header) bool { return h.LeaseOnPromote == cluster.PromoteReset }},
		{"option lease-on-promote extend", func(h Header) bool { return h.LeaseOnPromote == cluster.PromoteExtend }},
		{"option lease-extend-on-promote on", func(h Header) bool { return h.LeaseOnPromote == cluster.PromoteExtend }},
		{"option lease-extend-on-promote off", func(h Header) bool { return h.LeaseOnPromote == cluster.PromoteKeep }},
		{"option lease-checkpoint 1500ms", func(h Header) bool { return h.LeaseCheckpoint == 1500*time.Millisecond }},
		{"option keepalive replicated", func(h Header) bool { return h.Keepalive == cluster.KeepaliveReplicated && h.Set["option keepalive"] }},
		{"option keepalive leader", func(h Header) bool { return h.Keepalive == cluster.KeepaliveLeader }},
		{"option lock-delay 15s", func(h Header) bool { return h.LockDelay == 15*time.Second && h.Set["option lock-delay"] }},
	}
	for _, tt := range tests {
		s, err := Parse("t.scenario", []byte(tt.src))
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if !tt.check(s.Header) {
			t.Errorf("%q: header %+v", tt.src, s.Header)
		}
	}
}

func TestParseNodesBound(t *testing.T) {
	if _, err := Parse("t", []byte("nodes 9\ncrash n9\npartition n1 n2 | n8")); err != nil {
		t.Error(err)
	}
	if _, err := Parse("t", []byte("nodes 3\nexpect n3 role leader")); err != nil {
		t.Error(err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"wiat 3s", `f:1:1: unknown command "wiat" (want wait, wait-until, isolate, rejoin, partition, cut, `},
		{"c1 acquire k 1s\nc1 aquire k 1s", `f:2:4: unknown client action "aquire" (want acquire, release, keepalive, write, connect, pause, disconnect, reconnect, timeout or skew)`},
		{"wait 3x", `f:1:6: bad duration "3x": unknown unit "x" in duration "3x"`},
		{"c1 write k token 0", `f:1:18: a write's token must be at least 1`},
		{"c1 write k v token", `f:1:19: missing token`},
		{"c1 write k v token 1 2", `f:1:22: too many words: "2"`},
		{"wait 0s", `f:1:6: wait must be positive, found 0s`},
		{"wait -1s", `f:1:6: wait must be positive, found -1s`},
		{"wait", `f:1:5: missing wait`},
		{"nodes 3\ncrash n4", `f:2:7: unknown node n4 (this cluster has n1..n3)`},
		{"crash m3", `f:1:7: expected a node n1..n5, found "m3"`},
		{"crash n01", `f:1:7: unknown node n01 (this cluster has n1..n5)`},
		{"crash n0", `f:1:7: unknown node n0 (this cluster has n1..n5)`},
		{"wait 1s\nseed 3", `f:2:1: header line "seed" after the first step (line 1)`},
		{`say "hello`, `f:1:5: unterminated quote`},
		{`say "a\nb"`, `f:1:7: unknown escape "\\n" in quoted string (only \" and \\)`},
		{`say "a"b`, `f:1:8: missing space after closing quote`},
		{`say a"b"`, `f:1:6: quote inside a word (put a space before it)`},
		{`ask "Q" "a"`, `f:1:12: an ask needs 2 to 4 quoted choices, found 1`},
		{`ask "Q" "a" "b"`, `f:1:1: no choice is marked right`},
		{`ask "Q" right "a" right "b"`, `f:1:19: a second choice marked right`},
		{`ask "Q" right "a" "b" "c" "d" "e"`, `f:1:31: an ask has at most 4 choices`},
		{`ask Q right "a" "b"`, `f:1:5: the question after ask must be one quoted string`},
		{`ask "Q" right a "b"`, `f:1:15: expected a quoted choice, right, or because; found "a"`},
		{`ask "Q" right "a" "b" because`, `f:1:30: missing explanation after because`},
		{`ask "Q" right "a" "b" because "x" "y"`, `f:1:35: too many words: "y"`},
		{`ask "Q" right "" "b"`, `f:1:15: empty choice`},
		{"drop all 150%", `f:1:10: percentage must be 0..100%, found 150%`},
		{"expect n1 log 3 Expire orders 1", `f:1:31: expected a token like #1 after the key, found "1"`},
		{"expect n1 log 3 Noop", `f:1:17: unknown after the log index "Noop" (want term, none, Grant, Release, Expire, empty or conf)`},
		{"expect majority lock k free", `f:1:8: majority takes a log condition: majority log I term T (or another log I form)`},
		{"expect n1 last-index ~ 3", `f:1:22: unknown last-index operator "~" (want <, <=, >, >= or =)`},
		{"wait 1s #1", `f:1:9: too many words`},
		{"cut n1 c1", `f:1:8: a client link is written with the client first (cut c1 n1), or nY -> cX for replies only`},
		{"delay c1 -> n1 5ms", `f:1:10: only cut takes a direction`},
		{"drop c1 c2 5%", `f:1:9: expected a node n1..n5, found "c2"`},
		{"option lease-on-promote renew", `f:1:25: unknown lease-on-promote rule "renew" (want keep, extend or reset)`},
		{"option lease-extend-on-promote on\noption lease-on-promote reset", `f:2:1: option lease-on-promote and its old name lease-extend-on-promote are one setting: give one`},
		{"option lease-checkpoint 0s", `f:1:25: lease-checkpoint interval must be positive, found 0s`},
		{"option keepalive follower", `f:1:18: unknown keepalive rule "follower" (want leader or replicated)`},
		{"c1 keepalive orders every", `f:1:26: missing interval after every`},
		{"c1 keepalive orders every 0s", `f:1:27: interval after every must be positive, found 0s`},
		{"c1 keepalive orders every 500us", `f:1:27: a keepalive interval must be 1ms to 1000h, found 500us`},
		{"c1 keepalive orders each 1s", `f:1:21: too many words: "each"`},
		{"c1 keepalive", `f:1:13: missing key`},
		{"option lock-delay 0s", `f:1:19: lock-delay must be positive, found 0s`},
		{"c1 acquire k 1s wait 2s", `f:1:22: too many words`},
		{"c1 acquire k 1s block", `f:1:17: too many words`},
		{"drop all 50", `f:1:10: missing % in "50" (want a share like 50% or 12.5%)`},
		{"drop all -5%", `f:1:10: bad percentage "-5%"`},
		{"drop n1 n2", `f:1:11: missing drop percentage`},
		{"expect n1 result k granted", `f:1:20: unknown result "granted" (want Granted{token:N}, GrantRejected, Released, NotFound, Expired{existed:true|false}, Checkpointed{existed:true|false}, Renewed{existed:true|false} or Noop)`},
		{"expect all history k Released Granted{token:0}", `f:1:31: unknown result "Granted{token:0}"`},
		{"expect violations lost-lock", `f:1:19: unknown violation "lost-lock" (want none, divergence, token-regression, double-grant, stale-write, lost-grant, non-linearizable, config-divergence, foreign-vote or quorumless-commit)`},
		{"expect n1 role boss", `f:1:16: unknown role "boss" (want leader, follower, candidate, pre-candidate or down)`},
		{"expect all role leader", `f:1:8: role needs one node, like n1, before it; found "all"`},
		{"expect n1 commit == 3", `f:1:18: unknown commit operator "==" (want <, <=, >, >= or =)`},
		{"expect n1 countdown k = 1s", `f:1:23: unknown countdown operator (or expired) "=" (want <, <=, > or >=)`},
		{"expect all lock k token x", `f:1:25: bad token "x" (want a whole number)`},
		{"expect all lock k held", `f:1:19: unknown word after lock key "held" (want token or free)`},
		{"expect c1 holds k token -1", `f:1:25: bad token "-1" (want a whole number)`},
		{"expect term three", `f:1:13: bad term "three" (want a whole number)`},
		{"cut n2 n2", `f:1:8: a link needs two different nodes, found n2 twice`},
		{"cut n2 -> n2", `f:1:11: a link needs two different nodes, found n2 twice`},
		{"delay n1 n1 5ms", `f:1:10: a link needs two different nodes, found n1 twice`},
		{"partition n1 n2 | n3 n1", `f:1:22: n1 is named twice in the partition`},
		{"partition n1 | | n2", `f:1:16: empty group before |`},
		{"partition n1|", `f:1:13: empty group after |`},
		{"partition", `f:1:10: missing nodes after partition`},
		{"leader acquire k 1s", `f:1:1: "leader" is a word of the language and cannot name a client`},
		{"within acquire k 1s", `f:1:1: "within" is a word of the language and cannot name a client`},
		{"acquire acquire k 1s", `f:1:1: "acquire" is a word of the language and cannot name a client`},
		{"wait acquire k 1s", `f:1:1: "wait" is a word of the language and cannot name a client`},
		{"expect holds holds k", `f:1:8: unknown condition "holds"`},
		{"c1 acquire k 1s\nrejoin n1", ""}, // rejoin of a node that is not isolated is the world's error, at run time
		{"n1 acquire k 1s", `f:1:1: n1 is a node, not a client`},
		{"expect not c1 holds k", ""}, // valid: a control row
		{"c1 acquire k:1 1s", `f:1:12: bad key "k:1" (want letters, digits and _ . / -)`},
		{"c1 acquire k", `f:1:13: missing lease duration after key`},
		{"c1 acquire k 0s", `f:1:14: lease duration after key must be positive, found 0s`},
		{"c1 acquire k 500us", `f:1:14: lease must be a whole number of milliseconds, at least 1ms (a Grant carries lease_ms), found 500us`},
		{"c1 acquire k 1500us", `f:1:14: lease must be a whole number of milliseconds, at least 1ms (a Grant carries lease_ms), found 1500us`},
		{"skew n1 rate 0.00000000001", `f:1:14: rate must be 0.01 to 100, found 0.00000000001`},
		{"skew n1 rate 1000000000", `f:1:14: rate must be 0.01 to 100, found 1000000000`},
		{"c1 skew rate 0.00000000001", `f:1:14: rate must be 0.01 to 100, found 0.00000000001`},
		{"c1 acquire k 3000h", `f:1:14: duration 3000h is out of range (at most 1000h either way)`},
		{"wait 2562047h", `f:1:6: duration 2562047h is out of range (at most 1000h either way)`},
		{"wait-until leader n1 within 2562047h", `f:1:29: duration 2562047h is out of range (at most 1000h either way)`},
		{"delay n1 n2 2562047h47m16s", `f:1:13: duration 2562047h47m16s is out of range (at most 1000h either way)`},
		{"skew n1 offset -1001h", `f:1:16: duration -1001h is out of range (at most 1000h either way)`},
		{"c1 pause 1001h", `f:1:10: duration 1001h is out of range (at most 1000h either way)`},
		{"tick 1ns", `f:1:6: tick must be 1ms to 1m, found 1ns`},
		{"tick 2m", `f:1:6: tick must be 1ms to 1m, found 2m`},
		{"election 92233720368", `f:1:10: election must be 1..10000, found 92233720368`},
		{"heartbeat 10001", `f:1:11: heartbeat must be 1..10000, found 10001`},
		{"nodes 2", `f:1:7: nodes must be 3..9, found 2`},
		{"nodes 10", `f:1:7: nodes must be 3..9, found 10`},
		{"latency 8ms-2ms", `f:1:9: latency minimum 8ms is above its maximum 2ms`},
		{"latency 2ms-8", `f:1:13: bad duration "8": missing unit in duration "8"`},
		{"option fast-mode on", `f:1:8: unknown option "fast-mode" (want check-quorum, pre-vote, lease-extend-on-promote, snapshot-every, held-keys, lease-on-promote, lease-checkpoint, keepalive, client-timeout or lock-delay)`},
		{"option client-timeout 9ms", `f:1:23: client-timeout must be 10ms to 1h, found 9ms`},
		{"option client-timeout 61m", `f:1:23: client-timeout must be 10ms to 1h, found 61m`},
		{"c1 timeout 5ms", `f:1:12: timeout must be 10ms to 1h, found 5ms`},
		{"c1 timeout", `f:1:11: missing timeout`},
		{"option held-keys 1000001", `f:1:18: held-keys must be 0..1000000, found 1000001`},
		{"option held-keys 5 0s", `f:1:20: held-keys lease must be positive, found 0s`},
		{"option held-keys 5 5s 6s", `f:1:23: too many words: "6s"`},
		{"option pre-vote yes", `f:1:17: unknown option value "yes" (want on or off)`},
		{"option snapshot-every -1", `f:1:23: snapshot-every must be at least 0, found -1`},
		{"unsafe yolo", `f:1:8: unknown unsafe name "yolo" (want expire-ignores-token, unchecked-proposals, local-expiry, no-fencing or lease-read)`},
		{"unsafe lease-read\noption check-quorum off", `f:2:21: unsafe lease-read needs check-quorum (the leader's lease is the check-quorum interval; raft refuses lease-based reads without it), but unsafe lease-read is on line 1`},
		{"option check-quorum off\nseed 3\nunsafe lease-read", `f:3:8: unsafe lease-read needs check-quorum (the leader's lease is the check-quorum interval; raft refuses lease-based reads without it), but option check-quorum off is on line 1`},
		{"unsafe lease-read\noption check-quorum on", ""},
		{"unsafe lease-read", ""},
		{"unsafe no-fencing\nunsafe no-fencing", `f:2:1: duplicate header line "unsafe no-fencing" (first on line 1)`},
		{"seed 1\nseed 2", `f:2:1: duplicate header line "seed" (first on line 1)`},
		{"seed -1", `f:1:6: bad seed "-1" (want a whole number)`},
		{"tick 0s", `f:1:6: tick must be positive, found 0s`},
		{"election 0", `f:1:10: election must be 1..10000, found 0`},
		{"heartbeat 10", `f:1:11: election (10) must be greater than heartbeat (10)`},
		{"election 5\nheartbeat 6", `f:2:11: election (5) must be greater than heartbeat (6)`},
		{"say", `f:1:4: missing text after say`},
		{`say ""`, `f:1:5: empty text after say`},
		{`say "a" b`, `f:1:9: too many words: "b"`},
		{"heal now", `f:1:6: too many words: "now"`},
		{"pause 1s", `f:1:7: pause takes nothing after it (a client pause is "c1 pause 1s")`},
		{"expect leader within 2s", `f:1:15: within is only for wait-until`},
		{"wait-until leader within 0s", `f:1:26: duration after within must be positive, found 0s`},
		{"expect n1 holds k", `f:1:8: holds needs a client before it, found "n1"`},
		{"expect c1 lock k free", `f:1:11: unknown client condition "lock" (want holds, reply or write)`},
		{"expect c1 reply busy token 2", `f:1:22: only a granted reply carries a token`},
		{"expect c1 reply ok", `f:1:17: unknown reply "ok" (want granted, busy, released, not-found, not-leader, rejected, timeout, outcome-unknown, renewed or delayed)`},
		{"expect c1 write maybe", `f:1:17: unknown write fate "maybe" (want accepted or rejected)`},
		{"expect resource k 2", `f:1:19: unknown word after resource key "2" (want token)`},
		{"expect not not leader", `f:1:12: "not" twice`},
		{"leader n1", `f:1:1: unknown command "leader" (a condition goes after expect or wait-until)`},
		{"n2 role leader", `f:1:1: unknown command "n2" (a condition goes after expect or wait-until)`},
		{"wait-until leader within", `f:1:25: missing duration after within`},
		{"latency -1ms", `f:1:9: latency must not be negative, found -1ms`},
		{"expect all history k", `f:1:21: missing result`},
		{"expect 42", `f:1:8: unknown condition "42" (want leader, term, converged, resource, violations, `},
		{"expect", `f:1:7: missing condition`},
		{"expect n1 lock", `f:1:15: missing key`},
		{"expect all frozen", `f:1:12: unknown condition "frozen" after all (want role, lock, result, history, countdown, commit, applied, log, last-index, voters, learners, config or removed)`},
		{"skew n1 rate 0", `f:1:14: rate must be 0.01 to 100, found 0`},
		{"skew n1 rate fast", `f:1:14: bad rate "fast" (want a number like 1.5)`},
		{"skew n1 offset 2", `f:1:16: bad duration "2": missing unit`},
		{"skew n1 tilt", `f:1:9: unknown skew form "tilt" (want rate, offset or reset)`},
		{"skew c1 rate 2", `f:1:6: expected a node n1..n5, found "c1" (a client's clock is skewed with "c1 skew rate R")`},
		{"c1 skew drift 1s", `f:1:9: unknown client skew form "drift" (want rate, offset or reset)`},
		{"c1 connect", `f:1:11: missing node after connect`},
		{"c1 connect n9", `f:1:12: unknown node n9 (this cluster has n1..n5)`},
		{"c1 connect c2", `f:1:12: expected a node n1..n5, found "c2"`},
		{`"wait" 1s`, `f:1:1: expected a command, found quoted string "wait"`},
		{`crash "n1"`, `f:1:7: expected node after crash, found quoted string "n1"`},
	}
	for _, tt := range tests {
		s, err := Parse("f", []byte(tt.src))
		if tt.want == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", tt.src, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v (%T), want a *ParseError", tt.src, err, err)
			continue
		}
		if s != nil {
			t.Errorf("%q: scenario returned with an error", tt.src)
		}
		if len(pe.Diags) != 1 || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, err, tt.want)
		}
	}
}

func TestParseReportsEveryBadLine(t *testing.T) {
	src := "nodes 3\ncampaign n1\nwait 2\nc1 acquire k 1s\ncrash n4\nexpect c1 holds k\nsay \"oops\n"
	s, err := Parse("lessons/bad.scenario", []byte(src))
	if s != nil {
		t.Error("scenario returned with an error")
	}
	want := `lessons/bad.scenario:3:6: bad duration "2": missing unit in duration "2" (want Go syntax like 250ms, 3s or 1m30s)
lessons/bad.scenario:5:7: unknown node n4 (this cluster has n1..n3)
lessons/bad.scenario:7:5: unterminated quote`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// A bad node count must not also fail every node word after it.
func TestParseBadNodesDoesNotCascade(t *testing.T) {
	_, err := Parse("f", []byte("nodes 10\ncrash n7\ncrash n9"))
	if want := "f:1:7: nodes must be 3..9, found 10"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestParseByteOrderMark(t *testing.T) {
	s, err := Parse("f", []byte("\uFEFFwait 1s"))
	if err != nil || s.Steps[0].Kind != StepWait || s.Steps[0].Pos.Col != 1 {
		t.Errorf("got %v %+v", err, s)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "\n\n", "# nothing\n   \t\n"} {
		s, err := Parse("e.scenario", []byte(src))
		if err != nil || len(s.Steps) != 0 || s.Header.Title != "e" {
			t.Errorf("%q: %v %+v", src, err, s)
		}
	}
}
