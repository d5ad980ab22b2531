package chaos

import (
	"fmt"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// annotator collects, while a reproducer runs, what the HTML shows beside the operations:
// faults (network, clocks, crashes and restarts), leader changes, committed Expires, client
// events (disconnects, pauses, time-outs) and the checker's violations.
type annotator struct {
	list    []porcupine.Annotation
	clients []clientNote
	expired map[uint64]bool
}

// clientNote waits for the client ids porcupine gives each client, known after the check.
type clientNote struct {
	client string
	a      porcupine.Annotation
}

const (
	colorFault     = "#fde2c4"
	colorLeader    = "#d4e8fc"
	colorExpire    = "#e5d8f5"
	colorClient    = "#e8e8e8"
	colorViolation = "#f8b4b4"
)

func (an *annotator) watch(r *scenarios.Runner) {
	an.expired = map[uint64]bool{}
	r.World().Subscribe(an.event)
}

func (an *annotator) add(tag, desc, details, color string, at time.Duration) {
	an.list = append(an.list, porcupine.Annotation{Tag: tag, Start: int64(at), Description: desc, Details: details, BackgroundColor: color})
}

func (an *annotator) event(e *cluster.Event) {
	at := fmt.Sprintf("at %v", e.At.Round(time.Microsecond))
	switch e.Kind {
	case cluster.EvFault, cluster.EvCrash, cluster.EvRestart:
		an.add("faults", e.Describe(), at, colorFault, e.At)
	case cluster.EvRole:
		if e.Role == cluster.RoleLeader {
			an.add("leader", e.Describe(), at, colorLeader, e.At)
		}
	case cluster.EvApplied:
		if e.Cmd.Kind == fsm.Expire && !an.expired[e.Index] {
			an.expired[e.Index] = true // committed: the first node to apply it shows when
			an.add("expires", e.Label(), fmt.Sprintf("%s, index %d, first applied on n%d (proposed by %s)", at, e.Index, e.Node, e.Origin), colorExpire, e.At)
		}
	case cluster.EvClient:
		an.client(e, at)
	case cluster.EvClientReply:
		if e.Reply == cluster.ReplyTimeout || e.Reply == cluster.ReplyOutcomeUnknown {
			an.client(e, at)
		}
	case cluster.EvViolation:
		an.add("violations", e.Violation.String(), fmt.Sprintf("%s: %s", at, e.Text), colorViolation, e.At)
	}
}

// client notes a client's event on its row, in the words of its Label (the client is the row).
func (an *annotator) client(e *cluster.Event, at string) {
	an.clients = append(an.clients, clientNote{e.Client, porcupine.Annotation{Start: int64(e.At), Description: e.Label(), Details: at, BackgroundColor: colorClient}})
}

// annotations are the collected notes, client ones on their client's row (by the ids porcupine
// gave the operations) or, for a client with no checked operation, on a row of their own.
func (an *annotator) annotations(ops []porcupine.Operation) []porcupine.Annotation {
	ids := map[string]int{}
	for _, op := range ops {
		ids[op.Input.(check.LinOp).Client] = op.ClientId
	}
	out := append([]porcupine.Annotation(nil), an.list...)
	for _, n := range an.clients {
		a := n.a
		if id, ok := ids[n.client]; ok {
			a.ClientId = id
		} else {
			a.Tag = "client " + n.client
		}
		out = append(out, a)
	}
	return out
}

// replay runs a reproducer as `leaselab run` would (Runner.Run, end-of-run checks included)
// and writes porcupine's visualization of its history, annotated, to htmlPath.
func replay(s *scenarios.Scenario, htmlPath string, linTimeout time.Duration) (*scenarios.Runner, porcupine.CheckResult, error) {
	r, err := scenarios.NewRunner(s, nil, nil)
	if err != nil {
		return nil, "", err
	}
	an := &annotator{}
	an.watch(r)
	r.Run()
	res := check.CheckLinearizable(r.World(), linTimeout)
	if htmlPath != "" {
		res.Info.AddAnnotations(an.annotations(res.Ops))
		if err := porcupine.VisualizePath(check.LockModel, res.Info, htmlPath); err != nil {
			return r, res.Result, err
		}
	}
	return r, res.Result, nil
}
