package scenarios

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// record is one thing a comparison looks at: an entry a node applied, a lock a node deleted on
// its own clock, a reply a client got, a write the resource decided. Subject is who did it
// ("n1", "c2", "resource"); Act and Out are what and with which result, so two records of the
// same act print as "n1 applies Expire orders #1 → Expired{existed:false} | → ...".
type record struct {
	At      time.Duration
	Subject string
	Node    int    // the node that applied, deleted or replied (0 for the resource)
	Index   uint64 // applied index
	Act     string
	Out     string
	Note    string // what it did to the lock table: "(deletes c2's lock)"
	// For is the client request a proposal was made for ("c2's acquire"), so a divergence where
	// only one side proposed says for whom; not compared (the act is).
	For string
}

func (r *record) same(o *record) bool {
	return r.Subject == o.Subject && r.Index == o.Index && r.Act == o.Act && r.Out == o.Out && r.Note == o.Note
}

// text is the record as a divergence prints it; act is false when the other side did the same
// act, so only the result is worth repeating.
func (r *record) text(act bool) string {
	var parts []string
	if act {
		parts = append(parts, r.Act)
	}
	if r.Out != "" {
		parts = append(parts, "→ "+r.Out)
	}
	if r.Note != "" {
		parts = append(parts, r.Note)
	}
	return strings.Join(parts, " ")
}

// observer collects one world's records as they happen, and what it needs to say whose lock an
// entry deleted: each node's lock table as its applied entries built it, and who was granted
// which token.
type observer struct {
	cur    []record                  // records since the last comparison
	answer map[string][]record       // client -> every reply it got and write the resource decided, in order
	held   map[int]map[string]uint64 // node -> key -> token, from applied entries
	holder map[uint64]string         // token -> the client it was granted to
}

func newObserver(w *cluster.World) *observer {
	o := &observer{held: map[int]map[string]uint64{}, holder: map[uint64]string{}, answer: map[string][]record{}}
	w.Subscribe(o.on)
	return o
}

func (o *observer) on(e *cluster.Event) {
	switch e.Kind {
	case cluster.EvApplied:
		o.cur = append(o.cur, o.applied(e))
	case cluster.EvProposed:
		// A proposal is a node's decision, before any entry shows it: a new leader that
		// expires a lock at once parts from one that restarts it there, not an apply later.
		r := o.act(e, node(e.Node))
		if c := e.Origin.Client; c != "" && (e.Origin.Kind == cluster.OriginAcquire || e.Origin.Kind == cluster.OriginRelease) {
			r.For = fmt.Sprintf("%s's %s", c, e.Origin.Kind)
		}
		o.cur = append(o.cur, r)
	case cluster.EvLeasesReset:
		if len(o.held[e.Node]) > 0 { // restarting no lease shows nowhere
			o.cur = append(o.cur, o.act(e, node(e.Node)))
		}
	case cluster.EvCountdownZero, cluster.EvLeaseRenewed, cluster.EvLeaseExtended:
		// A node's countdown is what its column shows ("EXPIRED HERE" beside "4.0s"): where it
		// ends, starts again, is renewed or extended on one side only, the runs have parted. (A
		// new leader's extension left the extend half saying "(nothing at this instant)" beside
		// keep's Expire: nc23-c.)
		o.cur = append(o.cur, o.act(e, node(e.Node)))
	case cluster.EvLocalExpiry:
		o.forget(e.Node, e.Key)
		r := o.act(e, node(e.Node))
		r.Note = o.whose(e.Token)
		o.cur = append(o.cur, r)
	case cluster.EvClientReply:
		r := o.act(e, e.Client)
		o.cur = append(o.cur, r)
		if e.Reply != cluster.ReplyNotLeader { // a redirect is routing, not an answer about the lock
			o.answer[e.Client] = append(o.answer[e.Client], r)
		}
	case cluster.EvReplyLost:
		o.cur = append(o.cur, o.act(e, e.Client))
	case cluster.EvWrite:
		w := o.act(e, "resource")
		w.Node = 0
		o.cur = append(o.cur, w)
		r := record{At: e.At, Subject: e.Client, Act: fmt.Sprintf("has its write with token %d %s", e.Token, w.Out)}
		if by, t := o.newerHolder(e.Key, e.Token); e.Accepted && by != "" && by != e.Client {
			// What fencing leaves open: an older token's write lands while a newer one is held.
			r.Act += fmt.Sprintf(" while %s held %s #%d", by, e.Key, t)
		}
		o.answer[e.Client] = append(o.answer[e.Client], r)
	case cluster.EvCrash, cluster.EvRestart, cluster.EvSnapshotRestored:
		delete(o.held, e.Node) // rebuilt from whatever it applies next; only the notes use it
	}
}

func (o *observer) applied(e *cluster.Event) record {
	r := o.act(e, node(e.Node))
	r.Index = e.Index
	k := e.Cmd.Key
	switch {
	case e.Result.Kind == fsm.Granted:
		if o.held[e.Node] == nil {
			o.held[e.Node] = map[string]uint64{}
		}
		o.held[e.Node][k] = e.Result.Token
		if e.Origin.Client != "" {
			o.holder[e.Result.Token] = e.Origin.Client
		}
	case e.Result.Kind == fsm.Released || e.Result.Kind == fsm.Expired && e.Result.Existed:
		if t, ok := o.held[e.Node][k]; ok {
			r.Note = o.whose(t)
		}
		o.forget(e.Node, k)
	}
	return r
}

// countdownAct is what a countdown event did, as a divergence line says it.
// act is the event's record, worded by the event itself (cluster's Act) under subject.
func (o *observer) act(e *cluster.Event, subject string) record {
	act, out := e.Act()
	return record{At: e.At, Subject: subject, Node: e.Node, Act: act, Out: out}
}

// newerHolder is the client granted the highest token above t for key that some node's table
// holds now, and that token ("" when none).
func (o *observer) newerHolder(key string, t uint64) (string, uint64) {
	best := uint64(0)
	for _, keys := range o.held {
		if h := keys[key]; h > t && h > best {
			best = h
		}
	}
	if best == 0 {
		return "", 0
	}
	return o.holder[best], best
}

func (o *observer) forget(n int, key string) { delete(o.held[n], key) }

// whose is the note for deleting token t's lock.
func (o *observer) whose(t uint64) string {
	if c := o.holder[t]; c != "" {
		return fmt.Sprintf("(deletes %s's lock)", c)
	}
	return fmt.Sprintf("(deletes token %d)", t)
}

func node(id int) string { return fmt.Sprintf("n%d", id) }

// Divergence is the first difference between two runs: at one instant, one subject (a node, a
// client, the resource) did something on one side that it did not do, or did otherwise, on the
// other. A or B is "" when that side did nothing there.
type Divergence struct {
	At      time.Duration
	Subject string // "n1", "c2", "resource"
	Node    int    // the node involved (for a client, the node that replied); 0 for the resource
	A, B    string
	// For is the client request the one side's proposal was for ("c2's acquire"), when the other
	// side proposed nothing there: racing-acquires' safe leader read "(nothing at this instant)"
	// beside the unsafe one's second Grant, though it had proposed c1's Grant then (nc24-m).
	For string
}

func (d *Divergence) String() string {
	a, b := d.A, d.B
	if a == "" {
		a = "(nothing)"
	}
	if b == "" {
		b = "(nothing)"
	}
	return fmt.Sprintf("diverged at %s: %s %s | %s", fmtTime(d.At), d.Subject, a, b)
}

// diverge compares the records both sides made since the last comparison (all at the same
// instant, since the sides move in lockstep). Subjects are taken in the order they first acted
// on side A, then on side B; the first subject whose records differ is the divergence.
func diverge(a, b []record) *Divergence {
	var order []string
	seen := map[string]bool{}
	for _, rs := range [][]record{a, b} {
		for _, r := range rs {
			if !seen[r.Subject] {
				seen[r.Subject] = true
				order = append(order, r.Subject)
			}
		}
	}
	for _, s := range order {
		ra, rb := bySubject(a, s), bySubject(b, s)
		for i := 0; i < max(len(ra), len(rb)); i++ {
			switch {
			case i >= len(ra):
				return &Divergence{At: rb[i].At, Subject: s, Node: rb[i].Node, B: rb[i].text(true), For: rb[i].For}
			case i >= len(rb):
				return &Divergence{At: ra[i].At, Subject: s, Node: ra[i].Node, A: ra[i].text(true), For: ra[i].For}
			case !ra[i].same(&rb[i]):
				x, y := ra[i], rb[i]
				d := &Divergence{At: x.At, Subject: s, Node: x.Node}
				if x.Index != y.Index {
					x.Act = fmt.Sprintf("%s (index %d)", x.Act, x.Index)
					y.Act = fmt.Sprintf("%s (index %d)", y.Act, y.Index)
				}
				d.A, d.B = x.text(true), y.text(x.Act != y.Act)
				return d
			}
		}
	}
	return nil
}

func bySubject(rs []record, s string) []record {
	var out []record
	for _, r := range rs {
		if r.Subject == s {
			out = append(out, r)
		}
	}
	return out
}

// lockTables compares each node's applied lock table (by its state digest) when no record
// differed: a difference there has no entry to show, so the tables themselves are printed.
func lockTables(at time.Duration, a, b *cluster.World) *Divergence {
	for id := 1; id <= min(a.Nodes(), b.Nodes()); id++ {
		// A lock-delay is the node's own state, in no log entry and no lock table, yet the node
		// column shows it ("delay 3.0s" on one side only): the runs have parted there.
		if a.StateHash(id) == b.StateHash(id) && slices.Equal(a.DelayedKeys(id), b.DelayedKeys(id)) {
			continue
		}
		return &Divergence{At: at, Subject: node(id), Node: id,
			A: "lock table " + lockTable(a, id) + delayed(a, id), B: "lock table " + lockTable(b, id) + delayed(b, id)}
	}
	return nil
}

// delayed is the keys whose lock-delay runs on node id, as a divergence line says them.
func delayed(w *cluster.World, id int) string {
	ks := w.DelayedKeys(id)
	if len(ks) == 0 {
		return ""
	}
	return " · lock-delay runs on " + strings.Join(ks, ", ")
}

func lockTable(w *cluster.World, id int) string {
	if !w.Up(id) {
		return "(down)"
	}
	v := w.View(cluster.ViewOptions{LogTail: 1, Events: 1, Proposals: 1})
	var parts []string
	for _, l := range v.Nodes[id-1].Locks {
		parts = append(parts, fmt.Sprintf("%s #%d", l.Key, l.Token))
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}

// ClientDiff is where one client's answers first differ between the two runs: the reply it got (or
// the resource's verdict on its write) on each side, "" where that side has none there; Before
// is the last grant or renewal both runs gave it alike ("" if none).
type ClientDiff struct {
	Client   string
	A, B     string
	AtA, AtB time.Duration
	Before   string
	BeforeAt time.Duration
	AOK, BOK bool // the side has an answer there
}

// ClientDiffs is, per client (in the order the runs first told them otherwise), the first
// answer that differs between the runs: what a switch or an option changed for the clients,
// which no violation may show (`--without lease-on-promote`: c1's keepalive renewed on one side,
// not-found on the other, and c2 granted the key c1 had just renewed).
func (c *Comparison) ClientDiffs() []ClientDiff {
	a, b := c.Sides[0].obs.answer, c.Sides[1].obs.answer
	var names []string
	for _, m := range []map[string][]record{a, b} {
		for n := range m {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	var out []ClientDiff
	for _, n := range names {
		ra, rb := a[n], b[n]
		for i := 0; i < max(len(ra), len(rb)); i++ {
			if i < len(ra) && i < len(rb) && sameAnswer(ra[i].Act, rb[i].Act) {
				continue
			}
			o := ClientDiff{Client: n}
			if i < len(ra) {
				o.A, o.AtA, o.AOK = ra[i].Act, ra[i].At, true
			}
			if i < len(rb) {
				o.B, o.AtB, o.BOK = rb[i].Act, rb[i].At, true
			}
			for j := i - 1; j >= 0; j-- { // the last lock both runs gave it alike
				if strings.Contains(ra[j].Act, "granted") || strings.Contains(ra[j].Act, "renewed") {
					o.Before, o.BeforeAt = ra[j].Act, ra[j].At
					break
				}
			}
			out = append(out, o)
			break
		}
	}
	// In the order the answers first differed: the story's own order.
	at := func(d ClientDiff) time.Duration {
		if !d.AOK || d.BOK && d.AtB < d.AtA {
			return d.AtB
		}
		return d.AtA
	}
	slices.SortStableFunc(out, func(x, y ClientDiff) int { return cmp.Compare(at(x), at(y)) })
	return out
}

// AnswerAfter is side i's first answer to client at or after t (not-leader redirects left
// out, as ClientDiffs does), and its instant: compare tells a divergence that is only timing
// (lease-read's unsafe c2 got busy 7ms sooner) from one the clients are told (nc24-d2).
func (c *Comparison) AnswerAfter(i int, client string, t time.Duration) (string, time.Duration, bool) {
	for _, r := range c.Sides[i].obs.answer[client] {
		if r.At >= t {
			return r.Act, r.At, true
		}
	}
	return "", 0, false
}

// SameAnswer says two answers a client got are the same but for the node that gave them.
func SameAnswer(a, b string) bool { return sameAnswer(a, b) }

// sameAnswer says two answers a client got are the same but for the node that gave them (the
// runs may elect other leaders; "busy from n3" and "busy from n5" tell the client the same).
func sameAnswer(a, b string) bool {
	strip := func(s string) string {
		if i := strings.Index(s, " from n"); i >= 0 {
			j := i + len(" from n")
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			return s[:i] + s[j:]
		}
		return s
	}
	return strip(a) == strip(b)
}
