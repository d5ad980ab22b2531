package ui

import (
	"strings"
	"testing"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// heldSandbox is the sandbox with n keys held from the start (leaselab --keys n), played until
// every node applied them.
func heldSandbox(t testing.TB, n, w, h int) *Model {
	t.Helper()
	o := Options{Seed: 3, Keys: n, StartPaused: true, SaveDir: t.TempDir()}
	mod, err := newModel(SandboxScenario(o), o, testStyles(), true)
	if err != nil {
		t.Fatal(err)
	}
	m := setup(mod, w, h)
	for i := 0; i < 100 && !allHold(m, n); i++ {
		playFor(m, 500*time.Millisecond)
	}
	if !allHold(m, n) {
		t.Fatalf("the %d held keys were not applied everywhere", n)
	}
	return m
}

func allHold(m *Model, n int) bool {
	for _, nv := range m.v.Nodes {
		if nv.Leases != n {
			return false
		}
	}
	return true
}

// With thousands of held keys the lock table shows a screenful (those nearest to expiry and the
// selected key) and counts the rest; a prefix filter finds one key among them.
func TestLockTableBoundedAndFiltered(t *testing.T) {
	m := heldSandbox(t, 5000, 120, 40)
	screen := m.View()
	if !strings.Contains(screen, "more keys") || !strings.Contains(screen, "held0000 #1") {
		t.Fatalf("want the first held keys and a +N more line:\n%s", screen)
	}
	if len(m.v.LockKeys) > m.lockRowsFit()+1 || m.v.LockMore < 5000-len(m.v.LockKeys) {
		t.Fatalf("the view carries %d keys and leaves out %d: it should carry a screenful", len(m.v.LockKeys), m.v.LockMore)
	}
	typeLine(m, "/held4321")
	screen = m.View()
	if !strings.Contains(screen, "held4321 #4322") || strings.Contains(screen, "held0000") || !strings.Contains(screen, "/held4321") {
		t.Fatalf("the filter should show held4321 alone:\n%s", screen)
	}
	press(m, "/", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "enter")
	if !strings.Contains(m.View(), "held0000 #1") {
		t.Fatalf("an empty filter shows every key again:\n%s", m.View())
	}
}

// leaselab --keys N is the sandbox with option held-keys N: a saved session says so, and parses
// back to the same header.
func TestSandboxKeysOption(t *testing.T) {
	s := SandboxScenario(Options{Seed: 4, Keys: 250})
	text := scenarios.Format(s)
	if !strings.Contains(text, "option held-keys 250\n") {
		t.Fatalf("the sandbox scenario does not carry its held keys:\n%s", text)
	}
	back, err := scenarios.Parse("s.scenario", []byte(text))
	if err != nil || back.Header.HeldKeys != 250 {
		t.Fatalf("parsed back: %v, %+v", err, back)
	}
}

// The timeline's ring keeps the latest ringSize events per filter, oldest first, overwriting in
// place, and truncate drops the newest.
func TestTimelineRing(t *testing.T) {
	var r tlRing
	for i := 1; i <= ringSize+10; i++ {
		r.push(&cluster.Event{Seq: uint64(i)})
	}
	if r.len() != ringSize || r.at(0).ev.Seq != 11 || r.at(ringSize-1).ev.Seq != ringSize+10 {
		t.Fatalf("ring holds %d events, %d..%d", r.len(), r.at(0).ev.Seq, r.at(r.len()-1).ev.Seq)
	}
	r.truncate(5)
	r.push(&cluster.Event{Seq: 99})
	if r.len() != 6 || r.at(4).ev.Seq != 15 || r.at(5).ev.Seq != 99 {
		t.Fatalf("after truncate: %d events, last %d", r.len(), r.at(r.len()-1).ev.Seq)
	}
}
