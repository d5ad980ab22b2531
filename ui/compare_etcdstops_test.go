package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
)

// `compare etcd-failover-reset --without lease-on-promote` at 120x40, stop by stop: a say that
// points at the timeline (which a comparison does not have) shows the rows it names (4.047s
// said "the timeline's confirms rows" with nothing under it), and the new leader's takeover is
// a stop of its own, its restarted countdown on screen (between the ask at 4.620s and 8.798s
// the election and the takeover were never shown).
func TestCompareEtcdStopsSayWhatTheScreenShows(t *testing.T) {
	a, b := etcdKeepPair(t)
	m := newCompareModel(t, a, b, 120, 40)
	takeover := false
	for !m.c.Done() {
		playUntil(t, m, func() bool { return m.atPause || m.c.Done() })
		if !m.atPause {
			break
		}
		v := ansi.Strip(m.View())
		if strings.Contains(v, "timeline") && !strings.Contains(v, "↳ the rows it names") {
			t.Errorf("%v: the narration points at a timeline, and no row it names is shown:\n%s", m.c.Now(), v)
		}
		if now := m.c.Now(); now > 4620*time.Millisecond && now < 8798*time.Millisecond && strings.Contains(v, "A new leader won the election") {
			for _, n := range m.v[0].Nodes {
				if n.Role == cluster.RoleLeader && n.ID != 2 {
					for _, l := range n.Locks {
						if l.Key == "orders" && l.Remaining > 3500*time.Millisecond {
							takeover = true
						}
					}
				}
			}
		}
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("4"))
		}
		m.Update(keyMsg("enter"))
	}
	if !takeover {
		t.Error("no stop between the ask and 8.798s shows the new leader with its restarted countdown")
	}
}
