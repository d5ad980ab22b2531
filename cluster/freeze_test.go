package cluster

import (
	"testing"
	"time"
)

// A frozen follower runs nothing while frozen, keeps what reaches it, and on waking handles
// every queued message in arrival order and then ticks once: its ticker does not burst.
func TestFreezeQueuesThenTicksOnce(t *testing.T) {
	w := newWorld(t, nil)
	must(t, w.Campaign(1))
	waitFor(t, w, 3*time.Second, "n1 leads", func() bool { return w.Leader() == 1 })
	w.Advance(200 * time.Millisecond)
	n := w.node(3)
	must(t, w.Freeze(3, time.Second))
	if err := w.Freeze(3, time.Second); err == nil {
		t.Fatal("a second freeze of a frozen node was accepted")
	}
	if err := w.Campaign(3); err == nil {
		t.Fatal("a frozen node campaigned")
	}
	var during, atWake []Event
	var wokeAt time.Duration
	w.Subscribe(func(e *Event) {
		switch {
		case e.Kind == EvFault && e.Node == 3 && e.Text != "" && e.Text[:9] == "n3 wakes ":
			wokeAt = e.At
		case e.Kind == EvMsgDelivered && e.Peer == 3 && wokeAt == 0:
			during = append(during, *e)
		case e.Kind == EvMsgDelivered && e.Peer == 3 && e.At == wokeAt:
			atWake = append(atWake, *e)
		}
	})
	waitFor(t, w, 1100*time.Millisecond, "n3 wakes", func() bool { return wokeAt != 0 && !n.frz.on })
	if len(during) != 0 {
		t.Fatalf("a frozen node took %d messages while frozen", len(during))
	}
	if wokeAt == 0 || len(atWake) < 5 {
		t.Fatalf("woke at %v handling %d queued messages; want about ten heartbeats", wokeAt, len(atWake))
	}
	for i := 1; i < len(atWake); i++ {
		if atWake[i].Msg.ID < atWake[i-1].Msg.ID && atWake[i].Node == atWake[i-1].Node {
			t.Fatalf("queued messages from one sender handled out of order: %d after %d", atWake[i].Msg.ID, atWake[i-1].Msg.ID)
		}
	}
	ticks := 0
	w.q.each(func(it *item) {
		if it.kind == itTick && it.node == 3 && it.gen == n.tickGen {
			ticks++
			if it.at <= wokeAt || it.at > wokeAt+w.cfg.Tick {
				t.Errorf("n3's next tick at %v, want within one tick after waking at %v", it.at, wokeAt)
			}
		}
	})
	if ticks != 1 {
		t.Fatalf("%d ticks scheduled for n3 after waking, want 1", ticks)
	}
	if w.Leader() != 1 || w.Role(3) != RoleFollower {
		t.Fatalf("leader n%d, n3 %s: a follower's freeze shorter than an election timeout changes nothing", w.Leader(), w.Role(3))
	}
}
