package scenarios

import "leaselab/cluster"

// Class is what a step does to a run.
type Class int

const (
	ClassAction Class = iota + 1 // acts on the world: Apply, the TUI's keys and prompt, chaos
	ClassTime                    // plays time on: wait, wait-until
	ClassCheck                   // judges the run: expect
	ClassScript                  // narration and pacing, which belong in scenario files: say, ask, pause
)

// StepDef is everything the language, the runner, the TUI and chaos know about one kind of
// step. The parser, FormatStep, Apply, IsAction, StepStarts (tab completion), the chaos
// generator and its shrinker all read Steps; a new kind is one entry there (plus, for an
// action, the world's operation it calls).
type StepDef struct {
	Kind StepKind
	// Word is the line's first word, or for a client step (Client) the action after the client.
	Word   string
	Client bool // written CLIENT WORD ...
	// Form is the word telling apart kinds that share a Word (skew rate / offset / reset); it
	// stands where Args holds ArgForm. Kinds sharing a Word list the same Args before it.
	Form  string
	Args  []Arg
	Class Class
	// Apply performs an action on the world (ClassAction only).
	Apply func(w *cluster.World, st *Step) error
	// Undo is the kind that undoes this one on the same node or client (crash: restart): the
	// shrinker drops the two together, since one alone the world would refuse or keep stuck.
	Undo StepKind
	// After is the error for words after a complete step, when the generic one would mislead.
	After string
	// Chaos is the kind's share of the chaos generator's fault mix (0: never drawn there):
	// draws are laid out in table order. The generator draws the arguments from Args, or with
	// its own rule for the kind (scenarios/chaos/gen.go), which may write a sibling kind
	// (campaign's share also snapshots, a client skew's also connects).
	Chaos int
}

// Steps is the table of step kinds, in the order the language lists them (errors, completion)
// and chaos lays out its draws.
var Steps = []StepDef{
	{Kind: StepWait, Word: "wait", Args: []Arg{ArgDur}, Class: ClassTime},
	{Kind: StepWaitUntil, Word: "wait-until", Args: []Arg{ArgCond, ArgWithin}, Class: ClassTime},
	{Kind: StepIsolate, Word: "isolate", Args: []Arg{ArgNode}, Class: ClassAction, Chaos: 2,
		Apply: func(w *cluster.World, st *Step) error { return w.Isolate(st.Node) }},
	{Kind: StepRejoin, Word: "rejoin", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Rejoin(st.Node) }},
	{Kind: StepPartition, Word: "partition", Args: []Arg{ArgGroups}, Class: ClassAction, Chaos: 3,
		Apply: func(w *cluster.World, st *Step) error { return w.Partition(st.Groups...) }},
	{Kind: StepCut, Word: "cut", Args: []Arg{ArgCutLink}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error {
			if st.Client != "" {
				return w.CutClient(st.Client, st.Node, !st.Replies, !st.OneWay || st.Replies)
			}
			return w.Cut(st.Node, st.Node2, st.OneWay)
		}},
	{Kind: StepDrop, Word: "drop", Args: []Arg{ArgDropTarget, ArgPercent}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error {
			if st.All {
				return w.DropAll(st.Percent)
			}
			if st.Client != "" {
				return w.DropClient(st.Client, st.Node, st.Percent)
			}
			return w.Drop(st.Node, st.Node2, st.Percent)
		}},
	{Kind: StepDelay, Word: "delay", Args: []Arg{ArgLink, ArgDur}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error {
			if st.Client != "" {
				return w.DelayClient(st.Client, st.Node, st.Dur)
			}
			return w.Delay(st.Node, st.Node2, st.Dur)
		}},
	{Kind: StepHeal, Word: "heal", Class: ClassAction, Chaos: 2,
		Apply: func(w *cluster.World, _ *Step) error { w.Heal(); return nil }},
	{Kind: StepCrash, Word: "crash", Args: []Arg{ArgNode}, Class: ClassAction, Chaos: 1, Undo: StepRestart,
		Apply: func(w *cluster.World, st *Step) error { return w.Crash(st.Node) }},
	{Kind: StepRestart, Word: "restart", Args: []Arg{ArgNode}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.Restart(st.Node) }},
	{Kind: StepSkewRate, Word: "skew", Form: "rate", Args: []Arg{ArgSkewNode, ArgForm, ArgRate}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.SkewRate(st.Node, st.Rate) }},
	{Kind: StepSkewOffset, Word: "skew", Form: "offset", Args: []Arg{ArgSkewNode, ArgForm, ArgOffset}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.SkewOffset(st.Node, st.Dur) }},
	{Kind: StepSkewReset, Word: "skew", Form: "reset", Args: []Arg{ArgSkewNode, ArgForm}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.SkewReset(st.Node) }},
	{Kind: StepCampaign, Word: "campaign", Args: []Arg{ArgNode}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.Campaign(st.Node) }},
	{Kind: StepTransfer, Word: "transfer-leader", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.TransferLeader(st.Node) }},
	{Kind: StepAddNode, Word: "add-node", Args: []Arg{ArgNewNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.AddNode(st.Node) }},
	{Kind: StepAddLearner, Word: "add-learner", Args: []Arg{ArgNewNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.AddLearner(st.Node) }},
	{Kind: StepPromote, Word: "promote", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Promote(st.Node) }},
	{Kind: StepRemoveNode, Word: "remove-node", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.RemoveNode(st.Node) }},
	{Kind: StepReconfigure, Word: "reconfigure", Args: []Arg{ArgVoters}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Reconfigure(st.Nodes, st.Hold) }},
	{Kind: StepLeaveJoint, Word: "leave-joint", Class: ClassAction,
		Apply: func(w *cluster.World, _ *Step) error { return w.LeaveJoint() }},
	{Kind: StepSnapshot, Word: "snapshot", Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Snapshot(st.Node) }},
	{Kind: StepFreeze, Word: "freeze", Args: []Arg{ArgNode, ArgDur}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Freeze(st.Node, st.Dur) }},
	{Kind: StepSay, Word: "say", Args: []Arg{ArgText}, Class: ClassScript},
	{Kind: StepAsk, Word: "ask", Args: []Arg{ArgAsk}, Class: ClassScript},
	{Kind: StepPause, Word: "pause", Class: ClassScript, After: `pause takes nothing after it (a client pause is "c1 pause 1s")`},
	{Kind: StepExpect, Word: "expect", Args: []Arg{ArgCond}, Class: ClassCheck},
	{Kind: StepAcquire, Word: "acquire", Client: true, Args: []Arg{ArgKey, ArgLease, ArgWaitFlag}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error {
			if st.Wait {
				return w.AcquireWait(st.Client, st.Key, st.Dur)
			}
			return w.Acquire(st.Client, st.Key, st.Dur)
		}},
	{Kind: StepRelease, Word: "release", Client: true, Args: []Arg{ArgKey}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { w.Release(st.Client, st.Key); return nil }},
	{Kind: StepKeepalive, Word: "keepalive", Client: true, Args: []Arg{ArgKey, ArgEvery}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Keepalive(st.Client, st.Key, st.Dur) }},
	{Kind: StepWrite, Word: "write", Client: true, Args: []Arg{ArgKey, ArgValue, ArgToken}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error {
			if st.Token > 0 {
				return w.WriteToken(st.Client, st.Key, st.Value, st.Token)
			}
			w.Write(st.Client, st.Key, st.Value)
			return nil
		}},
	{Kind: StepConnect, Word: "connect", Client: true, Args: []Arg{ArgNode}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.Connect(st.Client, st.Node) }},
	{Kind: StepClientPause, Word: "pause", Client: true, Args: []Arg{ArgDur}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.PauseClient(st.Client, st.Dur) }},
	{Kind: StepDisconnect, Word: "disconnect", Client: true, Class: ClassAction, Chaos: 1, Undo: StepReconnect,
		Apply: func(w *cluster.World, st *Step) error { w.Disconnect(st.Client); return nil }},
	{Kind: StepReconnect, Word: "reconnect", Client: true, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { w.Reconnect(st.Client); return nil }},
	{Kind: StepClientTimeout, Word: "timeout", Client: true, Args: []Arg{ArgTimeout}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.SetClientTimeout(st.Client, st.Dur) }},
	{Kind: StepClientSkew, Word: "skew", Client: true, Form: "rate", Args: []Arg{ArgForm, ArgRate}, Class: ClassAction, Chaos: 1,
		Apply: func(w *cluster.World, st *Step) error { return w.ClientSkewRate(st.Client, st.Rate) }},
	{Kind: StepClientSkewOffset, Word: "skew", Client: true, Form: "offset", Args: []Arg{ArgForm, ArgOffset}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.ClientSkewOffset(st.Client, st.Dur) }},
	{Kind: StepClientSkewReset, Word: "skew", Client: true, Form: "reset", Args: []Arg{ArgForm}, Class: ClassAction,
		Apply: func(w *cluster.World, st *Step) error { return w.ClientSkewReset(st.Client) }},
}

// stepIndex finds a kind's entry; stepWords groups the entries by (Client, Word), in table order.
var (
	stepIndex = map[StepKind]*StepDef{}
	stepWords = map[wordKey][]*StepDef{}
	// commandWords and clientActions are the distinct words, in table order, for errors.
	commandWords, clientActions []string
)

type wordKey struct {
	client bool
	word   string
}

func init() { indexSteps() }

// indexSteps derives the lookups from Steps (again, after a test adds an entry).
func indexSteps() {
	clear(stepIndex)
	clear(stepWords)
	commandWords, clientActions = nil, nil
	for i := range Steps {
		d := &Steps[i]
		if stepIndex[d.Kind] != nil {
			panic("scenarios: step kind listed twice: " + d.Word)
		}
		stepIndex[d.Kind] = d
		reserved[d.Word] = true
		k := wordKey{d.Client, d.Word}
		if len(stepWords[k]) == 0 {
			if d.Client {
				clientActions = append(clientActions, d.Word)
			} else {
				commandWords = append(commandWords, d.Word)
			}
		}
		stepWords[k] = append(stepWords[k], d)
	}
}

// Def is the table's entry for a kind (nil for a kind not in it).
func (k StepKind) Def() *StepDef { return stepIndex[k] }

// IsAction says whether a step acts on the world (as opposed to time, narration or a check):
// the steps Apply performs and a user may take from the keyboard.
func (k StepKind) IsAction() bool {
	d := k.Def()
	return d != nil && d.Class == ClassAction
}

// Apply performs one action step (not time, narration or conditions) on the world. The TUI
// uses it for every key it turns into a step, so a session is exactly a scenario.
func Apply(w *cluster.World, st *Step) error {
	d := st.Kind.Def()
	if d == nil || d.Apply == nil {
		return errNotAction(st.Kind)
	}
	return d.Apply(w, st)
}
