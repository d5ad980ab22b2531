package scenarios

import (
	"testing"

	"leaselab/cluster"
)

// leader-crash-mid-lease-extend shows the holder the rule helps (round 11: it was only told):
// c2 renews 'invoices' every second through the crash. Under extend the new leader answers its
// retried renewal renewed and c2 ends the lesson holding 'invoices'; under keep the new leader's
// countdown for it ran out during the election, it expires 'invoices' and c2 hears not-found.
// Under every lesson seed, so what the lesson says of keep is no one seed's luck.
func TestExtendLessonShowsTheRenewingHolder(t *testing.T) {
	extend := mustLoad(t, "leader-crash-mid-lease-extend")
	keep, err := WithoutOption(extend, "lease-on-promote")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		for _, s := range []*Scenario{extend, keep} {
			var w *cluster.World
			res, err := RunScenario(s, RunOptions{Seed: &seed, Observe: func(x *cluster.World) { w = x }})
			if err != nil {
				t.Fatal(err)
			}
			rule := s.Header.LeaseOnPromote.String()
			if s == extend && !res.Runner.Passed() {
				t.Errorf("seed %d, %s: %v", seed, rule, res.Runner.Failures)
			}
			tok, holds := w.ClientHolds("c2", "invoices")
			if want := s == extend; holds != want || holds && tok != 1 {
				t.Errorf("seed %d, lease-on-promote %s: c2 holds invoices at the end = %v (token %d), want %v", seed, rule, holds, tok, want)
			}
		}
	}
}
