package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"leaselab/scenarios"
)

// savedReplay saves the session with `w`, parses the file and plays it headless; it returns
// the replay's trace hash and the file.
func savedReplay(t *testing.T, m *Model) (uint64, string) {
	t.Helper()
	press(m, "w")
	files, _ := filepath.Glob(filepath.Join(m.saveDir, "*.scenario"))
	if len(files) == 0 || m.statusBad {
		t.Fatalf("nothing saved: %q", m.status)
	}
	path := files[len(files)-1]
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenarios.Parse(path, src)
	if err != nil {
		t.Fatalf("the saved session does not parse: %v\n%s", err, src)
	}
	r, err := scenarios.NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if r.World().Now() != m.sim.p.Now() {
		t.Fatalf("replay ended at %v, session at %v", r.World().Now(), m.sim.p.Now())
	}
	return r.World().TraceHash(), string(src)
}

// A sandbox session driven by keys and real frames, with a rewind and a fork in it, saved and
// replayed headless, gives the same trace hash.
func TestSavedSandboxSessionReplays(t *testing.T) {
	m := newSandbox(t, 42, 5, 160, 48)
	m.sim.speed = 2
	playFor(m, 1500*time.Millisecond)
	press(m, "tab", "a") // c2 first: its leader guess must replay the same
	playFor(m, 700*time.Millisecond)
	press(m, "tab", "a", "3", "+", "+", "5", "]")
	playFor(m, 1200*time.Millisecond)
	press(m, "p", "tab", "tab", "k", "a")
	playFor(m, 2*time.Second)
	press(m, "left", "left") // rewind, keeping the later actions...
	press(m, "right")
	press(m, "left", "h") // ...then fork
	playFor(m, time.Second)
	press(m, "1", "x", "tab", "f", "g", "%")
	typeLine(m, "cut n2 -> n3")
	typeLine(m, "c3 skew rate 0.8")
	playFor(m, 3*time.Second)
	press(m, ".", ".", ".")
	live := m.sim.p.World().TraceHash()
	got, src := savedReplay(t, m)
	if got != live {
		t.Fatalf("replayed trace %x, live %x; the file:\n%s", got, live, src)
	}
	for _, want := range []string{"seed 42", "c2 acquire orders 3s", "partition n", "heal", "crash n1", "c3 skew rate 0.8", "cut n2 -> n3", "drop all 10%"} {
		if !strings.Contains(src, want) {
			t.Errorf("the saved session lacks %q:\n%s", want, src)
		}
	}
}

// A lesson saved mid-way (past script pauses, with a user action) replays the same.
func TestSavedLessonSessionReplays(t *testing.T) {
	m := playLesson(t, "late-expire", 120, 36)
	for i := 0; i < 3; i++ {
		playFor(m, 1500*time.Millisecond)
		if m.sim.atPause() {
			answerAsk(m)
			press(m, "enter")
			m.Update(keyMsg("space"))
		}
	}
	press(m, "tab", "tab", "a")
	playFor(m, 1500*time.Millisecond)
	live := m.sim.p.World().TraceHash()
	if got, src := savedReplay(t, m); got != live {
		t.Fatalf("replayed trace %x, live %x; the file:\n%s", got, live, src)
	}
}

// The TUI's frame-by-frame run of a lesson is the headless run, event for event.
func TestPlayMatchesHeadless(t *testing.T) {
	for _, name := range []string{"late-expire", "lease-expiry", "skewed-followers"} {
		s, err := scenarios.Load(name)
		if err != nil {
			t.Skipf("%s: %v", name, err)
		}
		r, _ := scenarios.NewRunner(s, nil, nil)
		for r.AdvanceTo(1<<62) == scenarios.AtPause {
			r.Continue()
		}
		m := newPlay(t, s, 120, 36)
		m.sim.speed = 3
		for i := 0; i < 10000 && !m.sim.ended; i++ {
			playFor(m, 700*time.Millisecond)
			if m.sim.atPause() {
				answerAsk(m)
				press(m, "enter")
				m.Update(keyMsg("space"))
			}
		}
		if m.sim.p.Now() != r.World().Now() || m.sim.p.World().TraceHash() != r.World().TraceHash() {
			t.Errorf("%s: TUI ended at %v with %x, headless at %v with %x", name, m.sim.p.Now(), m.sim.p.World().TraceHash(), r.World().Now(), r.World().TraceHash())
		}
	}
}
