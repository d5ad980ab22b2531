package cluster

import (
	"fmt"
	"runtime"
	"slices"
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

// The loaded run: 100 client commands per simulated second for 35 seconds, with a partition, a
// crash and restart, and snapshots every 50 entries.
const loadedFor = 35 * time.Second

// loadedCommand is command n of the loaded run: an acquire of key k(n/2 mod 16) when n is even,
// its release when n is odd, both by that key's own client, so every command is a log entry
// (the bare harness proposes the same Grant/Release pairs).
func loadedCommand(n int) (client, key string, acquire bool) {
	k := n / 2 % 16
	return fmt.Sprintf("s%d", k), fmt.Sprintf("k%d", k), n%2 == 0
}

// busyCommand is command n of the busy run: five clients take turns and the release of command
// n+1 names another key than the acquire of command n, so about half the commands end as
// not-found and many as busy, answered through ReadIndex without a log entry.
func busyCommand(n int) (client, key string, acquire bool) {
	return fmt.Sprintf("c%d", n%5+1), fmt.Sprintf("k%d", n%16), n%2 == 0
}

// loadedRun runs the loaded schedule with the given commands and returns the entries the
// cluster committed (the highest commit index).
func loadedRun(b *testing.B, command func(int) (string, string, bool)) uint64 {
	w := newWorld(b, func(c *Config) { c.SnapshotEvery = 50 })
	n := 0
	for t := time.Duration(0); t < loadedFor; t += 10 * time.Millisecond {
		c, key, acquire := command(n)
		if acquire {
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
	var commit uint64
	for id := 1; id <= w.Nodes(); id++ {
		commit = max(commit, w.Commit(id))
	}
	if commit < 500 {
		b.Fatalf("loaded run made little progress: commit %d", commit)
	}
	return commit
}

// BenchmarkLoaded: the loaded run, every command a log entry: the same raft work as
// BenchmarkBareHarness (compare entries/op).
func BenchmarkLoaded(b *testing.B) {
	var entries uint64
	m0 := mallocs()
	for i := 0; i < b.N; i++ {
		entries += loadedRun(b, loadedCommand)
	}
	reportSim(b, loadedFor)
	b.ReportMetric(float64(entries)/float64(b.N), "entries/op")
	b.ReportMetric(float64(mallocs()-m0)/float64(entries), "allocs/entry")
}

// BenchmarkLoadedBusy: the loaded schedule with contended keys and releases by non-holders:
// fewer entries, many busy and not-found answers through ReadIndex.
func BenchmarkLoadedBusy(b *testing.B) {
	var entries uint64
	for i := 0; i < b.N; i++ {
		entries += loadedRun(b, busyCommand)
	}
	reportSim(b, loadedFor)
	b.ReportMetric(float64(entries)/float64(b.N), "entries/op")
}

// BenchmarkBareHarness drives five RawNodes with the same workload and nothing around them:
// instant delivery, no clocks, clients, events or checker. It is the yardstick for Loaded.
func BenchmarkBareHarness(b *testing.B) {
	silenceGlobalLogger()
	var entries uint64
	for i := 0; i < b.N; i++ {
		entries += bareRun(b)
	}
	reportSim(b, loadedFor)
	b.ReportMetric(float64(entries)/float64(b.N), "entries/op")
}

type bareNode struct {
	st *raft.MemoryStorage
	rn *raft.RawNode
	sm *fsm.Machine
	up bool
}

func bareRun(b *testing.B) uint64 {
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
	done := map[uint64]bool{} // commands some node applied, by origin
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
						if _, c, err := n.sm.Apply(e.GetData()); err == nil && c.Origin != 0 {
							done[c.Origin] = true
						}
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
	// A command waits for a leader and, like a world client after its timeout, is proposed again
	// if it has not applied within 2s (a deposed leader that had not noticed yet may lose it).
	type pendingCmd struct {
		data []byte
		id   uint64
		at   time.Duration // when last proposed; -1 while waiting for a leader
	}
	var pending []pendingCmd
	for t := time.Duration(0); t < loadedFor; t += 10 * time.Millisecond {
		_, key, acquire := loadedCommand(n)
		c := fsm.Command{Kind: fsm.Grant, Key: key, LeaseMS: 500, Origin: uint64(n + 1)}
		if !acquire {
			c = fsm.Command{Kind: fsm.Release, Key: key, Origin: uint64(n + 1)}
		}
		pending = append(pending, pendingCmd{data: c.Encode(), id: c.Origin, at: -1})
		lead, term := 0, uint64(0)
		for id := 1; id <= 5; id++ {
			if nodes[id].up {
				if st := nodes[id].rn.Status(); st.RaftState == raft.StateLeader && st.HardState.GetTerm() > term {
					lead, term = id, st.HardState.GetTerm()
				}
			}
		}
		keep := pending[:0]
		for _, p := range pending {
			if done[p.id] {
				continue
			}
			if lead != 0 && (p.at < 0 || t-p.at >= 2*time.Second) {
				_ = nodes[lead].rn.Propose(p.data)
				p.at = t
			}
			keep = append(keep, p)
		}
		pending = keep
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
	var commit uint64
	for id := 1; id <= 5; id++ {
		if nodes[id].up {
			commit = max(commit, nodes[id].rn.Status().HardState.GetCommit())
		}
	}
	return commit
}

// BenchmarkLoadedVsBare runs the loaded run and the bare harness in turn, so both see the same
// machine (on a shared machine, separate benchmarks can differ by 2x from load alone). It
// reports the world's cost as a multiple of the bare harness's: "x" is the median over the
// pairs of the wall-time ratio, x-cpu the same for CPU time (the process's, GC included), and
// world-ms and bare-ms the fastest run of each. Both entry counts are reported, and must agree
// within 10%: the same raft work. allocs/entry and bare-allocs/entry are the heap objects each
// allocated per committed entry (the harness's include raft's Status, which it reads to find
// the leader).
func BenchmarkLoadedVsBare(b *testing.B) {
	silenceGlobalLogger()
	var best [2]time.Duration
	var entries, allocs [2]uint64
	var wallX, cpuX []float64
	runs := [2]func(*testing.B) uint64{func(b *testing.B) uint64 { return loadedRun(b, loadedCommand) }, bareRun}
	for i := 0; i < b.N; i++ {
		var wall, cpu [2]time.Duration
		for j, run := range runs {
			m0 := mallocs()
			t0, c0 := time.Now(), cpuTime()
			entries[j] += run(b)
			wall[j], cpu[j] = time.Since(t0), cpuTime()-c0
			allocs[j] += mallocs() - m0
			if i == 0 || wall[j] < best[j] {
				best[j] = wall[j]
			}
		}
		wallX = append(wallX, float64(wall[0])/float64(wall[1]))
		if cpu[1] > 0 {
			cpuX = append(cpuX, float64(cpu[0])/float64(cpu[1]))
		}
	}
	if e := float64(entries[0]) / float64(entries[1]); e < 0.9 || e > 1.1 {
		b.Errorf("not the same work: the world committed %d entries, the bare harness %d", entries[0], entries[1])
	}
	b.ReportMetric(median(wallX), "x")
	if len(cpuX) > 0 {
		b.ReportMetric(median(cpuX), "x-cpu")
	}
	b.ReportMetric(float64(best[0].Microseconds())/1000, "world-ms")
	b.ReportMetric(float64(best[1].Microseconds())/1000, "bare-ms")
	b.ReportMetric(float64(entries[0])/float64(b.N), "entries/op")
	b.ReportMetric(float64(entries[1])/float64(b.N), "bare-entries/op")
	b.ReportMetric(float64(allocs[0])/float64(entries[0]), "allocs/entry")
	b.ReportMetric(float64(allocs[1])/float64(entries[1]), "bare-allocs/entry")
}

// mallocs is how many heap objects the process has allocated so far.
func mallocs() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Mallocs
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}
