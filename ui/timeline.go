package ui

import (
	"fmt"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// filter is what the event timeline shows.
type filter int

const (
	filterLock filter = iota
	filterAll
	filterRaft
	nFilters
)

func (f filter) String() string {
	return [...]string{"lock events", "all events", "raft messages"}[f]
}

func (f filter) match(k cluster.EventKind) bool {
	switch f {
	case filterAll:
		return true
	case filterRaft:
		return k.IsMessage()
	}
	switch k {
	case cluster.EvProposed, cluster.EvAppended, cluster.EvCommitted, cluster.EvApplied,
		cluster.EvCountdownZero, cluster.EvLocalExpiry, cluster.EvClientSend, cluster.EvClientReply,
		cluster.EvReplyLost, cluster.EvRequestAtNode, cluster.EvWrite, cluster.EvViolation,
		cluster.EvSnapshotTaken, cluster.EvSnapshotSent, cluster.EvSnapshotRestored,
		cluster.EvCrash, cluster.EvRestart, cluster.EvFault, cluster.EvClient, cluster.EvRole,
		cluster.EvError:
		return true
	}
	return false
}

const ringSize = 1500

// tlEvent is one event kept for the timeline; its line is rendered once, when first shown.
type tlEvent struct {
	ev    cluster.Event
	line  string
	lineW int // the width line was cut to
}

// timeline keeps the latest events per filter, fed by a subscription on the world. A rewind
// replays the same events (the world is deterministic), so the history up to the rewind point
// stays valid: only what came after is dropped.
type timeline struct {
	rings   [nFilters][]tlEvent
	version uint64
}

func (t *timeline) add(e *cluster.Event) {
	for f := filter(0); f < nFilters; f++ {
		if !f.match(e.Kind) {
			continue
		}
		r := append(t.rings[f], tlEvent{ev: *e})
		if len(r) > 2*ringSize {
			r = append(r[:0:0], r[len(r)-ringSize:]...)
		}
		t.rings[f] = r
	}
	t.version++
}

// attach follows a (new) world: drops events it has not had yet, checks the rest against it,
// and subscribes.
func (t *timeline) attach(w *cluster.World) {
	n := w.Events()
	recent := w.RecentEvents(512)
	for f := range t.rings {
		r := t.rings[f]
		i := len(r)
		for i > 0 && r[i-1].ev.Seq > n {
			i--
		}
		t.rings[f] = r[:i]
	}
	if !t.agrees(recent) {
		t.rings = [nFilters][]tlEvent{}
		for i := range recent {
			t.add(&recent[i])
		}
	}
	t.version++
	w.Subscribe(t.add)
}

// agrees says whether the kept history matches the world's latest events.
func (t *timeline) agrees(recent []cluster.Event) bool {
	all := t.rings[filterAll]
	if len(recent) == 0 {
		return len(all) == 0
	}
	last := recent[len(recent)-1]
	if len(all) == 0 || all[len(all)-1].ev.Seq != last.Seq {
		return false
	}
	e := all[len(all)-1].ev
	return e.At == last.At && e.Kind == last.Kind && e.Node == last.Node && e.Peer == last.Peer
}

// instantAtOrBefore is the latest event instant at or before t that the timeline knows, or t.
func (t *timeline) instantAtOrBefore(at time.Duration) time.Duration {
	all := t.rings[filterAll]
	if len(all) == 0 || all[0].ev.At > at {
		return at
	}
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].ev.At <= at {
			return all[i].ev.At
		}
	}
	return at
}

// since returns the events after seq (for describing what one step did).
func (t *timeline) since(seq uint64) []cluster.Event {
	all := t.rings[filterAll]
	i := len(all)
	for i > 0 && all[i-1].ev.Seq > seq {
		i--
	}
	out := make([]cluster.Event, 0, len(all)-i)
	for _, e := range all[i:] {
		out = append(out, e.ev)
	}
	return out
}

// lastSeq is the newest event's number.
func (t *timeline) lastSeq() uint64 {
	all := t.rings[filterAll]
	if len(all) == 0 {
		return 0
	}
	return all[len(all)-1].ev.Seq
}

// content renders the last n events of a filter, one per line cut to w cells, oldest first.
func (t *timeline) content(f filter, n, w int, st *styles) string {
	r := t.rings[f]
	if len(r) > n {
		r = r[len(r)-n:]
	}
	var b strings.Builder
	for i := range r {
		if r[i].line == "" || r[i].lineW != w {
			r[i].line, r[i].lineW = eventLine(&r[i].ev, st, w), w
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(r[i].line)
	}
	return b.String()
}

// eventLine is one timeline line: simulated time, then the event, coloured by what it is.
func eventLine(e *cluster.Event, st *styles, w int) string {
	s := st.plain
	switch e.Kind {
	case cluster.EvViolation, cluster.EvError, cluster.EvLocalExpiry:
		s = st.bad
	case cluster.EvMsgDropped:
		s = st.dropSt
	case cluster.EvMsgSent, cluster.EvMsgDelivered:
		s = st.msg
	case cluster.EvCountdownZero:
		s = st.warn
	case cluster.EvCrash, cluster.EvRestart, cluster.EvFault:
		s = st.key
	case cluster.EvRole:
		_, s = st.role(e.Role)
	case cluster.EvProposed, cluster.EvAppended, cluster.EvCommitted, cluster.EvApplied:
		s = cmdStyle(st, e.Cmd, e.Origin, e.Result, e.Kind == cluster.EvApplied)
	}
	mark := " "
	switch e.Kind {
	case cluster.EvMsgDropped:
		mark = "✗"
	case cluster.EvViolation:
		mark = "!"
	case cluster.EvApplied:
		mark = "✓"
	case cluster.EvProposed:
		mark = "+"
	}
	at := fmt.Sprintf("%9s ", simTime(e.At))
	return st.faint.r(cut(at, w)) + s.r(cut(mark+" "+scenarios.Describe(e), w-width(at)))
}

// cmdStyle colours a log entry or proposal by what it does; a late Expire (applied with
// nothing to delete) stands out most.
func cmdStyle(st *styles, c fsm.Command, o cluster.Origin, res fsm.Result, applied bool) sty {
	switch {
	case applied && c.Kind == fsm.Expire && res.Kind == fsm.Expired && !res.Existed:
		return st.late
	case o.Kind == cluster.OriginGhost:
		return st.ghost
	case c.Kind == fsm.Expire:
		return st.expire
	case c.Kind == fsm.Grant:
		return st.grant
	case c.Kind == fsm.Release:
		return st.release
	}
	return st.plain
}

// simTime prints simulated time with millisecond precision: "12.345s".
func simTime(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}
