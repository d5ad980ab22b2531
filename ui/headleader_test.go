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
