package cluster

import "testing"

// The screen's lost-grant text names what did not end the lock: an Expire that did end it
// read "nor its expiry", a contradiction; the trace keeps the checker's words.
func TestLostGrantScreenText(t *testing.T) {
	e := &Event{Kind: EvViolation, Violation: LostGrant,
		Text: "Expire orders #1 (from n1 lease expiry #1) ended orders token 2 at index 6, which was neither its holder's release nor its expiry"}
	want := "lost-grant: Expire orders #1 (from n1 lease expiry #1) ended orders token 2 at index 6, which was neither its holder's release nor an Expire naming token 2"
	if got := e.Label(); got != want {
		t.Errorf("label\n got %s\nwant %s", got, want)
	}
}
