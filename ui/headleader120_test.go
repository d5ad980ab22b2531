package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// At 120x40 the seed gives way before the leader field: leader-crash-mid-lease-extend's long
// name left room for one of them, and the header showed "seed 11" while who leads (what the
// lesson is about) was gone; etcd-failover-reset's showed "★ n1 term 1". Every stop of every
// safe lesson names the leader, or says there is none; a membership lesson's header names the
// voters too (round 9: add-node-mid-lease, remove-leader and joint-consensus dropped the leader
// for "voters n1 n2 n3 n4 n5 n6").
func TestHeaderKeepsTheLeaderBeforeTheSeedAt120(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		if strings.HasSuffix(l.Name, "-unsafe") {
			continue // the unsafe switch's name comes first (TestHeaderNamesTheUnsafeSwitchAt120)
		}
		m := playLesson(t, l.Name, 120, 40)
		playThrough(t, m, func(stop int, v string) {
			h := ansi.Strip(strings.Split(v, "\n")[0])
			if !strings.Contains(h, "★ n") && !strings.Contains(h, "no leader") && !strings.Contains(h, "no ★") {
				t.Errorf("%s stop %d: the header does not say who leads: %s", l.Name, stop, h)
			}
			if m.v.ConfChanged && !strings.Contains(h, "voters n") && !strings.Contains(h, "v n") {
				t.Errorf("%s stop %d: the header does not name the voters: %s", l.Name, stop, h)
			}
		})
	}
}
