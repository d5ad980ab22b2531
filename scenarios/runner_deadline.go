package scenarios

import "time"

// Deadline is when the wait in progress ends (for a wait-until, its time limit); ok is false
// when no wait or wait-until is in progress. The TUI stops a frame there, as a headless run
// stops there, so both see the script at the same instants.
func (r *Runner) Deadline() (at time.Duration, ok bool) {
	return r.until, r.inStep && !r.Done()
}
