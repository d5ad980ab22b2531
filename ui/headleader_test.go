package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// TestHeaderLeaderOneRule: the header's leader field shows, or gives way, the same whether a
// node leads or none does, at 120x40 and at 80x24. After n1 crashed, leader-crash-mid-lease-
// extend's header at 120x40 lost the field ("seed 11 │ ✔ 0 violations") where it had read "★ n1
// term 1", while etcd-failover-reset's said "no leader term 2": a missing field read as a third
// state. Every stop of every lesson is drawn again with the leader flipped (none, or n1).
func TestHeaderLeaderOneRule(t *testing.T) {
	has := func(h string) bool {
		return strings.Contains(h, "★ n") || strings.Contains(h, "no leader") || strings.Contains(h, "no ★")
	}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		saidNone := false
		for _, l := range scenarios.Lessons() {
			m := playLesson(t, l.Name, sz[0], sz[1])
			playThrough(t, m, func(stop int, v string) {
				h := strings.Split(v, "\n")[0]
				lead := m.v.Leader
				if lead == 0 {
					m.v.Leader = 1
				} else {
					m.v.Leader = 0
				}
				flipped := ansi.Strip(m.header())
				m.v.Leader = lead
				if has(h) != has(flipped) {
					t.Errorf("%dx%d %s stop %d: the leader field comes and goes with the leader:\n%s\n%s", sz[0], sz[1], l.Name, stop, h, flipped)
				}
				if lead == 0 && has(h) {
					saidNone = saidNone || strings.Contains(h, "no leader term ")
				}
			})
		}
		if sz[0] == 120 && !saidNone {
			t.Errorf("%dx%d: no stop of any lesson said 'no leader term N'", sz[0], sz[1])
		}
	}
}

// TestMembershipHeaderSaysWhoLeads: once the voters change, the header names who leads beside
// the voter list at 80x24 as at 120x40. The membership lessons at 80x24 showed "v n1 n2 n3 n4
// n5 n6" and no leader at all (round 11); the list now runs its nodes together ("v n1-n6").
func TestMembershipHeaderSaysWhoLeads(t *testing.T) {
	for _, name := range []string{"add-node-mid-lease", "remove-leader", "joint-consensus"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			m := playLesson(t, name, sz[0], sz[1])
			changed := 0
			playThrough(t, m, func(stop int, v string) {
				if !m.v.ConfChanged {
					return
				}
				changed++
				h := strings.Split(v, "\n")[0]
				if !strings.Contains(h, "★ n") && !strings.Contains(h, "no ★") && !strings.Contains(h, "no leader") || !strings.Contains(h, " v n") && !strings.Contains(h, "voters n") {
					t.Errorf("%s %dx%d stop %d: the header lacks who leads or the voters: %s", name, sz[0], sz[1], stop, h)
				}
			})
			if changed == 0 {
				t.Errorf("%s %dx%d: the voters never changed", name, sz[0], sz[1])
			}
		}
	}
}

func TestNodeRuns(t *testing.T) {
	for ids, want := range map[string]string{"1 2 3 4 5 6": "n1-n6", "1 2 6 7 8": "n1 n2 n6-n8", "2 3": "n2 n3", "3": "n3"} {
		var xs []int
		for _, f := range strings.Fields(ids) {
			xs = append(xs, int(f[0]-'0'))
		}
		if got := nodeRuns(xs); got != want {
			t.Errorf("%v: %q, want %q", xs, got, want)
		}
	}
}
