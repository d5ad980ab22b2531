package ui

import "testing"

// TestInFlightAcquireShowsItsLease: lease-read's ask names c2's 10s lease and c2's row read
// only "⋯ acquire orders" while it waited (nc34-d): the wide row says the lease it asks for.
func TestInFlightAcquireShowsItsLease(t *testing.T) {
	atStop(t, "lease-read", 120, 40, "c2 asks n1 again", "c2 ● holds nothing · ⋯ acquire orders 10s")
}
