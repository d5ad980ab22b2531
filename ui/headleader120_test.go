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
// safe lesson names the leader, or says there is none, where the header shows no voter set (a
// membership lesson's voters come first).
func TestHeaderKeepsTheLeaderBeforeTheSeedAt120(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		if strings.HasSuffix(l.Name, "-unsafe") {
			continue // the unsafe switch's name comes first (TestHeaderNamesTheUnsafeSwitchAt120)
		}
		m := playLesson(t, l.Name, 120, 40)
		playThrough(t, m, func(stop int, v string) {
			h := ansi.Strip(strings.Split(v, "\n")[0])
			if !strings.Contains(h, "voters ") && !strings.Contains(h, "★ n") && !strings.Contains(h, "no leader") {
				t.Errorf("%s stop %d: the header does not say who leads: %s", l.Name, stop, h)
			}
		})
	}
}
