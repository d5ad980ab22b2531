package diagram

import (
	"strings"

	"leaselab/cluster"
)

// member marks a membership event on its node's lane (or across the cluster for a refusal):
// a join (which adds a lane), a proposed change, each configuration change once (the first node
// to apply it), and every node it removes. It says false for an event it does not mark.
func (r *Recorder) member(e *cluster.Event) bool {
	mk := Mark{Node: e.Node, Index: e.Index}
	switch e.Kind {
	case cluster.EvJoin:
		// A node joins: a lane more (lanes are numbered from node ids when drawn, so the
		// clients' lanes move right with every row already recorded).
		for r.Lanes.Nodes < e.Node {
			r.Lanes.Nodes++
			r.logs = append(r.logs, map[uint64]Entry{})
		}
		mk.Kind = MarkFault
	case cluster.EvConfProposed:
		mk.Kind = MarkFault
	case cluster.EvConfRefused:
		mk.Kind, mk.Node = MarkFault, 0
	case cluster.EvConfApplied:
		// Once per change (the first node to apply it), and on every node it removes.
		switch {
		case e.Removed:
			mk.Kind = MarkFault
		case e.Index > r.confMarked:
			mk.Kind = MarkFault
		default:
			return false
		}
		r.confMarked = max(r.confMarked, e.Index)
	default:
		return false
	}
	mk.Text = e.Label()
	r.push(Row{Seq: e.Seq, At: e.At, Mark: true, M: mk})
	return true
}

// confText is an appended conf-change entry's description ("conf add n6"), else "".
func confText(e *cluster.Event) string {
	if e.Cmd.Kind == 0 && strings.HasPrefix(e.Text, "conf ") {
		return e.Text
	}
	return ""
}

// text is what a message label says of the entry: its command, or its conf change.
func (en *Entry) text() string {
	if en.Conf != "" {
		return en.Conf
	}
	return en.Cmd.String()
}
