package cluster

import (
	"fmt"
	"slices"
	"time"

	"leaselab/fsm"
)

// The operations below are everything a scenario (and so the TUI) can do to a world. Each acts
// at the current instant and records itself as an event.

// Partition lets only nodes in the same group talk; unnamed nodes form one more group.
func (w *World) Partition(groups ...[]int) error {
	seen := map[int]bool{}
	for _, g := range groups {
		for _, id := range g {
			if err := w.net.checkNode(id); err != nil {
				return err
			}
			if seen[id] {
				return fmt.Errorf("n%d is in two groups", id)
			}
			seen[id] = true
		}
	}
	w.net.partition(groups)
	w.disturb()
	var f Fault
	f.Kind = FaultPartition
	for _, g := range groups {
		f.Groups = append(f.Groups, slices.Clone(g))
		f.Nodes = append(f.Nodes, g...)
	}
	w.fault(f)
	return nil
}

// Isolate puts node id alone on its own side.
func (w *World) Isolate(id int) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	w.net.isolate(id)
	w.disturb()
	w.fault(Fault{Kind: FaultIsolate, Nodes: []int{id}})
	return nil
}

// Rejoin puts node id back with the largest group of the others.
func (w *World) Rejoin(id int) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	if !w.net.isolated(id) {
		return fmt.Errorf("n%d is not isolated: rejoin undoes isolate (heal ends a partition)", id)
	}
	w.net.rejoin(id)
	w.disturb()
	w.fault(Fault{Kind: FaultRejoin, Nodes: []int{id}})
	return nil
}

// Cut drops every message from a to b, and from b to a unless oneWay.
func (w *World) Cut(a, b int, oneWay bool) error {
	if err := w.net.checkLink(a, b); err != nil {
		return err
	}
	w.net.setCut(a, b)
	if !oneWay {
		w.net.setCut(b, a)
	}
	w.disturb()
	w.fault(Fault{Kind: FaultCut, Nodes: []int{a, b}, OneWay: oneWay})
	return nil
}

// Drop loses pct percent of the messages between a and b, both ways.
func (w *World) Drop(a, b int, pct float64) error {
	if err := w.net.checkLink(a, b); err != nil {
		return err
	}
	if pct < 0 || pct > 100 {
		return fmt.Errorf("drop share must be 0%% to 100%%, got %v%%", pct)
	}
	w.net.setDrop(a, b, pct/100)
	w.disturb()
	w.fault(Fault{Kind: FaultDrop, Nodes: []int{a, b}, Percent: pct})
	return nil
}

// DropAll loses pct percent of every message.
func (w *World) DropAll(pct float64) error {
	if pct < 0 || pct > 100 {
		return fmt.Errorf("drop share must be 0%% to 100%%, got %v%%", pct)
	}
	w.net.setDropAll(pct / 100)
	w.disturb()
	w.fault(Fault{Kind: FaultDrop, Percent: pct})
	return nil
}

// Delay adds d to every message between a and b, both ways, replacing the link's old rule.
func (w *World) Delay(a, b int, d time.Duration) error {
	if err := w.net.checkLink(a, b); err != nil {
		return err
	}
	if !checkDuration(d) {
		return fmt.Errorf("delay must be 0 to %v, got %v", MaxDuration, d)
	}
	w.net.setDelay(a, b, d)
	w.disturb()
	w.fault(Fault{Kind: FaultDelay, Nodes: []int{a, b}, Dur: d})
	return nil
}

// Heal removes every partition, cut, drop and delay rule.
func (w *World) Heal() {
	w.net.heal()
	w.clinks = nil // client links too
	w.disturb()
	w.fault(Fault{Kind: FaultHeal})
}

// Crash stops a node; its persisted log and hard state survive.
func (w *World) Crash(id int) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	n := w.node(id)
	if !n.up {
		return fmt.Errorf("n%d is already down", id)
	}
	w.disturb()
	n.crash()
	return nil
}

// Restart starts a crashed node again from its persisted state.
func (w *World) Restart(id int) error {
	defer w.rr.leave()
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	n := w.node(id)
	if n.up {
		return fmt.Errorf("n%d is already up", id)
	}
	w.disturb()
	n.inc++
	n.start(true)
	n.process()
	return nil
}

func (w *World) upNode(id int) (*node, error) {
	if err := w.net.checkNode(id); err != nil {
		return nil, err
	}
	n := w.node(id)
	if !n.up {
		return nil, fmt.Errorf("n%d is down", id)
	}
	if n.frz.on {
		return nil, fmt.Errorf("n%d is frozen (its process runs nothing until it wakes)", id)
	}
	return n, nil
}

// SkewRate makes node id's clock run at r times real time from now on.
func (w *World) SkewRate(id int, r float64) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	if !checkRate(r) {
		return fmt.Errorf("clock rate must be %v to %v, got %v", MinRate, MaxRate, r)
	}
	n := w.node(id)
	n.clk.setRate(w.now, r)
	w.fault(Fault{Kind: FaultSkewRate, Nodes: []int{id}, Rate: r})
	w.reclock(n)
	return nil
}

// SkewOffset jumps node id's clock by d now: countdowns jump with it, ticks do not burst.
func (w *World) SkewOffset(id int, d time.Duration) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	if !checkDuration(d) && !checkDuration(-d) {
		return fmt.Errorf("clock offset must be within ±%v, got %v", MaxDuration, d)
	}
	n := w.node(id)
	if err := offsetFits(n.clk, d); err != nil {
		return err
	}
	n.clk.jump(d)
	w.fault(Fault{Kind: FaultSkewOffset, Nodes: []int{id}, Dur: d})
	w.reclock(n)
	return nil
}

// offsetFits refuses a jump that would take a clock's offsets beyond ±MaxDuration in total.
// Unbounded, 2,600 jumps of +1000h reached the end of simulated time (about 292 years): the
// clock's reading saturated, every countdown on it read as over and none ever fired, so a
// leader there never expired a lock, and a healthy cluster kept it for ever.
func offsetFits(c clock, d time.Duration) error {
	if t := AddTime(c.offset, d); t > MaxDuration || t < -MaxDuration {
		return fmt.Errorf("clock offset %+v would make the clock's offset %+v in all: at most ±%v (skew reset sets it back to 0)", d, t, MaxDuration)
	}
	return nil
}

// SkewReset puts node id's clock back to rate 1 and no offset.
func (w *World) SkewReset(id int) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	n := w.node(id)
	n.clk.reset(w.now)
	w.fault(Fault{Kind: FaultSkewReset, Nodes: []int{id}})
	w.reclock(n)
	return nil
}

// reclock reschedules what a node's clock paces after the clock changed.
func (w *World) reclock(n *node) {
	if !n.up {
		return
	}
	n.scheduleTick()
	n.leaseAt = -2 // force a reschedule
	n.rearmLease()
}

// Campaign makes node id start an election now.
func (w *World) Campaign(id int) error {
	defer w.rr.leave()
	n, err := w.upNode(id)
	if err != nil {
		return err
	}
	w.disturb()
	w.fault(Fault{Kind: FaultCampaign, Nodes: []int{id}})
	err = n.raft().Campaign()
	n.process()
	if err != nil {
		return fmt.Errorf("n%d could not campaign: %w", id, err)
	}
	return nil
}

// TransferLeader asks the current leader to hand leadership to node id.
func (w *World) TransferLeader(id int) error {
	defer w.rr.leave()
	if _, err := w.upNode(id); err != nil {
		return err
	}
	l := w.leaderNode()
	if l == nil {
		return fmt.Errorf("no leader to transfer from")
	}
	if l.frz.on {
		return fmt.Errorf("the leader n%d is frozen: it cannot hand over", l.id)
	}
	w.disturb()
	w.fault(Fault{Kind: FaultTransfer, Nodes: []int{id, l.id}})
	if l.transferResetsCheck(id) {
		l.checkTicks = 0
	}
	l.raft().TransferLeader(uint64(id))
	l.process()
	return nil
}

// Snapshot makes node id snapshot its state machine and compact its log now.
func (w *World) Snapshot(id int) error {
	n, err := w.upNode(id)
	if err != nil {
		return err
	}
	if !n.snapshot() {
		w.fault(Fault{Kind: FaultSnapshotNoop, Nodes: []int{id}, Index: n.firstIndex() - 1})
	}
	return nil
}

// client returns the named client, creating it at its first mention.
func (w *World) client(name string) *client {
	c := w.clientByName[name]
	if c == nil {
		c = newClient(w, name)
		c.num = len(w.clients)
		w.clients = append(w.clients, c)
		w.clientByName[name] = c
	}
	return c
}

// AddClient makes sure a client exists (clients exist from their first mention).
func (w *World) AddClient(name string) { w.client(name) }

// Acquire makes client c ask for key with the given lease.
func (w *World) Acquire(c, key string, lease time.Duration) error {
	if lease < time.Millisecond || lease > MaxDuration {
		return fmt.Errorf("lease must be 1ms to %v, got %v", MaxDuration, lease)
	}
	w.client(c).enqueue(action{op: OpAcquire, key: key, lease: lease})
	return nil
}

// AcquireWait is Acquire that waits: the leader queues the request until key is free, first
// come first served, instead of answering busy (acquire KEY LEASE wait; see waitq.go).
func (w *World) AcquireWait(c, key string, lease time.Duration) error {
	if lease < time.Millisecond || lease > MaxDuration {
		return fmt.Errorf("lease must be 1ms to %v, got %v", MaxDuration, lease)
	}
	w.client(c).enqueue(action{op: OpAcquire, key: key, lease: lease, block: true})
	return nil
}

// Release makes client c release key, sending the token it holds.
func (w *World) Release(c, key string) { w.client(c).enqueue(action{op: OpRelease, key: key}) }

// Keepalive makes client c renew the lease it holds on key: once (every 0), or in the
// background every `every` on its own clock until it releases the key or its lease is over.
func (w *World) Keepalive(c, key string, every time.Duration) error {
	if every < 0 || every > MaxDuration || every > 0 && every < MinTick {
		return fmt.Errorf("keepalive interval must be %v to %v, got %v", MinTick, MaxDuration, every)
	}
	w.client(c).enqueue(action{op: OpKeepalive, key: key, every: every})
	return nil
}

// Write makes client c write to the fenced resource with the token it holds for key.
func (w *World) Write(c, key, value string) {
	w.client(c).enqueue(action{op: OpWrite, key: key, value: value})
}

// WriteToken makes client c write to the fenced resource with token, whatever it holds now: a
// token it kept from an earlier lock (a stale one), as a client that missed its lease's end
// would send. token is at least 1: 0 is the write of a client that holds nothing.
func (w *World) WriteToken(c, key, value string, token uint64) error {
	if token == 0 {
		return fmt.Errorf("a write's token must be at least 1 (tokens start at 1)")
	}
	w.client(c).enqueue(action{op: OpWrite, key: key, value: value, token: token, fixed: true})
	return nil
}

// Disconnect drops client c's connection: requests already sent still arrive, replies are lost.
func (w *World) Disconnect(c string) {
	cl := w.client(c)
	cl.connected = false
	cl.calmFrom = w.now
	w.emit(Event{Kind: EvClient, Client: c, Text: "disconnects"})
}

// Reconnect restores client c's connection.
func (w *World) Reconnect(c string) {
	cl := w.client(c)
	cl.connected = true
	cl.calmFrom = w.now
	w.emit(Event{Kind: EvClient, Client: c, Text: "reconnects"})
	cl.kick()
}

// Connect points client c at node id: its next request goes there first, and id becomes its
// guess of the leader (the other retry rules stay as they are).
func (w *World) Connect(c string, id int) error {
	if err := w.net.checkNode(id); err != nil {
		return err
	}
	w.client(c).guess = id
	w.emit(Event{Kind: EvClient, Client: c, Node: id, Text: fmt.Sprintf("connects to n%d", id)})
	return nil
}

// PauseClient freezes client c for d (a GC pause): its clock runs on, it acts only after.
func (w *World) PauseClient(c string, d time.Duration) error {
	if d <= 0 || d > MaxDuration {
		return fmt.Errorf("pause must be positive and at most %v, got %v", MaxDuration, d)
	}
	w.client(c).pause(d)
	w.emit(Event{Kind: EvClient, Client: c, Text: fmt.Sprintf("pauses for %v", d)})
	return nil
}

// SetClientTimeout sets how long client c waits for an answer, on its own clock, for the
// requests it sends from now on (one in flight keeps its deadline).
func (w *World) SetClientTimeout(c string, d time.Duration) error {
	if d < MinClientTimeout || d > MaxClientTimeout {
		return fmt.Errorf("client timeout must be %v to %v, got %v", MinClientTimeout, MaxClientTimeout, d)
	}
	w.client(c).timeout = d
	// A setting, not an event: "c2 timeout 4s" read as c2 timing out (nc37-f).
	w.emit(Event{Kind: EvClient, Client: c, Text: fmt.Sprintf("sets its request timeout to %v", d)})
	return nil
}

// ClientSkewRate sets client c's clock rate.
func (w *World) ClientSkewRate(c string, r float64) error {
	if !checkRate(r) {
		return fmt.Errorf("clock rate must be %v to %v, got %v", MinRate, MaxRate, r)
	}
	w.client(c).setRate(r)
	w.clientFault(Fault{Kind: FaultSkewRate, Client: c, Rate: r})
	return nil
}

// ClientSkewOffset jumps client c's clock by d now (an NTP step on its machine): what it
// believes about its leases jumps with it.
func (w *World) ClientSkewOffset(c string, d time.Duration) error {
	cl := w.client(c)
	if err := offsetFits(cl.clk, d); err != nil {
		return err
	}
	cl.rebase(func() { cl.clk.jump(d) })
	cl.calmFrom = w.now // a jump can reach a deadline at once: not the cluster's doing
	cl.armTimer()
	cl.armLoops()
	w.clientFault(Fault{Kind: FaultSkewOffset, Client: c, Dur: d})
	return nil
}

// ClientSkewReset puts client c's clock back to rate 1 and no offset.
func (w *World) ClientSkewReset(c string) error {
	cl := w.client(c)
	cl.rebase(func() { cl.clk.reset(w.now) })
	cl.calmFrom = w.now // a jump can reach a deadline at once: not the cluster's doing
	cl.armTimer()
	cl.armLoops()
	w.clientFault(Fault{Kind: FaultSkewReset, Client: c})
	return nil
}

func (w *World) leaderNode() *node {
	var best *node
	for _, n := range w.nodes {
		if n.up && n.role == RoleLeader && (best == nil || n.term > best.term) {
			best = n
		}
	}
	return best
}

// describeEntry formats entry data for raft.DescribeEntry.
func describeEntry(data []byte) string {
	c, err := fsm.Decode(data)
	if err != nil {
		return fmt.Sprintf("%q", data)
	}
	return c.String()
}
