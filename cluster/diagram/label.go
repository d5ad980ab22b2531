package diagram

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// Label is the message's one-line label: "MsgApp [Expire orders #1]", "MsgAppResp idx 4",
// "acquire orders 3s", "granted #2", "not-leader → n3",
// "outcome-unknown → n2".
func (m *Msg) Label() string {
	switch m.Kind {
	case Request:
		s := m.Op + " " + m.Key
		if m.Lease > 0 {
			s += " " + fsm.DurText(m.Lease) // a lease as the Grant and the script write it
		}
		if m.Token != 0 {
			s += fmt.Sprintf(" #%d", m.Token)
		}
		return s
	case Reply:
		switch {
		case m.Op == "granted":
			return fmt.Sprintf("granted #%d", m.Token)
		case (m.Op == "not-leader" || m.Op == "outcome-unknown") && m.Hint != 0:
			return fmt.Sprintf("%s → n%d", m.Op, m.Hint)
		}
		return m.Op
	}
	i := &m.Info
	switch i.Type {
	case pb.MessageType_MsgApp:
		if len(m.Entries) > 0 {
			s := "MsgApp [" + m.Entries[0].text()
			if more := m.More(); more > 0 {
				s += fmt.Sprintf(" +%d", more) // more entries: Details and the glossary say so
			}
			return s + "]"
		}
		if i.Entries > 0 && m.Unknown {
			return fmt.Sprintf("MsgApp [%d entries from %d]", i.Entries, i.Index+1)
		}
		if i.Entries == 1 {
			// Its index, as the log column names it (✓ 2 t1 empty): "MsgApp [1 empty]" read
			// as entry 1 (nc31-a).
			return fmt.Sprintf("MsgApp [entry %d: empty]", i.Index+1)
		}
		if i.Entries > 0 {
			return fmt.Sprintf("MsgApp [entries %d-%d: empty]", i.Index+1, i.Index+uint64(i.Entries))
		}
		// Carries nothing: a probe, or the commit index (a leader sends one to each follower as
		// it commits). The commit is on the row: a lesson's "only commit 3" was in the selected
		// row's details alone (nc24-a).
		return fmt.Sprintf("MsgApp after idx %d commit %d", i.Index, i.Commit)
	case pb.MessageType_MsgAppResp:
		if i.Reject {
			// raft's reject carries a hint (RejectHint): where the follower's log ends, usually.
			if i.HintEnd {
				return fmt.Sprintf("MsgAppResp reject idx %d · log ends at %d", i.Index, i.Hint)
			}
			return fmt.Sprintf("MsgAppResp reject idx %d · hint %d", i.Index, i.Hint)
		}
		return fmt.Sprintf("MsgAppResp idx %d", i.Index)
	case pb.MessageType_MsgPreVote:
		// The term it would run for, one above its own, which it does not take: "MsgPreVote t2"
		// beside a column reading term 1 had no explanation (nc22-l).
		return fmt.Sprintf("MsgPreVote for t%d", i.Term)
	case pb.MessageType_MsgVote:
		return fmt.Sprintf("%s t%d", i.Type.String(), i.Term)
	case pb.MessageType_MsgVoteResp, pb.MessageType_MsgPreVoteResp:
		if i.Reject {
			return fmt.Sprintf("%s t%d no", i.Type.String(), i.Term)
		}
		return fmt.Sprintf("%s t%d yes", i.Type.String(), i.Term)
	case pb.MessageType_MsgHeartbeat:
		if i.Read {
			// The round a read waits for looked like any other heartbeat (nc19-a, nc20-a).
			if i.Again {
				// A second round for a read already answered read as unexplained (nc31-i).
				return fmt.Sprintf("MsgHeartbeat commit %d ReadIndex again", i.Commit)
			}
			return fmt.Sprintf("MsgHeartbeat commit %d ReadIndex", i.Commit)
		}
		return fmt.Sprintf("MsgHeartbeat commit %d", i.Commit)
	case pb.MessageType_MsgHeartbeatResp:
		if i.Read {
			return "MsgHeartbeatResp ReadIndex"
		}
	case pb.MessageType_MsgSnap:
		return fmt.Sprintf("MsgSnap idx %d", i.Index)
	}
	return i.Type.String()
}

// More is how many entries a MsgApp whose label names its first command carries besides that
// one: the label's "+N".
func (m *Msg) More() int {
	if m.Kind != Raft || m.Info.Type != pb.MessageType_MsgApp || len(m.Entries) == 0 {
		return 0
	}
	return max(0, m.Info.Entries-1)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Outcome says how the message ended, for the end of its label: "+3ms", "+603ms held 600ms",
// "✗ partition", "on the wire".
func (m *Msg) Outcome() string {
	switch m.State {
	case Dropped:
		return "✗ " + m.Why
	case InFlight:
		if m.Info.Held > 0 {
			return "⋯ held " + fmtDur(m.Info.Held)
		}
		return "⋯ on the wire"
	}
	s := "+" + fmtDur(m.shownLatency())
	if m.Info.Held > 0 {
		s += " held " + fmtDur(m.Info.Held)
	}
	return s
}

// Ends names the two ends: "n1→n2", "c1→n3", "n3→c1".
func (m *Msg) Ends() string {
	switch m.Kind {
	case Request:
		return fmt.Sprintf("%s→n%d", m.Client, m.To)
	case Reply:
		return fmt.Sprintf("n%d→%s", m.From, m.Client)
	}
	return fmt.Sprintf("n%d→n%d", m.From, m.To)
}

// Details are the message's full details, one fact per line.
func (m *Msg) Details() []string {
	d := []string{fmt.Sprintf("%s  %s", m.Ends(), m.Label())}
	if more := m.More(); more > 0 {
		// The label's "+N" said nothing of itself: its own line, right under the label.
		d = append(d, fmt.Sprintf("+%d: %d more %s than the one its label names (it carries %d..%d)", more, more,
			plural(more, "entry", "entries"), m.Info.Index+1, m.Info.Index+uint64(m.Info.Entries)))
	}
	d = append(d, fmt.Sprintf("sent %s", fmtAt(m.Sent)))
	switch m.State {
	case Delivered:
		d = append(d, fmt.Sprintf("delivered %s (latency %s)", fmtAt(m.At), fmtDur(m.shownLatency())))
	case Dropped:
		d = append(d, fmt.Sprintf("lost %s: %s", fmtAt(m.At), m.Why))
	default:
		d = append(d, "still on the wire")
	}
	if m.Info.Held > 0 {
		d = append(d, fmt.Sprintf("held %s on the wire by a delay rule", fmtDur(m.Info.Held)))
	}
	if m.Kind == Raft {
		i := &m.Info
		if i.Type == pb.MessageType_MsgApp {
			// raft's Index on a MsgApp is the entry before the ones it carries.
			carried := ""
			switch {
			case i.Entries == 1:
				carried = fmt.Sprintf(" (%d)", i.Index+1)
			case i.Entries > 1:
				carried = fmt.Sprintf(" (%d..%d)", i.Index+1, i.Index+uint64(i.Entries))
			}
			d = append(d, fmt.Sprintf("term %d  after index %d (log term %d)  commit %d  entries %d%s", i.Term, i.Index, i.LogTerm, i.Commit, i.Entries, carried))
		} else if i.Type == pb.MessageType_MsgAppResp {
			// raft's MsgAppResp carries no commit index and no entries ("commit 0" read as a
			// claim about the follower's commit, nc20-k); a reject's LogTerm is its hint's.
			if i.Reject {
				d = append(d, fmt.Sprintf("term %d  index %d: its log does not hold the leader's entry %d", i.Term, i.Index, i.Index))
			} else {
				d = append(d, fmt.Sprintf("term %d  index %d: its log matches the leader's up to %d", i.Term, i.Index, i.Index))
			}
		} else {
			d = append(d, fmt.Sprintf("term %d  index %d  log term %d  commit %d  entries %d", i.Term, i.Index, i.LogTerm, i.Commit, i.Entries))
		}
		d = append(d, m.RaftNotes()...)
	} else {
		d = append(d, fmt.Sprintf("%s request #%d", m.Client, m.Req))
	}
	return d
}

// RaftNotes are a raft message's facts past its numbers, one per line: a rejection, a commit
// it moved, the entries it carries and for whom, raft's own description. The TUI's details
// and the web page's both say them so.
func (m *Msg) RaftNotes() []string {
	var d []string
	switch i := &m.Info; {
	case i.Reject && i.Type == pb.MessageType_MsgAppResp && i.HintEnd:
		d = append(d, fmt.Sprintf("reject: its log ends at %d (log term %d there), so it asks the leader to resend from %d", i.Hint, i.LogTerm, i.Hint+1))
	case i.Reject && i.Type == pb.MessageType_MsgAppResp:
		d = append(d, fmt.Sprintf("reject, hint %d (log term %d there): raft's guess at the last entry both logs share; it asks the leader to resend from %d", i.Hint, i.LogTerm, i.Hint+1))
	case i.Reject:
		d = append(d, "reject")
	}
	if m.Commits {
		d = append(d, "moved the leader's commit index")
	}
	if m.Info.Type == pb.MessageType_MsgHeartbeat {
		// nc20-a: a new leader's "commit 0 →n1" next to "commit 6 →n2" had no reason given.
		d = append(d, "commit: the leader's commit index, capped at the last entry it knows this node holds (0 to a node it has not heard from)")
	}
	if m.Info.Read {
		d = append(d, "ReadIndex: carries a read's request; the answers tell the leader it still leads")
		if m.Info.Again && m.Info.Type == pb.MessageType_MsgHeartbeat {
			d = append(d, "again: the leader's regular heartbeat (one per tick of its clock), sent before this read's answers came in: raft puts a read that still waits on every heartbeat, so this follower confirms it twice")
		}
	}
	for _, e := range m.Entries {
		// Its conf change where it has one: a membership entry read "entry 4: empty" beside
		// the log's "conf joint …" (nc39-c).
		s := fmt.Sprintf("entry %d: %s", e.Index, e.text())
		if e.Client != "" {
			s += " (for " + e.Client + ")"
		}
		d = append(d, s)
	}
	if m.Detail != "" {
		d = append(d, m.Detail)
	}
	return d
}

// Symbol is the mark's glyph on its lane.
func (mk *Mark) Symbol() string {
	switch mk.Kind {
	case MarkRole:
		return mk.Role.Glyph()
	case MarkCrash:
		return "✖"
	case MarkRestart:
		return "↺"
	case MarkIsolated:
		return "⊘"
	case MarkRejoined:
		return "⊕"
	case MarkApply:
		if mk.Late {
			return "≀"
		}
		return "✓"
	case MarkZero:
		return "◷"
	case MarkLocalExpiry, MarkViolation:
		return "!"
	case MarkFault:
		return "⚡"
	}
	return "•"
}

// Lane names the mark's lane ("n2", "c1"), or "all" for a cluster-wide fault.
func (mk *Mark) Lane() string {
	switch {
	case mk.Node > 0:
		return fmt.Sprintf("n%d", mk.Node)
	case mk.Client != "":
		return mk.Client
	}
	return "all"
}

func fmtAt(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// shownLatency is the latency as the difference of the two times as shown (to the
// millisecond), so a row's time less its "+3ms" is when it was sent: c1's acquire sent at
// 0.0174s and delivered at 0.0206s read "0.021s … +3ms", 0.018s, where its sender's clock
// counted from 0.017s (gc-pause, nc32-j). Above a second it is the latency itself.
func (m *Msg) shownLatency() time.Duration {
	d := m.Latency()
	if d >= time.Second {
		return d
	}
	ms := func(t time.Duration) int64 {
		f, _ := strconv.ParseFloat(strings.TrimSuffix(fmtAt(t), "s"), 64)
		return int64(math.Round(f * 1000))
	}
	if l := time.Duration(ms(m.At)-ms(m.Sent)) * time.Millisecond; l > 0 || d == 0 {
		return l
	}
	return d // under a millisecond: "+0ms" would read as instant
}

// fmtDur prints a duration compactly: 3ms, 600ms, 1.2s, 3s.
func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.String()
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", d.Seconds()), "0"), ".") + "s"
}
