package web

import (
	"testing"

	"leaselab/fsm"
)

// states rebuilds a page's lane states the way writePage does.
func statesOf(t *testing.T, name string) *states {
	t.Helper()
	p := record(t, name)
	d := &drawing{p: p, lanes: &p.Rec.Lanes, late: map[uint64]bool{}, keys: map[string]int{}, dictIdx: map[string]int{}}
	return d.collectStates(p.Rec.Rows(), p.End)
}

// fast-leader-clock-unsafe at a glance: c1 still believes it holds orders #1 after c2's grant
// of #2 reached c2, and the resource lane shows both writes accepted with the highest token 2.
func TestStatesFastLeaderClockUnsafe(t *testing.T) {
	st := statesOf(t, "fast-leader-clock-unsafe")
	var c1, c2 *belief
	for i := range st.beliefs {
		b := &st.beliefs[i]
		switch {
		case b.key == "orders" && b.token == 1:
			c1 = b
		case b.key == "orders" && b.token == 2:
			c2 = b
		}
	}
	if c1 == nil || c2 == nil {
		t.Fatalf("beliefs %+v: want c1's #1 and c2's #2", st.beliefs)
	}
	if !(c1.to > c2.from) {
		t.Errorf("c1's belief in #1 ends at %v, before c2's #2 (from %v): the race is not drawn", c1.to, c2.from)
	}
	if len(st.writes) != 2 || st.writes[0].token != 2 || st.writes[1].token != 1 || !st.writes[1].ok || st.writes[1].highest != 2 {
		t.Errorf("writes %+v: want #2 then #1, both accepted, highest 2", st.writes)
	}
	if len(st.clocks) == 0 || st.clocks[0].text != "clock ×1.5" {
		t.Errorf("clock bands %+v: want n1's ×1.5", st.clocks)
	}
}

// minority-leader at a glance: the partition with the heartbeats it cost, n1 and n3 leading at
// once, and the uncommitted Grant for invoices overwritten on n1 and n2.
func TestStatesMinorityLeader(t *testing.T) {
	st := statesOf(t, "minority-leader")
	if len(st.parts) != 1 || st.parts[0].groups != "n1 n2 | n3 n4 n5" || st.parts[0].lost < 50 {
		t.Errorf("partitions %+v", st.parts)
	}
	both := false
	for _, a := range st.leads {
		for _, b := range st.leads {
			if a.lane == 0 && b.lane == 2 && a.from < b.to && b.from < a.to {
				both = true
			}
		}
	}
	if !both {
		t.Errorf("leader strip %+v: n1 and n3 never lead at once", st.leads)
	}
	over := map[int]bool{}
	for _, mk := range st.overwrites {
		if mk.Cmd.Kind == fsm.Grant && mk.Cmd.Key == "invoices" {
			over[mk.Node] = true
		}
	}
	if !over[1] || !over[2] || len(over) != 2 {
		t.Errorf("overwritten Grants on %v, want n1 and n2", over)
	}
	open := 0
	for _, o := range st.ops {
		if o.open && o.client == "c2" {
			open++
		}
	}
	if open == 0 {
		t.Errorf("c2's timed-out acquire is not an open interval: %+v", st.ops)
	}
}
