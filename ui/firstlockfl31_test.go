package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	raftpb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// nc31-a 1: "n1 commits 4: a majority has it (n1 n2 n4)" beside n2 appending last read as a
// mistake: the majority is whose answers reached n1 first, which nothing showed. Each commit row
// of first-lock, seeds 1 to 12, names the leader and then the two followers whose answers
// (MsgAppResp) reached it by then, in the order they arrived; the commit stop says so.
func TestFirstLockCommitNamesFirstAnswers(t *testing.T) {
	row := regexp.MustCompile(`^n1 commits (\d+): n1 \+ answers from (n\d) (n\d), a majority$`)
	eachSeed(t, "first-lock", 2, func(m *Model, w int, at string) {
		said := false
		playThrough(t, m, func(stop int, v string) {
			if s := flat(v); strings.Contains(s, "n1 commits 3: n1 + answers from' names those two, whose answers arrived first (not who appended first)") {
				said = true
			}
		})
		if !said {
			t.Errorf("%s: no stop says the commit row names whose answers arrived first", at)
		}
		lock, raft := &m.sim.tl.rings[filterLock], &m.sim.tl.rings[filterRaft]
		commits := 0
		for i := 0; i < lock.len(); i++ {
			e := &lock.at(i).ev
			if e.Kind != cluster.EvCommitted || e.Text == "" {
				continue
			}
			commits++
			got := row.FindStringSubmatch(e.Describe())
			if got == nil {
				t.Errorf("%s: commit row %q", at, e.Describe())
				continue
			}
			var arrived []string
			for j := 0; j < raft.len(); j++ {
				p := &raft.at(j).ev
				if p.Seq < e.Seq && isAck(p, e.Node, e.Index) {
					if n := "n" + itoa(p.Node); !strings.Contains(" "+strings.Join(arrived, " ")+" ", " "+n+" ") {
						arrived = append(arrived, n)
					}
				}
			}
			if len(arrived) != 2 || arrived[0] != got[2] || arrived[1] != got[3] {
				t.Errorf("%s: %q, but the answers reached n1 in the order %v", at, e.Describe(), arrived)
			}
		}
		if commits != 3 {
			t.Errorf("%s: %d leader commit rows, want 3 (two Grants and the Release)", at, commits)
		}
	})
}

// nc31-a 2: the ask (when does n2 apply the Grant?) was answered before it, by the README's
// message-diagram paragraph and by the glossary's MsgApp entry, and its wrong choices were
// ruled out by the screen or made no sense. Neither text says how a follower learns of a
// commit; each wrong choice is a misconception the screen at the ask refutes: n2 holds the
// entry but has not applied it, and no follower has sent n2 anything.
func TestFirstLockAskNotGivenAway(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	para := string(readme)
	para = para[strings.Index(para, "### The message diagram"):]
	para = para[:strings.Index(para[4:], "\n#")+4]
	for _, w := range []string{"next message tells them", "when a majority has the entry", "heartbeat's commit is the leader's"} {
		if strings.Contains(flat(para), w) {
			t.Errorf("README's message diagram paragraph says %q", w)
		}
	}
	g := glossaryEntry(t, "MsgApp / MsgAppResp, MsgHeartbeat, index N")
	for _, w := range []string{"commit index", "brings the commit", "tells each follower"} {
		if strings.Contains(g, w) {
			t.Errorf("the MsgApp glossary entry says %q: %s", w, g)
		}
	}
	if h := flat(ansi.Strip(strings.Join(playLesson(t, "first-lock", 120, 40).helpBody(120, 40), "\n"))); strings.Contains(h, "the leader's commit index") {
		t.Errorf("the ? page says a heartbeat carries the leader's commit index")
	}
	s, err := scenarios.Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	var ask *scenarios.Step
	for i := range s.Steps {
		if s.Steps[i].Kind == scenarios.StepAsk {
			ask = &s.Steps[i]
		}
	}
	if ask == nil || len(ask.Choices) != 3 || ask.Right != 1 {
		t.Fatalf("first-lock's ask: %+v", ask)
	}
	if !strings.Contains(ask.Choices[0], "has the entry in its log") || !strings.Contains(ask.Choices[2], "other followers") {
		t.Errorf("the wrong choices are not the misconceptions the screen refutes: %q", ask.Choices)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		s.Header.Seed = seed
		m := newPlay(t, s, 120, 40)
		for i := 0; i < 20 && m.pendingAsk() == nil; i++ {
			runToStop(t, m)
			if m.pendingAsk() == nil {
				press(m, "enter")
			}
		}
		if m.pendingAsk() == nil {
			t.Fatalf("seed %d: never reached the ask", seed)
		}
		n2 := m.v.Nodes[1]
		if n2.LastIndex < 3 || n2.Applied >= 3 {
			t.Errorf("seed %d: at the ask n2's log ends at %d and it applied %d: want the entry held, not applied", seed, n2.LastIndex, n2.Applied)
		}
		raft := &m.sim.tl.rings[filterRaft]
		for j := 0; j < raft.len(); j++ {
			if p := &raft.at(j).ev; p.Kind == cluster.EvMsgDelivered && p.Peer == 2 && p.Node != 1 {
				t.Errorf("seed %d: n2 heard from n%d before the ask (%v)", seed, p.Node, p.Msg.Type)
				break
			}
		}
	}
}

// nc31-a 3: "a heal changes only messages sent after it" was told, not shown. At the heal's
// stop the diagram (m, then v) shows, below the heal, messages on the wire still held 400ms; and the
// stop after names no lesson rule its screen cannot show ("only the leader's ends a lock").
func TestFirstLockHealShown(t *testing.T) {
	eachSeed(t, "first-lock", 2, func(m *Model, w int, at string) {
		toStopSaying(t, m, "rows below '⚡ heal' still say 'held 400ms'")
		press(m, "m", "v")
		d := ansi.Strip(m.View())
		i := strings.Index(d, "⚡ heal")
		if i < 0 {
			t.Fatalf("%s: the diagram shows no heal:\n%s", at, d)
		}
		if below, _, _ := strings.Cut(d[i:], "❝"); !strings.Contains(below, "held 400ms") {
			t.Errorf("%s: nothing on the wire below the heal still held 400ms:\n%s", at, d)
		}
		press(m, "m")
		runToStop(t, m)
		press(m, "enter")
		runToStop(t, m)
		if v := flat(ansi.Strip(m.View())); strings.Contains(v, "only the leader's ends a lock") || !strings.Contains(v, "each node counts from when it applied the Grant") {
			t.Errorf("%s: the stop after the heal:\n%s", at, v)
		}
	})
}

// nc31-a 4: the Network panel's "in 1.7ms" and "+3 more" and the diagram's "MsgApp [1 empty]"
// were explained nowhere they appear; Granted{token:1} was not read out. ? explains the ⇢ row
// (only the wide layout has it: a stop's narration is read at both sizes), the empty entry's
// append names its index, and the commit stop reads the result.
func TestFirstLockMarksExplained(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	var commit string
	playThrough(t, m, func(stop int, v string) {
		s := flat(v)
		if strings.Contains(s, "answers arrived first") {
			commit = s
		}
	})
	if !strings.Contains(commit, "its result, Granted{token:1}: the key is now locked with token 1") {
		t.Errorf("the commit stop does not read Granted{token:1}: %s", commit)
	}
	help := flat(ansi.Strip(strings.Join(m.helpBody(120, 40), "\n")))
	if !strings.Contains(help, "· in 1.7ms: one of them, arriving in 1.7ms") || !strings.Contains(help, "+3 more: the others on the wire") {
		t.Errorf("the ? page does not explain the Network panel's ⇢ row")
	}
	m = playLesson(t, "first-lock", 120, 40)
	runToStop(t, m)
	press(m, "m", "v")
	for i := 0; i < 40; i++ {
		press(m, "pgup")
	}
	d := ansi.Strip(m.View())
	if strings.Contains(d, "[1 empty]") || !strings.Contains(d, "MsgApp [entry 2: empty]") {
		t.Errorf("the empty entry's append does not name its index:\n%s", d)
	}
}

// nc31-a 5: the Replication panel named its proposers three ways (Grant "· c1", Release "· c1
// release", Expire nothing). Run past the script's end to the Expire: every row ends in its
// proposer, in one form, at both sizes.
func TestFirstLockProposerOneForm(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		playThrough(t, m, func(int, string) {})
		playFor(m, 6*time.Second)
		if !strings.Contains(ansi.Strip(m.View()), "Expire orders #2") {
			t.Fatalf("%dx%d: no Expire by 7s", sz[0], sz[1])
		}
		iw := 67
		if sz[0] == 80 {
			iw = 78
		}
		body := ansi.Strip(strings.Join(m.trackerBody(iw, 8, true), "\n"))
		// Short of room an Expire's row reads "existed:true · n1 expiry" (nc32-f).
		named := regexp.MustCompile(`· (c\d|n\d|n\d expiry( #\d)?)$`)
		long := regexp.MustCompile(`· (c\d (acquire|release)|n\d lease expiry #\d)$`)
		nLong, nRows := 0, 0
		for _, l := range strings.Split(body, "\n") {
			l = strings.TrimRight(l, " ")
			if !strings.Contains(l, "Granted") && !strings.Contains(l, "Released") && !strings.Contains(l, "Expired") && !strings.Contains(l, "existed:") {
				continue
			}
			nRows++
			if long.MatchString(l) {
				nLong++
			} else if !named.MatchString(l) {
				t.Errorf("%dx%d: a row names no proposer: %q\n%s", sz[0], sz[1], l, body)
			}
		}
		if nLong > 0 && nLong < nRows {
			t.Errorf("%dx%d: proposers named two ways:\n%s", sz[0], sz[1], body)
		}
		if sz[0] == 120 && nRows != 4 {
			t.Errorf("120x40: %d rows, want 4:\n%s", nRows, body)
		}
	}
}

// nc31-a 6: at 120x40 n1's net line read "+400ms · heard 5 of 5" with no key while every
// follower's read "net slow to n1 +400ms". With the delay on, n1's says "net slow to all
// +400ms".
func TestFirstLockSlowLeaderNetKeyed(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	slow := 0
	playThrough(t, m, func(stop int, v string) {
		if !strings.Contains(v, "delay n1-n2,n3,n4,n5 +400ms") {
			return
		}
		slow++
		if !strings.Contains(v, "┃net slow to all +400ms┃") || strings.Contains(v, "┃+400ms") {
			t.Errorf("stop %d: n1's net line is not keyed:\n%s", stop, v)
		}
	})
	if slow < 4 {
		t.Errorf("%d stops with the delay, want at least 4", slow)
	}
}

// nc31-a 7: the glossary said a leader's check-quorum counts "from when it became leader",
// while n1's countdown fit checks on its ticks (at 1.250s 0.7s, not 0.8s). The glossary says
// ticks; and at every stop n1's next check falls 0.9s to 1s after it won, plus whole seconds.
func TestFirstLockCheckOnTicks(t *testing.T) {
	g := glossaryEntry(t, "check-quorum (a leader's check 1.0s ✓, ✗)")
	if strings.Contains(g, "counted from when it became leader") || !strings.Contains(g, "each time 10 ticks") || !strings.Contains(g, "0.9s to 1s after it won") {
		t.Errorf("the check-quorum entry: %s", g)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		s, _ := scenarios.Load("first-lock")
		s.Header.Seed = seed
		m := newPlay(t, s, 120, 40)
		won := time.Duration(-1)
		playThrough(t, m, func(stop int, v string) {
			lock := &m.sim.tl.rings[filterLock]
			for i := 0; i < lock.len() && won < 0; i++ {
				if e := &lock.at(i).ev; e.Kind == cluster.EvRole && e.Role == cluster.RoleLeader && e.Node == 1 {
					won = e.At
				}
			}
			n1 := &m.v.Nodes[0]
			if !n1.HasQuorumCheck || won < 0 {
				return
			}
			next := m.v.Now + n1.QuorumCheck - won // local and true time agree: every clock ×1
			after := next % time.Second
			if next >= time.Second && after == 0 {
				after = time.Second
			}
			if after < 900*time.Millisecond && after != 0 {
				t.Errorf("seed %d stop %d: n1 won at %v and checks next at %v", seed, stop, won, m.v.Now+n1.QuorumCheck)
			}
		})
	}
}

// nc31-a 8: the rewind's short status "1.323s → 0.299s, the last event before 0.323s" read as
// a typo; it says which time was asked for (where it went back past stops, the count says
// what the jump passed, and only "(1s back)" stays on a narrow line).
func TestRewindShortStatusSaysBack(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	playThrough(t, m, func(int, string) {})
	press(m, "left")
	finishJob(m)
	if !regexp.MustCompile(`→ \d\.\d{3}s(, the last event before \d\.\d{3}s)? \(1s back\)`).MatchString(m.statusAlt) {
		t.Errorf("the rewind's short status: %q (long %q)", m.statusAlt, m.status)
	}
}

// nc31-a 9: after the script, "6.318s n1 hears n2 reject after 6 (ends 5): resends 6" while
// the glossary called such rejects harmless "in a run's first instants". raft answers a
// heartbeat's answer from a follower that has not confirmed the leader's last entry with an
// empty append, which can overtake the one carrying the entry: the glossary says so, for any
// time in a run.
func TestGlossaryRejectAnyTime(t *testing.T) {
	g := glossaryEntry(t, "MsgApp / MsgAppResp, MsgHeartbeat, index N")
	if strings.Contains(g, "in a run's first instants") || !strings.Contains(g, "at any time in a run") || !strings.Contains(g, "after each heartbeat answer") {
		t.Errorf("the MsgApp entry: %s", g)
	}
	m := playLesson(t, "first-lock", 120, 40)
	playThrough(t, m, func(int, string) {})
	playFor(m, 6*time.Second)
	raft := &m.sim.tl.rings[filterRaft]
	var sawReject bool
	for j := 0; j < raft.len(); j++ {
		p := &raft.at(j).ev
		if p.Kind != cluster.EvMsgDelivered || p.Msg.Type != raftpb.MsgAppResp || !p.Msg.Reject || p.At < 6*time.Second {
			continue
		}
		sawReject = true
		// The refused append was an empty one n1 sent on a heartbeat answer from that follower.
		ok := false
		for k := j - 1; k >= 0 && !ok; k-- {
			q := &raft.at(k).ev
			if q.Kind == cluster.EvMsgSent && q.Node == 1 && q.Peer == p.Node && q.Msg.Type == raftpb.MsgApp && q.Msg.Index == p.Msg.Index && q.Msg.Entries == 0 {
				for r := k - 1; r >= 0 && raft.at(r).ev.At == q.At; r-- {
					if h := &raft.at(r).ev; h.Kind == cluster.EvMsgDelivered && h.Msg.Type == raftpb.MsgHeartbeatResp && h.Node == p.Node {
						ok = true
					}
				}
			}
		}
		if !ok {
			t.Errorf("the reject at %v did not refuse an empty append sent on a heartbeat answer", p.At)
		}
	}
	if !sawReject {
		t.Log("no reject after 6s under this seed")
	}
}
