package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
)

// Format writes a scenario as text that parses back to the same header and steps. A header
// line is written when the file gave it (Header.Set) or when its value differs from the
// default, so a header built in code (a saved session, a chaos reproducer) is not lost.
// Comments and the original spacing are not kept.
func Format(s *Scenario) string {
	var b strings.Builder
	formatHeader(&b, s)
	if b.Len() > 0 && len(s.Steps) > 0 {
		b.WriteByte('\n')
	}
	for _, st := range s.Steps {
		b.WriteString(FormatStep(st))
		b.WriteByte('\n')
	}
	return b.String()
}

func formatHeader(b *strings.Builder, s *Scenario) {
	h, d := s.Header, DefaultHeader()
	line := func(key string, differs bool, format string, args ...any) {
		if h.Set[key] || differs {
			fmt.Fprintf(b, format+"\n", args...)
		}
	}
	// Zero values stand for "not given" in a header built without DefaultHeader.
	if h.Title != "" && (h.Set["title"] || h.Title != s.Name) {
		b.WriteString("title " + quote(h.Title) + "\n")
	}
	line("seed", h.Seed != d.Seed, "seed %d", h.Seed)
	line("nodes", h.Nodes != 0 && h.Nodes != d.Nodes, "nodes %d", h.Nodes)
	line("tick", h.Tick != 0 && h.Tick != d.Tick, "tick %s", h.Tick)
	line("election", h.Election != 0 && h.Election != d.Election, "election %d", h.Election)
	line("heartbeat", h.Heartbeat != 0 && h.Heartbeat != d.Heartbeat, "heartbeat %d", h.Heartbeat)
	line("latency", h.LatencyMax != 0 && (h.LatencyMin != d.LatencyMin || h.LatencyMax != d.LatencyMax),
		"latency %s-%s", h.LatencyMin, h.LatencyMax)
	line("option check-quorum", h.CheckQuorum != d.CheckQuorum, "option check-quorum %s", onOff(h.CheckQuorum))
	line("option pre-vote", h.PreVote != d.PreVote, "option pre-vote %s", onOff(h.PreVote))
	if h.Set["option lease-extend-on-promote"] { // written as it was given: the old name
		line("option lease-extend-on-promote", true, "option lease-extend-on-promote %s", onOff(h.LeaseOnPromote == cluster.PromoteExtend))
	} else {
		line("option lease-on-promote", h.LeaseOnPromote != d.LeaseOnPromote, "option lease-on-promote %s", h.LeaseOnPromote)
	}
	line("option keepalive", h.Keepalive != d.Keepalive, "option keepalive %s", h.Keepalive)
	line("option lease-checkpoint", h.LeaseCheckpoint != d.LeaseCheckpoint, "option lease-checkpoint %s", h.LeaseCheckpoint)
	line("option lock-delay", h.LockDelay != d.LockDelay, "option lock-delay %s", h.LockDelay)
	line("option client-timeout", h.ClientTimeout != 0 && h.ClientTimeout != d.ClientTimeout, "option client-timeout %s", h.ClientTimeout)
	line("option snapshot-every", h.SnapshotEvery != d.SnapshotEvery, "option snapshot-every %d", h.SnapshotEvery)
	if h.HeldKeys != d.HeldKeys || h.HeldLease != d.HeldLease {
		if h.HeldLease > 0 {
			fmt.Fprintf(b, "option held-keys %d %s\n", h.HeldKeys, h.HeldLease)
		} else {
			fmt.Fprintf(b, "option held-keys %d\n", h.HeldKeys)
		}
	}
	for _, u := range h.Unsafe {
		b.WriteString("unsafe " + u + "\n")
	}
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func nodeName(n int) string { return "n" + strconv.Itoa(n) }

// signed writes a duration with its sign, as skew offsets are read.
func signed(d time.Duration) string {
	if d > 0 {
		return "+" + d.String()
	}
	return d.String()
}

// FormatStep writes one step as its line (without the newline), from its entry in Steps.
func FormatStep(st Step) string {
	d := st.Kind.Def()
	if d == nil {
		return fmt.Sprintf("# unknown step kind %d", st.Kind)
	}
	var b strings.Builder
	if d.Client {
		b.WriteString(st.Client + " ")
	}
	b.WriteString(d.Word)
	for _, a := range d.Args {
		formatArg(&b, d, a, &st)
	}
	return b.String()
}

// FormatCond writes a condition as expect and wait-until read it.
func FormatCond(c *Cond) string {
	if c == nil {
		return "# missing condition"
	}
	s := formatCond(c)
	if c.Not {
		return "not " + s
	}
	return s
}

func formatCond(c *Cond) string {
	var subj string
	switch c.Subject {
	case SubjectNode:
		subj = nodeName(c.Node)
	case SubjectAll:
		subj = "all"
	case SubjectLeader:
		subj = "leader"
	case SubjectMajority:
		subj = "majority"
	}
	token := ""
	if c.HasToken {
		token = " token " + strconv.FormatUint(c.Token, 10)
	}
	switch c.Kind {
	case CondLeader:
		switch {
		case c.None:
			return "leader none"
		case c.Node != 0:
			return "leader " + nodeName(c.Node)
		}
		return "leader"
	case CondTerm:
		return "term " + strconv.FormatUint(c.N, 10)
	case CondRole:
		return nodeName(c.Node) + " role " + c.Role
	case CondConverged:
		return "converged"
	case CondLock:
		if c.Free {
			return subj + " lock " + c.Key + " free"
		}
		return subj + " lock " + c.Key + " token " + strconv.FormatUint(c.Token, 10)
	case CondResult, CondHistory:
		verb := " result "
		if c.Kind == CondHistory {
			verb = " history "
		}
		rs := make([]string, len(c.Results))
		for i, r := range c.Results {
			rs[i] = r.String()
		}
		return subj + verb + c.Key + " " + strings.Join(rs, " ")
	case CondCountdown:
		return subj + " countdown " + c.Key + " " + c.Op + " " + c.Dur.String()
	case CondCountdownExp:
		return subj + " countdown " + c.Key + " expired"
	case CondCommit:
		return subj + " commit " + c.Op + " " + strconv.FormatUint(c.N, 10)
	case CondApplied:
		return subj + " applied " + c.Op + " " + strconv.FormatUint(c.N, 10)
	case CondLastIndex:
		return subj + " last-index " + c.Op + " " + strconv.FormatUint(c.N, 10)
	case CondLogTerm:
		return subj + " log " + strconv.FormatUint(c.Index, 10) + " term " + strconv.FormatUint(c.N, 10)
	case CondLogNone:
		return subj + " log " + strconv.FormatUint(c.Index, 10) + " none"
	case CondLogCmd:
		s := subj + " log " + strconv.FormatUint(c.Index, 10) + " " + c.LogCmd
		switch c.LogCmd {
		case "Grant":
			s += " " + c.Key
			if c.HasLease {
				s += " " + c.Dur.String()
			}
		case "Release":
			s += " " + c.Key
		case "Expire":
			s += " " + c.Key + " #" + strconv.FormatUint(c.Token, 10)
		}
		return s
	case CondHolds:
		return c.Client + " holds " + c.Key + token
	case CondReply:
		if c.Reply != cluster.ReplyGranted {
			return c.Client + " reply " + c.Reply.String()
		}
		return c.Client + " reply " + c.Reply.String() + token
	case CondResource:
		return "resource " + c.Key + " token " + strconv.FormatUint(c.Token, 10)
	case CondWrite:
		if c.Accepted {
			return c.Client + " write accepted"
		}
		return c.Client + " write rejected"
	case CondVoters, CondLearners, CondConfig, CondRemoved:
		return formatMemberCond(subj, c)
	case CondViolations:
		if c.None || c.Violation == 0 {
			return "violations none"
		}
		return "violations " + c.Violation.String()
	}
	return fmt.Sprintf("# unknown condition kind %d", c.Kind)
}

// formatAsk writes an ask's arguments, after its word.
func formatAsk(b *strings.Builder, st *Step) {
	b.WriteString(" " + quote(st.Text))
	for i, c := range st.Choices {
		if i == st.Right {
			b.WriteString(" right")
		}
		b.WriteString(" " + quote(c))
	}
	if st.Explain != "" {
		b.WriteString(" because " + quote(st.Explain))
	}
}
