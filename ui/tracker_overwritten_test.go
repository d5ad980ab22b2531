package ui

import (
	"strings"
	"testing"

	"leaselab/cluster"
	"leaselab/fsm"
)

// An entry that every live node's log replaced (figure-8's lost Grant) reads as overwritten in
// the Replication panel, not "not applied yet" as if it were still on its way; one still held somewhere
// keeps "not applied yet".
func TestTrackerOverwrittenEntry(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	p := cluster.ProposalView{
		Cmd:     fsm.Command{Kind: fsm.Grant, Key: "orders", LeaseMS: 3000},
		Index:   3,
		Term:    1,
		Stages:  []cluster.Stage{cluster.StageDown, cluster.StageReplaced, cluster.StageReplaced, cluster.StageReplaced, cluster.StageReplaced},
		Results: make([]fsm.Result, 5),
	}
	row := m.proposalRow(&p, 80, 3, 16)
	if !strings.Contains(row, "overwritten") || strings.Contains(row, "not applied yet") {
		t.Errorf("lost on every live node: %q, want it marked overwritten", row)
	}
	p.Stages[4] = cluster.StageAppended
	row = m.proposalRow(&p, 80, 3, 16)
	if strings.Contains(row, "overwritten") || !strings.Contains(row, "not applied yet") {
		t.Errorf("still in n5's log: %q, want not applied yet", row)
	}
	p.Stages = []cluster.Stage{cluster.StageNone, cluster.StageNone, cluster.StageDown, cluster.StageNone, cluster.StageNone}
	if row = m.proposalRow(&p, 80, 3, 16); strings.Contains(row, "overwritten") {
		t.Errorf("replaced nowhere: %q, want no overwritten mark", row)
	}
}
