package cluster

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// Every event's wording lives here: Describe, the sentence the TUI's timeline and the verbose
// log print; Label, the short mark a sequence diagram puts on the event's lane (the TUI's
// diagram and the web page, which read the diagram's marks); Verbose, the verbose log's line;
// Act, what a comparison of two runs says its subject did.
// A fault's own wording is its Fault's (fault.go), raft's notes on a message the diagram's
// (diagram/label.go). Nothing else words an event.

// heldForRead marks the note HeldForRead makes.
const heldForRead = "held for a ReadIndex"

// HeldForRead is the note a timeline puts after req, an acquire or release that reached the
// leader, when the leader's next act, at that instant, is hb, the first heartbeat of a
// ReadIndex round: it proposed nothing for req (in its projected state the key is taken, or
// is not req's client's lock), so its answer (busy, not-found) is a read, and it confirms it
// still leads before it gives it (session.go). The world records no such event (a run's hash
// stays what it was); the TUI infers it, numbered as hb. racing-acquires told it ("the
// heartbeats are a ReadIndex round") and no row tied them to c2's request (nc21-m).
func HeldForRead(req, hb *Event) Event {
	e := *req
	e.Seq, e.At, e.Text = hb.Seq, hb.At, heldForRead
	return e
}

// tokenChecked marks the note TokenChecked makes.
const tokenChecked = "token checked"

// TokenChecked is the note that the leader checked a release's token against its projected
// state before it proposed prop, the Release (session.go's decide: the key held there with the
// token the request carries). The world records no such event (a run's hash stays what it was);
// the TUI infers it, numbered as prop, for a run whose leader checks (not unsafe
// unchecked-proposals). first-lock's "n1 checks the token first" left no trace (nc24-a).
func TokenChecked(prop *Event) Event {
	e := *prop
	e.Kind, e.Text = EvRequestAtNode, tokenChecked
	e.Client, e.Req, e.Key, e.Op, e.Token = prop.Origin.Client, prop.Origin.Req, prop.Cmd.Key, OpRelease, prop.Origin.Token
	return e
}

// ConnUp and ConnGone are what a leader found when it looked at a client's connection as the
// client's Grant applied (the apply event's Detail): up, the client keeps the lock; gone, the
// leader proposes a ghost release at once (node.go's apply).
const (
	ConnUp   = "connection up"
	ConnGone = "connection gone"
)

// connChecked marks the note ConnChecked makes.
const connChecked = "connection checked"

// ConnChecked is the note a timeline puts after apply, a leader's apply of a client's Grant
// whose Detail says what the leader found when it looked at the client's connection, and ok
// false for any other event. The world records the finding on the apply itself (not part of
// the hash); the row tells it: ghost-lock's "the leader looks once, when the Grant applies"
// had no row to show it, only the ghost release after it (nc30-b).
func ConnChecked(apply *Event) (Event, bool) {
	if apply.Kind != EvApplied || apply.Detail != ConnUp && apply.Detail != ConnGone {
		return Event{}, false
	}
	e := *apply
	e.Kind, e.Text, e.Detail = EvRequestAtNode, connChecked, apply.Detail
	e.Client, e.Op, e.Token = apply.Origin.Client, OpAcquire, apply.Result.Token
	return e, true
}

// rejectRow words a follower's reject of the leader's append as the leader hears it, in one
// timeline row (53 cells at 120x40, three-digit indexes too): the index it asked after; why the
// follower said no, from raft's reject hint (its log ends earlier: "ends 6"; its entry there
// has another term; its log differs after the hint); and what the leader did (MsgInfo.Then).
// The ?? glossary's "reject after 7" entry tells the rest (nc22-j: the bare "n1 hears n2 reject
// its append after entry 7" left a newcomer unsure whether anything had gone wrong).
func rejectRow(e *Event) string {
	m := &e.Msg
	why := fmt.Sprintf("ends %d", m.Hint)
	switch {
	case m.Hint >= m.Index: // it holds that entry, of another term (raft's hint stops there)
		why = "other term"
	case !m.HintEnd: // it holds more, of other terms after the hint
		why = fmt.Sprintf("differs after %d", m.Hint)
	}
	s := fmt.Sprintf("n%d hears n%d reject after %d (%s)", e.Peer, e.Node, m.Index, why)
	switch m.Then {
	case ThenResend:
		return fmt.Sprintf("%s: resends %d", s, m.Resend)
	case ThenSnapshot:
		return s + ": sends snapshot"
	case ThenIgnore:
		return s + ": stale, ignored"
	}
	return s
}

// Describe is a one-line human description of the event: the TUI's timeline text and the
// verbose log's. The timeline at 120x40 has about 53 cells for it: a longer row wraps, so
// keep what leaselab words itself that short (the narration and the glossary say the rest).
func (e *Event) Describe() string {
	n := fmt.Sprintf("n%d", e.Node)
	switch e.Kind {
	case EvMsgDelivered:
		if e.Msg.Read && e.Msg.Type == pb.MsgHeartbeatResp {
			switch {
			case e.Msg.Late: // sent while it led, delivered after it stepped down
				return fmt.Sprintf("n%d's confirmation (%.3fs) finds n%d no longer leading", e.Node, e.Msg.Sent.Seconds(), e.Peer)
			case e.Msg.Again:
				return fmt.Sprintf("n%d confirms n%d still leads again (the same ReadIndex, on the next heartbeat)", e.Node, e.Peer)
			}
			return fmt.Sprintf("n%d confirms n%d still leads (ReadIndex heartbeat)", e.Node, e.Peer)
		}
		if e.Msg.Reject && e.Msg.Type == pb.MsgAppResp {
			// Said as the leader hears it: what it does next (back up and resend, or send a
			// snapshot) follows from it (crash-restart's and snapshot-catch-up's timelines).
			return rejectRow(e)
		}
		return fmt.Sprintf("%s n%d→n%d %v term %d index %d", e.Kind, e.Node, e.Peer, e.Msg.Type, e.Msg.Term, e.Msg.Index)
	case EvMsgSent:
		return fmt.Sprintf("%s n%d→n%d %v term %d index %d", e.Kind, e.Node, e.Peer, e.Msg.Type, e.Msg.Term, e.Msg.Index)
	case EvMsgDropped:
		return fmt.Sprintf("dropped n%d→n%d %v (%s)", e.Node, e.Peer, e.Msg.Type, e.Text)
	case EvProposed:
		s := fmt.Sprintf("%s proposes %s [%s]", n, e.Cmd, e.Origin.Label())
		if e.Text != "" {
			s += " " + e.Text
		}
		return s
	case EvAppended:
		return fmt.Sprintf("%s appends %d t%d %s", n, e.Index, e.Term, e.CmdText())
	case EvCommitted:
		if e.Text != "" { // the timeline's row of a leader's commit: the nodes it knows have it
			return fmt.Sprintf("%s commits %d: %s", n, e.Index, e.Text)
		}
		return fmt.Sprintf("%s commits up to %d", n, e.Index)
	case EvApplied:
		if e.Cmd.Kind == 0 && e.Text != "" {
			return fmt.Sprintf("%s applies %d %s", n, e.Index, e.Text)
		}
		if e.Cmd.Kind == 0 && e.Result.Kind == fsm.Noop {
			return fmt.Sprintf("%s applies %d empty", n, e.Index) // nothing to report but its name
		}
		return fmt.Sprintf("%s applies %d %s → %v", n, e.Index, e.CmdText(), e.Result)
	case EvJoin:
		return n + " starts empty, to join the cluster"
	case EvConfProposed:
		return fmt.Sprintf("%s proposes %s at index %d", n, e.Text, e.Index)
	case EvConfApplied:
		return fmt.Sprintf("%s's configuration from index %d: %s", n, e.Index, e.Text)
	case EvConfRefused:
		return e.Text
	case EvRole:
		if e.Role == RoleDown {
			return n + " is down"
		}
		s := fmt.Sprintf("%s becomes %s (term %d)", n, e.Role, e.Term)
		if e.Peer != 0 && e.Role != RoleLeader {
			s += fmt.Sprintf(", leader n%d", e.Peer)
		}
		return s
	case EvTerm:
		return fmt.Sprintf("%s enters term %d", n, e.Term)
	case EvCountdownZero:
		if e.Due > 0 {
			// Frozen when it ran out: the timeline's instant is the wake, so the row says both.
			return fmt.Sprintf("%s countdown %s #%d at zero since %.3fs (frozen)", n, e.Key, e.Token, e.Due.Seconds())
		}
		return fmt.Sprintf("%s countdown %s #%d reaches zero", n, e.Key, e.Token)
	case EvLocalExpiry:
		return n + " " + e.Label() + " (local-expiry)" // the header says the switch is unsafe
	case EvClientSend:
		s := fmt.Sprintf("%s sends %s %s to %s", e.Client, e.Op, e.Key, n)
		if e.Token != 0 {
			s += fmt.Sprintf(" (token %d)", e.Token)
		} else if e.Op == OpRelease {
			// A release sends the token its client holds (tokens start at 1): say it holds none,
			// so the leader's not-found is checkable on the row.
			s += " (no token)"
		}
		return s
	case EvRequestAtNode:
		if e.Text == heldForRead {
			// Its answer is a read (busy, not-found): the leader confirms it still leads first.
			why := e.Key + " taken"
			if e.Op == OpRelease {
				why = "not " + e.Client + "'s lock"
			}
			return fmt.Sprintf("%s holds %s's %s for a ReadIndex (%s)", n, e.Client, e.Op, why)
		}
		if e.Text == connChecked {
			if e.Detail == ConnGone {
				return fmt.Sprintf("%s checks %s's connection: gone → ghost release", n, e.Client)
			}
			return fmt.Sprintf("%s checks %s's connection: up → %s keeps %s #%d", n, e.Client, e.Client, e.Key, e.Token)
		}
		if e.Text == tokenChecked {
			return fmt.Sprintf("%s checks %s's token %d: projected state %s #%d ✓", n, e.Client, e.Token, e.Key, e.Token)
		}
		return fmt.Sprintf("%s receives %s's %s %s", n, e.Client, e.Op, e.Key)
	case EvClientReply:
		s := fmt.Sprintf("%s gets %s from %s", e.Client, e.Reply, n)
		if e.Reply == ReplyGranted {
			s += fmt.Sprintf(" (token %d)", e.Token)
		}
		if e.Reply == ReplyNotFound {
			// True whether the key is free or another client's (nc23-m: a bare not-found beside
			// every table's orders #3 read as false).
			s += " (no lock of " + e.Client + "'s)"
		}
		if e.Reply == ReplyUnavailable {
			s = fmt.Sprintf("%s cannot reach %s (down): tries another node", e.Client, n)
		}
		if e.Reply == ReplyNotLeader && e.Peer != 0 {
			s += fmt.Sprintf(" (try n%d%s)", e.Peer, downNote(e))
		}
		if e.Reply == ReplyOutcomeUnknown {
			s += " (a snapshot covered its entry"
			if e.Peer != 0 {
				s += fmt.Sprintf("; try n%d%s", e.Peer, downNote(e))
			}
			s += ")"

		}
		if e.Node == 0 {
			s = e.Client + " " + e.Label()
		}
		return s
	case EvReplyLost:
		return fmt.Sprintf("%s's reply %s from %s is lost (disconnected)", e.Client, e.Reply, n)
	case EvWrite:
		return fmt.Sprintf("resource %s %s's write to %s with %s", e.word(), e.Client, e.Key, WriteToken(e.Token))
	case EvSnapshotTaken:
		// What it holds: the locks with their lease lengths, and the counter (next #26: the next
		// token), in 53 cells with one lock and three-digit indexes; a longer list wraps.
		if e.Detail != "" {
			return fmt.Sprintf("%s snapshots at %d: %s, next #%d", n, e.Index, e.Detail, e.Token)
		}
		return fmt.Sprintf("%s snapshots at %d and compacts", n, e.Index)
	case EvSnapshotSent:
		return fmt.Sprintf("%s sends a snapshot at %d to n%d", n, e.Index, e.Peer)
	case EvSnapshotRestored:
		if e.Detail != "" {
			return fmt.Sprintf("%s restores snap %d: %s, next #%d", n, e.Index, e.Detail, e.Token)
		}
		return fmt.Sprintf("%s restores a snapshot at %d (next token %d)", n, e.Index, e.Token)
	case EvCrash:
		return n + " crashes"
	case EvRestart:
		return fmt.Sprintf("%s restarts from its log (snapshot at %d)", n, e.Index)
	case EvFault:
		return screenArrows(e.Text)
	case EvClient:
		return e.Client + " " + screenArrows(e.Text)
	case EvViolation:
		if e.Violation == NonLinearizable && e.Detail != "" { // the explanation's summary says more
			summary, _, _ := strings.Cut(e.Detail, "\n")
			return "VIOLATION " + e.Violation.String() + foundNote(e.At, summary)
		}
		return "VIOLATION " + e.Label()
	case EvRaftLog:
		// raft names its node by number first ("1 became leader at term 1"): the column says it.
		return fmt.Sprintf("%s raft: %s", n, strings.TrimPrefix(e.Text, strconv.Itoa(e.Node)+" "))
	case EvError:
		return fmt.Sprintf("%s error: %s", n, e.Text)
	case EvLeaseRenewed:
		return fmt.Sprintf("%s renews %s #%d for %s (leader only, not logged)", n, e.Key, e.Token, e.Client)
	case EvLeaseExtended:
		return fmt.Sprintf("%s extends %s #%d: %s left, one election timeout (extend)", n, e.Key, e.Token, e.Text)
	case EvLeasesReset:
		return fmt.Sprintf("%s applies %d, its term's first: every lease restarts", n, e.Index)
	}
	return strings.TrimSpace(fmt.Sprintf("%v %s", e.Kind, e.Text))
}

// downNote is ", down" on a reply whose named leader was down when it came (Text "down").
func downNote(e *Event) string {
	if e.Text == "down" {
		return ", down"
	}
	return ""
}

// Label is the event as a mark on its lane says it, without its subject (the lane names it):
// "leader t3", "Grant orders 1s → Granted{token:1}", "countdown orders #1 at zero". "" for an
// event no lane marks in words.
func (e *Event) Label() string {
	switch e.Kind {
	case EvRole:
		return fmt.Sprintf("%s t%d", e.Role, e.Term)
	case EvCrash:
		return "crash"
	case EvRestart:
		return "restart"
	case EvApplied:
		return fmt.Sprintf("%s → %v", e.Cmd, e.Result)
	case EvCommitted:
		return fmt.Sprintf("commit index → %d", e.Index)
	case EvCountdownZero:
		if e.Due > 0 {
			return fmt.Sprintf("countdown %s #%d at zero since %.3fs (frozen)", e.Key, e.Token, e.Due.Seconds())
		}
		return fmt.Sprintf("countdown %s #%d at zero", e.Key, e.Token)
	case EvLocalExpiry:
		return fmt.Sprintf("deletes %s #%d on its own clock", e.Key, e.Token)
	case EvWrite:
		if e.Token == 0 {
			return fmt.Sprintf("write %s (no token) %s", e.Key, e.word())
		}
		return fmt.Sprintf("write %s #%d %s", e.Key, e.Token, e.word())
	case EvFault:
		if f := e.Fault; f != nil {
			switch f.Kind {
			case FaultIsolate:
				return "isolated"
			case FaultRejoin:
				return "rejoins"
			}
		}
		return e.Text
	case EvClient, EvConfRefused:
		return e.Text
	case EvClientReply:
		if e.Node == 0 {
			return "gives up: " + e.Reply.String()
		}
		return fmt.Sprintf("%s from n%d", e.Reply, e.Node)
	case EvViolation:
		text := e.Text
		if e.Violation == LostGrant {
			text = LostGrantScreen(text)
		}
		return e.Violation.String() + ": " + screenArrows(text)
	case EvJoin:
		return "joins, empty"
	case EvConfProposed:
		return "proposes " + e.Text
	case EvConfApplied:
		if e.Removed {
			return "removed: applied " + e.Text
		}
		return "configuration: " + e.Text
	}
	return ""
}

// lostGrantWords is how the checker's lost-grant text ends; the trace keeps it (its hash covers
// the text), the screen says it plainly.
var lostGrantWords = regexp.MustCompile(`token (\d+) at index (\d+), which was neither its holder's release nor its expiry`)

// LostGrantScreen is a text quoting lost-grant as the screen reads it: the lock was ended by an
// Expire, so "nor its expiry" read as a contradiction ("but it was an expiry!"); what did not
// end it was an Expire naming its token.
func LostGrantScreen(text string) string {
	return lostGrantWords.ReplaceAllString(text, "token $1 at index $2, which was neither its holder's release nor an Expire naming token $1")
}

// Act is the event as a comparison of two runs states it: what its subject (a node, a client,
// the resource) did, without the subject and without the log index (the same act may sit at
// another index in the other run), and its result apart, so that two acts compare field by
// field: "applies Expire orders #1" and "Expired{existed:false}". act is "" for an event a
// comparison does not look at.
func (e *Event) Act() (act, out string) {
	switch e.Kind {
	case EvApplied:
		if e.Cmd.Kind == 0 {
			return "applies " + e.CmdText(), ""
		}
		return "applies " + e.CmdText(), e.Result.String()
	case EvProposed:
		act = "proposes " + e.CmdText()
		if e.Text != "" {
			act += " (" + e.Text + ")"
		}
		return act, ""
	case EvCountdownZero:
		return fmt.Sprintf("countdown %s #%d reaches zero", e.Key, e.Token), ""
	case EvLeasesReset:
		return "restarts every lease (lease-on-promote reset)", ""
	case EvLeaseRenewed:
		return fmt.Sprintf("renews %s #%d for %s (keepalive)", e.Key, e.Token, e.Client), ""
	case EvLeaseExtended:
		return fmt.Sprintf("extends %s #%d to %s left (extend)", e.Key, e.Token, e.Text), ""
	case EvLocalExpiry:
		return e.Label(), ""
	case EvClientReply:
		act = "gets " + e.Reply.String() + " " + e.Key
		if e.Node != 0 {
			act += fmt.Sprintf(" from n%d", e.Node)
		}
		if e.Token != 0 {
			act += fmt.Sprintf(" (token %d)", e.Token)
		}
		return act, ""
	case EvReplyLost:
		return fmt.Sprintf("loses the reply %s from n%d", e.Reply, e.Node), ""
	case EvWrite:
		return fmt.Sprintf("takes %s's write to %s with %s", e.Client, e.Key, WriteToken(e.Token)), e.word()
	}
	return "", ""
}

// Verbose is the verbose log's line (leaselab run --verbose): Describe, but a sent message in
// raft's own words when the world keeps them (Config.DescribeMessages).
func (e *Event) Verbose() string {
	if e.Kind == EvMsgSent && e.Detail != "" {
		return "send " + e.Detail
	}
	return e.Describe()
}

// screenArrows writes the arrows of an event's text as every screen draws them (the Network
// panel's n1→n3, n1↔n3): a fault's text is the language's (cut n1 -> n3) and a divergence's
// says "Grant orders 3s -> GrantRejected"; the trace hashes both as they are.
func screenArrows(s string) string {
	if !strings.Contains(s, "-") {
		return s
	}
	return arrowWords.Replace(s)
}

var arrowWords = strings.NewReplacer(" <-> ", " ↔ ", " -> ", " → ", " <- ", " ← ")

// CmdText is the command, or "empty" for an entry without one (a new leader's): the language's
// word for it (`SUBJECT log I empty`), the same on every screen.
func (e *Event) CmdText() string {
	if e.Cmd.Kind == 0 {
		if e.Text != "" && (e.Kind == EvAppended || e.Kind == EvApplied) {
			return e.Text // a conf-change entry
		}
		return "empty"
	}
	return e.Cmd.String()
}

// WriteToken is the token a write to the resource carries, in words: "token 2", or "no token"
// for a client that held none. A tokenless write was "token 0" here, "#0" on the diagram and
// "#none" on a client's row: four names for one thing (nc34-2). Every screen says "no token".
func WriteToken(t uint64) string {
	if t == 0 {
		return "no token"
	}
	return fmt.Sprintf("token %d", t)
}

// opEnd is an operation's span in an explanation's summary, "(3.043s-5.253s)": its answer's
// instant is the second.
var opEnd = regexp.MustCompile(`\d+\.\d+s-(\d+\.\d+)s`)

// foundNote is a non-linearizable row's text after its kind: "found: no order fits these 3
// operations on orders, done by 5.253s: …". porcupine checks at a step that asks for violations
// (or the run's end), so the row is stamped 5.860s for answers given by 5.253s, and a student
// read the stamp as when it went wrong (nc34-3). Said in a few words: a row one line longer
// pushed a half's replication panel off a 120x40 screen.
func foundNote(at time.Duration, summary string) string {
	summary = strings.TrimSuffix(summary, ".")
	last := -1.0
	for _, m := range opEnd.FindAllStringSubmatch(summary, -1) {
		if f, err := strconv.ParseFloat(m[1], 64); err == nil && f > last {
			last = f
		}
	}
	head, rest, ok := strings.Cut(summary, ": ")
	if last < 0 || at.Round(time.Millisecond).Seconds()-last < 0.0005 || !ok {
		return ": " + summary
	}
	return fmt.Sprintf(" found: %s, done by %.3fs: %s", head, last, rest)
}
