package cluster

import (
	"fmt"
	"testing"
	"time"

	"go.etcd.io/raft/v3"
	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// Speed targets are checked here, not by timed tests. Each benchmark reports simulated seconds
// per wall second ("sim-s/s").

func reportSim(b *testing.B, simulated time.Duration) {
	b.ReportMetric(simulated.Seconds()*float64(b.N)/b.Elapsed().Seconds(), "sim-s/s")
}

// BenchmarkIdle: a 5-node cluster with a leader and nothing to do, for 60 simulated seconds.
func BenchmarkIdle(b *testing.B) {
	for i := 0; i < b.N; i++ {
		w := newWorld(b, nil)
		w.Advance(60 * time.Second)
	}
	reportSim(b, 60*time.Second)
}

// loadedWorkload is the loaded run: 100 client commands per simulated second for 35 seconds,
// with a partition, a crash and restart, and snapshots every 50 entries.
const loadedFor = 35 * time.Second

func BenchmarkLoaded(b *testing.B) {
	for i := 0; i < b.N; i++ {
		w := newWorld(b, func(c *Config) { c.SnapshotEvery = 50 })
		clients := []string{"c1", "c2", "c3", "c4", "c5"}
		n := 0
		for t := time.Duration(0); t < loadedFor; t += 10 * time.Millisecond {
			c := clients[n%len(clients)]
			key := fmt.Sprintf("k%d", n%16)
			if n%2 == 0 {
				_ = w.Acquire(c, key, 500*time.Millisecond)
			} else {
				w.Release(c, key)
			}
			n++
			switch t {
			case 10 * time.Second:
				_ = w.Partition([]int{1, 2}, []int{3, 4, 5})
			case 15 * time.Second:
				w.Heal()
			case 20 * time.Second:
				_ = w.Crash(4)
			case 25 * time.Second:
				_ = w.Restart(4)
			}
			w.AdvanceTo(t + 10*time.Millisecond)
		}
		if w.Commit(1)+w.Commit(3) < 500 {
			b.Fatalf("loaded run made little progress: commits %d / %d", w.Commit(1), w.Commit(3))
		}
	}
	reportSim(b, loadedFor)
}

// BenchmarkBareHarness drives five RawNodes with the same workload and nothing around them:
// instant delivery, no clocks, clients, events or checker. It is the yardstick for Loaded.
func BenchmarkBareHarness(b *testing.B) {
	silenceGlobalLogger()
	for i := 0; i < b.N; i++ {
		bareRun(b)
	}
	reportSim(b, loadedFor)
}

type bareNode struct {
	st *raft.MemoryStorage
	rn *raft.RawNode
	sm *fsm.Machine
	up bool
}

func bareRun(b *testing.B) {
	cs := &pb.ConfState{Voters: []uint64{1, 2, 3, 4, 5}}
	nodes := make([]*bareNode, 6)
	start := func(id int) {
		n := nodes[id]
		snap, _ := n.st.Snapshot()
		n.rn, _ = raft.NewRawNode(&raft.Config{ID: uint64(id), ElectionTick: 10, HeartbeatTick: 1, Storage: n.st,
			Applied: snap.GetMetadata().GetIndex(), MaxSizePerMsg: 1 << 20, MaxInflightMsgs: 256,
			CheckQuorum: true, PreVote: true, Logger: &raftLogger{}})
		n.sm = fsm.New(fsm.Options{})
		_ = n.sm.Restore(snap.GetData())
		n.up = true
	}
	for id := 1; id <= 5; id++ {
		st := raft.NewMemoryStorage()
		_ = st.ApplySnapshot(&pb.Snapshot{Data: fsm.New(fsm.Options{}).Snapshot(),
			Metadata: &pb.SnapshotMetadata{Index: new(uint64(1)), Term: new(uint64(1)), ConfState: cs}})
		nodes[id] = &bareNode{st: st}
		start(id)
	}
	blocked := func(a, b int) bool { return false }
	var inbox []*pb.Message
	applied := make([]int, 6)
	drain := func() {
		for {
			for id := 1; id <= 5; id++ {
				n := nodes[id]
				for n.up && n.rn.HasReady() {
					rd := n.rn.Ready()
					if !raft.IsEmptySnap(rd.Snapshot) {
						_ = n.st.ApplySnapshot(rd.Snapshot)
						_ = n.sm.Restore(rd.Snapshot.GetData())
					}
					_ = n.st.Append(rd.Entries)
					if rd.HardState != nil {
						_ = n.st.SetHardState(rd.HardState)
					}
					inbox = append(inbox, rd.Messages...)
					for _, e := range rd.CommittedEntries {
						_, _, _ = n.sm.Apply(e.GetData())
						applied[id]++
						if applied[id]%50 == 0 {
							_, _ = n.st.CreateSnapshot(e.GetIndex(), cs, n.sm.Snapshot())
							_ = n.st.Compact(e.GetIndex())
						}
					}
					n.rn.Advance(rd)
				}
			}
			if len(inbox) == 0 {
				return
			}
			msgs := inbox
			inbox = nil
			for _, m := range msgs {
				to, from := int(m.GetTo()), int(m.GetFrom())
				if nodes[to].up && !blocked(from, to) {
					_ = nodes[to].rn.Step(m)
					if m.GetType() == pb.MessageType_MsgSnap {
						nodes[from].rn.ReportSnapshot(uint64(to), raft.SnapshotFinish)
					}
				}
			}
		}
	}
	_ = nodes[1].rn.Campaign()
	drain()
	n := 0
	for t := time.Duration(0); t < loadedFor; t += 10 * time.Millisecond {
		for id := 1; id <= 5; id++ {
			if nodes[id].up && nodes[id].rn.Status().RaftState == raft.StateLeader {
				key := fmt.Sprintf("k%d", n%16)
				c := fsm.Command{Kind: fsm.Grant, Key: key, LeaseMS: 500}
				if n%2 == 1 {
					c = fsm.Command{Kind: fsm.Release, Key: key}
				}
				_ = nodes[id].rn.Propose(c.Encode())
				break
			}
		}
		n++
		switch t {
		case 10 * time.Second:
			blocked = func(a, b int) bool { return (a <= 2) != (b <= 2) }
		case 15 * time.Second:
			blocked = func(a, b int) bool { return false }
		case 20 * time.Second:
			nodes[4].up = false
		case 25 * time.Second:
			start(4)
		}
		if t%(100*time.Millisecond) == 0 {
			for id := 1; id <= 5; id++ {
				if nodes[id].up {
					nodes[id].rn.Tick()
				}
			}
		}
		drain()
	}
}
