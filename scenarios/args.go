package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
)

// Arg is one position of a step's argument shape: how it is read, written and completed.
type Arg int

const (
	ArgNode       Arg = iota + 1 // NODE: Node
	ArgSkewNode                  // NODE that must not be spelled as a client (skew's node)
	ArgLink                      // NODE NODE2, two different nodes
	ArgCutLink                   // NODE [->] NODE2: Node, OneWay, Node2
	ArgDropTarget                // all | NODE NODE2: All, or Node and Node2
	ArgForm                      // the entry's Form word (skew rate / offset / reset)
	ArgPercent                   // N%: Percent
	ArgDur                       // a positive duration: Dur (named by the entry's word in errors)
	ArgLease                     // a lease of whole milliseconds: Dur
	ArgTimeout                   // a client timeout, 10ms to 1h: Dur
	ArgOffset                    // a signed duration (+2s, -500ms): Dur
	ArgRate                      // a clock rate: Rate
	ArgKey                       // KEY: Key
	ArgValue                     // [VALUE]: Value, HasVal
	ArgGroups                    // n1 n2 | n3 ...: Groups
	ArgCond                      // a condition: Cond
	ArgWithin                    // [within DUR]: Dur, DefaultWithin when not given
	ArgText                      // the rest of the line, or one quoted string: Text
	ArgAsk                       // "QUESTION" "CHOICE" right "CHOICE" ... [because "EXPLANATION"]
	ArgNewNode                   // NODE, any of n1..n9: Node (the file may name it from here on)
	ArgVoters                    // NODE... [hold], each of n1..n9, none twice: Nodes, Hold
	ArgEvery                     // [every D]: Dur, 0 when not given (keepalive once)
	ArgWaitFlag                  // [wait]: Wait (acquire KEY LEASE wait)
	ArgToken                     // [token N]: Token, 0 when not given (write KEY [VALUE] token N)
)

// parseArg reads one argument of entry d into st.
func (l *line) parseArg(d *StepDef, a Arg, st *Step) {
	switch a {
	case ArgNode:
		st.Node = l.node("node after " + d.Word)
	case ArgSkewNode:
		w := l.next("node after " + d.Word)
		if isClientName(w.text) {
			l.fail(w.col, "expected a node n1..n%d, found %q (a client's clock is skewed with \"%s skew rate R\")", l.p.s.Header.Nodes, w.text, w.text)
		}
		st.Node = l.nodeOf(w)
	case ArgLink:
		if !l.clientLink(st, false) {
			st.Node, st.Node2 = l.link()
		}
	case ArgCutLink:
		if l.clientLink(st, true) {
			break
		}
		st.Node = l.node("first node of the link")
		if l.peekIs("->") {
			l.i++
			st.OneWay = true
		}
		if l.i < len(l.ws) && isClientName(l.ws[l.i].text) && !l.ws[l.i].quoted {
			if !st.OneWay {
				l.fail(l.ws[l.i].col, "a client link is written with the client first (cut %s n%d), or nY -> cX for replies only", l.ws[l.i].text, st.Node)
			}
			st.Client, st.Replies = l.client(l.ws[l.i]), true
			l.i++
			break
		}
		st.Node2 = l.secondNode(st.Node)
	case ArgDropTarget:
		if l.peekIs("all") {
			l.i++
			st.All = true
		} else if !l.clientLink(st, false) {
			st.Node, st.Node2 = l.link()
		}
	case ArgPercent:
		st.Percent = l.percent()
	case ArgDur:
		st.Dur = l.duration(d.Word, true)
	case ArgLease:
		st.Dur = l.duration("lease duration after key", true)
		if st.Dur < time.Millisecond || st.Dur%time.Millisecond != 0 {
			w := l.ws[l.i-1]
			l.fail(w.col, "lease must be a whole number of milliseconds, at least 1ms (a Grant carries lease_ms), found %s", w.text)
		}
	case ArgTimeout:
		st.Dur = l.timeout("timeout")
	case ArgOffset:
		st.Dur = l.durationOf(l.next("offset like +2s or -500ms"))
	case ArgRate:
		st.Rate = l.rate()
	case ArgKey:
		st.Key = l.key()
	case ArgValue:
		// The line's last two words `token N` are the token, not a value: a value named token
		// is still one word (write k token), or goes before it (write k token token 1).
		if l.i < len(l.ws) && !(len(l.ws)-l.i == 2 && l.peekIs("token") && slices.Contains(d.Args, ArgToken)) {
			st.Value, st.HasVal = l.nextText("value").text, true
		}
	case ArgGroups:
		st.Groups = l.partition()
	case ArgCond:
		st.Cond = l.cond()
		if l.peekIs("within") && !slices.Contains(d.Args, ArgWithin) {
			l.fail(l.ws[l.i].col, "within is only for wait-until")
		}
	case ArgWithin:
		st.Dur = DefaultWithin
		if l.peekIs("within") {
			l.i++
			st.Dur = l.duration("duration after within", true)
		}
	case ArgText:
		st.Text = l.restText("text after " + d.Word)
	case ArgAsk:
		l.ask(st)
	case ArgNewNode:
		st.Node = l.newNode("node after " + d.Word)
	case ArgVoters:
		st.Nodes, st.Hold = l.voterSet(d.Word)
	case ArgEvery:
		if l.peekIs("every") {
			l.i++
			st.Dur = l.duration("interval after every", true)
			if st.Dur < cluster.MinTick || st.Dur > cluster.MaxDuration {
				w := l.ws[l.i-1]
				l.fail(w.col, "a keepalive interval must be %s to %s, found %s", shortDur(cluster.MinTick), shortDur(cluster.MaxDuration), w.text)
			}
		}
	case ArgWaitFlag:
		if l.peekIs("wait") {
			l.i++
			st.Wait = true
		}
	case ArgToken:
		if l.peekIs("token") {
			l.i++
			st.Token = l.uint("token")
			if st.Token == 0 {
				l.fail(l.ws[l.i-1].col, "a write's token must be at least 1 (tokens start at 1; leave token out to write with the one the client holds)")
			}
		}
	default:
		panic(fmt.Sprintf("scenarios: step %q has an unknown argument shape %d", d.Word, a))
	}
}

// formatArg writes one argument of st as parseArg reads it, with its leading space.
func formatArg(b *strings.Builder, d *StepDef, a Arg, st *Step) {
	switch a {
	case ArgNode, ArgSkewNode:
		b.WriteString(" " + nodeName(st.Node))
	case ArgLink:
		if st.Client != "" {
			b.WriteString(" " + st.Client + " " + nodeName(st.Node))
			break
		}
		b.WriteString(" " + nodeName(st.Node) + " " + nodeName(st.Node2))
	case ArgCutLink:
		switch {
		case st.Client != "" && !st.OneWay:
			b.WriteString(" " + st.Client + " " + nodeName(st.Node))
		case st.Client != "" && st.Replies:
			b.WriteString(" " + nodeName(st.Node) + " -> " + st.Client)
		case st.Client != "":
			b.WriteString(" " + st.Client + " -> " + nodeName(st.Node))
		case st.OneWay:
			b.WriteString(" " + nodeName(st.Node) + " -> " + nodeName(st.Node2))
		default:
			b.WriteString(" " + nodeName(st.Node) + " " + nodeName(st.Node2))
		}
	case ArgDropTarget:
		if st.All {
			b.WriteString(" all")
		} else if st.Client != "" {
			b.WriteString(" " + st.Client + " " + nodeName(st.Node))
		} else {
			b.WriteString(" " + nodeName(st.Node) + " " + nodeName(st.Node2))
		}
	case ArgForm:
		b.WriteString(" " + d.Form)
	case ArgPercent:
		b.WriteString(" " + formatDecimal(st.Percent) + "%")
	case ArgDur, ArgLease, ArgTimeout:
		b.WriteString(" " + st.Dur.String())
	case ArgOffset:
		b.WriteString(" " + signed(st.Dur))
	case ArgRate:
		b.WriteString(" " + formatDecimal(st.Rate))
	case ArgKey:
		b.WriteString(" " + st.Key)
	case ArgValue:
		if st.HasVal {
			v := st.Value
			if !bareSafe(v) {
				v = quote(v)
			}
			b.WriteString(" " + v)
		}
	case ArgGroups:
		groups := make([]string, len(st.Groups))
		for i, g := range st.Groups {
			names := make([]string, len(g))
			for j, id := range g {
				names[j] = nodeName(id)
			}
			groups[i] = strings.Join(names, " ")
		}
		b.WriteString(" " + strings.Join(groups, " | "))
	case ArgCond:
		b.WriteString(" " + FormatCond(st.Cond))
	case ArgWithin:
		if st.Dur != 0 && st.Dur != DefaultWithin {
			b.WriteString(" within " + st.Dur.String())
		}
	case ArgText:
		b.WriteString(" " + quote(st.Text))
	case ArgAsk:
		formatAsk(b, st)
	case ArgNewNode:
		b.WriteString(" " + nodeName(st.Node))
	case ArgVoters:
		b.WriteString(" " + cluster.NodeNames(st.Nodes))
		if st.Hold {
			b.WriteString(" hold")
		}
	case ArgEvery:
		if st.Dur > 0 {
			b.WriteString(" every " + st.Dur.String())
		}
	case ArgWaitFlag:
		if st.Wait {
			b.WriteString(" wait")
		}
	case ArgToken:
		if st.Token > 0 {
			b.WriteString(" token " + strconv.FormatUint(st.Token, 10))
		}
	}
}

// argStarts are the ways a line can go on after a step's word (and client) at the point where
// completion stops: nil means the word alone ends the completion.
func argStarts(d *StepDef, nodes int) []string {
	var out []string
	var nodeWords = func(suffix string) []string {
		var ns []string
		for id := 1; id <= nodes; id++ {
			ns = append(ns, " n"+strconv.Itoa(id)+suffix)
		}
		return ns
	}
	if len(d.Args) == 0 {
		return []string{""}
	}
	switch d.Args[0] {
	case ArgNode:
		rest := ""
		if len(d.Args) > 1 {
			rest = " " // freeze n1 D
		}
		out = nodeWords(rest)
	case ArgSkewNode:
		// skew n1 rate ...: every node with the entry's form
		rest := ""
		if len(d.Args) > 2 {
			rest = " "
		}
		out = nodeWords(" " + d.Form + rest)
	case ArgLink, ArgCutLink:
		out = []string{" n"}
	case ArgDropTarget:
		out = []string{" all ", " n"}
	case ArgForm:
		rest := ""
		if len(d.Args) > 1 {
			rest = " "
		}
		out = []string{" " + d.Form + rest}
	case ArgVoters:
		out = nodeWords("")
	case ArgNewNode:
		if nodes < cluster.MaxNodes {
			out = []string{" n" + strconv.Itoa(nodes+1)} // nodes join in order
		} else {
			out = []string{" n"}
		}
	default:
		out = []string{" "}
	}
	return out
}

// clientLink reads `cX nY` (and, when oneWay is allowed, `cX -> nY`) if the link starts with a
// client: a client link (extension). It reports whether it did.
func (l *line) clientLink(st *Step, oneWay bool) bool {
	if l.i >= len(l.ws) || l.ws[l.i].quoted || !isClientName(l.ws[l.i].text) {
		return false
	}
	st.Client = l.client(l.ws[l.i])
	l.i++
	if l.peekIs("->") {
		if !oneWay {
			l.fail(l.ws[l.i].col, "only cut takes a direction")
		}
		l.i++
		st.OneWay = true
	}
	st.Node = l.node("node of the client link")
	return true
}

// timeout reads a client timeout (`cX timeout D`, `option client-timeout D`) in its range.
func (l *line) timeout(what string) time.Duration {
	d := l.duration(what, true)
	if d < cluster.MinClientTimeout || d > cluster.MaxClientTimeout {
		w := l.ws[l.i-1]
		l.fail(w.col, "%s must be %s to %s, found %s", what, shortDur(cluster.MinClientTimeout), shortDur(cluster.MaxClientTimeout), w.text)
	}
	return d
}
