package cluster

import "fmt"

// The world's vocabulary, typed, each with the spelling the scenario language and the JSON
// trace use (as raftpb.MessageType has String).

// ViolationKind names a broken invariant the checker reports.
type ViolationKind uint8

const (
	Divergence       ViolationKind = iota + 1 // two nodes hold different lock tables after the same index
	TokenRegression                           // a node issued a token not above one it issued before
	DoubleGrant                               // a Granted over a key that was held
	StaleWrite                                // the resource accepted a write with a token below one it accepted
	LostGrant                                 // a lock ended by neither its holder's release nor its expiry
	NonLinearizable                           // the clients' history has no valid order (porcupine)
	ConfigDivergence                          // two nodes hold different configurations after the same index
	ForeignVote                               // a leader won with votes from outside its configuration
	QuorumlessCommit                          // an entry committed without its configuration's quorum (joint: both)
)

// lastViolation is the last kind: every loop over the kinds stops here.
const lastViolation = QuorumlessCommit

var violationNames = [...]string{"", "divergence", "token-regression", "double-grant", "stale-write", "lost-grant", "non-linearizable",
	"config-divergence", "foreign-vote", "quorumless-commit"}

func (k ViolationKind) String() string {
	if int(k) < len(violationNames) && k != 0 {
		return violationNames[k]
	}
	return "unknown-violation"
}

// ViolationKinds lists every kind, in the order of their constants.
func ViolationKinds() []ViolationKind {
	out := make([]ViolationKind, 0, len(violationNames)-1)
	for k := Divergence; k <= lastViolation; k++ {
		out = append(out, k)
	}
	return out
}

// ParseViolationKind reads a kind's name.
func ParseViolationKind(s string) (ViolationKind, bool) {
	for k := Divergence; k <= lastViolation; k++ {
		if violationNames[k] == s {
			return k, true
		}
	}
	return 0, false
}

// ReplyKind is a node's answer to a client request (or the client's own conclusion: timeout).
type ReplyKind uint8

const (
	ReplyGranted     ReplyKind = iota + 1 // the lock is the client's, with a token
	ReplyBusy                             // the key is held by someone else
	ReplyReleased                         // the release took effect
	ReplyNotFound                         // nothing to release (not held, or not with this token)
	ReplyNotLeader                        // this node does not lead; Peer names the leader it knows
	ReplyRejected                         // GrantRejected applied (only with an unsafe switch)
	ReplyTimeout                          // no answer in time: the client gave up
	ReplyUnavailable                      // the node is down: the connection was refused
	// ReplyOutcomeUnknown: the node that accepted the request stopped leading and a snapshot
	// from the new leader covered its entry's index, so it cannot tell whether that entry took
	// effect; Peer names the leader it knows. The client ends the request as a timeout.
	ReplyOutcomeUnknown
	// ReplyRenewed: a keepalive restarted the lease the client holds (an extension: etcd's
	// LeaseKeepAlive). Its not-found is ReplyNotFound.
	ReplyRenewed
	// ReplyDelayed: option lock-delay: the key is free but its lock ended by expiry or a ghost
	// release less than the delay ago, so the leader grants it to nobody yet (Consul's
	// lock-delay). Nothing was proposed.
	ReplyDelayed
)

var replyNames = [...]string{"", "granted", "busy", "released", "not-found", "not-leader", "rejected", "timeout", "unavailable", "outcome-unknown", "renewed", "delayed"}

// String is the reply's word; the zero ReplyKind (no reply yet) is "".
func (k ReplyKind) String() string {
	if int(k) < len(replyNames) {
		return replyNames[k]
	}
	return "unknown-reply"
}

// ParseReplyKind reads a reply's word.
func ParseReplyKind(s string) (ReplyKind, bool) {
	for k := ReplyGranted; int(k) < len(replyNames); k++ {
		if replyNames[k] == s {
			return k, true
		}
	}
	return 0, false
}

// Op is what a client asks.
type Op uint8

const (
	OpAcquire Op = iota + 1
	OpRelease
	OpWrite
	OpKeepalive // renew the lease the client holds on a key (an extension: etcd's LeaseKeepAlive)
)

func (o Op) String() string {
	switch o {
	case OpAcquire:
		return "acquire"
	case OpRelease:
		return "release"
	case OpWrite:
		return "write"
	case OpKeepalive:
		return "keepalive"
	}
	return ""
}

// MarshalText spells the kind by name (JSON reports, the chaos workers' protocol).
func (k ViolationKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *ViolationKind) UnmarshalText(b []byte) error {
	v, ok := ParseViolationKind(string(b))
	if !ok {
		return fmt.Errorf("unknown violation kind %q", b)
	}
	*k = v
	return nil
}
