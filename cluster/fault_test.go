package cluster

import (
	"testing"
	"time"
)

// Every fault event carries its Fault, whose String is the event's words: readers (the diagram,
// the web page, the TUI) take the fields, never parse the text back.
func TestFaultEventsAreStructured(t *testing.T) {
	w := newWorld(t, nil)
	w.AdvanceTo(time.Second)
	ops := []struct {
		do   func() error
		kind FaultKind
		text string
	}{
		{func() error { return w.Partition([]int{1, 2}, []int{3}) }, FaultPartition, "partition n1 n2 | n3"},
		{func() error { w.Heal(); return nil }, FaultHeal, "heal"},
		{func() error { return w.Isolate(2) }, FaultIsolate, "isolate n2"},
		{func() error { return w.Rejoin(2) }, FaultRejoin, "rejoin n2"},
		{func() error { return w.Cut(1, 3, true) }, FaultCut, "cut n1 -> n3"},
		{func() error { return w.Cut(1, 2, false) }, FaultCut, "cut n1 <-> n2"},
		{func() error { return w.Drop(2, 3, 12.5) }, FaultDrop, "drop n2 n3 12.5%"},
		{func() error { return w.DropAll(5) }, FaultDrop, "drop all 5%"},
		{func() error { return w.Delay(1, 2, 600*time.Millisecond) }, FaultDelay, "delay n1 n2 600ms"},
		{func() error { return w.SkewRate(3, 1.5) }, FaultSkewRate, "skew n3 rate 1.5"},
		{func() error { return w.SkewOffset(3, -500*time.Millisecond) }, FaultSkewOffset, "skew n3 offset -500ms"},
		{func() error { return w.SkewReset(3) }, FaultSkewReset, "skew n3 reset"},
		{func() error { return w.Campaign(1) }, FaultCampaign, "campaign n1"},
	}
	for _, op := range ops {
		if err := op.do(); err != nil {
			t.Fatalf("%s: %v", op.text, err)
		}
		var last *Event
		for _, e := range w.RecentEvents(64) {
			if e.Kind == EvFault {
				last = &e
			}
		}
		if last == nil || last.Fault == nil || last.Fault.Kind != op.kind || last.Text != op.text || last.Fault.String() != last.Text {
			t.Fatalf("%s: last fault event %+v", op.text, last)
		}
	}
}
