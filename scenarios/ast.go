package scenarios

import (
	"fmt"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// Pos is where a step or condition starts in its file (1-based line and column).
type Pos struct {
	File string
	Line int
	Col  int
}

// Scenario is one parsed file.
type Scenario struct {
	File   string // path or lesson name, used in error positions and reports
	Name   string // the file's base name without .scenario
	Header Header
	Steps  []Step
}

// Header holds the settings before the first step: the world's own Config (seed, nodes, tick,
// election, heartbeat, latency, the options; its defaults are cluster.DefaultConfig's), plus
// what only a script has. A new world setting is added to cluster.Config and read by the
// parser; nothing copies it field by field.
type Header struct {
	cluster.Config
	Title string
	// Unsafe lists the `unsafe NAME` lines in file order, each one of UnsafeNames; ConfigFor
	// turns them into Config.Unsafe (which the parser leaves alone).
	Unsafe []string
	// Set records which lines the file gave (keyed by the line's word: "title", "seed",
	// "nodes", "tick", "election", "heartbeat", "latency", "option check-quorum", ...) so the
	// formatter writes back only those.
	Set map[string]bool
}

// UnsafeNames are the valid `unsafe NAME` switches.
var UnsafeNames = cluster.UnsafeNames

// DefaultHeader returns the header a file with no header lines gets.
func DefaultHeader() Header {
	return Header{Config: cluster.DefaultConfig(), Set: map[string]bool{}}
}

// StepKind names a step.
type StepKind int

const (
	StepWait             StepKind = iota + 1 // wait Dur
	StepWaitUntil                            // wait-until Cond [within Dur]; Dur is 10s when not given
	StepPartition                            // partition Groups (unnamed nodes form one more group at run time)
	StepIsolate                              // isolate Node
	StepCut                                  // cut Node Node2 (OneWay: cut Node -> Node2)
	StepDrop                                 // drop Node Node2 Percent / drop all Percent (All)
	StepDelay                                // delay Node Node2 Dur
	StepHeal                                 // heal
	StepCrash                                // crash Node
	StepRestart                              // restart Node
	StepSkewRate                             // skew Node rate Rate
	StepSkewOffset                           // skew Node offset Dur (signed)
	StepSkewReset                            // skew Node reset
	StepCampaign                             // campaign Node
	StepTransfer                             // transfer-leader Node
	StepSnapshot                             // snapshot Node
	StepAcquire                              // Client acquire Key Dur(lease) [wait]
	StepRelease                              // Client release Key
	StepWrite                                // Client write Key [Value]
	StepDisconnect                           // Client disconnect
	StepReconnect                            // Client reconnect
	StepClientPause                          // Client pause Dur
	StepClientSkew                           // Client skew rate Rate
	StepSay                                  // say Text
	StepPause                                // pause
	StepExpect                               // expect Cond
	StepRejoin                               // rejoin Node (extension: undo isolate; the TUI's rejoin key)
	StepConnect                              // Client connect Node
	StepClientSkewOffset                     // Client skew offset Dur (signed)
	StepClientSkewReset                      // Client skew reset
	StepAddNode                              // add-node Node (a new, empty voter)
	StepAddLearner                           // add-learner Node
	StepPromote                              // promote Node (learner to voter)
	StepRemoveNode                           // remove-node Node
	StepReconfigure                          // reconfigure Nodes [hold] (joint consensus; Hold: leave-joint leaves it)
	StepLeaveJoint                           // leave-joint
	StepAsk                                  // ask Text Choices... (one after `right`) [because Explain]
	StepFreeze                               // freeze Node Dur (extension: a stalled server process)
	StepClientTimeout                        // Client timeout Dur (a setting: the requests it sends after it)
	StepKeepalive                            // Client keepalive Key [every Dur] (extension: Dur 0 renews once)
)

// Step is one line of the script. Only the fields its Kind names are meaningful.
type Step struct {
	Pos    Pos
	Kind   StepKind
	Node   int     // 1-based node id
	Node2  int     // second node of a link
	Groups [][]int // partition groups as written
	OneWay bool    // cut a -> b
	// Client is also the client side of a client link (cut/drop/delay cX nY); Replies says a
	// one-way client cut is `cut nY -> cX` (replies only) rather than `cut cX -> nY`.
	Replies bool
	All     bool    // drop all
	Percent float64 // drop share, 0..100
	Dur     time.Duration
	Rate    float64
	Client  string
	Key     string
	Value   string // write value; HasValue says whether one was given
	HasVal  bool
	Token   uint64   // write ... token N: the token it carries (0: the one the client holds)
	Text    string   // say; ask: the question
	Cond    *Cond    // expect, wait-until
	Choices []string // ask: 2 to 4 answers
	Right   int      // ask: the index in Choices of the one marked `right`
	Explain string   // ask: said once the student has answered (optional)
	Nodes   []int    // reconfigure: the voter set, as written
	Hold    bool     // reconfigure ... hold
	Wait    bool     // acquire ... wait: the leader queues it until the key is free
}

// CondKind names a condition.
type CondKind int

const (
	CondLeader       CondKind = iota + 1 // leader / leader nX (Node) / leader none (None)
	CondTerm                             // term N
	CondRole                             // nX role Role
	CondConverged                        // converged
	CondLock                             // SUBJECT lock Key token N / SUBJECT lock Key free (Free)
	CondResult                           // SUBJECT result Key Results[0]
	CondHistory                          // SUBJECT history Key Results...
	CondCountdown                        // SUBJECT countdown Key Op Dur
	CondCountdownExp                     // SUBJECT countdown Key expired
	CondCommit                           // SUBJECT commit Op N
	CondApplied                          // SUBJECT applied Op N
	CondHolds                            // Client holds Key [token N]
	CondReply                            // Client reply Reply [token N]
	CondResource                         // resource Key token N
	CondWrite                            // Client write accepted|rejected (Accepted)
	CondViolations                       // violations none (None) / violations Violation
	// Log conditions (extensions: the issue #27 forms), on SUBJECT or majority:
	CondLogTerm   // SUBJECT log Index term N
	CondLogCmd    // SUBJECT log Index LogCmd [Key [Dur (HasLease) | #Token]]
	CondLogNone   // SUBJECT log Index none (compacted or absent)
	CondLastIndex // SUBJECT last-index Op N
	CondVoters    // SUBJECT voters Nodes...
	CondLearners  // SUBJECT learners Nodes... / SUBJECT learners none (None)
	CondConfig    // SUBJECT config joint (Joint) / SUBJECT config simple
	CondRemoved   // nX removed
)

// LogCmds are the command words of `SUBJECT log I CMD`.
var LogCmds = []string{"Grant", "Release", "Expire", "empty", "conf"}

// SubjectKind says which nodes a per-node condition looks at.
type SubjectKind int

const (
	SubjectNode     SubjectKind = iota + 1 // one node, Cond.Node
	SubjectAll                             // every live member of the latest configuration (World.Members)
	SubjectLeader                          // the node that leads
	SubjectMajority                        // log conditions: at least a majority of the voters
)

// Cond is a condition of expect or wait-until.
type Cond struct {
	Pos       Pos
	Not       bool
	Kind      CondKind
	Subject   SubjectKind
	Node      int // SubjectNode, CondLeader nX, CondRole
	Client    string
	Key       string
	Token     uint64
	HasToken  bool
	Free      bool
	None      bool
	Role      string // leader, follower, candidate, pre-candidate, down
	Op        string // <, <=, >, >=  (commit/applied also accept =)
	N         uint64
	Dur       time.Duration
	Results   []fsm.Result
	Reply     cluster.ReplyKind // one of Replies
	Accepted  bool
	Violation cluster.ViolationKind
	Index     uint64 // log conditions: the entry's index
	LogCmd    string // CondLogCmd: one of LogCmds
	HasLease  bool   // CondLogCmd Grant: Dur is the lease to match
	Nodes     []int  // voters, learners: as written
	Joint     bool   // config joint
}

// Roles, Replies and Violations are the valid words of those conditions.
var (
	Roles      = []string{"leader", "follower", "candidate", "pre-candidate", "down"}
	Replies    = words(cluster.ReplyGranted, cluster.ReplyBusy, cluster.ReplyReleased, cluster.ReplyNotFound, cluster.ReplyNotLeader, cluster.ReplyRejected, cluster.ReplyTimeout, cluster.ReplyOutcomeUnknown, cluster.ReplyRenewed, cluster.ReplyDelayed)
	Violations = words(cluster.ViolationKinds()...)
)

// words spells typed names as the language writes them.
func words[T fmt.Stringer](ks ...T) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.String()
	}
	return out
}
