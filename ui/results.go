package ui

import (
	"fmt"
	"strings"
	"time"

	"leaselab/scenarios"
)

// results is a finished script's verdict, as `leaselab run` would give it (the playback judges
// it without touching the world); the UI only lays it out.
type results struct {
	passed, failed, skipped int // checks: expects and wait-untils alike (checkWords)
	waits                   int // of which wait-untils
	forked                  bool
	forkedAt                time.Duration
	lines                   []string
}

func newResults(v scenarios.Verdict) *results {
	res := &results{failed: v.Failed, waits: v.Waits, skipped: v.Skipped, forked: v.Forked, forkedAt: v.ForkedAt}
	for _, f := range v.Failures {
		res.lines = append(res.lines, f.String())
		if strings.HasPrefix(f.Step, "wait-until ") {
			res.failed++
		}
	}
	res.passed = max(0, v.Checks()-res.failed) // a limit's failure can name a wait-until never judged
	return res
}

// summary is the verdict's one line in plain words; predicted is the asks' score ("3 of 4
// predictions right"), if any. A story the user changed is explored, not failed: the checks
// after the change were skipped, and only what failed before it (or a safety violation) fails.
func (r *results) summary(predicted string) string {
	var s string
	total := r.passed + r.failed
	switch {
	case len(r.lines) > 0 && r.failed > 0:
		s = fmt.Sprintf("FAIL · %d of the story's %s did not hold", r.failed, checkWords(total, r.waits))
	case len(r.lines) > 0:
		s = "FAIL · the run broke a rule (below)"
	case r.forked:
		s = fmt.Sprintf("EXPLORED · you changed the story at %s: %s held before it", simTime(r.forkedAt), checkWords(total, r.waits))
	case total == 0:
		// A saved sandbox session: "0 checks held" read as a pass of something.
		s = "END · this script checks nothing (no expect, no wait-until): it replayed its steps"
	default:
		// The compare's words ("PASS: 29 checks and waits held"), in no more cells than "the
		// story's 7 checks held" took: lease-read-unsafe's last say at 80x24 has no row to spare.
		s = fmt.Sprintf("PASS · %s held", checkWords(total, r.waits))
	}
	if r.forked {
		s += fmt.Sprintf(" · explored: the script's %d later check(s) were skipped after your change", r.skipped)
	}
	if predicted != "" {
		s += " · " + predicted
	}
	return s + " · space explores on, ← rewinds, w saves"
}

// checkWords is how many of a story's checks, waits of them wait-untils: "17 checks", or "29
// checks and waits". Play's end line and both halves of a compare count with it: "17 checks
// held" beside "11 of the safe run's 29 checks and waits" for one story read as a bug (nc34).
func checkWords(n, waits int) string {
	switch {
	case waits == 0:
		return checks(n)
	case waits == n && n == 1:
		return "1 wait"
	case waits == n:
		return fmt.Sprintf("%d waits", n)
	}
	return fmt.Sprintf("%d checks and waits", n)
}

// checks is "1 check" or "N checks".
func checks(n int) string {
	if n == 1 {
		return "1 check"
	}
	return fmt.Sprintf("%d checks", n)
}
