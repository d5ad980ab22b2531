package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func mustParse(t *testing.T, src string) *Scenario {
	t.Helper()
	s, err := Parse("l.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Each limit stops a run that would go on for hours, fails it at the step in progress and names
// the limit.
func TestRunnerLimits(t *testing.T) {
	src := "nodes 3\ncampaign n1\nwait 1000h\nexpect leader n1\n"
	cases := []struct {
		name string
		set  func(r *Runner)
		want string
	}{
		{"budget", func(r *Runner) { r.Budget = time.Minute }, "simulated-time budget of 1m"},
		{"events", func(r *Runner) { r.MaxEvents = 5000 }, "budget of 5000 events"},
		{"interrupt", func(r *Runner) {
			n := 0
			r.Interrupt = func() bool { n++; return n > 100 }
		}, "wall-clock timeout"},
	}
	for _, c := range cases {
		r, err := NewRunner(mustParse(t, src), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		c.set(r)
		r.Run()
		if r.Passed() || !strings.Contains(r.Stopped, c.want) || r.Failures[0].Pos.Line != 3 ||
			!strings.Contains(r.Failures[0].Expected, c.want) || r.Expects != 0 {
			t.Errorf("%s: stopped %q at %v, failures %v", c.name, r.Stopped, r.World().Now(), r.Failures)
		}
		if r.World().Now() > 2*time.Hour {
			t.Errorf("%s: ran to %v", c.name, r.World().Now())
		}
	}
	// Within its limits a run is the unlimited run, event for event (slicing changes nothing).
	a, _ := NewRunner(mustParse(t, "campaign n1\nc1 acquire k 2s\nwait 5s\nexpect leader n1\n"), nil, nil)
	b, _ := NewRunner(mustParse(t, "campaign n1\nc1 acquire k 2s\nwait 5s\nexpect leader n1\n"), nil, nil)
	b.Budget, b.MaxEvents, b.Interrupt = time.Hour, 1<<40, func() bool { return false }
	a.Run()
	b.Run()
	if !a.Passed() || !b.Passed() || a.World().TraceHash() != b.World().TraceHash() {
		t.Errorf("limited run differs: %v %v %x %x", a.Failures, b.Failures, a.World().TraceHash(), b.World().TraceHash())
	}
}

func TestLoadRefusesHugeFiles(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.scenario")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	if _, err := Load(p); err == nil || !strings.Contains(err.Error(), "MB limit") {
		t.Fatalf("got %v", err)
	}
}

// A file of a hundred thousand bad lines prints fifty diagnostics and a count; a megabyte-long
// bad word is quoted shortened.
func TestDiagnosticsAreCapped(t *testing.T) {
	src := strings.Repeat("wiat 1s\n", 100000) + "c1 acquire k 5" + strings.Repeat("x", 1<<20) + "\n"
	_, err := Parse("bad.scenario", []byte(src))
	if err == nil {
		t.Fatal("parsed")
	}
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	if len(lines) != MaxDiags+1 || lines[MaxDiags] != "… and 99951 more errors" || len(msg) > 400*MaxDiags {
		t.Fatalf("%d lines, %d bytes, last %q", len(lines), len(msg), lines[len(lines)-1])
	}
	last := err.(*ParseError).Diags[100000].String()
	if len(last) > 200 || !strings.Contains(last, "… (1048577 bytes)") {
		t.Fatalf("long word: %.300s", last)
	}
}
