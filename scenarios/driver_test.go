package scenarios

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func newPB(t *testing.T, src string) *Playback {
	t.Helper()
	s, err := Parse("d.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlayback(s, s.Header.Seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// RunTo says where it stopped: at a script pause, at the instant the script ends (once), then
// at the instant asked for.
func TestRunToStops(t *testing.T) {
	p := newPB(t, "campaign n1\nwait 1s\npause\nwait 500ms\nexpect leader n1\n")
	if st := p.RunTo(time.Hour); st != StopPause || p.Now() != time.Second || !p.AtPause() {
		t.Fatalf("first stop %v at %v, want a pause at 1s", st, p.Now())
	}
	if st := p.RunTo(time.Hour); st != StopPause || p.Now() != time.Second {
		t.Fatalf("a pause holds until Continue: %v at %v", st, p.Now())
	}
	p.Continue()
	if st := p.RunTo(time.Hour); st != StopEnd || p.Now() != 1500*time.Millisecond || !p.Ended() {
		t.Fatalf("second stop %v at %v, want the end at 1.5s", st, p.Now())
	}
	if st := p.RunTo(2 * time.Second); st != StopTime || p.Now() != 2*time.Second {
		t.Fatalf("after the end: %v at %v, want time at 2s", st, p.Now())
	}
	if v := p.Verdict(); !v.OK() || v.Passed != 1 || v.Failed != 0 {
		t.Fatalf("verdict %+v", v)
	}
}

// A step the world refuses is neither recorded nor a fork of history.
func TestDoRecordsOnlyWhatTheWorldAccepts(t *testing.T) {
	p := newPB(t, "seed 4\n")
	p.RunTo(time.Second)
	crash := Step{Kind: StepCrash, Node: 2}
	if _, err := p.Do(crash); err != nil {
		t.Fatal(err)
	}
	p.RunTo(2 * time.Second)
	hash, events := p.World().TraceHash(), p.World().Events()
	_, err := p.Do(crash)
	if err == nil || !strings.Contains(err.Error(), "already down") {
		t.Fatalf("second crash: %v, want the world's refusal", err)
	}
	if p.UserActions() != 1 || p.World().TraceHash() != hash || p.World().Events() != events {
		t.Fatal("a refused step changed the session")
	}
	// After a rewind, a refused step does not drop the actions ahead.
	if err := p.SeekTo(500 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Do(Step{Kind: StepRestart, Node: 2}); err == nil {
		t.Fatal("restart of a node that is up should be refused")
	}
	if p.Ahead() != 1 {
		t.Fatalf("ahead %d, want the crash still ahead", p.Ahead())
	}
	if _, err := p.Do(Step{Kind: StepSay, Text: "x"}); err == nil {
		t.Fatal("say is no action")
	}
}

// Exec: wait-until from the prompt plays on to the instant a script would see the condition;
// expect answers without changing the run; nothing but actions is recorded.
func TestExecAtThePrompt(t *testing.T) {
	p := newPB(t, "seed 2\n")
	o, err := p.Exec(mustStep(t, p, "wait-until leader within 5s"))
	if err != nil || !o.Held || o.To <= o.From || p.World().Leader() == 0 {
		t.Fatalf("wait-until leader: %+v %v", o, err)
	}
	hash := p.World().TraceHash()
	o, err = p.Exec(mustStep(t, p, "expect violations none"))
	if err != nil || !o.Held || p.World().TraceHash() != hash {
		t.Fatalf("expect: %+v %v, or it changed the run", o, err)
	}
	o, _ = p.Exec(mustStep(t, p, "expect leader none"))
	if o.Held || !strings.Contains(o.Found, "leader n") {
		t.Fatalf("a false expect: %+v", o)
	}
	o, err = p.Exec(mustStep(t, p, "wait-until c1 holds orders within 300ms"))
	if err != nil || o.Held || o.To-o.From != 300*time.Millisecond {
		t.Fatalf("a wait-until that cannot hold runs to its limit: %+v %v", o, err)
	}
	if p.UserActions() != 0 || p.Log().Len() != 0 {
		t.Fatal("waits and expects must not be recorded")
	}
	if _, err := p.Exec(mustStep(t, p, "pause")); err != ErrScriptOnly {
		t.Fatalf("pause at the prompt: %v", err)
	}
}

func mustStep(t *testing.T, p *Playback, line string) Step {
	t.Helper()
	st, err := p.ParseStep(line)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestParseStep(t *testing.T) {
	h := DefaultHeader()
	h.Nodes = 3
	for _, tt := range []struct{ line, want string }{
		{"crash n4", "col 7: "},
		{"nodes 5", "nodes is a header line"},
		{"", "empty"},
		{"crash n1 n2", "col 10: "},
		{`say "open`, "col "},
	} {
		if _, err := ParseStep(tt.line, h); err == nil || !strings.HasPrefix(err.Error(), tt.want) && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.line, err, tt.want)
		}
	}
	st, err := ParseStep("c2 acquire orders 3s", h)
	if err != nil || st.Kind != StepAcquire || st.Client != "c2" || st.Dur != 3*time.Second || st.Pos != (Pos{}) {
		t.Fatalf("%+v %v", st, err)
	}
}

// NextEvent stops at the next instant where an event shows, and gives up without moving when
// nothing is due before its limit.
func TestNextEvent(t *testing.T) {
	p := newPB(t, "seed 3\n")
	n := p.World().Events()
	if st := p.NextEvent(time.Hour); st != StopEvent || p.World().Events() == n {
		t.Fatalf("%v, events %d -> %d", st, n, p.World().Events())
	}
	at := p.Now()
	if st := p.NextEvent(at); st != StopQuiet || p.Now() != at {
		t.Fatalf("limit now: %v moved to %v", st, p.Now())
	}
}

// The verdict is Finalize's, without touching the world.
func TestVerdictIsFinalizeWithoutSideEffects(t *testing.T) {
	s, err := Load("testdata/wrong-expects.scenario")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := NewPlayback(s, s.Header.Seed, nil)
	_ = p.SeekTo(time.Minute)
	hash := p.World().TraceHash()
	v := p.Verdict()
	if p.World().TraceHash() != hash {
		t.Fatal("Verdict changed the run")
	}
	r, _ := NewRunner(s, nil, nil)
	r.Run()
	var want, got []string
	for _, f := range r.Failures {
		want = append(want, f.String())
	}
	for _, f := range v.Failures {
		got = append(got, f.String())
	}
	if !slices.Equal(got, want) || v.OK() || v.Failed == 0 || v.Passed+v.Failed != r.Expects {
		t.Fatalf("verdict %v (%d/%d), leaselab run %v", got, v.Passed, v.Failed, want)
	}
}

// Every completion StepStarts offers begins a line the parser reads (completed with an
// argument where one is still missing).
func TestStepStartsParse(t *testing.T) {
	h := DefaultHeader()
	h.Nodes = 3
	rest := map[string]string{"wait ": "1s", "wait-until ": "leader", "expect ": "leader", "partition ": "n1 | n2",
		"drop all ": "10%", "cut n": "1 n2", "drop n": "1 n2 10%", "delay n": "1 n2 5ms"}
	starts := StepStarts(3, []string{"c1"})
	if !slices.Contains(starts, "crash n3") || slices.Contains(starts, "crash n4") || !slices.Contains(starts, "c1 acquire ") {
		t.Fatalf("starts %v", starts)
	}
	for _, s := range starts {
		line := s + rest[s]
		switch {
		case strings.HasSuffix(s, " rate "):
			line += "1.5"
		case strings.HasSuffix(s, " offset "), strings.HasPrefix(s, "freeze "):
			line += "1s"
		case strings.HasPrefix(s, "c1 "):
			continue // client actions take their own arguments
		}
		if _, err := ParseStep(line, h); err != nil {
			t.Errorf("%q: %v", line, err)
		}
	}
}
