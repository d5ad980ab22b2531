package diagram

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/fsm"
)

func newWorld(t *testing.T) (*cluster.World, *Recorder) {
	t.Helper()
	w, err := cluster.New(cluster.DefaultConfig(), check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := New(w.Config().Nodes, 0)
	w.Subscribe(r.Add)
	return w, r
}

func labels(r *Recorder) []string {
	var out []string
	for _, row := range r.Rows() {
		if !row.Mark {
			out = append(out, row.Msg.Ends()+" "+row.Msg.Label())
		}
	}
	return out
}

// A client's request, the replies (a redirect from a follower, then the grant) and the
// replicated Grant appear as labelled rows between the right lanes.
func TestRequestsRepliesAndAppends(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(2); err != nil {
		t.Fatal(err)
	}
	w.Advance(2 * time.Second)
	if w.Leader() != 2 {
		t.Fatalf("leader n%d, want n2", w.Leader())
	}
	// c1 first guesses n4 (from its name): a follower, which names n2.
	if err := w.Acquire("c1", "orders", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	got := labels(r)
	for _, want := range []string{"c1→n4 acquire orders 3s", "n4→c1 not-leader → n2", "c1→n2 acquire orders 3s",
		"n2→n1 MsgApp [Grant orders 3s]", "n2→c1 granted #1"} {
		if !slices.Contains(got, want) {
			t.Errorf("no row %q among %d rows", want, len(got))
		}
	}
	if !slices.Equal(r.Lanes.Clients, []string{"c1"}) {
		t.Errorf("client lanes %v", r.Lanes.Clients)
	}
	commits := 0
	for _, row := range r.Rows() {
		m := &row.Msg
		if row.Mark || m.Kind != Raft {
			continue
		}
		if m.Latency() <= 0 || m.State != Delivered {
			t.Fatalf("row %s %s: latency %v state %v", m.Ends(), m.Label(), m.Latency(), m.State)
		}
		if m.Commits {
			commits++
			if m.Info.Type != pb.MessageType_MsgAppResp || m.To != 2 || !m.Lock {
				t.Errorf("commit-moving row %s %s is not a response to the leader", m.Ends(), m.Label())
			}
		}
		if IsHeartbeat(m.Info.Type) && m.Lock {
			t.Errorf("heartbeat %s counted as lock-relevant", m.Label())
		}
	}
	if commits == 0 {
		t.Error("no response marked as moving the commit index")
	}
}

// Dropped messages end in ✗ with the reason; a crash and a role change are lane marks.
func TestDropsAndMarks(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	w.Advance(2 * time.Second)
	if err := w.Isolate(3); err != nil {
		t.Fatal(err)
	}
	if err := w.Crash(4); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	var why []string
	kinds := map[MarkKind]bool{}
	for _, row := range r.Rows() {
		if row.Mark {
			kinds[row.M.Kind] = true
			continue
		}
		if row.Msg.State == Dropped {
			if !strings.HasPrefix(row.Msg.Outcome(), "✗ ") {
				t.Errorf("dropped outcome %q", row.Msg.Outcome())
			}
			why = append(why, row.Msg.Why)
		}
	}
	if !slices.Contains(why, "partition") || !slices.Contains(why, "node down") {
		t.Errorf("drop reasons %v: want partition and node down", why)
	}
	for _, k := range []MarkKind{MarkRole, MarkIsolated, MarkCrash} {
		if !kinds[k] {
			t.Errorf("no mark of kind %d", k)
		}
	}
	// Every row carries the lanes' states: n1 leads, n3 is isolated, n4 is down.
	st := r.Rows()[len(r.Rows())-1].Lanes
	if st[1].Role() != LaneLeader || !st[3].Isolated() || st[4].Role() != LaneDown || st[2] != LaneFollower {
		t.Errorf("lane states %v", st[:6])
	}
	if err := w.Restart(4); err != nil {
		t.Fatal(err)
	}
	w.Heal()
	w.Advance(time.Second)
	if st := r.State(); st[4].Role() == LaneDown || st[3].Isolated() {
		t.Errorf("after restart and heal: %v", st[:6])
	}
}

// Truncate forgets what came after a rewind point, rows and messages on the wire alike.
func TestTruncate(t *testing.T) {
	w, r := newWorld(t)
	w.Advance(3 * time.Second)
	mid := r.Last()
	n := len(r.Rows())
	w.Advance(3 * time.Second)
	if len(r.Rows()) <= n {
		t.Fatal("no rows after the midpoint")
	}
	r.Truncate(mid)
	if len(r.Rows()) != n || r.Last() != mid {
		t.Fatalf("after truncate: %d rows (want %d), last %d (want %d)", len(r.Rows()), n, r.Last(), mid)
	}
	for _, m := range r.Pending() {
		if m.ID > mid {
			t.Fatalf("pending message %d sent after the rewind point %d", m.ID, mid)
		}
	}
}

// The ring keeps at most twice its capacity and drops the oldest rows.
func TestRingBound(t *testing.T) {
	w, err := cluster.New(cluster.DefaultConfig(), check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := New(5, 100)
	w.Subscribe(r.Add)
	w.Advance(30 * time.Second)
	rows := r.Rows()
	if len(rows) > 200 || len(rows) < 100 {
		t.Fatalf("%d rows kept with capacity 100", len(rows))
	}
	if rows[len(rows)-1].Seq <= rows[0].Seq || rows[0].Seq < 100 {
		t.Fatalf("ring does not hold the newest rows: seq %d..%d", rows[0].Seq, rows[len(rows)-1].Seq)
	}
}

// The entries kept for labels are bounded; a MsgApp carrying entries it no longer knows says
// how many it carries instead of guessing.
func TestLogBound(t *testing.T) {
	r := New(3, 100)
	seq := uint64(0)
	for i := uint64(1); i <= 20000; i++ {
		seq++
		r.Add(&cluster.Event{Seq: seq, Kind: cluster.EvAppended, Node: 1, Index: i, Cmd: fsm.Command{Kind: fsm.Grant, Key: "k", LeaseMS: 1000}})
	}
	if n := len(r.logs[1]); n > 2*maxLogKept+1 {
		t.Fatalf("%d entries kept", n)
	}
	seq++
	r.Add(&cluster.Event{Seq: seq, Kind: cluster.EvMsgSent, Node: 1, Peer: 2,
		Msg: cluster.MsgInfo{ID: seq, Type: pb.MessageType_MsgApp, Index: 4, Entries: 1}})
	seq++
	r.Add(&cluster.Event{Seq: seq, Kind: cluster.EvMsgSent, Node: 1, Peer: 2,
		Msg: cluster.MsgInfo{ID: seq, Type: pb.MessageType_MsgApp, Index: 19990, Entries: 2}})
	p := r.Pending()
	if len(p) != 2 {
		t.Fatalf("%d pending", len(p))
	}
	if got := p[0].Label(); got != "MsgApp [1 entries from 5]" || !p[0].Lock {
		t.Errorf("old MsgApp: %q lock %v", got, p[0].Lock)
	}
	if got := p[1].Label(); got != "MsgApp [Grant k 1s +1]" {
		t.Errorf("recent MsgApp: %q", got)
	}
}

// A request whose index a snapshot overtook is answered outcome-unknown, labelled with the
// leader the node named (the story of cluster's TestSnapshotOvertakesPendingRequest).
func TestOutcomeUnknownLabel(t *testing.T) {
	cfg := cluster.DefaultConfig()
	cfg.CheckQuorum, cfg.SnapshotEvery = false, 3
	w, err := cluster.New(cfg, check.Attach)
	if err != nil {
		t.Fatal(err)
	}
	r := New(cfg.Nodes, 0)
	w.Subscribe(r.Add)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(w.Campaign(1))
	w.Advance(time.Second)
	must(w.Partition([]int{1}, []int{2, 3, 4, 5}))
	must(w.Campaign(2))
	w.Advance(time.Second)
	must(w.Connect("c1", 1))
	must(w.Acquire("c1", "k", time.Second))
	w.Advance(50 * time.Millisecond)
	must(w.Connect("c2", 2))
	for _, key := range []string{"a", "b", "c", "d", "e"} {
		must(w.Acquire("c2", key, time.Minute))
	}
	w.Advance(500 * time.Millisecond)
	w.Heal()
	w.Advance(time.Second)
	if got := labels(r); !slices.Contains(got, "n1→c1 outcome-unknown → n2") {
		t.Errorf("no row %q among %q", "n1→c1 outcome-unknown → n2", got)
	}
}

// A client's connect is its own act and sits on its lane: on the node's lane the diagram read
// "n1 • connects to n1" (frozen-leader, round 8).
func TestClientMarkOnTheClientsLane(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	if err := w.Connect("c1", 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(10 * time.Millisecond)
	found := false
	for _, row := range r.Rows() {
		if row.Mark && row.M.Kind == MarkClient && strings.Contains(row.M.Text, "connects to n1") {
			found = true
			if lane := row.M.Lane(); lane != "c1" {
				t.Errorf("c1's connect is on lane %s, not c1's", lane)
			}
		}
	}
	if !found {
		t.Fatal("no mark for c1's connect")
	}
}

// A crashed node sends nothing: a request that reaches it ends in ✗ (node down), and the
// client's finding out is a mark on the client's lane, not an "unavailable" arrow leaving the
// down node's lane (newcomer nc16-b: "4.096s •──▶ unavailable +3ms" started on n1's lane,
// drawn down, at the end of leader-crash-mid-lease-extend).
func TestUnavailableIsNoReplyFromDownNode(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(2); err != nil {
		t.Fatal(err)
	}
	w.Advance(2 * time.Second)
	if err := w.Crash(4); err != nil { // c1 guesses n4 first, from its name
		t.Fatal(err)
	}
	if err := w.Acquire("c1", "orders", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	dropped, marked := false, false
	for _, row := range r.Rows() {
		switch {
		case row.Mark:
			if row.M.Kind == MarkClient && row.M.Client == "c1" && row.M.Text == "cannot reach n4 (down): tries another node" {
				marked = true
			}
		case row.Msg.Kind == Reply && row.Msg.From == 4:
			t.Errorf("a reply leaves down n4's lane: %s %s", row.Msg.Ends(), row.Msg.Label())
		case row.Msg.Kind == Request && row.Msg.To == 4 && row.Msg.State == Dropped && row.Msg.Why == "node down":
			dropped = true
		}
	}
	if !dropped || !marked {
		t.Errorf("c1's request to down n4: dropped row %v, mark on c1's lane %v: want both", dropped, marked)
	}
}

// A restarted follower's log ends short of the leader's probe: its reject says where (raft's
// RejectHint), in the label and the details, and its details claim no commit index (a
// MsgAppResp carries none; "commit 0" read as the follower's, nc20-k).
func TestRejectSaysWhereTheLogEnds(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	if err := w.Crash(3); err != nil {
		t.Fatal(err)
	}
	end := w.LastIndex(3)
	if err := w.Acquire("c1", "orders", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	w.Advance(2 * time.Second)
	if err := w.Restart(3); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	var rej *Msg
	for i := range r.Rows() {
		if m := &r.Rows()[i].Msg; !r.Rows()[i].Mark && m.Kind == Raft && m.Info.Type == pb.MessageType_MsgAppResp && m.Info.Reject {
			rej = m
			break
		}
	}
	if rej == nil {
		t.Fatalf("no reject among %v", labels(r))
	}
	if want := fmt.Sprintf("MsgAppResp reject idx %d · log ends at %d", rej.Info.Index, end); rej.From != 3 || rej.Label() != want {
		t.Errorf("n%d's reject reads %q, want n3's %q", rej.From, rej.Label(), want)
	}
	d := strings.Join(rej.Details(), "\n")
	if !strings.Contains(d, fmt.Sprintf("reject: its log ends at %d (log term 1 there), so it asks the leader to resend from %d", end, end+1)) ||
		strings.Contains(d, "commit") {
		t.Errorf("the reject's details:\n%s", d)
	}
	// A hint that is not the log's end (a diverging tail) is named as raft's hint.
	m := Msg{Kind: Raft, From: 3, To: 1, Info: cluster.MsgInfo{Type: pb.MessageType_MsgAppResp, Term: 2, Index: 7, Hint: 4, LogTerm: 1, Reject: true}}
	if got := m.Label(); got != "MsgAppResp reject idx 7 · hint 4" {
		t.Errorf("a hint short of the log's end reads %q", got)
	}
	if d := strings.Join(m.Details(), "\n"); !strings.Contains(d, "reject, hint 4 (log term 1 there)") {
		t.Errorf("its details:\n%s", d)
	}
}

// A pre-vote names the term its sender would run for, one above the term it stays in: the
// label says so ("MsgPreVote t2" beside n5's "term 1" had no explanation, nc22-l).
func TestPreVoteLabelSaysTheTermItWouldRunFor(t *testing.T) {
	w, r := newWorld(t)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	w.Advance(time.Second)
	if err := w.Isolate(5); err != nil {
		t.Fatal(err)
	}
	w.Advance(5 * time.Second)
	term := w.View(cluster.ViewOptions{}).Nodes[4].Term
	var pre *Msg
	for i := range r.Rows() {
		if m := &r.Rows()[i].Msg; !r.Rows()[i].Mark && m.Kind == Raft && m.Info.Type == pb.MessageType_MsgPreVote && m.From == 5 {
			pre = m
			break
		}
	}
	if pre == nil {
		t.Fatalf("no pre-vote from n5 among %v", labels(r))
	}
	if want := fmt.Sprintf("MsgPreVote for t%d", term+1); pre.Label() != want {
		t.Errorf("n5 in term %d: its pre-vote reads %q, want %q", term, pre.Label(), want)
	}
}
