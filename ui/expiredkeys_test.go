package ui

import (
	"testing"
	"time"
)

// Issue 22.4 in the TUI: a sandbox started with 30,000 held keys (--keys) whose leases all
// expire. Each key's one older result cost a 4 KB chunk tail per node: 675 MB of live heap
// after the wave (the issue saw 0.75 GB, growing). Now under 200 MB, and flat: the next
// simulated half hour adds less than 32 MB.
func TestSandboxFlatAfterExpiryWave(t *testing.T) {
	if testing.Short() {
		t.Skip("30,000 leases")
	}
	o := Options{Seed: 7, Nodes: 5, Keys: 30000, StartPaused: true, SaveDir: t.TempDir()}
	m, err := newModel(SandboxScenario(o), o, testStyles(), true)
	if err != nil {
		t.Fatal(err)
	}
	setup(m, 120, 40)
	at := func(d time.Duration) uint64 {
		if err := m.sim.seek(d); err != nil {
			t.Fatal(err)
		}
		m.refresh()
		_ = m.View()
		return liveHeap()
	}
	wave := at(5 * time.Minute)
	var later uint64
	for d := 10 * time.Minute; d <= 35*time.Minute; d += 5 * time.Minute {
		later = at(d)
		t.Logf("%v: live heap %d MB", d, later>>20)
	}
	n, every := m.sim.p.Checkpoints()
	t.Logf("after the wave %d MB, 30 minutes later %d MB (%d checkpoints, %v apart)", wave>>20, later>>20, n, every)
	if wave > 200<<20 {
		t.Errorf("live heap %d MB after the expiry wave, want under 200 MB", wave>>20)
	}
	if later > wave+32<<20 {
		t.Errorf("live heap grew from %d MB to %d MB after the expiry wave", wave>>20, later>>20)
	}
}
