package cluster

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"go.etcd.io/raft/v3"
	pb "go.etcd.io/raft/v3/raftpb"
	raftracker "go.etcd.io/raft/v3/tracker"

	"leaselab/cluster/chunks"
	"leaselab/fsm"
)

// node is one raft member: its persisted storage (which survives a crash), and, while it is up,
// its RawNode, state machine, countdowns and session-layer bookkeeping.
type node struct {
	w   *World
	id  int
	up  bool
	inc uint64 // incarnation: bumped by every restart, so stale reports are ignored
	st  *raft.MemoryStorage
	rn  *raft.RawNode
	sm  *fsm.Machine
	ov  *fsm.Machine // project's overlay of sm, reused from one request to the next
	log *raftLogger

	clk        clock
	nextTick   time.Duration // tick-clock reading of the next tick
	tickGen    uint64
	checkTicks int // raft's electionElapsed while leading (ownlease.go)
	// checksPassed counts the quorum checks this leader passed since it became leader: its
	// "check 0.6s ✓" reads the same at stops a whole second apart, this does not (nc34-g).
	checksPassed int

	role    Role
	lead    uint64
	term    uint64
	commit  uint64
	applied uint64
	// restored is the index of the last snapshot a leader sent it (MsgSnap), 0 if none: its
	// lock table came from one, which keeps held locks only, not the keys released before it.
	restored uint64
	// restoredFrom is its applied index when it restored that snapshot: the entries after it,
	// up to restored, it never applied itself.
	restoredFrom uint64

	counting leaseHeap // countdowns running, by deadline
	expiring leaseHeap // countdowns at zero, by the next Expire try
	leaseGen uint64
	leaseAt  time.Duration // when the lease timer is armed for; -1 when not
	// resetPending: lease-on-promote reset, promoted but its term's first entry not yet applied.
	resetPending bool
	cpGen        uint64 // the lease-checkpoint timer's generation
	frz          frozenState
	waking       bool // in wake, running the lease timer that came due while frozen

	pending  []*pendingProp // client requests this node proposed, in proposal order
	proposed []fsm.Command  // proposed since the last Ready: in raft's unstable log only
	tail     decodedTail    // the unapplied log, decoded once (decoded.go)
	reads    []*pendingRead
	readAcks map[int]uint64 // per follower, the ReadIndex context it last confirmed (readAcked)
	readSent map[int]uint64 // per follower, the ReadIndex context it last sent (readResent)
	// snapSent is, per follower, the index of the snapshot it last sent it as sent: freshSnapFor
	// may replace raft's stored one (whose index raft's PendingSnapshot keeps) by a later one.
	snapSent map[int]uint64
	waiters  []waiter                 // blocking acquires queued while their key is held (waitq.go)
	delays   map[string]time.Duration // option lock-delay: per key, the local reading it ends at
	after    []func()                 // work that must wait until the current Ready is advanced

	keys      map[string]*keyRec               // every key this node applied an entry for
	recs      []keyRec                         // the chunk new records are carved from (keys.go)
	older     map[string]*chunks.List[applied] // per key, the results before its latest, oldest first
	live      int                              // countdowns running or at zero
	held      int                              // records whose lock is set (lockTable)
	lastRec   *keyRec                          // the record find found last
	sinceSnap int

	// Membership (membership.go): the configuration this node has applied and the index it
	// came from (a conf-change entry, or the snapshot it restored).
	cs       *pb.ConfState
	conf     Membership
	confAt   uint64
	removed  bool   // it applied a configuration without itself
	electAt  uint64 // its last index when it last became leader (raft's pendingConfIndex then)
	votes    uint16 // granted MsgVoteResp received in voteTerm, by bit id
	voteTerm uint64
}

func newNode(w *World, id int) *node {
	n := &node{w: w, id: id, st: raft.NewMemoryStorage(), clk: newClock(), role: RoleDown,
		keys: map[string]*keyRec{}, older: map[string]*chunks.List[applied]{}, leaseAt: -1,
		expiring: leaseHeap{try: true}}
	n.log = &raftLogger{w: w, node: id}
	// Bootstrap: a snapshot at index 1, term 1 naming every voter.
	snap := &pb.Snapshot{
		Data: fsm.New(fsm.Options{}).Snapshot(),
		Metadata: &pb.SnapshotMetadata{
			Index: new(uint64(1)), Term: new(uint64(1)),
			ConfState: w.startConf(),
		},
	}
	if err := n.st.ApplySnapshot(snap); err != nil {
		panic(err) // cannot happen on fresh storage
	}
	n.setConf(w.startConf(), 1)
	return n
}

// newJoiner is a node that joins a running cluster: empty storage, no configuration. It
// learns everything from the leader, the first time by a snapshot (MsgSnap).
func newJoiner(w *World, id int) *node {
	n := &node{w: w, id: id, st: raft.NewMemoryStorage(), clk: newClock(), role: RoleDown,
		keys: map[string]*keyRec{}, older: map[string]*chunks.List[applied]{}, leaseAt: -1,
		expiring: leaseHeap{try: true}, cs: &pb.ConfState{}}
	n.log = &raftLogger{w: w, node: id}
	return n
}

// start builds a RawNode on the persisted storage and restores the state machine from its
// snapshot; raft then re-delivers the committed entries after it. A restart is said
// (EvRestart) before the node's first role, so the story reads in the order it happened
// ("restarts from its log", then "becomes follower": nc20-k).
func (n *node) start(restart bool) {
	snap, _ := n.st.Snapshot()
	idx := snap.GetMetadata().GetIndex()
	c := n.w.cfg
	readOnly := raft.ReadOnlySafe
	if c.Unsafe.LeaseRead {
		readOnly = raft.ReadOnlyLeaseBased
	}
	n.w.rr.install() // a new RawNode draws its first election jitter
	rn, err := raft.NewRawNode(&raft.Config{
		ID: uint64(n.id), ElectionTick: c.Election, HeartbeatTick: c.Heartbeat,
		Storage: n.st, Applied: idx,
		MaxSizePerMsg: 1 << 20, MaxInflightMsgs: 256, MaxUncommittedEntriesSize: 1 << 30,
		CheckQuorum: c.CheckQuorum, PreVote: c.PreVote, ReadOnlyOption: readOnly,
		DisableProposalForwarding: true, Logger: n.log, StepDownOnRemoval: true,
	})
	if err != nil {
		panic(err) // our config is always valid
	}
	n.rn, n.up = rn, true
	n.sm = fsm.NewOn(fsm.Options{ExpireIgnoresToken: c.Unsafe.ExpireIgnoresToken}, lockTable{n})
	n.clearLeases()
	n.pending = nil
	n.reads = nil
	if idx > 0 { // a joiner that has had no snapshot yet has nothing to restore
		n.restore(snap.GetData(), idx, snap.GetMetadata().GetConfState())
	}
	hs, _, _ := n.st.InitialState()
	n.term, n.commit = hs.GetTerm(), max(hs.GetCommit(), idx)
	if restart {
		n.w.emit(Event{Kind: EvRestart, Node: n.id, Index: n.applied})
	}
	n.setRole(RoleFollower, 0)
	n.nextTick = AddTime(n.clk.tickLocal(n.w.now), c.Tick)
	n.scheduleTick()
}

// restore loads a snapshot's state and configuration; every lock's countdown starts afresh on
// this node's clock.
func (n *node) restore(data []byte, idx uint64, cs *pb.ConfState) {
	if err := n.sm.Restore(data); err != nil {
		n.w.emit(Event{Kind: EvError, Node: n.id, Index: idx, Text: "bad snapshot: " + err.Error()})
	}
	n.applied = idx
	n.tail.applied(idx)
	n.restoreConf(cs, idx)
	n.w.note(&Note{Kind: StateRestored, Node: n.id, Index: idx, NextToken: n.sm.NextToken(), Conf: n.conf, ConfHash: n.w.confHash(n)})
	n.clearLeases()
	for _, k := range n.sm.Keys() {
		l, _ := n.sm.Get(k)
		n.startLease(k, l.LeaseMS)
	}
	n.rearmLease()
}

func (n *node) scheduleTick() {
	n.tickGen++
	if at := n.clk.realAtTick(n.nextTick); at >= 0 {
		n.w.q.push(item{at: max(at, n.w.now), kind: itTick, node: n.id, gen: n.tickGen})
	}
}

func (n *node) onTick() {
	n.nextTick = AddTime(n.nextTick, n.w.cfg.Tick)
	n.scheduleTick()
	n.tickQuorumCheck()
	n.raft().Tick()
	if n.role == RoleLeader && n.w.heldNext < n.w.cfg.HeldKeys {
		n.proposeHeld()
	}
	n.settleWaiters() // a lock-delay may have ended since the last apply
	n.process()
}

func roleOf(s raft.StateType) Role {
	switch s {
	case raft.StateLeader:
		return RoleLeader
	case raft.StateCandidate:
		return RoleCandidate
	case raft.StatePreCandidate:
		return RolePreCandidate
	}
	return RoleFollower
}

func (n *node) setRole(r Role, lead uint64) {
	if r == n.role && lead == n.lead {
		return
	}
	was := n.role
	n.role, n.lead = r, lead
	n.w.emit(Event{Kind: EvRole, Node: n.id, Role: r, Term: n.term, Peer: int(lead)})
	if (was == RoleLeader) != (r == RoleLeader) {
		n.w.disturb()
	}
	if was == RoleLeader && r != RoleLeader {
		n.onDemote()
	}
	if r == RoleLeader && was != RoleLeader {
		n.electAt = n.lastIndex() // raft's pendingConfIndex: no change until this applies
		n.noteElected()
		n.checkTicks = 0 // raft's becomeLeader zeroes electionElapsed
		n.checksPassed = 0
		n.onPromote()
	}
}

// raft is the node's RawNode with its world's jitter stream installed: raft v3.7.0 reads
// election jitter from the process-global crypto/rand.Reader. Every call into raft goes
// through here (and NewRawNode in start), so no operation can forget the stream, and two worlds
// stepped in turn in one goroutine each draw from their own.
func (n *node) raft() *raft.RawNode {
	n.w.rr.install()
	return n.rn
}

// process runs the Ready loop until raft has nothing more to say, in the order the package doc
// gives: snapshot, append, hard state, send, apply, advance. HasReady, Ready and Advance call
// raft without raft(): they draw no election jitter (only a change of role does, in raft's
// reset), and installing the stream before each of them was a tenth of a loaded run's calls.
func (n *node) process() {
	for n.up && n.rn.HasReady() {
		rd := n.rn.Ready()
		// The term first, so a role change is reported in the term it happens in.
		if hs := rd.HardState; hs != nil && hs.GetTerm() != n.term {
			n.newTerm(hs.GetTerm())
		}
		if rd.SoftState != nil {
			n.setRole(roleOf(rd.SoftState.RaftState), rd.SoftState.Lead)
		}
		snap := rd.Snapshot
		hasSnap := !raft.IsEmptySnap(snap)
		if hasSnap {
			hasSnap = n.storeSnapshot(snap)
		}
		n.proposed = n.proposed[:0] // this Ready carries them: they are in storage from here on
		if len(rd.Entries) > 0 {
			_ = n.st.Append(rd.Entries)
			for _, e := range rd.Entries {
				n.onAppend(e)
			}
		}
		if hs := rd.HardState; hs != nil {
			_ = n.st.SetHardState(hs)
			if hs.GetCommit() > n.commit {
				n.commit = hs.GetCommit()
				n.w.recordEntry(&entryEvent{Kind: EvCommitted, Node: n.id, Index: n.commit, Term: n.term})
				if n.role == RoleLeader {
					n.noteLeaderCommit()
				}
			}
		}
		for _, m := range rd.Messages {
			n.w.send(n, m)
		}
		if hasSnap {
			n.restoreSnapshot(snap)
		}
		for _, e := range rd.CommittedEntries {
			n.apply(e)
		}
		for _, rs := range rd.ReadStates {
			n.onReadState(rs)
		}
		n.rn.Advance(rd)
		// Most Readies leave nothing to run, read or settle: the lengths are looked at here,
		// not in a call each.
		if len(n.after) > 0 {
			n.runAfter()
		}
		if len(n.reads) > 0 {
			n.settleReads()
		}
		if len(n.waiters) > 0 {
			n.settleWaiters()
		}
		n.maybeSnapshot()
	}
}

func (n *node) runAfter() {
	for len(n.after) > 0 {
		f := n.after[0]
		n.after = n.after[1:]
		if n.up {
			f()
		}
	}
	n.after = nil
}

func (n *node) onAppend(e *pb.Entry) {
	var c fsm.Command
	var o Origin
	var err error
	command := e.GetType() == pb.EntryType_EntryNormal && len(e.GetData()) > 0
	if command {
		c, err = fsm.Decode(e.GetData()) // the one decoding of this entry on this node
	}
	n.tail.appended(e.GetIndex(), e.GetTerm(), c, err)
	if e.GetType() != pb.EntryType_EntryNormal {
		n.confAppended(e)
		return
	}
	if command && err == nil {
		o = n.w.origin(c.Origin)
		if o.Node == n.id { // the proposer's own log: the only append a watcher follows
			nt := &n.w.appendNote
			nt.Kind, nt.Node, nt.Index, nt.Term, nt.Cmd, nt.Origin = EntryAppended, n.id, e.GetIndex(), e.GetTerm(), c, o
			n.w.observe(nt)
		}
		for _, p := range n.pending {
			if p.id == c.Origin {
				p.index = e.GetIndex()
			}
		}
	} else {
		c = fsm.Command{} // an undecodable entry's event carries no command
	}
	n.w.recordEntry(&entryEvent{Kind: EvAppended, Node: n.id, Index: e.GetIndex(), Term: e.GetTerm(), Cmd: c, Origin: o})
}

// apply runs one committed entry through the state machine and everything that watches it.
func (n *node) apply(e *pb.Entry) {
	idx := e.GetIndex()
	if idx <= n.applied {
		return
	}
	var res fsm.Result
	var cmd fsm.Command
	var prev fsm.Lock
	var held bool
	if e.GetType() != pb.EntryType_EntryNormal {
		n.applyConf(e)
	} else if len(e.GetData()) > 0 {
		if c, err := n.command(e); err == nil {
			prev, held = n.sm.Get(c.Key)
			cmd, res = c, n.sm.ApplyCommand(c)
		} else {
			n.undecodable(idx, err)
		}
	}
	n.applied = idx
	n.tail.applied(idx)
	n.sinceSnap++
	o := n.w.origin(cmd.Origin)
	// A leader applying a client's Grant looks at that client's connection, once: gone, it
	// releases the lock at once (ghostLater below). The apply's event says what it found.
	check := ""
	if res.Kind == fsm.Granted && o.Kind == OriginAcquire && n.role == RoleLeader {
		if c := n.w.clientByName[o.Client]; c != nil {
			check = ConnUp
			if !c.connected {
				check = ConnGone
			}
		}
	}
	switch {
	case e.GetType() != pb.EntryType_EntryNormal:
		n.confApplied(e, &cmd, &o, res)
	case check != "":
		n.connChecked(idx, e.GetTerm(), &cmd, &o, res, check)
	default:
		n.w.recordEntry(&entryEvent{Kind: EvApplied, Node: n.id, Index: idx, Term: e.GetTerm(), Cmd: cmd, Origin: o, Result: res, Key: cmd.Key})
	}
	nt := &n.w.applyNote // field by field: a whole-note assignment copies it in bulk, with a bulk write barrier while the GC marks
	nt.Kind, nt.Node, nt.Index, nt.Term, nt.At = EntryApplied, n.id, idx, e.GetTerm(), n.w.now
	nt.Cmd, nt.Origin, nt.Result, nt.Prev, nt.Held = cmd, o, res, prev, held
	nt.StateHash, nt.Conf, nt.ConfHash = n.sm.Hash(), n.conf, n.w.confHash(n)
	n.w.watch.Applied(nt)
	if n.w.confWanted != nil {
		n.w.checkSwapped(n, e)
	}
	if cmd.Key == "" {
		if n.resetPending && n.role == RoleLeader && e.GetTerm() == n.term && len(e.GetData()) == 0 {
			n.resetLeases(idx)
		}
		// An empty entry (a new leader's Noop) may be what took a request's index here.
		if len(n.pending) > 0 {
			n.answer(cmd, idx, res)
		}
		return
	}
	r := n.rec(cmd.Key)
	by := uint64(0)
	if res.Kind == fsm.Expired && res.Existed && held && prev.Token != cmd.Token {
		by = cmd.Token // only expire-ignores-token deletes another token's lock
	}
	n.record(r, idx, res, by)
	switch {
	case res.Kind == fsm.Granted:
		n.startLease(cmd.Key, cmd.LeaseMS)
		n.rearmLease()
	case res.Kind == fsm.Renewed && res.Existed:
		if lk, ok := n.sm.Get(cmd.Key); ok {
			n.startLease(cmd.Key, lk.LeaseMS) // option keepalive replicated: every node restarts
			n.rearmLease()
		}
	case res.Kind == fsm.Released || (res.Kind == fsm.Expired && res.Existed):
		if r.lease.live {
			n.dropLease(&r.lease)
		}
		n.rearmLease()
		if res.Kind == fsm.Expired || o.Kind == OriginGhost {
			n.startDelay(cmd.Key)
		}
	}
	if len(n.pending) > 0 { // only a node clients asked has any: not the followers' applies
		n.answer(cmd, idx, res)
	}
	if check == ConnGone {
		n.ghostLater(cmd.Key, res.Token)
	}
}

// The Ready loop's and the apply's rare paths, apart (go:noinline): inlined, each event's
// literal and its text sat in the middle of the hot code, which the instruction cache then
// held in more lines.

//go:noinline
func (n *node) newTerm(term uint64) {
	n.term = term
	n.w.emit(Event{Kind: EvTerm, Node: n.id, Term: n.term})
}

// storeSnapshot stores a Ready's snapshot; false if storage refused it.
//
//go:noinline
func (n *node) storeSnapshot(snap *pb.Snapshot) bool {
	if err := n.st.ApplySnapshot(snap); err != nil {
		n.w.emit(Event{Kind: EvError, Node: n.id, Text: "apply snapshot: " + err.Error()})
		return false
	}
	return true
}

//go:noinline
func (n *node) restoreSnapshot(snap *pb.Snapshot) {
	n.restoredFrom = n.applied
	n.restore(snap.GetData(), snap.GetMetadata().GetIndex(), snap.GetMetadata().GetConfState())
	n.restored = snap.GetMetadata().GetIndex()
	n.overtaken(snap.GetMetadata().GetIndex())
	n.w.emit(Event{Kind: EvSnapshotRestored, Node: n.id, Index: n.applied, Term: snap.GetMetadata().GetTerm(), Token: n.sm.NextToken(),
		Detail: snapLocks(n.sm)})
}

//go:noinline
func (n *node) confAppended(e *pb.Entry) {
	n.w.emit(Event{Kind: EvAppended, Node: n.id, Index: e.GetIndex(), Term: e.GetTerm(), Text: "conf " + describeConfEntry(e)})
}

//go:noinline
func (n *node) undecodable(idx uint64, err error) {
	n.w.emit(Event{Kind: EvError, Node: n.id, Index: idx, Text: "undecodable entry applied as Noop: " + err.Error()})
}

//go:noinline
func (n *node) confApplied(e *pb.Entry, cmd *fsm.Command, o *Origin, res fsm.Result) {
	n.w.emit(Event{Kind: EvApplied, Node: n.id, Index: e.GetIndex(), Term: e.GetTerm(), Cmd: *cmd, Origin: *o, Result: res, Key: cmd.Key,
		Text: "conf " + describeConfEntry(e)})
}

// connChecked records the leader's apply of a client's Grant with what it found when it looked
// at the client's connection (Detail, not part of the hash: a run's identity stays what it
// was), so the timeline can show the check the ghost release follows from.
//
//go:noinline
func (n *node) connChecked(idx, term uint64, cmd *fsm.Command, o *Origin, res fsm.Result, check string) {
	n.w.emit(Event{Kind: EvApplied, Node: n.id, Index: idx, Term: term, Cmd: *cmd, Origin: *o, Result: res, Key: cmd.Key, Detail: check})
}

// ghostLater releases a granted lock whose client is gone, once the Ready is done.
//
//go:noinline
func (n *node) ghostLater(key string, tok uint64) {
	n.after = append(n.after, func() { n.ghostRelease(key, tok) })
}

// maybeSnapshot takes the periodic snapshot of option snapshot-every.
func (n *node) maybeSnapshot() {
	every := n.w.cfg.SnapshotEvery
	if every > 0 && n.sinceSnap >= every {
		n.snapshot()
	}
}

// snapshot stores the state machine at the applied index and compacts the log up to it.
func (n *node) snapshot() bool {
	n.sinceSnap = 0
	snap, _ := n.st.Snapshot()
	if n.applied <= snap.GetMetadata().GetIndex() {
		return false
	}
	if _, err := n.st.CreateSnapshot(n.applied, n.cs, n.sm.Snapshot()); err != nil {
		return false
	}
	_ = n.st.Compact(n.applied)
	n.w.emit(Event{Kind: EvSnapshotTaken, Node: n.id, Index: n.applied, Token: n.sm.NextToken(), Detail: snapLocks(n.sm)})
	return true
}

// snapLocks is what a snapshot of sm holds besides its token counter, for its timeline row
// (Event.Detail, not part of the hash): each held lock with its token and lease length, never
// a time left (a snapshot has no clock reading: nc24-b could not see what one carries). Two
// are named, the rest counted, so the row stays short.
func snapLocks(sm *fsm.Machine) string {
	keys := sm.Keys()
	if len(keys) == 0 {
		return "no locks"
	}
	var parts []string
	for i, k := range keys {
		if i == 2 {
			parts = append(parts, fmt.Sprintf("+%d more", len(keys)-i))
			break
		}
		l, _ := sm.Get(k)
		s := fmt.Sprintf("%s #%d %s lease", k, l.Token, fsm.DurText(time.Duration(l.LeaseMS)*time.Millisecond))
		if l.RemainingMS != 0 {
			s += fmt.Sprintf(" (%s at checkpoint)", fsm.DurText(time.Duration(l.RemainingMS)*time.Millisecond))
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func (n *node) lastIndex() uint64 {
	li, _ := n.st.LastIndex()
	return li
}

func (n *node) firstIndex() uint64 {
	fi, _ := n.st.FirstIndex()
	return fi
}

// entries returns the persisted entries in [lo, hi], clipped to what the log still holds.
func (n *node) entries(lo, hi uint64) []*pb.Entry {
	lo = max(lo, n.firstIndex())
	hi = min(hi, n.lastIndex())
	if lo > hi {
		return nil
	}
	ents, err := n.st.Entries(lo, hi+1, math.MaxUint64)
	if err != nil {
		return nil
	}
	return ents
}

// crash stops the node: everything but its persisted storage and its clock is lost.
func (n *node) crash() {
	n.up, n.rn, n.sm = false, nil, nil
	n.clearLeases()
	n.pending, n.reads, n.after, n.proposed = nil, nil, nil, nil
	n.waiters, n.delays = nil, nil // in memory only, as Consul's lock-delay table
	n.tickGen++
	n.leaseGen++
	n.cpGen++
	n.resetPending = false
	n.frz = frozenState{gen: n.frz.gen} // the process is gone, and what waited for it
	n.leaseAt = -1
	n.sinceSnap = 0
	n.w.emit(Event{Kind: EvCrash, Node: n.id})
	n.role, n.lead = RoleDown, 0
	n.w.emit(Event{Kind: EvRole, Node: n.id, Role: RoleDown, Term: n.term})
}

// stepReject steps a follower's reject of this leader's append into raft and notes in
// it.info what raft did with it, read from the leader's progress for that follower before and
// after: a snapshot under way that was not, a resend from a lower Next (or a drop from
// replicating to probing), or nothing (a stale reject: raft had a newer answer from that
// follower; or the reject's term is not the leader's). Rejects are rare: the two progress
// reads cost nothing that matters.
func (n *node) stepReject(it *item) {
	before, ok := n.progressOf(uint64(it.from))
	_ = n.raft().Step(it.msg)
	after, ok2 := n.progressOf(uint64(it.from))
	info := &it.info
	switch {
	case !ok || !ok2 || n.role != RoleLeader:
		info.Then = ThenIgnore
	case after.State == raftracker.StateSnapshot && before.State != raftracker.StateSnapshot:
		info.Then, info.Resend = ThenSnapshot, after.Next
	case after.Next != before.Next || after.State != before.State:
		info.Then, info.Resend = ThenResend, after.Next
	default:
		info.Then = ThenIgnore
	}
}

// progress is raft's progress for every other member on this node, by id (WithProgress ranges
// a map: sorted here so the view is the same run to run).
func (n *node) progress() []PeerProgress {
	var out []PeerProgress
	n.raft().WithProgress(func(id uint64, _ raft.ProgressType, p raftracker.Progress) {
		if int(id) != n.id {
			pending := p.PendingSnapshot
			if p.State == raftracker.StateSnapshot && n.snapSent[int(id)] > pending {
				// The snapshot as sent (MsgSnap idx 6, "restores snap 6"), not raft's stored
				// one it replaced: the tracker said "snapshot 5 sent" beside them (nc37-e).
				pending = n.snapSent[int(id)]
			}
			out = append(out, PeerProgress{ID: int(id), Match: p.Match, Next: p.Next, State: strings.ToLower(strings.TrimPrefix(p.State.String(), "State")), PendingSnapshot: pending, Active: p.RecentActive})
		}
	})
	slices.SortFunc(out, func(a, b PeerProgress) int { return a.ID - b.ID })
	return out
}

// progressOf is raft's progress for peer on this node (ok false if it tracks none: it does not
// lead, or peer is not a member).
func (n *node) progressOf(peer uint64) (pr raftracker.Progress, ok bool) {
	n.raft().WithProgress(func(id uint64, _ raft.ProgressType, p raftracker.Progress) {
		if id == peer {
			pr, ok = p, true
		}
	})
	return pr, ok
}
