package cluster

import (
	"fmt"
	"strings"
	"time"
)

// FaultKind names what a fault event changed.
type FaultKind uint8

const (
	FaultPartition    FaultKind = iota + 1 // Groups
	FaultIsolate                           // Nodes[0] alone
	FaultRejoin                            // Nodes[0] back with the others
	FaultCut                               // Nodes[0] -> Nodes[1], both ways unless OneWay
	FaultDrop                              // Percent of Nodes[0] <-> Nodes[1], or of every message (no Nodes)
	FaultDelay                             // Dur more on Nodes[0] <-> Nodes[1]
	FaultHeal                              // every network rule gone
	FaultSkewRate                          // Nodes[0]'s clock at Rate
	FaultSkewOffset                        // Nodes[0]'s clock jumps by Dur
	FaultSkewReset                         // Nodes[0]'s clock back to normal
	FaultCampaign                          // Nodes[0] starts an election
	FaultTransfer                          // leadership asked from Nodes[1] to Nodes[0]
	FaultSnapshotNoop                      // Nodes[0] had nothing new to snapshot since Index
	FaultClientCut                         // Client's link with Nodes[0] cut: both ways, requests only (OneWay) or replies only (Replies)
	FaultClientDrop                        // Percent of Client's link with Nodes[0]
	FaultClientDelay                       // Dur more on Client's link with Nodes[0]
)

// Fault is what a fault event (EvFault) did, for those that draw it (the diagram, the web
// page, the TUI): they read these fields, never the event's Text, which is Fault.String().
type Fault struct {
	Kind    FaultKind
	Client  string // a client's link, or its clock (skew rate, offset, reset on a client event)
	Nodes   []int
	Groups  [][]int // partition
	OneWay  bool    // cut
	Replies bool    // a client link's cut of the replies only
	Percent float64 // drop
	Dur     time.Duration
	Rate    float64
	Index   uint64 // snapshot with nothing new: the index already snapshotted
}

// String is the fault in words, as the trace writes it (part of the trace hash).
func (f *Fault) String() string {
	var a, b int
	if len(f.Nodes) > 0 {
		a = f.Nodes[0]
	}
	if len(f.Nodes) > 1 {
		b = f.Nodes[1]
	}
	if f.Client != "" { // a client event's words, after the client's name
		switch f.Kind {
		case FaultSkewRate:
			return fmt.Sprintf("clock rate %v", f.Rate)
		case FaultSkewOffset:
			return fmt.Sprintf("clock offset %+v", f.Dur)
		case FaultSkewReset:
			return "clock reset"
		}
	}
	switch f.Kind {
	case FaultPartition:
		return "partition " + f.GroupsText()
	case FaultIsolate:
		return fmt.Sprintf("isolate n%d", a)
	case FaultRejoin:
		return fmt.Sprintf("rejoin n%d", a)
	case FaultCut:
		arrow := "<->"
		if f.OneWay {
			arrow = "->"
		}
		return fmt.Sprintf("cut n%d %s n%d", a, arrow, b)
	case FaultDrop:
		if len(f.Nodes) == 0 {
			return fmt.Sprintf("drop all %v%%", f.Percent)
		}
		return fmt.Sprintf("drop n%d n%d %v%%", a, b, f.Percent)
	case FaultDelay:
		return fmt.Sprintf("delay n%d n%d %v", a, b, f.Dur)
	case FaultHeal:
		return "heal"
	case FaultSkewRate:
		return fmt.Sprintf("skew n%d rate %v", a, f.Rate)
	case FaultSkewOffset:
		return fmt.Sprintf("skew n%d offset %+v", a, f.Dur)
	case FaultSkewReset:
		return fmt.Sprintf("skew n%d reset", a)
	case FaultCampaign:
		return fmt.Sprintf("campaign n%d", a)
	case FaultTransfer:
		return fmt.Sprintf("transfer-leader n%d (from n%d)", a, b)
	case FaultClientCut:
		arrow := "<->"
		switch {
		case f.OneWay:
			arrow = "->"
		case f.Replies:
			arrow = "<-"
		}
		return fmt.Sprintf("cut %s %s n%d", f.Client, arrow, a)
	case FaultClientDrop:
		return fmt.Sprintf("drop %s n%d %v%%", f.Client, a, f.Percent)
	case FaultClientDelay:
		return fmt.Sprintf("delay %s n%d %v", f.Client, a, f.Dur)
	case FaultSnapshotNoop:
		return fmt.Sprintf("snapshot n%d: nothing new since index %d", a, f.Index)
	}
	return fmt.Sprintf("fault %d", f.Kind)
}

// GroupsText is a partition's groups as the language writes them: "n1 n2 | n3".
func (f *Fault) GroupsText() string {
	parts := make([]string, len(f.Groups))
	for i, g := range f.Groups {
		names := make([]string, len(g))
		for j, id := range g {
			names[j] = fmt.Sprintf("n%d", id)
		}
		parts[i] = strings.Join(names, " ")
	}
	return strings.Join(parts, " | ")
}

// clientFault records a change to a client's clock: a client event, with its Fault.
func (w *World) clientFault(f Fault) {
	w.emit(Event{Kind: EvClient, Client: f.Client, Text: f.String(), Fault: &f})
}

// fault records a fault event: its words are the Fault's own. The event's Node is set only
// where it always was (the snapshot that did nothing), since Node is part of the trace hash.
func (w *World) fault(f Fault) {
	e := Event{Kind: EvFault, Text: f.String(), Fault: &f}
	if f.Kind == FaultSnapshotNoop {
		e.Node = f.Nodes[0]
	}
	w.emit(e)
}
