package scenarios

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"

	"leaselab/cluster"
	"leaselab/cluster/check"
	"leaselab/fsm"
)

// Eval checks a condition at the current instant, as a script step does. found says what was
// there instead, for the failure message (it is filled in when the condition is false). Judging
// `violations` runs the linearizability check, which records what it finds.
func (r *Runner) Eval(c *Cond) (bool, string) { return r.judge(c, false) }

// Check is Eval without side effects: a non-linearizable history is counted, not recorded. A
// user's question at the prompt must not change the run.
func (r *Runner) Check(c *Cond) (bool, string) { return r.judge(c, true) }

func (r *Runner) judge(c *Cond, pure bool) (bool, string) {
	ok, found := r.eval(c, pure)
	// `violations none` and `violations non-linearizable` rest on porcupine: when it could not
	// decide, the condition is neither true nor false, and the step fails saying so.
	if c.Kind == CondViolations && (c.None || c.Violation == cluster.NonLinearizable) &&
		!r.world.HasViolation(cluster.NonLinearizable) && check.PendingHistory(r.world, r.linTimeout()) == porcupine.Unknown {
		if ok != c.Not {
			found = ""
		}
		return false, strings.TrimPrefix(found+"; ", "; ") + r.undecidedText()
	}
	if c.Not {
		if ok {
			return false, found
		}
		return true, ""
	}
	return ok, found
}

func (r *Runner) eval(c *Cond, pure bool) (bool, string) {
	w := r.world
	switch c.Kind {
	case CondLeader:
		l := w.Leader()
		switch {
		case c.None:
			return l == 0, leaderName(l)
		case c.Node != 0:
			return l == c.Node, leaderName(l)
		}
		return l != 0, leaderName(l)
	case CondTerm: // the highest term among the live nodes: with none live there is none to compare
		if !anyUp(w) {
			return false, "no such node (every node down)"
		}
		t := w.MaxTerm()
		return t == c.N, fmt.Sprintf("term %d", t)
	case CondRole:
		if c.Node > w.Nodes() {
			return false, notStarted(c.Node)
		}
		role := w.Role(c.Node)
		return string(role) == c.Role, fmt.Sprintf("n%d role %s", c.Node, role)
	case CondConverged:
		return w.Converged(), convergence(w)
	case CondViolations:
		var vs []cluster.Violation
		if pure {
			vs = check.PendingViolations(w, r.linTimeout())
		} else {
			check.CheckHistory(w, r.linTimeout())
			vs = w.Violations()
		}
		if c.None {
			return len(vs) == 0, violationList(vs)
		}
		return slices.ContainsFunc(vs, func(v cluster.Violation) bool { return v.Kind == c.Violation }), violationList(vs)
	case CondHolds:
		tok, ok := w.ClientHolds(c.Client, c.Key)
		found := fmt.Sprintf("%s holds %s token %d", c.Client, c.Key, tok)
		if !ok {
			found = fmt.Sprintf("%s does not hold %s", c.Client, c.Key)
		}
		return ok && (!c.HasToken || tok == c.Token), found
	case CondReply:
		rep, tok := w.ClientReply(c.Client)
		found := fmt.Sprintf("%s reply %s", c.Client, orNone(rep.String()))
		if rep == cluster.ReplyGranted {
			found += fmt.Sprintf(" token %d", tok)
		}
		if latest, ltok, ok, waiting := w.ClientSince(c.Client); ok || waiting != "" {
			// What the client heard since and waits for, as its row on screen shows it.
			var since []string
			switch {
			case rep.String() != "" && waiting != "":
				// "c1 reply granted token 1 (its last request's answer, …)" read as c1 just
				// granted (nc37-b): the answer is an earlier request's, the new one unanswered.
				since = append(since, "its answer to an earlier request: its "+waiting+" still waits for its own")
			case rep.String() != "":
				since = append(since, "its last request's answer")
			case waiting != "":
				since = append(since, "its "+waiting+" waits for an answer")
			}
			if ok {
				heard := "a background keepalive was answered " + latest.String()
				if latest == cluster.ReplyGranted {
					heard += fmt.Sprintf(" token %d", ltok)
				}
				since = append(since, heard+" since")
			}
			found += " (" + strings.Join(since, ", and ") + ")" // not "; ": that parts nodes
		}
		return rep == c.Reply && (!c.HasToken || tok == c.Token), found
	case CondResource:
		tok := w.ResourceToken(c.Key)
		return tok == c.Token, fmt.Sprintf("resource %s token %d", c.Key, tok)
	case CondWrite:
		decided, acc := w.ClientWrite(c.Client)
		found := c.Client + " write rejected"
		switch {
		case !decided:
			found = c.Client + " has no decided write"
		case acc:
			found = c.Client + " write accepted"
		}
		return decided && acc == c.Accepted, found
	}
	return r.evalNodes(c)
}

// evalNodes checks a per-node condition on every subject node; all must hold.
func (r *Runner) evalNodes(c *Cond) (bool, string) {
	if c.Subject == SubjectMajority {
		return r.evalMajority(c)
	}
	ids := r.subjects(c)
	if len(ids) == 0 {
		return false, "no such node (no leader, or every node down)"
	}
	var bad []string
	for _, id := range ids {
		if ok, found := r.evalNode(c, id); !ok {
			bad = append(bad, found)
		}
	}
	return len(bad) == 0, strings.Join(bad, "; ")
}

func (r *Runner) evalNode(c *Cond, id int) (bool, string) {
	w := r.world
	name := fmt.Sprintf("n%d", id)
	if id > w.Nodes() {
		return false, notStarted(id)
	}
	switch c.Kind {
	case CondLock:
		if !w.Up(id) {
			return false, name + " is down"
		}
		l, held := w.Lock(id, c.Key)
		found := fmt.Sprintf("%s lock %s token %d", name, c.Key, l.Token)
		if !held {
			found = fmt.Sprintf("%s lock %s free", name, c.Key)
		}
		if c.Free {
			return !held, found
		}
		return held && l.Token == c.Token, found
	case CondResult:
		res, ok := w.LastResult(id, c.Key)
		found := fmt.Sprintf("%s result %s %v", name, c.Key, res)
		if !ok {
			found = fmt.Sprintf("%s has applied nothing for %s", name, c.Key)
		}
		return ok && res == c.Results[0], found
	case CondHistory:
		h := w.KeyHistory(id, c.Key)
		return slices.Equal(h, c.Results), fmt.Sprintf("%s history %s %s", name, c.Key, results(h))
	case CondCountdown, CondCountdownExp:
		rem, zero, ok := w.Countdown(id, c.Key)
		if !ok {
			return false, fmt.Sprintf("%s has no countdown for %s", name, c.Key)
		}
		found := fmt.Sprintf("%s countdown %s %v", name, c.Key, rem.Round(time.Millisecond))
		if c.Kind == CondCountdownExp {
			return zero, found
		}
		return compare(rem, c.Op, c.Dur), found
	case CondCommit:
		v := w.Commit(id)
		return compare(v, c.Op, c.N), fmt.Sprintf("%s commit %d", name, v)
	case CondApplied:
		v := w.Applied(id)
		return compare(v, c.Op, c.N), fmt.Sprintf("%s applied %d", name, v)
	case CondLastIndex:
		v := w.LastIndex(id)
		return compare(v, c.Op, c.N), fmt.Sprintf("%s last-index %d", name, v)
	case CondLogTerm, CondLogCmd, CondLogNone:
		e, ok := w.Entry(id, c.Index)
		found := fmt.Sprintf("%s log %d %s", name, c.Index, logEntryText(e, ok))
		switch {
		case c.Kind == CondLogNone:
			return !ok, found
		case !ok:
			return false, found
		case c.Kind == CondLogTerm:
			return e.Term == c.N, found
		}
		return logCmdMatches(c, e), found
	case CondVoters, CondLearners, CondConfig, CondRemoved:
		return evalMember(w, c, id)
	}
	return false, fmt.Sprintf("unknown condition kind %d", c.Kind)
}

// compare works at each operand's own width (uint64 indexes, int64 durations): a conversion
// between them would turn a huge index into a negative one.
func compare[T cmp.Ordered](a T, op string, b T) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	case "=", "==":
		return a == b
	}
	return false
}

func leaderName(l int) string {
	if l == 0 {
		return "leader none"
	}
	return fmt.Sprintf("leader n%d", l)
}

func orNone(s string) string {
	if s == "" {
		return "(none yet)"
	}
	return s
}

func results(rs []fsm.Result) string {
	if len(rs) == 0 {
		return "(empty)"
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.String()
	}
	return strings.Join(parts, " ")
}

func convergence(w *cluster.World) string {
	l := w.Leader()
	if l == 0 {
		return "no leader"
	}
	parts := []string{fmt.Sprintf("leader n%d commit %d", l, w.Commit(l))}
	for _, id := range w.Members() {
		parts = append(parts, fmt.Sprintf("n%d applied %d", id, w.Applied(id)))
	}
	return strings.Join(parts, ", ")
}

func violationList(vs []cluster.Violation) string {
	if len(vs) == 0 {
		return "violations none"
	}
	seen := map[cluster.ViolationKind]bool{}
	var kinds []string
	for _, v := range vs {
		if !seen[v.Kind] {
			seen[v.Kind] = true
			kinds = append(kinds, v.Kind.String())
		}
	}
	return "violations " + strings.Join(kinds, ", ") + " (first: " + vs[0].Text + ")"
}

// evalMajority: at least a majority of the voters' logs satisfy the log condition. A log
// survives a crash, so a down voter counts with the log it persisted.
func (r *Runner) evalMajority(c *Cond) (bool, string) {
	voters := r.world.Voters()
	var have []string
	for _, id := range voters {
		if ok, _ := r.evalNode(c, id); ok {
			have = append(have, fmt.Sprintf("n%d", id))
		}
	}
	need := len(voters)/2 + 1
	found := fmt.Sprintf("%d of %d voters (%s), a majority is %d", len(have), len(voters), orNone(strings.Join(have, " ")), need)
	return len(have) >= need, found
}

// logEntryText is an entry as log conditions spell it: "term 2 Grant orders 3s", "term 3 empty",
// "none" when the log does not hold it.
func logEntryText(e cluster.LogEntry, ok bool) string {
	switch {
	case !ok:
		return "none"
	case e.Conf:
		return fmt.Sprintf("term %d conf", e.Term)
	case e.Empty:
		return fmt.Sprintf("term %d empty", e.Term)
	}
	return fmt.Sprintf("term %d %s", e.Term, e.Cmd)
}

// logCmdMatches: Grant KEY matches any lease, Grant KEY D only that one.
func logCmdMatches(c *Cond, e cluster.LogEntry) bool {
	switch c.LogCmd {
	case "empty":
		return e.Empty
	case "conf":
		return e.Conf
	case "Grant":
		return e.Cmd.Kind == fsm.Grant && e.Cmd.Key == c.Key &&
			(!c.HasLease || time.Duration(e.Cmd.LeaseMS)*time.Millisecond == c.Dur)
	case "Release":
		return e.Cmd.Kind == fsm.Release && e.Cmd.Key == c.Key
	case "Expire":
		return e.Cmd.Kind == fsm.Expire && e.Cmd.Key == c.Key && e.Cmd.Token == c.Token
	}
	return false
}

// anyUp says whether any node is running.
func anyUp(w *cluster.World) bool {
	for id := 1; id <= w.Nodes(); id++ {
		if w.Up(id) {
			return true
		}
	}
	return false
}
