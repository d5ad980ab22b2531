package scenarios

import (
	"testing"
	"time"
)

// A prompt's wait or wait-until run in many small slices ends where one call ends, event for
// event, and can be stopped between slices.
func TestJobSlicesAreOneRun(t *testing.T) {
	s := mustParse(t, "campaign n1\nc1 acquire k 2s\nwait 1s\npause\nc2 acquire k 1s\nwait 3s\n")
	steps := []string{"wait 10s", "wait-until c2 holds k within 1m", "wait-until leader n2 within 30s"}
	for _, line := range steps {
		a, _ := NewPlayback(s, 1, nil)
		b, _ := NewPlayback(s, 1, nil)
		st, err := a.ParseStep(line)
		if err != nil {
			t.Fatal(err)
		}
		oa, err := a.Exec(st)
		if err != nil {
			t.Fatal(err)
		}
		j, err := b.StartJob(st)
		if err != nil {
			t.Fatal(err)
		}
		calls, stops := 0, 0
		for !j.Run(func() bool { calls++; return calls%3 != 0 }) {
			stops++
		}
		ob := j.Outcome()
		if oa != ob || a.World().TraceHash() != b.World().TraceHash() {
			t.Errorf("%s: one call %+v, sliced %+v (%d stops); hashes %x %x", line, oa, ob, stops, a.World().TraceHash(), b.World().TraceHash())
		}
		if stops == 0 {
			t.Errorf("%s: never stopped between slices", line)
		}
	}
}

// A long wait stops when asked, part of the way, and a seek back replays from the seed.
func TestJobStopsAndSeeksBack(t *testing.T) {
	p, _ := NewPlayback(mustParse(t, "campaign n1\nc1 acquire k 2s\n"), 1, nil)
	st, _ := p.ParseStep("wait 1000h")
	j, _ := p.StartJob(st)
	n := 0
	if j.Run(func() bool { n++; return n < 50 }) {
		t.Fatal("a 1000h wait ended in 50 slices")
	}
	from, now, limit := j.Progress()
	if from != 0 || now <= 0 || now >= limit || limit != 1000*time.Hour {
		t.Fatalf("progress %v %v %v", from, now, limit)
	}
	back, err := p.SeekJob(now / 2)
	if err != nil {
		t.Fatal(err)
	}
	back.Run(nil)
	if p.Now() != now/2 {
		t.Fatalf("seek back reached %v, want %v", p.Now(), now/2)
	}
}
