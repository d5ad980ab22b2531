package chaos

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// Shrinking: every candidate is written out with scenarios.Format, parsed back and run from
// scratch (runs are deterministic), and kept when the world refused none of its steps and the
// checker still reports the target kind. A kept candidate is cut right after the instant the
// violation was reported (the rest cannot matter). The passes repeat until none helps or the
// run budget is spent; the budget counts runs, never wall time, so a shrink gives the same
// reproducer on every machine.

// Repro is a shrunk reproducer.
type Repro struct {
	Seed      uint64                `json:"seed"`                // the search's seed
	WorldSeed uint64                `json:"world_seed"`          // the file's `seed`: another one when the shrinker reseeded
	Kind      cluster.ViolationKind `json:"kind,omitempty"`      // the violation; 0 for a liveness finding
	Liveness  bool                  `json:"liveness,omitempty"`  // a liveness finding: the tail's checks fail
	Text      string                `json:"text"`                // the scenario file, ending with `expect violations KIND` (liveness: with the tail)
	Steps     int                   `json:"steps"`               // its steps, the final expects included
	From      int                   `json:"from"`                // steps of the generated scenario
	Runs      int                   `json:"runs"`                // runs the shrinker made
	Violation string                `json:"violation,omitempty"` // the checker's report of the target in the shrunk run
	Needs     []string              `json:"needs,omitempty"`     // the fault kinds the shrunk schedule has (see Needs)
	Explained string                `json:"explained,omitempty"` // non-linearizable: which operations cannot be ordered, and why
	Error     string                `json:"error,omitempty"`
}

type shrinker struct {
	target     cluster.ViolationKind
	stopOn     func(*cluster.Event) bool // the event that shows the target, when it has one
	holds      func(r *execResult) bool  // whether a run shows the target
	linTimeout time.Duration
	budget     int
	runs       int
	hdr        scenarios.Header
	steps      []scenarios.Step
	seed       uint64 // the search's seed, which alternative world seeds derive from
	reseed     int    // alternative world seeds to try when a candidate fails with the current one
	live       bool   // liveness: steps are the fault schedule; every run appends its tail
}

// reseedAbove is the size above which the shrinker also tries other world seeds: removing a
// step shifts every later random draw (latencies, drops), which can hide a violation whose
// causes are all still there; another seed often brings the timing back.
const reseedAbove = 8

// altSeed is the k-th alternative world seed for a search seed: 59 -> 59001, 59002...
func altSeed(seed uint64, k int) uint64 { return seed*1000 + uint64(k) }

// Shrink reduces s while a run still reports the violation kind target: it drops steps (in
// halving chunks, whole clients, whole keys, every step of a kind, crash/restart and
// disconnect/reconnect pairs), merges and shortens waits, tries fewer nodes and a plainer
// header, and renames the clients left to c1, c2... When that leaves more than reseedAbove
// steps, it goes again trying a few other world seeds for each candidate (the reproducer's
// `seed` line then says which). budget caps the runs it makes.
func Shrink(s *scenarios.Scenario, target cluster.ViolationKind, budget int, linTimeout time.Duration) Repro {
	sh := &shrinker{target: target, linTimeout: linTimeout, budget: budget, seed: s.Header.Seed,
		holds: func(r *execResult) bool { return r.R.World().HasViolation(target) }}
	if target != cluster.NonLinearizable { // the checker reports it at an instant: stop there
		sh.stopOn = reported(target)
	}
	rep := Repro{Seed: s.Header.Seed, Kind: target, From: len(s.Steps)}
	if !sh.reduce(s) {
		rep.Runs = sh.runs
		rep.Error = fmt.Sprintf("the generated scenario does not report %s when run again", target)
		return rep
	}
	return sh.finish(rep)
}

// reduce runs the passes on s; false when s itself does not show the target.
func (sh *shrinker) reduce(s *scenarios.Scenario) bool {
	if !sh.try(s.Header, s.Steps) {
		return false
	}
	sh.simplifyHeader()
	sh.passes()
	if len(sh.steps) > reseedAbove {
		sh.reseed = 3
		sh.passes()
	}
	sh.renameClients()
	return true
}

// passes runs every pass until none helps.
func (sh *shrinker) passes() {
	for round := 0; round < 8 && sh.runs < sh.budget; round++ {
		before := sh.fingerprint()
		sh.dropClients()
		sh.dropKeys()
		sh.dropKinds()
		sh.dropPairs()
		sh.dropChunks()
		sh.mergeWaits()
		sh.shortenWaits()
		sh.fewerNodes()
		if sh.fingerprint() == before {
			break
		}
	}
}

func (sh *shrinker) fingerprint() string {
	return scenarios.Format(&scenarios.Scenario{Header: sh.hdr, Steps: sh.steps})
}

// test tries a candidate with the current world seed, then, when reseeding, with the
// alternatives.
func (sh *shrinker) test(hdr scenarios.Header, steps []scenarios.Step) bool {
	if sh.try(hdr, steps) {
		return true
	}
	for k := 1; k <= sh.reseed; k++ {
		h := hdr
		if h.Seed = altSeed(sh.seed, k); h.Seed != hdr.Seed && sh.try(h, steps) {
			return true
		}
	}
	return false
}

// try runs a candidate; when it still shows the target, it becomes the shrinker's current
// scenario (cut after the violation).
func (sh *shrinker) try(hdr scenarios.Header, steps []scenarios.Step) bool {
	if sh.runs >= sh.budget || len(steps) == 0 {
		return false
	}
	sh.runs++
	s, err := roundTrip(hdr, sh.full(hdr, steps))
	if err != nil {
		return false
	}
	o := execOpts{stopOn: sh.stopOn}
	if sh.stopOn == nil && !sh.live {
		o.linTimeout = sh.linTimeout
	}
	res, err := execute(s, o)
	if err != nil || len(refusals(res.R)) > 0 || !sh.holds(res) {
		return false
	}
	sh.hdr, sh.steps = hdr, cutAfter(slices.Clone(steps), res)
	return true
}

// full is what runs for a candidate: the steps, and in liveness mode their tail.
func (sh *shrinker) full(hdr scenarios.Header, steps []scenarios.Step) []scenarios.Step {
	if !sh.live {
		return steps
	}
	return append(slices.Clone(steps), livenessTail(hdr, steps)...)
}

// ShrinkLiveness reduces a fault schedule (without its tail) while its liveness tail still
// fails; see Shrink for the passes.
func ShrinkLiveness(s *scenarios.Scenario, budget int) Repro {
	sh := &shrinker{live: true, budget: budget, seed: s.Header.Seed,
		holds: func(r *execResult) bool { return len(livenessFailures(r.R)) > 0 }}
	rep := Repro{Seed: s.Header.Seed, Liveness: true, From: len(s.Steps)}
	if !sh.reduce(s) {
		rep.Runs = sh.runs
		rep.Error = "the generated scenario does not fail its liveness checks when run again"
		return rep
	}
	return sh.finish(rep)
}

// roundTrip writes a scenario and parses it back: what runs is exactly what a file will say.
func roundTrip(hdr scenarios.Header, steps []scenarios.Step) (*scenarios.Scenario, error) {
	text := scenarios.Format(&scenarios.Scenario{Header: hdr, Steps: steps})
	return scenarios.Parse("shrink.scenario", []byte(text))
}

// cutAfter drops the steps after the one during which the target was reported; a wait it was
// reported in is shortened to end just after that instant (10ms granularity).
func cutAfter(steps []scenarios.Step, res *execResult) []scenarios.Step {
	if !res.Hit || res.HitPC >= len(steps) {
		return steps
	}
	pc := res.HitPC
	if steps[pc].Kind != scenarios.StepWait {
		return steps[:pc+1]
	}
	var start time.Duration
	for _, st := range steps[:pc] {
		if st.Kind == scenarios.StepWait {
			start += st.Dur
		}
	}
	const q = 10 * time.Millisecond
	d := max(q, (res.HitAt-start+q-1)/q*q)
	if d < steps[pc].Dur {
		steps[pc].Dur = d
	}
	return steps[:pc+1]
}

func without(steps []scenarios.Step, drop func(i int, st *scenarios.Step) bool) []scenarios.Step {
	var out []scenarios.Step
	for i := range steps {
		if !drop(i, &steps[i]) {
			out = append(out, steps[i])
		}
	}
	return out
}

// dropChunks removes runs of consecutive steps, halving the run length down to one step.
func (sh *shrinker) dropChunks() {
	for size := max(1, len(sh.steps)/2); size >= 1; size /= 2 {
		for i := 0; i < len(sh.steps) && sh.runs < sh.budget; {
			end := min(i+size, len(sh.steps))
			cand := append(slices.Clone(sh.steps[:i]), sh.steps[end:]...)
			if !sh.test(sh.hdr, cand) {
				i += size
			}
		}
	}
}

// dropClients removes every step of one client.
func (sh *shrinker) dropClients() {
	for _, c := range clientsOf(sh.steps) {
		sh.test(sh.hdr, without(sh.steps, func(_ int, st *scenarios.Step) bool { return st.Client == c }))
	}
}

func clientsOf(steps []scenarios.Step) []string {
	var out []string
	for _, st := range steps {
		if st.Client != "" && !slices.Contains(out, st.Client) {
			out = append(out, st.Client)
		}
	}
	return out
}

// dropKeys removes every client step on one key.
func (sh *shrinker) dropKeys() {
	var keys []string
	for _, st := range sh.steps {
		if st.Key != "" && !slices.Contains(keys, st.Key) {
			keys = append(keys, st.Key)
		}
	}
	for _, k := range keys {
		sh.test(sh.hdr, without(sh.steps, func(_ int, st *scenarios.Step) bool { return st.Key == k }))
	}
}

// dropKinds removes every step of one kind (every write, every skew...), waits aside.
func (sh *shrinker) dropKinds() {
	var kinds []scenarios.StepKind
	for _, st := range sh.steps {
		if st.Kind != scenarios.StepWait && !slices.Contains(kinds, st.Kind) {
			kinds = append(kinds, st.Kind)
		}
	}
	for _, k := range kinds {
		sh.test(sh.hdr, without(sh.steps, func(_ int, st *scenarios.Step) bool { return st.Kind == k }))
	}
}

// dropPairs removes a step together with the one that undoes it (its table entry's Undo: crash
// and its restart, a disconnect and its reconnect), which one at a time the world would refuse or keep stuck.
func (sh *shrinker) dropPairs() {
	for i := 0; i < len(sh.steps); i++ {
		st := sh.steps[i]
		if st.Kind == scenarios.StepAddNode || st.Kind == scenarios.StepAddLearner || st.Kind == scenarios.StepReconfigure {
			if sh.dropMember(i) {
				i--
			}
			continue
		}
		undo := st.Kind.Def().Undo
		if undo == 0 {
			continue
		}
		j := i + 1
		for ; j < len(sh.steps); j++ {
			if o := sh.steps[j]; o.Kind == undo && o.Node == st.Node && o.Client == st.Client {
				break
			}
		}
		if j == len(sh.steps) {
			continue
		}
		if sh.test(sh.hdr, without(sh.steps, func(k int, _ *scenarios.Step) bool { return k == i || k == j })) {
			i--
		}
	}
}

// mergeWaits joins consecutive waits into one (the same run: nothing happens between them).
func (sh *shrinker) mergeWaits() {
	var out []scenarios.Step
	for _, st := range sh.steps {
		if n := len(out); n > 0 && st.Kind == scenarios.StepWait && out[n-1].Kind == scenarios.StepWait {
			out[n-1].Dur += st.Dur
			continue
		}
		out = append(out, st)
	}
	if len(out) < len(sh.steps) {
		sh.test(sh.hdr, out)
	}
}

// shortenWaits halves each wait while the violation still shows, then tries it rounded down to
// a round number.
func (sh *shrinker) shortenWaits() {
	const q = 10 * time.Millisecond
	for i := 0; i < len(sh.steps); i++ {
		for sh.steps[i].Kind == scenarios.StepWait && sh.steps[i].Dur > q {
			cand := slices.Clone(sh.steps)
			cand[i].Dur = max(q, cand[i].Dur/2/q*q)
			if !sh.test(sh.hdr, cand) || i >= len(sh.steps) {
				break
			}
		}
		if i >= len(sh.steps) || sh.steps[i].Kind != scenarios.StepWait {
			continue
		}
		for _, round := range []time.Duration{time.Second, 100 * time.Millisecond} {
			if d := sh.steps[i].Dur; d > round && d%round != 0 {
				cand := slices.Clone(sh.steps)
				cand[i].Dur = d / round * round
				if sh.test(sh.hdr, cand) {
					break
				}
			}
		}
	}
}

// simplifyHeader tries the default for each option the generator may have set.
func (sh *shrinker) simplifyHeader() {
	if sh.hdr.SnapshotEvery != 0 {
		h := sh.hdr
		h.SnapshotEvery = 0
		sh.test(h, sh.steps)
	}
	if sh.hdr.LeaseOnPromote != cluster.PromoteKeep {
		h := sh.hdr
		h.LeaseOnPromote = cluster.PromoteKeep
		sh.test(h, sh.steps)
	}
	if sh.hdr.Keepalive != cluster.KeepaliveLeader {
		h := sh.hdr
		h.Keepalive = cluster.KeepaliveLeader
		sh.test(h, sh.steps)
	}
	if sh.hdr.LeaseCheckpoint != 0 {
		h := sh.hdr
		h.LeaseCheckpoint = 0
		sh.test(h, sh.steps)
	}
}

// fewerNodes tries a smaller cluster when the steps name no node beyond it.
func (sh *shrinker) fewerNodes() {
	top := 0
	for _, st := range sh.steps {
		top = max(top, st.Node, st.Node2)
		for _, g := range st.Groups {
			top = max(top, slices.Max(g))
		}
	}
	for n := max(3, top); n < sh.hdr.Nodes; n++ {
		h := sh.hdr
		h.Nodes = n
		if sh.test(h, sh.steps) {
			return
		}
	}
}

// renameClients names the clients left c1, c2... in order of first mention.
func (sh *shrinker) renameClients() {
	names := clientsOf(sh.steps)
	rename, changed := map[string]string{}, false
	for i, c := range names {
		rename[c] = fmt.Sprintf("c%d", i+1)
		changed = changed || rename[c] != c
	}
	if !changed {
		return
	}
	cand := slices.Clone(sh.steps)
	for i := range cand {
		if cand[i].Client != "" {
			cand[i].Client = rename[cand[i].Client]
		}
	}
	sh.test(sh.hdr, cand)
}

// finish runs the shrunk scenario to its end and writes the reproducer: the steps, then an
// `expect violations KIND` for the target last. Without unsafe switches, any other kind the
// run shows is expected first too, or `leaselab run` would fail the file for it.
func (sh *shrinker) finish(rep Repro) Repro {
	rep.Runs = sh.runs
	rep.Needs = Needs(sh.steps)
	s, err := roundTrip(sh.hdr, sh.full(sh.hdr, sh.steps))
	if err != nil {
		rep.Error = err.Error()
		return rep
	}
	res, err := execute(s, execOpts{linTimeout: sh.linTimeout})
	if err != nil {
		rep.Error = err.Error()
		return rep
	}
	w := res.R.World()
	if sh.live {
		h := sh.hdr
		h.Title = fmt.Sprintf("chaos seed %d: liveness", rep.Seed)
		rep.WorldSeed = h.Seed
		h.Set = map[string]bool{"title": true, "seed": true, "nodes": true}
		rep.Text = scenarios.Format(&scenarios.Scenario{Header: h, Steps: s.Steps})
		rep.Steps = len(s.Steps)
		rep.Violation = strings.Join(livenessFailures(res.R), "; ")
		return rep
	}
	var kinds []cluster.ViolationKind
	if len(sh.hdr.Unsafe) == 0 {
		kinds = kindsOf(w.Violations())
	}
	kinds = append(without2(kinds, sh.target), sh.target)
	steps := slices.Clone(sh.steps)
	for _, k := range kinds {
		steps = append(steps, scenarios.Step{Kind: scenarios.StepExpect, Cond: &scenarios.Cond{Kind: scenarios.CondViolations, Violation: k}})
	}
	h := sh.hdr
	h.Title = fmt.Sprintf("chaos seed %d: %s", rep.Seed, sh.target)
	rep.WorldSeed = h.Seed
	h.Set = map[string]bool{"title": true, "seed": true, "nodes": true}
	rep.Text = scenarios.Format(&scenarios.Scenario{Header: h, Steps: steps})
	rep.Steps = len(steps)
	rep.Violation = firstOf(w.Violations(), sh.target)
	return rep
}

func without2(list []cluster.ViolationKind, s cluster.ViolationKind) []cluster.ViolationKind {
	var out []cluster.ViolationKind
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

func firstOf(vs []cluster.Violation, kind cluster.ViolationKind) string {
	for _, v := range vs {
		if v.Kind == kind {
			return strings.TrimSpace(v.String())
		}
	}
	return ""
}
