package ui

import (
	"fmt"
	"strings"

	"leaselab/cluster"
)

// The leader's progress row: what the leader believes each follower holds (etcd raft's
// Progress: Match, Next, State). Only a leader tracks it. The Replication panel's marks are
// what each node holds; this row is what the leader thinks, so "n1 sends n5 each entry and,
// hearing no reject, counts them as sent" can be read off the screen (nc26-b). It shows while
// it tells something the marks do not: a follower needs entries the leader's log no longer
// holds (compacted into a snapshot past the bootstrap), or a snapshot is on its way to one,
// or a follower lags (lagging). It takes the panel's last row.

// lagging is whether the leader believes follower p lags: it acked some entry but not the
// leader's last, and the leader has not heard from it since its last quorum check (so not an
// append still on its way back). crash-restart's catch-up was told in raft's words (Match,
// Next) that no panel showed (nc30-a): this row shows them, as acked and sent to. Not a
// just-elected leader's followers (acked 0 until they answer): every election would add it.
func lagging(l *cluster.NodeView, p cluster.PeerProgress) bool {
	return p.Match > 0 && p.Match < l.LastIndex && !p.Active
}

// progressLeader is the leader whose progress row the Replication panel shows, or nil.
func (m *Model) progressLeader() *cluster.NodeView {
	for i := range m.v.Nodes {
		l := &m.v.Nodes[i]
		if !l.Up || l.Role != cluster.RoleLeader || len(l.Progress) == 0 {
			continue
		}
		for _, p := range l.Progress {
			if l.Snapshot > 1 && (p.State == "snapshot" || p.Match+1 < l.FirstIndex) {
				return l
			}
			if lagging(l, p) && l.HasQuorumCheck && l.QuorumActive {
				return l // not a stale leader cut off with a minority: its belief is not the story (split-brain-attempt's n4)
			}
		}
	}
	return nil
}

// entryRoom is how many of a Replication body's room rows hold entries: one less while the
// progress row takes the last.
func (m *Model) entryRoom(room int) int {
	if room >= 1 && m.progressLeader() != nil {
		return room - 1
	}
	return room
}

// progressPhrase is one follower's progress in words: "acked 3, sent to 151".
func progressPhrase(p cluster.PeerProgress) string {
	s := fmt.Sprintf("acked %d", p.Match)
	switch {
	case p.State == "snapshot":
		s += fmt.Sprintf(", snapshot %d sent", p.PendingSnapshot)
	case p.State == "probe":
		s += ", probe"
	case p.Next > p.Match+1:
		s += fmt.Sprintf(", sent to %d", p.Next-1)
	}
	return s
}

// progressText is the leader's progress in the widest form that fits w cells: followers with
// the same progress named together, by id ("n2 n3 n4 acked 150 · n5 acked 3, sent to 151").
// Narrower, the "leader" goes, then the followers it has nothing more to send.
func progressText(l *cluster.NodeView, w int) string {
	type group struct {
		ids    []string
		phrase string
	}
	var all, behind []group
	add := func(gs []group, p cluster.PeerProgress) []group {
		ph := progressPhrase(p)
		for i := range gs {
			if gs[i].phrase == ph {
				gs[i].ids = append(gs[i].ids, fmt.Sprintf("n%d", p.ID))
				return gs
			}
		}
		return append(gs, group{[]string{fmt.Sprintf("n%d", p.ID)}, ph})
	}
	for _, p := range l.Progress { // sorted by id (cluster)
		all = add(all, p)
		if p.Match < l.LastIndex || p.State != "replicate" {
			behind = add(behind, p)
		}
	}
	join := func(gs []group) string {
		parts := make([]string, len(gs))
		for i, g := range gs {
			parts[i] = strings.Join(g.ids, " ") + " " + g.phrase
		}
		return strings.Join(parts, " · ")
	}
	who := fmt.Sprintf("n%d", l.ID)
	return firstFit(w, "leader "+who+" tracks: "+join(all), who+" tracks: "+join(all), who+" tracks: "+join(behind), who+": "+join(behind))
}

// progressRow is the progress row, iw cells wide.
func (m *Model) progressRow(l *cluster.NodeView, iw int) string {
	ln := newLine(iw)
	t := progressText(l, iw)
	head, rest, _ := strings.Cut(t, ": ")
	ln.add(m.st.headKey, head+": ")
	ln.add(m.st.plain, rest)
	return ln.String()
}
