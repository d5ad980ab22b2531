package check

import "testing"

// The model: a renewal reads who holds the key and changes nothing.
func TestLockModelKeepalive(t *testing.T) {
	held := lockState{holder: 3, max: 3}
	free := lockState{max: 3}
	for _, tt := range []struct {
		s       lockState
		claimed uint64
		outcome string
		ok      bool
	}{
		{held, 3, "renewed", true},
		{held, 2, "renewed", false},
		{free, 3, "renewed", false},
		{held, 2, "not-found", true},
		{free, 3, "not-found", true},
		{held, 3, "not-found", false},
	} {
		ok, next := stepLock(tt.s, "keepalive", tt.claimed, tt.outcome, 0)
		if ok != tt.ok || ok && next.(lockState) != tt.s {
			t.Errorf("keepalive #%d -> %s from %s: ok %v next %v", tt.claimed, tt.outcome, tt.s.describe(), ok, next)
		}
	}
}
