package scenarios

import (
	"fmt"
	"io"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
)

// RunOptions are `leaselab run`'s flags.
type RunOptions struct {
	Seed    *uint64   // overrides every file's seed
	Verbose io.Writer // narration and a readable event log, when set
	Trace   io.Writer // JSON Lines of every event, when set
	// Budget is the simulated time a scenario may reach before it fails: DefaultBudget when 0,
	// none when negative.
	Budget time.Duration
	// Timeout is the wall time a scenario may take before it fails (0: none). The wall clock is
	// read between slices of the run, never by the world.
	Timeout time.Duration
	// Observe, when set, sees the world before the run starts (to subscribe to its events).
	Observe func(*cluster.World)
	// NoLog keeps no log of the steps run (Runner.Log): a long headless run does not hold a
	// second copy of its script.
	NoLog bool
}

// DefaultBudget is how much simulated time `leaselab run` lets one scenario reach.
const DefaultBudget = 24 * time.Hour

// Result is one scenario's outcome.
type Result struct {
	Scenario  *Scenario
	Runner    *Runner
	Simulated time.Duration
	Wall      time.Duration
}

// RunScenario plays a scenario headless to its end.
func RunScenario(s *Scenario, o RunOptions) (*Result, error) {
	r, err := NewRunner(s, o.Seed, func(c *cluster.Config) { c.DescribeMessages = o.Verbose != nil })
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.File, err)
	}
	// The world's startup events (each node's first state) happened before anyone could
	// subscribe: hand them over from the recent-event ring first, so a trace has every event.
	startup := r.World().RecentEvents(int(r.World().Events()))
	if o.Observe != nil {
		o.Observe(r.World())
	}
	var tw *cluster.TraceWriter
	if o.Trace != nil {
		tw = cluster.NewTraceWriter(o.Trace)
		for i := range startup {
			tw.Write(&startup[i])
		}
		r.World().Subscribe(tw.Write)
	}
	if o.Verbose != nil {
		fmt.Fprintf(o.Verbose, "=== %s: %s (seed %d)\n", s.Name, s.Header.Title, r.World().Config().Seed)
		r.OnSay = func(text string, at time.Duration) { fmt.Fprintf(o.Verbose, "%10s  say  %s\n", fmtTime(at), text) }
		for i := range startup {
			printEvent(o.Verbose, &startup[i])
		}
		r.OnAsk = func(st *Step, at time.Duration) { printAsk(o.Verbose, st, at) }
		r.World().Subscribe(func(e *cluster.Event) { printEvent(o.Verbose, e) })
	}
	start := time.Now() // wall time of the run, for the report and --timeout; never reaches the world
	switch {
	case o.Budget == 0:
		r.Budget = DefaultBudget
	case o.Budget > 0:
		r.Budget = o.Budget
	}
	r.NoLog = o.NoLog
	if o.Timeout > 0 {
		r.Interrupt = func() bool { return time.Since(start) > o.Timeout }
	}
	r.Run()
	res := &Result{Scenario: s, Runner: r, Simulated: r.World().Now(), Wall: time.Since(start)}
	if tw != nil {
		if err := tw.Flush(); err != nil {
			return res, fmt.Errorf("trace: %v", err)
		}
	}
	return res, nil
}

// Report writes the language's report lines for one result.
func (res *Result) Report(out io.Writer) {
	verdict := "PASS"
	if !res.Runner.Passed() {
		verdict = "FAIL"
	}
	fmt.Fprintf(out, "%s %s (simulated %s in %s)\n", verdict, res.Scenario.Name, fmtTime(res.Simulated), fmtWall(res.Wall))
	for _, f := range res.Runner.Failures {
		fmt.Fprintf(out, "  %s\n", f)
	}
}

// fmtTime prints simulated time with at most a millisecond of precision: 12.4s, 1m3.25s.
func fmtTime(d time.Duration) string {
	if d >= time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Microsecond).String()
}

// fmtWall rounds wall time to what is worth reading: 850µs, 3.2ms, 35ms.
func fmtWall(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d < 10*time.Millisecond:
		return d.Round(100 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

func isHeartbeat(t pb.MessageType) bool {
	return t == pb.MessageType_MsgHeartbeat || t == pb.MessageType_MsgHeartbeatResp
}

// printEvent is the verbose log: one line per event, skipping deliveries and heartbeats (a
// heartbeat pair per follower per tick would bury everything else).
func printEvent(out io.Writer, e *cluster.Event) {
	var s string
	switch e.Kind {
	case cluster.EvMsgDelivered:
		return
	case cluster.EvMsgSent:
		if isHeartbeat(e.Msg.Type) {
			return
		}
		s = "send " + e.Detail
	case cluster.EvMsgDropped:
		if isHeartbeat(e.Msg.Type) {
			return
		}
		s = fmt.Sprintf("drop n%d->n%d %v (%s)", e.Node, e.Peer, e.Msg.Type, e.Text)
	default:
		s = Describe(e)
	}
	fmt.Fprintf(out, "%10s  %s\n", fmtTime(e.At), s)
}

// Describe is a one-line human description of an event (also the TUI's timeline text).
func Describe(e *cluster.Event) string {
	n := fmt.Sprintf("n%d", e.Node)
	switch e.Kind {
	case cluster.EvMsgSent, cluster.EvMsgDelivered:
		return fmt.Sprintf("%s n%d->n%d %v term %d index %d", e.Kind, e.Node, e.Peer, e.Msg.Type, e.Msg.Term, e.Msg.Index)
	case cluster.EvMsgDropped:
		return fmt.Sprintf("dropped n%d->n%d %v (%s)", e.Node, e.Peer, e.Msg.Type, e.Text)
	case cluster.EvProposed:
		s := fmt.Sprintf("%s proposes %s [%s]", n, e.Cmd, e.Origin)
		if e.Text != "" {
			s += " " + e.Text
		}
		return s
	case cluster.EvAppended:
		return fmt.Sprintf("%s appends %d t%d %s", n, e.Index, e.Term, cmdOrEmpty(e))
	case cluster.EvCommitted:
		return fmt.Sprintf("%s commits up to %d", n, e.Index)
	case cluster.EvApplied:
		return fmt.Sprintf("%s applies %d %s -> %v", n, e.Index, cmdOrEmpty(e), e.Result)
	case cluster.EvRole:
		if e.Role == cluster.RoleDown {
			return n + " is down"
		}
		s := fmt.Sprintf("%s becomes %s (term %d)", n, e.Role, e.Term)
		if e.Peer != 0 && e.Role != cluster.RoleLeader {
			s += fmt.Sprintf(", leader n%d", e.Peer)
		}
		return s
	case cluster.EvTerm:
		return fmt.Sprintf("%s enters term %d", n, e.Term)
	case cluster.EvCountdownZero:
		return fmt.Sprintf("%s countdown %s #%d reaches zero", n, e.Key, e.Token)
	case cluster.EvLocalExpiry:
		return fmt.Sprintf("%s deletes %s #%d on its own clock (unsafe local-expiry)", n, e.Key, e.Token)
	case cluster.EvClientSend:
		s := fmt.Sprintf("%s sends %s %s to %s", e.Client, e.Reply, e.Key, n)
		if e.Token != 0 {
			s += fmt.Sprintf(" (token %d)", e.Token)
		}
		return s
	case cluster.EvRequestAtNode:
		return fmt.Sprintf("%s receives %s's %s %s", n, e.Client, e.Reply, e.Key)
	case cluster.EvClientReply:
		s := fmt.Sprintf("%s gets %s from %s", e.Client, e.Reply, n)
		if e.Reply == "granted" {
			s += fmt.Sprintf(" (token %d)", e.Token)
		}
		if e.Reply == "unavailable" {
			s = fmt.Sprintf("%s cannot reach %s (down): tries another node", e.Client, n)
		}
		if e.Reply == "not-leader" && e.Peer != 0 {
			s += fmt.Sprintf(" (try n%d)", e.Peer)
		}
		if e.Node == 0 {
			s = fmt.Sprintf("%s gives up: %s", e.Client, e.Reply)
		}
		return s
	case cluster.EvReplyLost:
		return fmt.Sprintf("%s's reply %s from %s is lost (disconnected)", e.Client, e.Reply, n)
	case cluster.EvWrite:
		return fmt.Sprintf("resource %s %s's write to %s with token %d", e.Reply, e.Client, e.Key, e.Token)
	case cluster.EvSnapshotTaken:
		return fmt.Sprintf("%s snapshots at %d and compacts", n, e.Index)
	case cluster.EvSnapshotSent:
		return fmt.Sprintf("%s sends a snapshot at %d to n%d", n, e.Index, e.Peer)
	case cluster.EvSnapshotRestored:
		return fmt.Sprintf("%s restores a snapshot at %d (next token %d)", n, e.Index, e.Token)
	case cluster.EvCrash:
		return n + " crashes"
	case cluster.EvRestart:
		return fmt.Sprintf("%s restarts from its log (snapshot at %d)", n, e.Index)
	case cluster.EvFault:
		return e.Text
	case cluster.EvClient:
		return e.Client + " " + e.Text
	case cluster.EvViolation:
		return "VIOLATION " + e.Reply + ": " + e.Text
	case cluster.EvRaftLog:
		return fmt.Sprintf("%s raft: %s", n, e.Text)
	case cluster.EvError:
		return fmt.Sprintf("%s error: %s", n, e.Text)
	}
	return strings.TrimSpace(fmt.Sprintf("%v %s", e.Kind, e.Text))
}

func cmdOrEmpty(e *cluster.Event) string {
	if e.Cmd.Kind == 0 {
		return "(empty)"
	}
	return e.Cmd.String()
}

// printAsk shows a question with its choices, the right one marked, and its explanation.
func printAsk(out io.Writer, st *Step, at time.Duration) {
	fmt.Fprintf(out, "%10s  ask  %s\n", fmtTime(at), st.Text)
	for i, c := range st.Choices {
		mark := " "
		if i == st.Right {
			mark = "✔"
		}
		fmt.Fprintf(out, "%10s  %s %d) %s\n", "", mark, i+1, c)
	}
	if st.Explain != "" {
		fmt.Fprintf(out, "%10s    because %s\n", "", st.Explain)
	}
}
