package scenarios

import (
	"testing"
)

// Issue 22.4: a key whose lease expired kept a 256-result chunk tail per node (about 21 KB a key:
// 10,000 expired keys peaked at 280 MB, 30,000 at 808 MB). Its one older result now costs one
// result. 10,000 keys held and then expired must stay under 100 MB of peak heap.
func TestExpiredKeysStaySmall(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 leases")
	}
	s, err := Parse("held.scenario", []byte("option held-keys 10000\nwait 200s\nexpect n1 lock held9999 free\nexpect violations none\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.NoLog = true
	peak := peakHeap(r.Run)
	if !r.Passed() {
		t.Fatal(r.Failures)
	}
	if peak > 100<<20 {
		t.Errorf("10,000 expired keys: peak heap %d MB, want under 100 MB", peak>>20)
	}
	t.Logf("10,000 expired keys: peak heap %d MB", peak>>20)
}
