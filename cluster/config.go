package cluster

import (
	"fmt"
	"time"
)

// Unsafe switches each remove one safety mechanism, so a lesson can show what it protects.
type Unsafe struct {
	ExpireIgnoresToken bool // Expire deletes whatever holds the key
	UncheckedProposals bool // the leader proposes every Grant and Release as it comes
	LocalExpiry        bool // every node deletes a lock when its own countdown ends
	NoFencing          bool // the resource accepts every write
	// LeaseRead confirms busy/not-found with a lease-based ReadIndex (raft's
	// ReadOnlyLeaseBased): the leader trusts its check-quorum lease, counted on its own clock,
	// instead of a quorum round. Needs check-quorum.
	LeaseRead bool
}

// UnsafeNames are the switches in the scenario language's spelling, in a fixed order.
var UnsafeNames = []string{"expire-ignores-token", "unchecked-proposals", "local-expiry", "no-fencing", "lease-read"}

// UnsafeRule is what one unsafe switch changes, in plain words: what a run with it on does,
// and the safe rule it switches off (the README's table of unsafe switches says the same).
type UnsafeRule struct {
	Name   string
	Unsafe string // with the switch on
	Safe   string // the rule it switches off, said after "safe: "
	// Without is that rule said whole, for the run without the switch.
	Without string
}

// UnsafeRules says what each switch of UnsafeNames changes, in the same order.
var UnsafeRules = []UnsafeRule{
	{"expire-ignores-token", "an Expire deletes the key's lock whatever token it names", "only the token it names",
		"an Expire deletes the key's lock only if the lock holds the token the Expire names"},
	{"unchecked-proposals", "the leader proposes every Grant and Release as it comes", "only a Grant for a free key and a Release for the client's own lock, checked in its projected state",
		"the leader proposes a Grant only for a free key, a Release only for the client's own lock (its token), as its projected state has them"},
	{"local-expiry", "every node deletes a lock when its own countdown ends", "only the leader's committed Expire deletes a lock",
		"only the leader's committed Expire deletes a lock, on every node alike"},
	{"no-fencing", "the resource accepts every write", "it rejects a write whose token is below the highest it has seen",
		"the resource rejects a write whose token is below the highest it has seen"},
	{"lease-read", "the leader answers busy/not-found trusting its lease, on its own clock", "only after a quorum round confirms it still leads (ReadIndex)",
		"the leader answers busy/not-found only after a quorum round confirms it still leads (ReadIndex)"},
}

// UnsafeRuleOf is the rule of the switch name (ok false for an unknown name).
func UnsafeRuleOf(name string) (UnsafeRule, bool) {
	for _, r := range UnsafeRules {
		if r.Name == name {
			return r, true
		}
	}
	return UnsafeRule{}, false
}

// flags pairs each name of UnsafeNames with its field.
func (u *Unsafe) flags() []*bool {
	return []*bool{&u.ExpireIgnoresToken, &u.UncheckedProposals, &u.LocalExpiry, &u.NoFencing, &u.LeaseRead}
}

// SetByName switches one unsafe mechanism by its scenario-language name.
func (u *Unsafe) SetByName(name string) error {
	for i, n := range UnsafeNames {
		if n == name {
			*u.flags()[i] = true
			return nil
		}
	}
	return fmt.Errorf("unknown unsafe switch %q", name)
}

// Names lists the switches that are on, in the language's spelling and a fixed order.
func (u Unsafe) Names() []string {
	var out []string
	for i, on := range u.flags() {
		if *on {
			out = append(out, UnsafeNames[i])
		}
	}
	return out
}

// PromoteRule is what a new leader does with the lease countdowns it inherits.
type PromoteRule uint8

const (
	// PromoteKeep: the seed's rule. The countdowns run on as they were; those at zero are
	// expired at once.
	PromoteKeep PromoteRule = iota
	// PromoteExtend: at the role change every deadline becomes at least one election timeout
	// from now. leaselab's own grace rule (not etcd's).
	PromoteExtend
	// PromoteReset: etcd's rule (Promote and refresh in etcd's lessor.go). When the new leader
	// applies its first entry (its term's empty entry), every lease runs again for one election
	// timeout plus its full lease, or plus its checkpointed remaining time. Until then it
	// expires nothing, as etcd's demoted lessor does not.
	PromoteReset
)

// PromoteRuleNames are the rules in the scenario language's spelling, by value.
var PromoteRuleNames = []string{"keep", "extend", "reset"}

func (r PromoteRule) String() string {
	if int(r) < len(PromoteRuleNames) {
		return PromoteRuleNames[r]
	}
	return fmt.Sprintf("PromoteRule(%d)", uint8(r))
}

// KeepaliveRule is how a client's keepalive renews a lease (option keepalive).
type KeepaliveRule uint8

const (
	// KeepaliveLeader: etcd's LeaseKeepAlive. The leader alone restarts its countdown, after a
	// ReadIndex confirms it still leads; nothing is replicated, so the followers keep counting
	// from their apply of the Grant.
	KeepaliveLeader KeepaliveRule = iota
	// KeepaliveReplicated: the leader proposes a Renew command, and every node restarts its
	// countdown when it applies it (the seed's style: every lock change through the log).
	KeepaliveReplicated
)

// KeepaliveRuleNames are the rules in the scenario language's spelling, by value.
var KeepaliveRuleNames = []string{"leader", "replicated"}

func (r KeepaliveRule) String() string {
	if int(r) < len(KeepaliveRuleNames) {
		return KeepaliveRuleNames[r]
	}
	return fmt.Sprintf("KeepaliveRule(%d)", uint8(r))
}

// Config is everything a world is built from; with the seed it fixes the whole run.
type Config struct {
	Seed        uint64
	Nodes       int           // 3..9
	Tick        time.Duration // one raft tick on each node's own clock
	Election    int           // raft ElectionTick
	Heartbeat   int           // raft HeartbeatTick
	LatencyMin  time.Duration // one-way message delay, uniform in [LatencyMin, LatencyMax]
	LatencyMax  time.Duration
	CheckQuorum bool
	PreVote     bool
	// LeaseOnPromote is what a new leader does with the countdowns it inherits (option
	// lease-on-promote; lease-extend-on-promote on is PromoteExtend).
	LeaseOnPromote PromoteRule
	// LeaseCheckpoint: the leader replicates each lease's remaining time this often, on its own
	// clock (etcd's lease checkpoints); 0 = never.
	LeaseCheckpoint time.Duration
	// Keepalive is how a client's keepalive renews a lease (option keepalive).
	Keepalive KeepaliveRule
	// LockDelay: after a lock ends by expiry or by a ghost release, the leader grants its key to
	// nobody for this long, on its own clock (Consul's lock-delay); 0 = off.
	LockDelay     time.Duration
	SnapshotEvery int // snapshot and compact after this many applied entries; 0 = never
	// HeldKeys keys ("held000001"...) are granted by the first leaders, HeldBatch per tick, each
	// for HeldLease (default 60s): a cluster with many live leases, held by no client.
	HeldKeys  int
	HeldLease time.Duration
	Unsafe    Unsafe

	// ClientTimeout is how long a client waits for an answer, on its own clock (default 2s;
	// MinClientTimeout to MaxClientTimeout). `cX timeout D` sets one client's.
	ClientTimeout time.Duration
	// DescribeMessages fills Event.Text of message events with raft.DescribeMessage (slower).
	DescribeMessages bool
	// RecentEvents is how many events the world keeps for View (default 512).
	RecentEvents int
}

// The range of a client's timeout: below 10ms a request cannot even reach a node and come
// back at the default latency; above an hour it is no timeout a class would wait out.
const (
	MinClientTimeout = 10 * time.Millisecond
	MaxClientTimeout = time.Hour
)

// DefaultConfig is the language's defaults: five nodes, 100ms ticks, election 10, heartbeat 1,
// 2-8ms latency, check-quorum and pre-vote on.
func DefaultConfig() Config {
	return Config{
		Seed: 1, Nodes: 5, Tick: 100 * time.Millisecond, Election: 10, Heartbeat: 1,
		LatencyMin: 2 * time.Millisecond, LatencyMax: 8 * time.Millisecond,
		CheckQuorum: true, PreVote: true,
		ClientTimeout: 2 * time.Second, RecentEvents: 512,
	}
}

// Validate reports the first setting a world cannot be built from.
func (c Config) Validate() error {
	switch {
	case c.Nodes < 3 || c.Nodes > 9:
		return fmt.Errorf("nodes must be 3 to 9, got %d", c.Nodes)
	case c.Tick < MinTick || c.Tick > MaxTick:
		return fmt.Errorf("tick must be %v to %v, got %v", MinTick, MaxTick, c.Tick)
	case c.Election > MaxTicks:
		return fmt.Errorf("election must be at most %d ticks, got %d", MaxTicks, c.Election)
	case c.Heartbeat <= 0 || c.Election <= c.Heartbeat:
		return fmt.Errorf("need 0 < heartbeat < election, got heartbeat %d election %d", c.Heartbeat, c.Election)
	case c.LatencyMin < 0 || c.LatencyMax < c.LatencyMin || c.LatencyMax > MaxDuration:
		return fmt.Errorf("bad latency range %v-%v", c.LatencyMin, c.LatencyMax)
	case int(c.LeaseOnPromote) >= len(PromoteRuleNames):
		return fmt.Errorf("unknown lease-on-promote rule %d", c.LeaseOnPromote)
	case int(c.Keepalive) >= len(KeepaliveRuleNames):
		return fmt.Errorf("unknown keepalive rule %d", c.Keepalive)
	case c.LeaseCheckpoint < 0 || c.LeaseCheckpoint > MaxDuration:
		return fmt.Errorf("bad lease-checkpoint interval %v", c.LeaseCheckpoint)
	case c.LockDelay < 0 || c.LockDelay > MaxDuration:
		return fmt.Errorf("bad lock-delay %v", c.LockDelay)
	case c.SnapshotEvery < 0:
		return fmt.Errorf("snapshot-every must be >= 0, got %d", c.SnapshotEvery)
	case c.HeldKeys < 0 || c.HeldKeys > MaxHeldKeys:
		return fmt.Errorf("held-keys must be 0 to %d, got %d", MaxHeldKeys, c.HeldKeys)
	case c.HeldLease < 0 || c.HeldLease > MaxDuration:
		return fmt.Errorf("bad held-keys lease %v", c.HeldLease)
	case c.ClientTimeout < MinClientTimeout || c.ClientTimeout > MaxClientTimeout:
		return fmt.Errorf("client timeout must be %v to %v, got %v", MinClientTimeout, MaxClientTimeout, c.ClientTimeout)
	case c.Unsafe.LeaseRead && !c.CheckQuorum:
		return fmt.Errorf("unsafe lease-read needs check-quorum: raft refuses lease-based reads without it")
	}
	return nil
}

// CalmBound is how long a calm cluster (one leader throughout, no fault rule, the client
// connected and awake) may take to answer a request: a first guess that is not the leader and
// the hop to the one it names, the leader's commit or ReadIndex round and the reply, eight
// one-way trips at the highest latency; a round in which every node answered not-leader (one
// RetryWait); and two ticks, as raft acts on ticks. A timeout shorter than this can expire on
// a healthy cluster, so such a timeout is not counted stuck.
func (c Config) CalmBound() time.Duration {
	return 8*c.LatencyMax + c.RetryWait() + 2*c.Tick
}

// ElectionTimeout is ElectionTick ticks, on a node's own clock.
func (c Config) ElectionTimeout() time.Duration {
	return durOf(float64(c.Election) * float64(c.Tick))
}
