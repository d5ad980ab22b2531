package cluster

import (
	"fmt"
	"time"
)

// Violation is one broken invariant, as a watcher reported it through its Sink.
type Violation struct {
	Kind  ViolationKind
	At    time.Duration
	Node  int
	Index uint64
	Key   string
	Text  string
	// Detail is a longer account, when there is one (non-linearizable: the operations that
	// cannot be ordered, see check.ExplainHistory); like Event.Detail, not part of the trace hash.
	Detail string
}

func (v Violation) String() string {
	return fmt.Sprintf("%s at %v: %s", v.Kind, v.At, v.Text)
}

// Violations is everything the checkers reported so far, in order.
func (w *World) Violations() []Violation {
	out := make([]Violation, len(w.violations))
	copy(out, w.violations)
	return out
}

// HasViolation says whether the checkers reported one of that kind.
func (w *World) HasViolation(kind ViolationKind) bool {
	for _, v := range w.violations {
		if v.Kind == kind {
			return true
		}
	}
	return false
}
