package cluster

import (
	"fmt"
	"strings"
)

// OriginKind says who proposed an entry.
type OriginKind uint8

const (
	OriginNone       OriginKind = iota
	OriginAcquire               // a client's acquire
	OriginRelease               // a client's release (Token: the token it claimed)
	OriginExpire                // the leader's lease manager (Token: the lock it expires)
	OriginGhost                 // the leader releasing a lock whose client is gone (Token: that lock)
	OriginHeld                  // option held-keys: the leader granting the run's pre-held keys
	OriginCheckpoint            // option lease-checkpoint: the leader's lease checkpoint (Token: that lock)
	OriginKeepalive             // option keepalive replicated: a client's keepalive (Token: the lock it renews)
)

func (k OriginKind) String() string {
	switch k {
	case OriginAcquire:
		return "acquire"
	case OriginRelease:
		return "release"
	case OriginExpire:
		return "lease-expiry"
	case OriginGhost:
		return "ghost-release"
	case OriginHeld:
		return "held-keys"
	case OriginCheckpoint:
		return "checkpoint"
	case OriginKeepalive:
		return "keepalive"
	}
	return "none"
}

// Origin is where an entry came from: the simulator embeds its ID in the command (fsm ignores
// it), which is how the checker tells a lost grant from a rightful release.
type Origin struct {
	ID     uint64
	Kind   OriginKind
	Client string // acquire, release
	Req    uint64 // the client's request id; a lease expiry's try: 1 for the node's first Expire of that lock, 2 for its retry, …
	Token  uint64 // see OriginKind
	Node   int    // the proposing node
}

// String is a short label for logs and traces: "c1 acquire req4", "n2 lease-expiry #1".
func (o Origin) String() string { return o.format(o.Kind.String()) }

// Label is String as the screen words it, the same in every panel: "n2 lease expiry #1",
// "n1 ghost release #3"; a lease manager's retry says which proposal of that Expire it is,
// "n2 lease expiry #1, 2nd" (short: the timeline's row must fit 120x40; String, in traces,
// stays as it was).
func (o Origin) Label() string {
	return o.format(strings.ReplaceAll(o.Kind.String(), "-", " ")) + o.TryText()
}

// TryText is what Label adds for a lease manager's retry, ", 2nd" (its second proposal of that
// Expire), "" for a first proposal or any other origin.
func (o Origin) TryText() string {
	if o.Kind == OriginExpire && o.Req > 1 {
		return ", " + ordinal(o.Req)
	}
	return ""
}

func (o Origin) format(kind string) string {
	switch o.Kind {
	case OriginAcquire, OriginRelease, OriginKeepalive:
		return fmt.Sprintf("%s %s req%d", o.Client, kind, o.Req) // no #: that means a token
	case OriginExpire, OriginGhost, OriginCheckpoint:
		return fmt.Sprintf("n%d %s #%d", o.Node, kind, o.Token)
	case OriginHeld:
		return fmt.Sprintf("n%d %s", o.Node, kind)
	}
	return "-"
}

// LeaderDuty says whether the leader itself, not a client, proposed the entry.
func (o Origin) LeaderDuty() bool {
	return o.Kind == OriginExpire || o.Kind == OriginGhost || o.Kind == OriginCheckpoint
}

// originRec is an Origin as the world keeps it, one per proposal for the life of the run: with
// no pointer in it (the client by its place in the world's clients, the ID by the record's
// place in the list), so the GC never scans the thousands kept, and 32 bytes, not 56.
type originRec struct {
	req, token uint64
	client     int32 // 1 + the client's index in World.clients; 0: no client
	node       int32
	kind       OriginKind
}

// packOrigin is o as the world keeps it. A client origin names a client of this world (every
// proposal for a client comes from its request).
func (w *World) packOrigin(o Origin) originRec {
	r := originRec{req: o.Req, token: o.Token, node: int32(o.Node), kind: o.Kind}
	if o.Client != "" {
		r.client = int32(w.clientByName[o.Client].num + 1)
	}
	return r
}

// unpackOrigin is the Origin with this id that packOrigin kept as r.
func (w *World) unpackOrigin(id uint64, r *originRec) Origin {
	o := Origin{ID: id, Kind: r.kind, Req: r.req, Token: r.token, Node: int(r.node)}
	if r.client != 0 {
		o.Client = w.clients[r.client-1].name
	}
	return o
}

// ordinal is 2nd, 3rd, 4th, …
func ordinal(n uint64) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}
