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
	// Narrate, when set, sees every say, pause and ask at its instant (even with NoLog).
	Narrate func(st *Step, at time.Duration)
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
		r.OnSay = func(text string, at time.Duration) { fmt.Fprintf(o.Verbose, "%10s  say  %s\n", clockTime(at), text) }
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
	r.OnNarrate = o.Narrate
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
	for _, v := range res.Runner.World().Violations() {
		if v.Kind == cluster.NonLinearizable && v.Detail != "" { // which operations, and why
			for _, line := range strings.Split(strings.TrimSuffix(v.Detail, "\n"), "\n") {
				fmt.Fprintf(out, "  %s\n", line)
			}
		}
	}
}

// clockTime is an instant as the TUI shows it (seconds, to the millisecond: 12.300s), so a
// --verbose log and the screen read the same.
func clockTime(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

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
	switch e.Kind {
	case cluster.EvMsgDelivered:
		return
	case cluster.EvMsgSent, cluster.EvMsgDropped:
		if isHeartbeat(e.Msg.Type) {
			return
		}
	}
	fmt.Fprintf(out, "%10s  %s\n", clockTime(e.At), e.Verbose())
}

// printAsk shows a question with its choices, the right one marked, and its explanation.
func printAsk(out io.Writer, st *Step, at time.Duration) {
	fmt.Fprintf(out, "%10s  ask  %s\n", clockTime(at), st.Text)
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
