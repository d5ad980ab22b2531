package ui

import (
	"fmt"
	"strings"
	"time"

	"leaselab/scenarios"
)

// results is a finished script's verdict, as `leaselab run` would give it, computed without
// touching the world (Runner.Finalize would record a violation event and change the run).
type results struct {
	passed, failed int
	lines          []string
}

func newResults(r *scenarios.Runner, base *scenarios.Scenario) *results {
	res := &results{}
	for _, f := range r.Failures {
		if strings.HasPrefix(f.Step, "expect") {
			res.failed++
		}
		res.lines = append(res.lines, f.String())
	}
	res.passed = r.Expects - res.failed
	if len(base.Header.Unsafe) == 0 {
		expected := expectedViolations(base)
		for _, v := range r.W.Violations() {
			if !expected[v.Kind] {
				res.lines = append(res.lines, "unexpected violation: "+v.String())
			}
		}
		if lr := r.W.CheckLinearizable(time.Second); fmt.Sprint(lr.Result) == "Illegal" && !expected["non-linearizable"] {
			res.lines = append(res.lines, "unexpected violation: non-linearizable (the clients' history has no valid order)")
		}
	}
	return res
}

// expectedViolations are the kinds some step of the script expects to see.
func expectedViolations(s *scenarios.Scenario) map[string]bool {
	out := map[string]bool{}
	for _, st := range s.Steps {
		if c := st.Cond; c != nil && c.Kind == scenarios.CondViolations && !c.None && !c.Not {
			out[c.Violation] = true
		}
	}
	return out
}

// summary is the verdict's one line.
func (r *results) summary() string {
	verdict := "PASS"
	if len(r.lines) > 0 {
		verdict = "FAIL"
	}
	return fmt.Sprintf("%s · script finished: %d expect(s) passed, %d failed · space explores on, ← rewinds, w saves", verdict, r.passed, r.failed)
}
