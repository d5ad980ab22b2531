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
	line("option lease-extend-on-promote", h.LeaseExtend != d.LeaseExtend, "option lease-extend-on-promote %s", onOff(h.LeaseExtend))
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

// FormatStep writes one step as its line (without the newline).
func FormatStep(st Step) string {
	n, n2 := nodeName(st.Node), nodeName(st.Node2)
	switch st.Kind {
	case StepWait:
		return "wait " + st.Dur.String()
	case StepWaitUntil:
		if st.Dur != 0 && st.Dur != DefaultWithin {
			return "wait-until " + FormatCond(st.Cond) + " within " + st.Dur.String()
		}
		return "wait-until " + FormatCond(st.Cond)
	case StepPartition:
		groups := make([]string, len(st.Groups))
		for i, g := range st.Groups {
			names := make([]string, len(g))
			for j, id := range g {
				names[j] = nodeName(id)
			}
			groups[i] = strings.Join(names, " ")
		}
		return "partition " + strings.Join(groups, " | ")
	case StepIsolate:
		return "isolate " + n
	case StepRejoin:
		return "rejoin " + n
	case StepCut:
		if st.OneWay {
			return "cut " + n + " -> " + n2
		}
		return "cut " + n + " " + n2
	case StepDrop:
		if st.All {
			return "drop all " + formatDecimal(st.Percent) + "%"
		}
		return "drop " + n + " " + n2 + " " + formatDecimal(st.Percent) + "%"
	case StepDelay:
		return "delay " + n + " " + n2 + " " + st.Dur.String()
	case StepHeal:
		return "heal"
	case StepCrash:
		return "crash " + n
	case StepRestart:
		return "restart " + n
	case StepSkewRate:
		return "skew " + n + " rate " + formatDecimal(st.Rate)
	case StepSkewOffset:
		return "skew " + n + " offset " + signed(st.Dur)
	case StepSkewReset:
		return "skew " + n + " reset"
	case StepCampaign:
		return "campaign " + n
	case StepTransfer:
		return "transfer-leader " + n
	case StepSnapshot:
		return "snapshot " + n
	case StepAcquire:
		return st.Client + " acquire " + st.Key + " " + st.Dur.String()
	case StepRelease:
		return st.Client + " release " + st.Key
	case StepWrite:
		if !st.HasVal {
			return st.Client + " write " + st.Key
		}
		v := st.Value
		if !bareSafe(v) {
			v = quote(v)
		}
		return st.Client + " write " + st.Key + " " + v
	case StepDisconnect:
		return st.Client + " disconnect"
	case StepReconnect:
		return st.Client + " reconnect"
	case StepClientPause:
		return st.Client + " pause " + st.Dur.String()
	case StepClientSkew:
		return st.Client + " skew rate " + formatDecimal(st.Rate)
	case StepClientSkewOffset:
		return st.Client + " skew offset " + signed(st.Dur)
	case StepClientSkewReset:
		return st.Client + " skew reset"
	case StepConnect:
		return st.Client + " connect " + n
	case StepSay:
		return "say " + quote(st.Text)
	case StepPause:
		return "pause"
	case StepAsk:
		return formatAsk(st)
	case StepExpect:
		return "expect " + FormatCond(st.Cond)
	}
	return fmt.Sprintf("# unknown step kind %d", st.Kind)
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
	case CondViolations:
		if c.None || c.Violation == 0 {
			return "violations none"
		}
		return "violations " + c.Violation.String()
	}
	return fmt.Sprintf("# unknown condition kind %d", c.Kind)
}

func formatAsk(st Step) string {
	var b strings.Builder
	b.WriteString("ask " + quote(st.Text))
	for i, c := range st.Choices {
		if i == st.Right {
			b.WriteString(" right")
		}
		b.WriteString(" " + quote(c))
	}
	if st.Explain != "" {
		b.WriteString(" because " + quote(st.Explain))
	}
	return b.String()
}
