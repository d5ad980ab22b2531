package cluster

import "testing"

// The screen words an origin one way in every panel ("ghost release", as the Replication
// panel has it); logs and traces keep String's hyphenated words.
func TestOriginLabel(t *testing.T) {
	for _, c := range []struct {
		o            Origin
		label, trace string
	}{
		{Origin{Kind: OriginGhost, Node: 1, Token: 3}, "n1 ghost release #3", "n1 ghost-release #3"},
		{Origin{Kind: OriginExpire, Node: 2, Token: 1}, "n2 lease expiry #1", "n2 lease-expiry #1"},
		{Origin{Kind: OriginAcquire, Client: "c-1", Req: 4}, "c-1 acquire req4", "c-1 acquire req4"},
	} {
		if c.o.Label() != c.label || c.o.String() != c.trace {
			t.Errorf("%+v: label %q, string %q; want %q, %q", c.o, c.o.Label(), c.o.String(), c.label, c.trace)
		}
	}
}
