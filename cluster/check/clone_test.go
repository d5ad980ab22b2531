package check

import (
	"testing"
	"time"

	"leaselab/cluster"
)

// A clone of a world copies its checkers: the copy's history and checker are its own, and what
// the copy's checker reports goes into the copy, never the original (the sink is rebound).
func TestCloneCopiesTheCheckers(t *testing.T) {
	w, err := cluster.New(cluster.DefaultConfig(), Attach)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Acquire("c1", "k", time.Second); err != nil {
		t.Fatal(err)
	}
	w.Advance(3 * time.Second)
	before := LinOpCount(w)
	if before == 0 {
		t.Fatal("no operation in the history; the test tests nothing")
	}
	c, _, err := w.Clone()
	if err != nil {
		t.Fatal(err)
	}
	if of(c) == of(w) || of(c).history == of(w).history || of(c).chk == of(w).chk {
		t.Fatal("the clone shares its checkers with the original")
	}
	if err := w.Acquire("c1", "k2", time.Second); err != nil {
		t.Fatal(err)
	}
	w.Advance(3 * time.Second)
	if got := LinOpCount(c); got != before {
		t.Errorf("the clone's history has %d operations after only the original ran on, want %d", got, before)
	}
	of(c).chk.report(cluster.StaleWrite, 0, 0, "k", "forged")
	if !c.HasViolation(cluster.StaleWrite) || w.HasViolation(cluster.StaleWrite) {
		t.Errorf("a violation the clone's checker reported: in the clone %v, in the original %v, want only the clone",
			c.HasViolation(cluster.StaleWrite), w.HasViolation(cluster.StaleWrite))
	}
}

// New refuses a world without its checkers.
func TestNewRequiresAttach(t *testing.T) {
	if w, err := cluster.New(cluster.DefaultConfig(), nil); err == nil || w != nil {
		t.Fatalf("cluster.New with no Attach = %v, %v; want an error", w, err)
	}
}
