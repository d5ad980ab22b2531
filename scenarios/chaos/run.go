package chaos

import (
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// Kinds are the violation kinds in the order a seed's target is chosen: when one run shows
// several, chaos shrinks for the first of them here, the checker's own invariants (exact, with
// an instant) before the linearizability verdict (a property of the whole history).
var Kinds = []cluster.ViolationKind{cluster.Divergence, cluster.DoubleGrant, cluster.TokenRegression, cluster.LostGrant, cluster.StaleWrite, cluster.NonLinearizable}

// kindRank orders kinds by Kinds; an unknown kind goes last.
func kindRank(k cluster.ViolationKind) int {
	for i, x := range Kinds {
		if x == k {
			return i
		}
	}
	return len(Kinds)
}

// chunk is how far a run advances between two looks at the checker when it may stop early.
const chunk = 100 * time.Millisecond

// execOpts say how to run one scenario.
type execOpts struct {
	stopOn     func(*cluster.Event) bool // stop as soon as an event matches (nil: run to the end)
	linTimeout time.Duration             // porcupine's budget; 0 = skip the linearizability check
	watch      func(*scenarios.Runner)
}

// execResult is what one run showed.
type execResult struct {
	R     *scenarios.Runner
	Lin   porcupine.CheckResult // "" when not checked
	Hit   bool                  // an event matched stopOn
	HitPC int                   // the step running when it was
	HitAt time.Duration         // and the instant
}

// execute runs a scenario headless: every step (no wait-until in generated scenarios, so
// advancing in chunks to look at the checker is the same run as Runner.Run), then the
// linearizability check. A panic in the simulation comes back as an error.
func execute(s *scenarios.Scenario, o execOpts) (res *execResult, err error) {
	check.ExplainHistories = false // thousands of verdicts nobody reads; a finding's replay explains
	defer func() { check.ExplainHistories = true }()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	r, err := scenarios.NewRunner(s, nil, nil)
	if err != nil {
		return nil, err
	}
	res = &execResult{R: r}
	if o.watch != nil {
		o.watch(r)
	}
	if o.stopOn != nil {
		r.World().Subscribe(func(e *cluster.Event) {
			if !res.Hit && o.stopOn(e) {
				res.Hit, res.HitPC, res.HitAt = true, r.PC(), e.At
			}
		})
		for !r.Done() && !res.Hit {
			if r.AdvanceTo(r.World().Now()+chunk) == scenarios.AtPause {
				r.Continue()
			}
		}
	} else {
		for r.AdvanceTo(math.MaxInt64) == scenarios.AtPause {
			r.Continue()
		}
	}
	if o.linTimeout > 0 {
		res.Lin = check.CheckHistory(r.World(), o.linTimeout)
	}
	return res, nil
}

// refusals are the steps the world refused (the liveness tail's checks aside), but for a
// transfer-leader finding no leader and a rejoin of a node no longer alone: the generator
// cannot know the leader or the world's groups, so those are faults that did nothing.
func refusals(r *scenarios.Runner) []scenarios.Failure {
	var out []scenarios.Failure
	for _, f := range r.Failures {
		if isLivenessCheck(f) {
			continue // not refused: the liveness tail's checks, judged apart
		}
		noLeader := strings.HasPrefix(f.Step, "transfer-leader ") && f.Found == "no leader to transfer from"
		notAlone := strings.HasPrefix(f.Step, "rejoin ") && strings.Contains(f.Found, "is not isolated")
		if !noLeader && !notAlone {
			out = append(out, f)
		}
	}
	return out
}

// reported matches the checker's report of a violation of that kind.
func reported(kind cluster.ViolationKind) func(*cluster.Event) bool {
	return func(e *cluster.Event) bool { return e.Kind == cluster.EvViolation && e.Violation == kind }
}

// kindsOf lists the distinct kinds of vs, in the order they were first reported.
func kindsOf(vs []cluster.Violation) []cluster.ViolationKind {
	var out []cluster.ViolationKind
	for _, v := range vs {
		if !slices.Contains(out, v.Kind) {
			out = append(out, v.Kind)
		}
	}
	return out
}

// target is the kind chaos shrinks a seed for (see Kinds), or 0 when it has none.
func target(kinds []cluster.ViolationKind) cluster.ViolationKind {
	var best cluster.ViolationKind
	for _, k := range kinds {
		if best == 0 || kindRank(k) < kindRank(best) {
			best = k
		}
	}
	return best
}

// SeedResult is one seed's run: deterministic from the seed and the options, whichever process
// ran it.
type SeedResult struct {
	Seed       uint64                  `json:"seed"`
	Steps      int                     `json:"steps"`                 // steps of the generated scenario
	Kinds      []cluster.ViolationKind `json:"kinds,omitempty"`       // violation kinds, in the order first reported
	First      string                  `json:"first,omitempty"`       // the first violation, as the checker put it
	Lin        string                  `json:"lin"`                   // porcupine: Ok, Illegal, or Unknown (not checked: timed out)
	Ops        int                     `json:"ops"`                   // operations in the checked history
	Refused    []string                `json:"refused,omitempty"`     // steps the world refused (a generator bug)
	Error      string                  `json:"error,omitempty"`       // the run could not complete (a panic in the simulator)
	TraceHash  uint64                  `json:"trace_hash"`            // digest of every event, for determinism checks
	SimulatedS float64                 `json:"simulated_s"`           // simulated seconds
	FirstAtS   float64                 `json:"first_at_s,omitempty"`  // when the first violation was reported (a liveness failure: the end)
	Target     cluster.ViolationKind   `json:"target,omitempty"`      // the kind chaos would shrink for
	TargetStep int                     `json:"target_step,omitempty"` // the step running when it was first reported
	Violations int                     `json:"violations,omitempty"`  // how many the checker reported
	// Rejected counts entries applied as GrantRejected: no violation (the state machine's
	// defensive check), but the session layer never lets one happen.
	Rejected int `json:"rejected,omitempty"`
	// Stuck lists the requests that timed out although their whole window was calm (one
	// leader throughout, no network rule, crash or restart, the client connected and awake).
	Stuck []string `json:"stuck,omitempty"`
	// Liveness lists the liveness tail's checks that failed (--liveness).
	Liveness []string `json:"liveness,omitempty"`
}

// Failed says whether the seed found something: a violation, a liveness failure or a run that
// could not complete.
func (r *SeedResult) Failed() bool { return len(r.Kinds) > 0 || len(r.Liveness) > 0 || r.Error != "" }

// names spells kinds by name.
func names(ks []cluster.ViolationKind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.String()
	}
	return out
}

// runSeed generates and runs one seed, writing its trace to trace when not nil.
func runSeed(p Params, linTimeout time.Duration, trace io.Writer) SeedResult {
	s := Generate(p)
	if perturb {
		s.Header.Seed++
	}
	out := SeedResult{Seed: p.Seed, Steps: len(s.Steps)}
	rejected := map[uint64]bool{}
	firstPC := map[cluster.ViolationKind]int{} // kind -> the step running when the checker first reported it
	var tw *cluster.TraceWriter
	watch := func(r *scenarios.Runner) {
		if trace != nil {
			tw = cluster.NewTraceWriter(trace)
			r.World().Subscribe(tw.Write)
		}
		r.World().SubscribeKinds(func(e *cluster.Event) {
			switch {
			case e.Kind == cluster.EvApplied && e.Result.Kind == fsm.GrantRejected:
				rejected[e.Index] = true
			case e.Kind == cluster.EvViolation:
				if _, ok := firstPC[e.Violation]; !ok {
					firstPC[e.Violation] = r.PC()
				}
			}
		}, cluster.EvApplied, cluster.EvViolation)
	}
	res, err := execute(s, execOpts{linTimeout: linTimeout, watch: watch})
	if tw != nil {
		tw.Flush()
	}
	if err != nil {
		out.Error = err.Error()
		return out
	}
	w := res.R.World()
	vs := w.Violations()
	out.Kinds = kindsOf(vs)
	out.Violations = len(vs)
	if len(vs) > 0 {
		out.First = vs[0].String()
	}
	out.Target = target(out.Kinds)
	out.TargetStep = len(s.Steps)
	if pc, ok := firstPC[out.Target]; ok && out.Target != cluster.NonLinearizable {
		out.TargetStep = pc
	}
	out.Lin = string(res.Lin)
	out.Ops = check.LinOpCount(w)
	for _, f := range refusals(res.R) {
		out.Refused = append(out.Refused, strings.TrimSpace(f.Step+": "+f.Found))
	}
	out.Liveness = livenessFailures(res.R)
	out.Rejected = len(rejected)
	out.Stuck = w.StuckRequests()
	out.TraceHash = w.TraceHash()
	out.SimulatedS = w.Now().Seconds()
	if len(vs) > 0 {
		out.FirstAtS = vs[0].At.Seconds()
	} else if len(out.Liveness) > 0 {
		out.FirstAtS = out.SimulatedS
	}
	return out
}
