package ui

import (
	"fmt"

	"leaselab/scenarios"
)

// results is a finished script's verdict, as `leaselab run` would give it (the playback judges
// it without touching the world); the UI only lays it out.
type results struct {
	passed, failed int
	lines          []string
}

func newResults(v scenarios.Verdict) *results {
	res := &results{passed: v.Passed, failed: v.Failed}
	for _, f := range v.Failures {
		res.lines = append(res.lines, f.String())
	}
	return res
}

// summary is the verdict's one line; predicted is the asks' score ("3 of 4 predicted"), if any.
func (r *results) summary(predicted string) string {
	verdict := "PASS"
	if len(r.lines) > 0 {
		verdict = "FAIL"
	}
	if predicted != "" {
		predicted = " · " + predicted
	}
	return fmt.Sprintf("%s · script finished: %d expect(s) passed, %d failed%s · space explores on, ← rewinds, w saves", verdict, r.passed, r.failed, predicted)
}
